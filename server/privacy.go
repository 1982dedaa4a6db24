package main

import (
	"encoding/json"
	"time"

	"github.com/gofiber/fiber/v3"

	"drape/internal/privacy"
	"drape/internal/shop"
)

// marketingChoice is the body of PUT /api/privacy/marketing and the marketing part of a
// sign-up: the channels ticked or unticked, and the wording version the form showed.
type marketingChoice struct {
	Channels map[privacy.Channel]bool `json:"channels"`
	Version  string                   `json:"version"`
}

// marketingWordings answers GET /api/privacy/wordings: the consent wordings in force (the
// sign-up form's tick boxes, unticked).
func (s *server) marketingWordings(c fiber.Ctx) error {
	return ok(c, "", privacy.Wordings())
}

// marketing answers GET /api/privacy/marketing: the shopper's choices, the wordings and every
// choice made.
func (s *server) marketing(c fiber.Ctx) error {
	m, err := s.privacy.Marketing(c.Context(), caller(c).UserID)
	if err != nil {
		return err
	}
	return ok(c, "", m)
}

// chooseMarketing answers PUT /api/privacy/marketing {channels, version}.
func (s *server) chooseMarketing(c fiber.Ctx) error {
	var in marketingChoice
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	m, err := s.privacy.Choose(c.Context(), caller(c).UserID, privacy.Choice{Channels: in.Channels, Version: in.Version, Source: privacy.SourceAccount})
	if err != nil {
		return err
	}
	return ok(c, "Marketing choices saved", m)
}

// exportData answers GET /api/privacy/export: everything kept of the shopper, as a JSON file
// to save (drape-data-YYYY-MM-DD.json).
func (s *server) exportData(c fiber.Ctx) error {
	data, err := s.privacy.Export(c.Context(), caller(c).UserID)
	if err != nil {
		return err
	}
	body, err := json.MarshalIndent(data, "", "  ")
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="drape-data-`+time.Now().UTC().Format("2006-01-02")+`.json"`)
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Status(fiber.StatusOK).Send(body)
}

// askErasure answers POST /api/privacy/erasure: the request is logged and the worker erases
// the account (202 with the request).
func (s *server) askErasure(c fiber.Ctx) error {
	r, err := s.privacy.AskErasure(c.Context(), caller(c).UserID)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(envelope{Code: fiber.StatusAccepted, Success: true,
		Message: "Your request to erase your account has been received", Data: r})
}

// privacyRequests answers GET /api/privacy/requests: the shopper's request log.
func (s *server) privacyRequests(c fiber.Ctx) error {
	list, err := s.privacy.Requests(c.Context(), caller(c).UserID)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// adminPrivacyRequests answers GET /api/admin/privacy-requests?kind=&page=&limit= (staff):
// every shopper's requests, newest first.
func (s *server) adminPrivacyRequests(c fiber.Ctx) error {
	page, err := shop.ParsePage(c.Query("page"), c.Query("limit"), 20, 100)
	if err != nil {
		return err
	}
	list, err := s.privacy.StaffList(c.Context(), c.Query("kind"), page)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}
