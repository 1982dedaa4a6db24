package main

// Returns and exchanges (package returns): the return policy, public and edited by admins, and
// the shopper's requests about their delivered orders.

import (
	"encoding/json"
	"strings"

	"github.com/gofiber/fiber/v3"

	"drape/internal/returns"
	"drape/internal/shop"
)

// returnPolicy answers GET /api/returns/policy and GET /api/admin/returns/policy.
func (s *server) returnPolicy(c fiber.Ctx) error {
	p, err := s.returns.Policy(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", p)
}

// saveReturnPolicy answers PUT /api/admin/returns/policy (admins): the fields sent change,
// the others stay.
func (s *server) saveReturnPolicy(c fiber.Ctx) error {
	var in struct {
		ReturnWindowDays        *int              `json:"returnWindowDays"`
		ExchangeWindowDays      *int              `json:"exchangeWindowDays"`
		ReturnFee               json.RawMessage   `json:"returnFee"` // rupees
		FreeExchanges           *bool             `json:"freeExchanges"`
		ReturnableSubCategories *[]string         `json:"returnableSubCategories"`
		Reasons                 *[]returns.Reason `json:"reasons"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	fee, err := priceInRupees("returnFee", in.ReturnFee)
	if err != nil {
		return err
	}
	p, err := s.returns.SavePolicy(c.Context(), returns.PolicyChange{ReturnWindowDays: in.ReturnWindowDays,
		ExchangeWindowDays: in.ExchangeWindowDays, ReturnFee: fee, FreeExchanges: in.FreeExchanges,
		ReturnableSubCategories: in.ReturnableSubCategories, Reasons: in.Reasons})
	if err != nil {
		return err
	}
	return ok(c, "Return policy saved", p)
}

// askReturn answers POST /api/orders/{orderId}/returns: the shopper asks to return lines of
// their delivered order or exchange them for another size.
func (s *server) askReturn(c fiber.Ctx) error {
	var in struct {
		Kind  returns.Kind `json:"kind"`
		Lines []struct {
			Item     int    `json:"item"`
			Quantity int    `json:"quantity"`
			NewSize  string `json:"newSize"`
		} `json:"lines"`
		Reason string   `json:"reason"`
		Note   string   `json:"note"`
		Photos []string `json:"photos"`
		Payout *struct {
			UPI     string `json:"upi"`
			IFSC    string `json:"ifsc"`
			Account string `json:"account"`
		} `json:"payout"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	ask := returns.Ask{UserID: caller(c).UserID, OrderNumber: c.Params("orderId"), Kind: in.Kind, Reason: in.Reason,
		Note: in.Note, Photos: in.Photos}
	if in.Payout != nil {
		ask.Payout = &returns.PayoutDetails{UPI: in.Payout.UPI, IFSC: in.Payout.IFSC, Account: in.Payout.Account}
	}
	for _, l := range in.Lines {
		ask.Lines = append(ask.Lines, returns.AskLine{Item: l.Item, Quantity: l.Quantity, NewSize: l.NewSize})
	}
	r, err := s.returns.Ask(c.Context(), ask)
	if err != nil {
		return err
	}
	return created(c, "We have your request", r)
}

// uploadReturnPhoto answers POST /api/returns/photos (shoppers): a photo for a return request,
// checked and re-encoded like the back office's images, in the multipart field file; the
// answer's url goes into the request's photos.
func (s *server) uploadReturnPhoto(c fiber.Ctx) error {
	return s.receiveImage(c, returns.PhotoFolder)
}

// orderReturns answers GET /api/orders/{orderId}/returns: the requests of the caller's order.
func (s *server) orderReturns(c fiber.Ctx) error {
	rs, err := s.returns.OfOrder(c.Context(), caller(c).UserID, c.Params("orderId"))
	if err != nil {
		return err
	}
	return ok(c, "", rs)
}

// adminOrderReturns answers GET /api/admin/orders/{id}/returns (staff): the requests of the
// order whose id or number is id.
func (s *server) adminOrderReturns(c fiber.Ctx) error {
	rs, err := s.returns.OfOrderForStaff(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return ok(c, "", rs)
}

// adminReturnQueue answers GET /api/admin/returns?status=&kind=&q=&from=&to=&page=&limit=
// (staff): the requests of every order, newest first, 10 to a page (from and to: India's days,
// both included).
func (s *server) adminReturnQueue(c fiber.Ctx) error {
	page, err := shop.ParsePage(c.Query("page"), c.Query("limit"), 10, 50)
	if err != nil {
		return err
	}
	f := returns.QueueFilter{Status: returns.ParseStatus(c.Query("status")),
		Kind: returns.Kind(strings.ToLower(strings.TrimSpace(c.Query("kind")))), Number: c.Query("q")}
	if f.From, f.To, err = askedRange(c); err != nil {
		return err
	}
	list, err := s.returns.Queue(c.Context(), f, page)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// approveReturn answers POST /api/admin/returns/{id}/approve {note?} (staff).
func (s *server) approveReturn(c fiber.Ctx) error {
	var in struct {
		Note string `json:"note"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	r, moved, err := s.returns.Approve(c.Context(), c.Params("id"), caller(c).UserID, in.Note)
	if err != nil {
		return err
	}
	if !moved {
		return ok(c, "Already approved", r)
	}
	return ok(c, "Return request approved", r)
}

// rejectReturn answers POST /api/admin/returns/{id}/reject {reason} (staff).
func (s *server) rejectReturn(c fiber.Ctx) error {
	var in struct {
		Reason string `json:"reason"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	r, moved, err := s.returns.Reject(c.Context(), c.Params("id"), caller(c).UserID, in.Reason)
	if err != nil {
		return err
	}
	if !moved {
		return ok(c, "Already rejected", r)
	}
	return ok(c, "Return request rejected", r)
}
