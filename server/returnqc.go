package main

// The back office's later moves of a return request (package returns): the parcel received,
// the quality check, and a cash-on-delivery refund's payout.

import (
	"crypto/sha256"
	"encoding/base64"

	"github.com/gofiber/fiber/v3"

	"drape/internal/returns"
	"drape/internal/shop"
)

// returnPayoutKey is the key that seals COD shoppers' refund details: RETURN_PAYOUT_KEY, or
// when it is unset a key derived from JWT_SECRET (SHA-256 of a label and the secret), so a
// deployment without one still stores them encrypted.
func returnPayoutKey(cfg Config) []byte {
	if key, err := base64.StdEncoding.DecodeString(cfg.PayoutKey); err == nil && len(key) == returns.PayoutKeySize {
		return key
	}
	sum := sha256.Sum256([]byte("drape return payout details\x00" + cfg.JWTSecret))
	return sum[:]
}

// movedReturn answers a back-office move of a return request: the request, with message done
// or, when the request was there already and nothing changed, again.
func movedReturn(c fiber.Ctx, r returns.Request, moved bool, err error, done, again string) error {
	if err != nil {
		return err
	}
	if !moved {
		return ok(c, again, r)
	}
	return ok(c, done, r)
}

// receiveReturn answers POST /api/admin/returns/{id}/receive {note?} (staff).
func (s *server) receiveReturn(c fiber.Ctx) error {
	var in struct {
		Note string `json:"note"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	r, moved, err := s.returns.Receive(c.Context(), c.Params("id"), caller(c).UserID, in.Note)
	return movedReturn(c, r, moved, err, "Return parcel received", "Already received")
}

// checkReturn answers POST /api/admin/returns/{id}/qc {passed, note} (staff): note is required
// when the check failed.
func (s *server) checkReturn(c fiber.Ctx) error {
	var in struct {
		Passed *bool  `json:"passed"`
		Note   string `json:"note"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Passed == nil {
		p := shop.Problems{}
		p.Add("passed", "Say whether the quality check passed")
		return p.Err()
	}
	r, moved, err := s.returns.QC(c.Context(), c.Params("id"), caller(c).UserID, *in.Passed, in.Note)
	if *in.Passed {
		return movedReturn(c, r, moved, err, "Quality check passed", "Already checked")
	}
	return movedReturn(c, r, moved, err, "Quality check failed: the shopper is told", "Already checked")
}

// recordReturnPayout answers POST /api/admin/returns/{id}/payout {reference, note?} (staff):
// a cash-on-delivery return's refund was paid to the shopper.
func (s *server) recordReturnPayout(c fiber.Ctx) error {
	var in struct {
		Reference string `json:"reference"`
		Note      string `json:"note"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	r, moved, err := s.returns.RecordPayout(c.Context(), c.Params("id"), caller(c).UserID, in.Reference, in.Note)
	return movedReturn(c, r, moved, err, "Payout recorded: the return is refunded", "Already refunded")
}
