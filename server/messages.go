package main

import (
	"github.com/gofiber/fiber/v3"

	"drape/internal/notify"
)

// messageChannel is the caller's channel for order updates on WhatsApp or SMS.
type messageChannel struct {
	Channel notify.Channel `json:"channel"`
}

// orderUpdates answers GET /api/profile/order-updates: {channel} (whatsapp, sms or none).
func (s *server) orderUpdates(c fiber.Ctx) error {
	ch, err := s.messages.Preference(c.Context(), caller(c).UserID)
	if err != nil {
		return err
	}
	return ok(c, "Order updates", messageChannel{Channel: ch})
}

// setOrderUpdates answers POST /api/profile/order-updates {channel}: whatsapp, sms, or none
// to receive no order updates by message (mails still go).
func (s *server) setOrderUpdates(c fiber.Ctx) error {
	var in messageChannel
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	ch, err := s.messages.SetPreference(c.Context(), caller(c).UserID, in.Channel)
	if err != nil {
		return err
	}
	return ok(c, "Order updates saved", messageChannel{Channel: ch})
}

// messageTemplates answers GET /api/admin/message-templates (staff): every kind of message with
// its WhatsApp template, MSG91 template, DLT template id and registered text.
func (s *server) messageTemplates(c fiber.Ctx) error {
	list, err := s.messages.Templates(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", list)
}
