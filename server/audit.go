package main

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"

	"github.com/gofiber/fiber/v3"

	"drape/internal/audit"
	"drape/internal/shop"
)

// auditChanges records every change made through the back office in the audit log: each
// POST, PUT, PATCH and DELETE under /api/admin (sign-in excepted) and the order status and
// refund calls. It sits in front of the routes' own authorisation, so every such route, a new
// one included, is audited without a line of its own. An entry is written only for a change
// that succeeded (2xx), after it committed: who (the caller), what (method and route), the
// entity (from the path, or the body's id for orders), its state before (read first, for the
// kinds auditSnapshots knows) and after (what the answer carried). Recording never fails the
// request: a change that happened stays answered as done, and the failure is logged.
func (s *server) auditChanges(c fiber.Ctx) error {
	switch c.Method() {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
	default:
		return c.Next()
	}
	kind, id := auditEntity(c.Path())
	if kind == "" {
		return c.Next()
	}
	if id == "" && kind == "order" { // POST /api/orderStatus and /api/refund name it in the body
		var body struct {
			ID string `json:"id"`
		}
		_ = json.Unmarshal(c.Body(), &body)
		id = strings.TrimSpace(body.ID)
	}
	if kind == "company" || kind == "delivery settings" || kind == "grievance officer" { // there is one company, 'company'; its path names none
		id = "company"
	}
	var before any
	if load := s.auditSnapshots()[kind]; load != nil && id != "" && bearer(c) != "" {
		if v, err := load(c.Context(), id); err == nil {
			before = v
		}
	}
	if err := c.Next(); err != nil {
		return err
	}
	status := c.Response().StatusCode()
	who := caller(c)
	if status < 200 || status > 299 || who.UserID == "" {
		return nil
	}
	var answer struct {
		Data json.RawMessage `json:"data"`
	}
	_ = json.Unmarshal(c.Response().Body(), &answer)
	var after any
	if len(answer.Data) > 0 && string(answer.Data) != "null" {
		after = answer.Data
		if id == "" {
			var created struct {
				ID string `json:"_id"`
			}
			_ = json.Unmarshal(answer.Data, &created)
			id = created.ID
		}
	}
	change := audit.Change{ActorID: who.UserID, ActorRole: who.Role, Action: c.Method() + " " + c.Route().Path,
		EntityType: kind, EntityID: id, Before: before, After: after, RequestID: requestID(c)}
	if err := s.audit.Record(context.WithoutCancel(c.Context()), change); err != nil {
		s.log.Error("audit: a change was made but not recorded", "request_id", requestID(c), "action", change.Action, "err", err)
	}
	return nil
}

// auditPaths are the entity kinds of the back office's paths: /api/admin/<segment>[/<id>…].
var auditPaths = map[string]string{
	"products": "product", "categories": "category", "subcategories": "sub-category", "sales": "sale",
	"coupons": "coupon", "users": "user", "reviews": "review", "orders": "order", "uploads": "image",
	"cms": "cms page", "addcompany": "company", "register": "team account", "audit": "audit log",
	"banners": "banner", "delivery-settings": "delivery settings", "ndr": "delivery issue",
	"grievance-officer": "grievance officer", "complaints": "complaint",
}

var hexID = regexp.MustCompile(`^[0-9a-f]{24}$`)

// auditEntity names the kind of entity a change to path is about, and its id when the path
// holds one; "" for a path that changes nothing auditable (sign-in).
func auditEntity(path string) (kind, id string) {
	switch strings.TrimSuffix(path, "/") {
	case "/api/orderStatus", "/api/refund":
		return "order", ""
	}
	rest, ok := strings.CutPrefix(path, "/api/admin/")
	if !ok {
		return "", ""
	}
	parts := strings.Split(rest, "/")
	kind = auditPaths[parts[0]]
	if kind == "" {
		if parts[0] == "login" {
			return "", ""
		}
		kind = parts[0]
	}
	if kind == "delivery issue" && len(parts) > 1 && parts[1] == "settings" { // the one NDR settings row
		return "ndr settings", "ndr"
	}
	if len(parts) > 1 && (hexID.MatchString(parts[1]) || kind == "cms page" || kind == "image") {
		id = parts[1]
	}
	return kind, id
}

// auditSnapshots read an entity's state before a change, by kind.
func (s *server) auditSnapshots() map[string]func(context.Context, string) (any, error) {
	return map[string]func(context.Context, string) (any, error){
		"product":           func(ctx context.Context, id string) (any, error) { return s.catalog.AdminProduct(ctx, id) },
		"sale":              func(ctx context.Context, id string) (any, error) { return s.sales.Sale(ctx, id) },
		"coupon":            func(ctx context.Context, id string) (any, error) { return s.coupons.Get(ctx, id) },
		"order":             func(ctx context.Context, id string) (any, error) { return s.orders.ByID(ctx, id) },
		"company":           func(ctx context.Context, _ string) (any, error) { return s.company.Get(ctx) },
		"delivery settings": func(ctx context.Context, _ string) (any, error) { return s.company.Delivery(ctx) },
		"grievance officer": func(ctx context.Context, _ string) (any, error) { return s.company.Grievance(ctx) },
		"complaint":         func(ctx context.Context, id string) (any, error) { return s.grievance.Get(ctx, id) },
		"ndr settings": func(ctx context.Context, _ string) (any, error) {
			n, err := s.ndr.AttemptLimit(ctx)
			return map[string]int{"attemptLimit": n}, err
		},
		"cms page": func(ctx context.Context, typ string) (any, error) { return s.cms.Page(ctx, typ) },
		"returns":  func(ctx context.Context, id string) (any, error) { return s.returns.Request(ctx, id) },
	}
}

// adminAudit answers GET /api/admin/audit (admins) with page, actor (an id or e-mail),
// entityType, entityId, action (a part of it), startDate and endDate (Indian dates, both
// included): the audit log, newest first, 10 to a page.
func (s *server) adminAudit(c fiber.Ctx) error {
	page, err := shop.ParsePage(c.Query("page"), c.Query("limit"), 10, 50)
	if err != nil {
		return err
	}
	p := shop.Problems{}
	from, to := indianDay(c, p, "startDate"), indianDay(c, p, "endDate")
	if err := p.Err(); err != nil {
		return err
	}
	f := audit.Filter{Actor: c.Query("actor"), EntityType: c.Query("entityType"), EntityID: c.Query("entityId"), Action: c.Query("action"), Since: from}
	if to != nil {
		next := to.AddDate(0, 0, 1)
		f.Before = &next
	}
	entries, err := s.audit.List(c.Context(), f, page)
	if err != nil {
		return err
	}
	return ok(c, "", entries)
}
