package main

import (
	"github.com/gofiber/fiber/v3"

	"drape/internal/audit"
)

// revealReturnPayout answers GET /api/admin/returns/{id}/payout-details (admins only): a
// cash-on-delivery return's UPI id or bank account in full, for the admin who pays it. Every
// reveal is first recorded in the audit log (who, when, which request, and the masked details
// only); when it cannot be recorded nothing is revealed.
func (s *server) revealReturnPayout(c fiber.Ctx) error {
	revealed, err := s.returns.RevealPayout(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	who := caller(c)
	change := audit.Change{ActorID: who.UserID, ActorRole: who.Role, Action: c.Method() + " " + c.Route().Path,
		EntityType: "returns", EntityID: revealed.RequestID, After: map[string]string{"revealed": revealed.Masked}, RequestID: requestID(c)}
	if err := s.audit.Record(c.Context(), change); err != nil {
		return err
	}
	return ok(c, "", revealed)
}
