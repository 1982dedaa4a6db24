package main

import (
	"github.com/gofiber/fiber/v3"

	"drape/internal/shop"
)

// checkDelivery answers GET /api/delivery?pincode=&cod=1: whether the shop delivers to the
// pincode, with cash on delivery or not, and by when — within 300 ms, neutral past that.
func (s *server) checkDelivery(c fiber.Ctx) error {
	cod := c.Query("cod")
	if cod != "" && cod != "0" && cod != "1" && cod != "true" && cod != "false" {
		return &shop.Error{Kind: shop.Invalid, Message: "cod must be 1 or 0", Fields: map[string]string{"cod": "1 or 0"}}
	}
	p, err := s.delivery.Check(c.Context(), c.Query("pincode"), cod == "1" || cod == "true")
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "private, max-age=300")
	return ok(c, p.Message, p)
}

// deliverySettings answers GET /api/admin/delivery-settings: the shop's fees and COD rules.
func (s *server) deliverySettings(c fiber.Ctx) error {
	d, err := s.company.Delivery(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", d)
}

// saveDeliverySettings answers PUT /api/admin/delivery-settings {freeShippingAbove,
// shippingFee, codFee, codMaxOrder, codBlockedPincodes, codRtoLimit, codConfirm,
// codConfirmHours}: amounts in rupees; a field left out keeps its value.
func (s *server) saveDeliverySettings(c fiber.Ctx) error {
	in, err := s.company.Delivery(c.Context())
	if err != nil && !shop.Is(err, shop.NotFound) {
		return err
	}
	if in.Hours == 0 {
		in.Hours = 24
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	d, err := s.company.SaveDelivery(c.Context(), in)
	if err != nil {
		return err
	}
	return ok(c, "Delivery settings saved", d)
}

// codStanding answers GET /api/admin/users/{id}/cod: the customer's RTO orders, the limit
// and the admin's override.
func (s *server) codStanding(c fiber.Ctx) error {
	st, err := s.orders.CODStanding(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return ok(c, "", st)
}

// setCODOverride answers PUT /api/admin/users/{id}/cod {override: true|false|null, note}.
func (s *server) setCODOverride(c fiber.Ctx) error {
	var in struct {
		Override *bool  `json:"override"`
		Note     string `json:"note"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	st, err := s.orders.SetCODOverride(c.Context(), c.Params("id"), in.Override, in.Note, caller(c).UserID)
	if err != nil {
		return err
	}
	return ok(c, "COD setting saved", st)
}
