package main

// Back-in-stock alerts (package backinstock, issue 20): a shopper or a guest asks to be told
// when a sold-out size is back; the stop link of the mail; the waiting demand per size on the
// back office's product page.

import (
	"fmt"

	"github.com/gofiber/fiber/v3"

	"drape/internal/backinstock"
)

// restockAsk is the body of a back-in-stock request: the size and, for a guest, the e-mail.
type restockAsk struct {
	Size  string `json:"size"`
	Email string `json:"email"`
}

// askRestockAlert answers POST /api/products/{id}/restock-alerts: a signed-in shopper is told
// at their account's e-mail (whatever the body says), a guest at the e-mail given. 201 when
// asked, 200 when that e-mail already waits for the size.
func (s *server) askRestockAlert(c fiber.Ctx) error {
	var in restockAsk
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	r := backinstock.Request{ProductID: c.Params("id"), Size: in.Size, Email: in.Email}
	if userID := s.optionalUser(c); userID != "" {
		me, err := s.accounts.Profile(c.Context(), userID)
		if err != nil {
			return err
		}
		r.UserID, r.Email = me.ID, me.Email
	}
	alert, err := s.restock.Ask(c.Context(), r)
	if err != nil {
		return err
	}
	if alert.AlreadyAsked {
		return ok(c, fmt.Sprintf("You are already on the list: we will e-mail %s when size %s is back", alert.Email, alert.Size), alert)
	}
	return created(c, fmt.Sprintf("Done: we will e-mail %s when size %s is back", alert.Email, alert.Size), alert)
}

// restockAlertLink answers GET /api/restock-alerts/{token} (anyone with the link of a
// back-in-stock mail): the e-mail it is for, partly hidden, and its requests still waiting.
func (s *server) restockAlertLink(c fiber.Ctx) error {
	st, err := s.restock.StopLink(c.Context(), c.Params("token"))
	if err != nil {
		return err
	}
	return ok(c, "", st)
}

// stopRestockAlerts answers POST /api/restock-alerts/{token}/stop: every waiting request of
// the link's e-mail is stopped.
func (s *server) stopRestockAlerts(c fiber.Ctx) error {
	st, err := s.restock.Stop(c.Context(), c.Params("token"))
	if err != nil {
		return err
	}
	return ok(c, fmt.Sprintf("Stopped: no more back-in-stock mails to %s", st.Email), st)
}

// adminRestockDemand answers GET /api/admin/products/{id}/restock-alerts (staff): the requests
// waiting per size.
func (s *server) adminRestockDemand(c fiber.Ctx) error {
	demand, err := s.restock.Demand(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return ok(c, "", demand)
}
