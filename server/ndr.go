package main

// Failed deliveries (package ndr, issue 19): the shopper's link page and its answer, the
// failed attempt on the shopper's and the back office's order pages, and the back office's
// NDR queue where staff answer for the shopper.

import (
	"github.com/gofiber/fiber/v3"

	"drape/internal/ndr"
	"drape/internal/order"
)

// ndrAnswer is an answer's body, from the shopper's page or staff.
type ndrAnswer struct {
	Action   ndr.Action `json:"action"` // reattempt, correct or return
	Date     string     `json:"date"`
	Phone    string     `json:"phone"`
	Address1 string     `json:"address1"`
	Address2 string     `json:"address2"`
	Note     string     `json:"note"`
}

func (in ndrAnswer) answer() ndr.Answer {
	return ndr.Answer{Action: in.Action, Date: in.Date, Phone: in.Phone, Address1: in.Address1, Address2: in.Address2, Note: in.Note}
}

// deliveryIssue answers GET /api/delivery-issue/{token} (anyone with the link): the failed
// attempt and the choices.
func (s *server) deliveryIssue(c fiber.Ctx) error {
	ch, err := s.ndr.Choices(c.Context(), c.Params("token"))
	if err != nil {
		return err
	}
	return ok(c, "", ch)
}

// answerDeliveryIssue answers POST /api/delivery-issue/{token}: the shopper's choice.
func (s *server) answerDeliveryIssue(c fiber.Ctx) error {
	var in ndrAnswer
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	issue, err := s.ndr.AnswerByLink(c.Context(), c.Params("token"), in.answer())
	if err != nil {
		return err
	}
	return ok(c, "Thank you: we have told the courier", issue)
}

// orderDeliveryIssue answers GET /api/orders/{orderId}/delivery-issue (the order's owner): its
// latest failed attempt, or null.
func (s *server) orderDeliveryIssue(c fiber.Ctx) error {
	issue, err := s.ndr.ForShopper(c.Context(), caller(c).UserID, c.Params("orderId"))
	if err != nil {
		return err
	}
	return ok(c, "", issue)
}

// adminOrderDeliveryIssue answers GET /api/admin/orders/{id}/delivery-issue (staff): the
// order's latest failed attempt, or null.
func (s *server) adminOrderDeliveryIssue(c fiber.Ctx) error {
	issue, err := s.ndr.ForOrder(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return ok(c, "", issue)
}

// adminNDRQueue answers GET /api/admin/ndr (staff): every open failed attempt.
func (s *server) adminNDRQueue(c fiber.Ctx) error {
	q, err := s.ndr.Queue(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", q)
}

// answerNDR answers POST /api/admin/ndr/{id}/answer (staff): staff answer for the shopper,
// with a note (audited).
func (s *server) answerNDR(c fiber.Ctx) error {
	var in ndrAnswer
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	issue, err := s.ndr.AnswerForShopper(c.Context(), c.Params("id"), in.answer(), order.Staff(caller(c).UserID))
	if err != nil {
		return err
	}
	return ok(c, "Answer sent to the courier", issue)
}

// ndrSettings answers GET /api/admin/ndr/settings: {attemptLimit}.
func (s *server) ndrSettings(c fiber.Ctx) error {
	n, err := s.ndr.AttemptLimit(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", fiber.Map{"attemptLimit": n})
}

// saveNDRSettings answers PUT /api/admin/ndr/settings (admins): the courier's attempt limit.
func (s *server) saveNDRSettings(c fiber.Ctx) error {
	var in struct {
		AttemptLimit int `json:"attemptLimit"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	n, err := s.ndr.SetAttemptLimit(c.Context(), in.AttemptLimit)
	if err != nil {
		return err
	}
	return ok(c, "Attempt limit saved", fiber.Map{"attemptLimit": n})
}
