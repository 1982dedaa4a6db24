package main

import (
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"drape/internal/account"
	"drape/internal/analytics"
	"drape/internal/order"
	"drape/internal/shop"
)

// changeOrderStatus answers POST /api/orderStatus {id, orderStatus, note}: staff move an order
// (by its id or number) through the state machine. Only an admin's move of a paid order to
// CANCELED or RETURNED starts its refund; staff's requests it, for an admin to confirm.
func (s *server) changeOrderStatus(c fiber.Ctx) error {
	var in struct {
		ID          string `json:"id"`
		OrderStatus string `json:"orderStatus"`
		Note        string `json:"note"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	p := shop.Problems{}
	p.Check(strings.TrimSpace(in.ID) == "", "id", "Which order? Send its id")
	p.Check(strings.TrimSpace(in.OrderStatus) == "", "orderStatus", "Choose the new status")
	if err := p.Err(); err != nil {
		return err
	}
	refunds := order.RequestRefunds
	if caller(c).Role == account.RoleAdmin {
		refunds = order.StartRefunds
	}
	o, err := s.orders.Move(c.Context(), in.ID, order.ParseStatus(in.OrderStatus), order.Staff(caller(c).UserID), in.Note, refunds)
	if err != nil {
		return err
	}
	return ok(c, "Order status updated", o)
}

// refundOrder answers POST /api/refund {id, reason}: an admin refunds an order's online
// payment in full, or confirms the refund staff requested.
func (s *server) refundOrder(c fiber.Ctx) error {
	var in struct {
		ID     string `json:"id"`
		Reason string `json:"reason"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if strings.TrimSpace(in.ID) == "" {
		return &shop.Error{Kind: shop.Invalid, Message: "Which order? Send its id", Fields: map[string]string{"id": "Which order? Send its id"}}
	}
	o, err := s.orders.RequestRefund(c.Context(), in.ID, order.Staff(caller(c).UserID), in.Reason)
	if err != nil {
		return err
	}
	return ok(c, "Refund started", o)
}

// adminOrder answers GET /api/admin/orders/{id} (an order id or number): the order with its
// timeline, shipment, refund, payment events and courier reports.
func (s *server) adminOrder(c fiber.Ctx) error {
	d, err := s.orders.AdminDetail(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return ok(c, "", d)
}

// paymentSettings answers GET /api/admin/payment-settings (admins): the Razorpay account as
// configured in the server's environment, secrets only as set or not, and the webhook to
// set up on Razorpay's dashboard.
func (s *server) paymentSettings(c fiber.Ctx) error {
	return ok(c, "", s.cfg.Razorpay.Settings(s.cfg.PublicURL+"/api/webhooks/razorpay"))
}

// retryShipment answers POST /api/admin/orders/{id}/push: staff push an order the courier
// never took ('Not Added on Shiprocket') again.
func (s *server) retryShipment(c fiber.Ctx) error {
	o, err := s.orders.RetryPush(c.Context(), c.Params("id"), order.Staff(caller(c).UserID))
	if err != nil {
		return err
	}
	return ok(c, "Pushing the order to Shiprocket again", o)
}

// courierWebhook answers POST /api/hooks/courier: the courier's shipment status updates,
// trusted by the shared token in x-api-key. Anything it can read gets 200 at once, also an
// update about an order that is not ours, so the courier never retries in vain.
func (s *server) courierWebhook(c fiber.Ctx) error {
	if err := s.shipping.HandleStatusUpdate(c.Context(), c.Get("x-api-key"), c.Body()); err != nil {
		return err
	}
	return ok(c, "ok", nil)
}

// india is the shop's time zone: the back office's dates are Indian dates.
var india = time.FixedZone("IST", 5*3600+30*60)

// indianDay reads query value key as an Indian date (YYYY-MM-DD): its midnight in India, or nil
// when it is empty. A malformed date is noted in p.
func indianDay(c fiber.Ctx, p shop.Problems, key string) *time.Time {
	v := strings.TrimSpace(c.Query(key))
	if v == "" {
		return nil
	}
	d, err := time.ParseInLocation("2006-01-02", v, india)
	p.Check(err != nil, key, key+" must be a date like 2026-11-23")
	return &d
}

// adminOrders answers GET /api/admin/getalloder (sic, SPEC §7) with page, limit, orderStatus,
// orderId or search, startDate and endDate (YYYY-MM-DD, Indian dates, both included) and filter
// (cod or online): every shopper's orders, newest first, 10 to a page.
func (s *server) adminOrders(c fiber.Ctx) error {
	page, err := shop.ParsePage(c.Query("page"), c.Query("limit"), 10, 50)
	if err != nil {
		return err
	}
	p := shop.Problems{}
	from, to := indianDay(c, p, "startDate"), indianDay(c, p, "endDate")
	status := order.ParseStatus(c.Query("orderStatus"))
	p.Check(status != "" && !status.Valid(), "orderStatus", "Unknown order status")
	mode := order.Mode(strings.ToLower(strings.TrimSpace(c.Query("filter"))))
	p.Check(mode != "" && mode != order.COD && mode != order.Online, "filter", "filter must be cod or online")
	push := order.Push(strings.ToLower(strings.TrimSpace(c.Query("push"))))
	p.Check(!push.Valid(), "push", "push must be failed, waiting, pushed or confirm")
	if err := p.Err(); err != nil {
		return err
	}
	var before *time.Time
	if to != nil {
		next := to.AddDate(0, 0, 1)
		before = &next
	}
	query := c.Query("orderId")
	if strings.TrimSpace(query) == "" {
		query = c.Query("search")
	}
	list, err := s.orders.AdminList(c.Context(), order.AdminFilter{Status: status, Mode: mode, Query: query, From: from, Before: before, Push: push}, page)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// adminDashboard answers GET /api/admin/dashboard: today, 7 and 30 days of takings (online and
// cash on delivery apart), orders by status, best sellers, sizes running out, new customers
// and a day-by-day series.
func (s *server) adminDashboard(c fiber.Ctx) error {
	d, err := s.analytics.Dashboard(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", d)
}

// adminAnalytics answers GET /api/admin/analytics?startDate=&endDate= (Indian dates, both
// included; the last 30 days without them), as JSON or, with format=csv, as a CSV download.
func (s *server) adminAnalytics(c fiber.Ctx) error {
	p := shop.Problems{}
	day := func(key string, fallback time.Time) time.Time {
		v := strings.TrimSpace(c.Query(key))
		if v == "" {
			return fallback
		}
		d, err := time.ParseInLocation("2006-01-02", v, india)
		p.Check(err != nil, key, key+" must be a date like 2026-11-23")
		return d
	}
	today := time.Now().In(india)
	first, last := day("startDate", today.AddDate(0, 0, -29)), day("endDate", today)
	format := c.Query("format", "json")
	p.Check(format != "json" && format != "csv", "format", "format must be json or csv")
	if err := p.Err(); err != nil {
		return err
	}
	r, err := s.analytics.Range(c.Context(), first, last)
	if err != nil {
		return err
	}
	if format == "csv" {
		c.Set(fiber.HeaderContentType, "text/csv; charset=utf-8")
		c.Set(fiber.HeaderContentDisposition, `attachment; filename="drape-`+first.Format("2006-01-02")+`-to-`+last.Format("2006-01-02")+`.csv"`)
		return analytics.WriteCSV(c.Response().BodyWriter(), r)
	}
	return ok(c, "", r)
}

// adminCODFigures answers GET /api/admin/dashboard/cod?days= (1 to 366, 30 without it): the
// dashboard's cash-on-delivery figures over the orders placed in the last days Indian days
// (COD share, RTO in all and by state and pincode, COD confirmations) and the failed
// deliveries waiting now.
func (s *server) adminCODFigures(c fiber.Ctx) error {
	days, err := strconv.Atoi(c.Query("days", "30"))
	if err != nil {
		return shop.Problems{"days": "days must be a number of days"}.Err()
	}
	figures, err := s.analytics.COD(c.Context(), days)
	if err != nil {
		return err
	}
	return ok(c, "", figures)
}
