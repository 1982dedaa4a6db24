package main

// WhatsApp's webhook (issue 19): the shopper's tap on the Confirm or Cancel button of the
// message asking them to confirm a cash-on-delivery order, and the status callbacks of the
// messages the shop sent, as Meta's Cloud API delivers them (whatsapp/webhook.go).

import (
	"github.com/gofiber/fiber/v3"

	"drape/internal/notify"
	"drape/internal/provider/whatsapp"
	"drape/internal/shop"
)

// whatsAppSubscribe answers GET /api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=…
// &hub.challenge=…: Meta's handshake when the address is set up, answered with the challenge
// as plain text when the verify token is ours.
func (s *server) whatsAppSubscribe(c fiber.Ctx) error {
	challenge, ok := s.cfg.WhatsApp.Challenge(c.Query("hub.mode"), c.Query("hub.verify_token"), c.Query("hub.challenge"))
	if !ok {
		return shop.E(shop.Forbidden, "Invalid verify token")
	}
	c.Set(fiber.HeaderContentType, fiber.MIMETextPlainCharsetUTF8)
	return c.SendString(challenge)
}

// whatsAppWebhook answers POST /api/webhooks/whatsapp, signed in X-Hub-Signature-256: each
// button reply confirms or cancels its order as the link would, each status callback is
// recorded on its message. A delivery repeated by Meta changes nothing. A reply that cannot
// be acted on (an unknown payload, an order cancelled or expired meanwhile) is logged and
// answered 200, since Meta's retrying cannot help; a failure of ours answers 5xx so Meta
// delivers it again.
func (s *server) whatsAppWebhook(c fiber.Ctx) error {
	body := c.Body()
	if !whatsapp.VerifySignature(s.cfg.WhatsApp.AppSecret, body, c.Get(whatsapp.SignatureHeader)) {
		return shop.E(shop.Unauthorized, "Invalid webhook signature")
	}
	d, err := whatsapp.ParseWebhook(body)
	if err != nil {
		return shop.E(shop.Invalid, "Not a WhatsApp Business Account webhook")
	}
	ctx := c.Context()
	for _, r := range d.Replies {
		o, cancelled, already, err := s.orders.AnswerByReply(ctx, r.Payload, "WhatsApp")
		if shop.Is(err, shop.NotFound) || shop.Is(err, shop.Conflict) {
			s.log.Warn("whatsapp reply not acted on", "request_id", requestID(c), "reply", r.ID, "button", r.Text, "err", err)
			continue
		}
		if err != nil {
			return err
		}
		s.log.Info("whatsapp reply", "request_id", requestID(c), "reply", r.ID, "order", o.Number, "cancelled", cancelled, "already", already)
	}
	for _, st := range d.Statuses {
		_, err := s.messages.RecordDelivery(ctx, notify.Delivery{Channel: notify.WhatsApp, ProviderMessageID: st.MessageID,
			Status: st.Status, At: st.At, Error: st.Error})
		if err != nil && !shop.Is(err, shop.Invalid) {
			return err
		}
	}
	return ok(c, "ok", nil)
}

// adminOrderMessages answers GET /api/admin/orders/{id}/messages (staff): the WhatsApp and SMS
// messages about the order (id or number), oldest first, with what the provider's status
// callbacks last said of each (deliveryStatus sent, delivered, read or failed).
func (s *server) adminOrderMessages(c fiber.Ctx) error {
	d, err := s.orders.AdminDetail(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	list, err := s.messages.About(c.Context(), d.Order.ID)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}
