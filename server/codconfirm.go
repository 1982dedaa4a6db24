package main

import (
	"github.com/gofiber/fiber/v3"

	"drape/internal/order"
)

// codConfirmation answers GET /api/cod-confirmations/{token}: the order a shopper's
// confirmation link is for, with where its confirmation is.
func (s *server) codConfirmation(c fiber.Ctx) error {
	o, err := s.orders.ConfirmationByLink(c.Context(), c.Params("token"))
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return ok(c, "", o)
}

// confirmCODByLink answers POST /api/cod-confirmations/{token}/confirm: the shopper confirms
// their cash-on-delivery order; a second confirmation says so and changes nothing.
func (s *server) confirmCODByLink(c fiber.Ctx) error {
	o, already, err := s.orders.ConfirmByLink(c.Context(), c.Params("token"))
	if err != nil {
		return err
	}
	return ok(c, confirmedMessage(o, already), o)
}

// cancelCODByLink answers POST /api/cod-confirmations/{token}/cancel: the shopper cancels the
// order from the confirmation link.
func (s *server) cancelCODByLink(c fiber.Ctx) error {
	o, err := s.orders.CancelByLink(c.Context(), c.Params("token"))
	if err != nil {
		return err
	}
	return ok(c, "Order "+o.Number+" is cancelled", o)
}

// confirmCODByStaff answers POST /api/admin/orders/{id}/cod-confirmation {note}: staff confirm
// a cash-on-delivery order after calling the shopper.
func (s *server) confirmCODByStaff(c fiber.Ctx) error {
	var in struct {
		Note string `json:"note"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	o, already, err := s.orders.ConfirmByStaff(c.Context(), c.Params("id"), order.Staff(caller(c).UserID), in.Note)
	if err != nil {
		return err
	}
	return ok(c, confirmedMessage(o, already), o)
}

func confirmedMessage(o order.Order, already bool) string {
	if already {
		return "Order " + o.Number + " is already confirmed: it will be on its way soon"
	}
	return "Order " + o.Number + " is confirmed: it will be on its way soon"
}
