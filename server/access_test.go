package main

import (
	"net/http"
	"strings"
	"testing"
)

// access is who may call a route: the rule every route must have (accessRules), checked
// against what the server really answers (TestEveryRouteHasItsAccessRule).
type access int

const (
	anyone       access = iota // no token needed
	signIn                     // anyone, and a wrong credential in the body is 401
	signed                     // a provider's webhook: trusted by its signature or shared token, never a user token
	shopOnly                   // a shop token (SPEC §6's user token)
	shopOrStaff                // a shop token or a back-office token (an order's shopper or the staff handling it)
	staffOrAdmin               // a back-office token, staff or admin
	adminOnly                  // a back-office token of an admin; staff get 403
)

// accessRules is every route's rule. A route added to routes.go without a line here fails the
// test, so nobody ships a route whose access was never decided; a line here for a route that
// is gone fails it too.
var accessRules = map[string]access{
	"GET /healthz":                                anyone,
	"GET /readyz":                                 anyone,
	"GET /uploads/:kind/:file":                    anyone,
	"GET /static/:file":                           anyone,
	"GET /robots.txt":                             anyone,
	"GET /sitemap.xml":                            anyone,
	"GET /sitemaps/:file":                         anyone,
	"GET /api/openapi.yaml":                       anyone,
	"GET /api/getcategory":                        anyone,
	"GET /api/getproduct":                         anyone,
	"GET /api/getproduct/:id":                     anyone,
	"GET /api/products/search":                    anyone,
	"GET /api/products/:id/reviews":               anyone,
	"POST /api/products/:id/restock-alerts":       anyone,
	"GET /api/restock-alerts/:token":              anyone,
	"POST /api/restock-alerts/:token/stop":        anyone,
	"GET /api/getsale":                            anyone,
	"GET /api/getcms":                             anyone,
	"GET /api/banners":                            anyone,
	"GET /api/ws":                                 anyone,
	"POST /api/client-errors":                     anyone,
	"GET /api/config":                             anyone,
	"POST /api/register":                          anyone,
	"POST /api/login":                             signIn,
	"POST /api/auth/google":                       signIn,
	"POST /api/forgotpassword":                    anyone,
	"POST /api/otpverify":                         anyone,
	"POST /api/updatepassword":                    anyone,
	"GET /api/getProfile":                         shopOnly,
	"GET /api/privacy/wordings":                   anyone,
	"GET /api/privacy/marketing":                  shopOnly,
	"PUT /api/privacy/marketing":                  shopOnly,
	"GET /api/privacy/export":                     shopOnly,
	"POST /api/privacy/erasure":                   shopOnly,
	"GET /api/privacy/requests":                   shopOnly,
	"POST /api/profile":                           shopOnly,
	"POST /api/profile/email":                     shopOnly,
	"POST /api/profile/email/confirm":             shopOnly,
	"POST /api/profile/password":                  shopOnly,
	"POST /api/logout-everywhere":                 shopOnly,
	"POST /api/logout":                            shopOnly,
	"GET /api/address/states":                     anyone,
	"POST /api/addAddress":                        shopOnly,
	"GET /api/getAddress":                         shopOnly,
	"POST /api/updateAddress/:id":                 shopOnly,
	"DELETE /api/deleteAddress/:id":               shopOnly,
	"GET /api/wishlist":                           shopOnly,
	"POST /api/wishlist":                          shopOnly,
	"DELETE /api/wishlist/:productId":             shopOnly,
	"GET /api/user/reviews":                       shopOnly,
	"GET /api/user/reviewable":                    shopOnly,
	"POST /api/user/reviews":                      shopOnly,
	"DELETE /api/user/reviews/:productId":         shopOnly,
	"GET /api/getcartdetails":                     shopOnly,
	"POST /api/addToCart":                         shopOnly,
	"POST /api/updatecart":                        shopOnly,
	"DELETE /api/deletecart":                      shopOnly,
	"DELETE /api/deletecart/:id":                  shopOnly,
	"GET /api/getcoupon":                          anyone,
	"GET /api/company":                            anyone,
	"POST /api/complaints":                        anyone,
	"GET /api/complaints/status":                  anyone,
	"GET /api/complaints":                         shopOnly,
	"GET /api/delivery":                           anyone,
	"POST /api/checkout/quote":                    shopOnly,
	"POST /api/createOrder":                       shopOnly,
	"POST /api/payments/razorpay/order":           shopOnly,
	"POST /api/payments/razorpay/failed":          shopOnly,
	"POST /api/webhooks/razorpay":                 signed,
	"GET /api/webhooks/whatsapp":                  signed,
	"POST /api/webhooks/whatsapp":                 signed,
	"GET /api/getallorder":                        shopOnly,
	"GET /api/orders/:orderId":                    shopOnly,
	"GET /api/orders/:orderId/invoice.pdf":        shopOrStaff,
	"POST /api/orders/:orderId/cancel":            shopOnly,
	"GET /api/orders/:orderId/returns":            shopOnly,
	"POST /api/orders/:orderId/returns":           shopOnly,
	"GET /api/returns/policy":                     anyone,
	"GET /api/returns/fit/:productId":             anyone,
	"POST /api/returns/photos":                    shopOnly,
	"GET /api/track":                              anyone,
	"POST /api/orderStatus":                       staffOrAdmin,
	"POST /api/refund":                            adminOnly,
	"POST /api/hooks/courier":                     signed,
	"POST /api/admin/login":                       signIn,
	"POST /api/admin/register":                    adminOnly,
	"GET /api/admin/profile":                      staffOrAdmin,
	"POST /api/admin/logout":                      staffOrAdmin,
	"GET /api/admin/getcompany":                   staffOrAdmin,
	"GET /api/admin/getalloder":                   staffOrAdmin,
	"GET /api/admin/audit":                        adminOnly,
	"GET /api/admin/dashboard":                    staffOrAdmin,
	"GET /api/admin/dashboard/cod":                staffOrAdmin,
	"GET /api/admin/analytics":                    staffOrAdmin,
	"GET /api/admin/gstr1":                        adminOnly,
	"GET /api/admin/orders/:id":                   staffOrAdmin,
	"POST /api/admin/orders/:id/push":             staffOrAdmin,
	"GET /api/admin/orders/:id/returns":           staffOrAdmin,
	"GET /api/admin/returns":                      staffOrAdmin,
	"GET /api/admin/returns/rates":                staffOrAdmin,
	"GET /api/admin/returns/:id":                  staffOrAdmin,
	"POST /api/admin/returns/:id/approve":         staffOrAdmin,
	"POST /api/admin/returns/:id/reject":          staffOrAdmin,
	"POST /api/admin/returns/:id/receive":         staffOrAdmin,
	"POST /api/admin/returns/:id/qc":              staffOrAdmin,
	"POST /api/admin/returns/:id/payout":          staffOrAdmin,
	"GET /api/admin/returns/:id/payout-details":   adminOnly,
	"GET /api/admin/returns/policy":               staffOrAdmin,
	"PUT /api/admin/returns/policy":               adminOnly,
	"GET /api/admin/payment-settings":             adminOnly,
	"GET /api/admin/reviews":                      staffOrAdmin,
	"POST /api/admin/reviews/:id/status":          staffOrAdmin,
	"DELETE /api/admin/reviews/:id":               staffOrAdmin,
	"GET /api/admin/product-reviews":              staffOrAdmin,
	"GET /api/admin/users":                        staffOrAdmin,
	"GET /api/admin/privacy-requests":             staffOrAdmin,
	"POST /api/admin/users/:id/active":            staffOrAdmin,
	"POST /api/admin/users/:id/password":          adminOnly,
	"POST /api/admin/password":                    staffOrAdmin,
	"GET /api/admin/coupons":                      adminOnly,
	"POST /api/admin/coupons":                     adminOnly,
	"PUT /api/admin/coupons/:id":                  adminOnly,
	"POST /api/admin/coupons/:id/active":          adminOnly,
	"DELETE /api/admin/coupons/:id":               adminOnly,
	"POST /api/admin/addcompany":                  adminOnly,
	"GET /api/admin/delivery-settings":            adminOnly,
	"PUT /api/admin/delivery-settings":            adminOnly,
	"GET /api/admin/grievance-officer":            adminOnly,
	"PUT /api/admin/grievance-officer":            adminOnly,
	"GET /api/admin/complaints":                   staffOrAdmin,
	"GET /api/admin/complaints/:id":               staffOrAdmin,
	"POST /api/admin/complaints/:id/status":       staffOrAdmin,
	"GET /api/admin/complaint-figures":            staffOrAdmin,
	"GET /api/admin/users/:id/cod":                staffOrAdmin,
	"PUT /api/admin/users/:id/cod":                adminOnly,
	"PUT /api/admin/cms/:type":                    adminOnly,
	"GET /api/admin/products":                     staffOrAdmin,
	"POST /api/admin/products":                    adminOnly,
	"POST /api/admin/products/status":             adminOnly,
	"GET /api/admin/products/:id":                 staffOrAdmin,
	"PUT /api/admin/products/:id":                 adminOnly,
	"PATCH /api/admin/products/:id":               adminOnly,
	"DELETE /api/admin/products/:id":              adminOnly,
	"PUT /api/admin/products/:id/stock":           adminOnly,
	"GET /api/admin/products/:id/restock-alerts":  staffOrAdmin,
	"GET /api/admin/products/:id/declarations":    staffOrAdmin,
	"PUT /api/admin/products/:id/declarations":    adminOnly,
	"POST /api/admin/uploads/:kind":               adminOnly,
	"GET /api/admin/categories":                   staffOrAdmin,
	"POST /api/admin/categories":                  adminOnly,
	"PUT /api/admin/categories/:id":               adminOnly,
	"PATCH /api/admin/categories/:id":             adminOnly,
	"DELETE /api/admin/categories/:id":            adminOnly,
	"POST /api/admin/subcategories":               adminOnly,
	"PUT /api/admin/subcategories/:id":            adminOnly,
	"PATCH /api/admin/subcategories/:id":          adminOnly,
	"DELETE /api/admin/subcategories/:id":         adminOnly,
	"GET /api/admin/sales":                        adminOnly,
	"POST /api/admin/sales":                       adminOnly,
	"GET /api/admin/sales/:id":                    adminOnly,
	"PUT /api/admin/sales/:id":                    adminOnly,
	"PATCH /api/admin/sales/:id":                  adminOnly,
	"PUT /api/admin/sales/:id/status":             adminOnly,
	"DELETE /api/admin/sales/:id":                 adminOnly,
	"GET /api/admin/banners":                      staffOrAdmin,
	"POST /api/admin/banners":                     adminOnly,
	"PUT /api/admin/banners/:id":                  adminOnly,
	"PATCH /api/admin/banners/:id":                adminOnly,
	"DELETE /api/admin/banners/:id":               adminOnly,
	"GET /*":                                      anyone,
	"GET /api/profile/order-updates":              shopOnly,
	"POST /api/profile/order-updates":             shopOnly,
	"GET /api/orders/:orderId/delivery-issue":     shopOnly,
	"GET /api/delivery-issue/:token":              anyone,
	"POST /api/delivery-issue/:token":             anyone,
	"GET /api/admin/orders/:id/delivery-issue":    staffOrAdmin,
	"GET /api/admin/orders/:id/messages":          staffOrAdmin,
	"GET /api/admin/ndr":                          staffOrAdmin,
	"PUT /api/admin/ndr/settings":                 adminOnly,
	"GET /api/admin/ndr/settings":                 staffOrAdmin,
	"GET /api/admin/message-templates":            staffOrAdmin,
	"POST /api/admin/ndr/:id/answer":              staffOrAdmin,
	"GET /api/cod-confirmations/:token":           anyone,
	"POST /api/cod-confirmations/:token/confirm":  anyone,
	"POST /api/cod-confirmations/:token/cancel":   anyone,
	"POST /api/admin/orders/:id/cod-confirmation": staffOrAdmin,
	"GET /api/products/suggest":                   anyone,

	// An order's credit notes as PDFs, like its invoice.
	"GET /api/orders/:orderId/creditnotes/:file": shopOrStaff,
}

// endsTheSession are the routes whose successful call revokes the caller's token.
var endsTheSession = map[string]bool{"POST /api/admin/logout": true}

// sampleParams fill a route's parameters for a call: values of the right shape that name
// nothing, so that a call which gets through its guard changes nothing.
var sampleParams = map[string]string{"kind": "products", "file": "nothing.svg", "type": "terms", "orderId": "DRP0NOSUCHORDER"}

// TestEveryRouteHasItsAccessRule (ASVS 5.0 V8 authorisation): every registered route has a
// rule, and the server enforces it: without a token a protected route answers 401; a shop
// token opens no back-office route and a back-office token no shop route (401: the token's
// audience is wrong); staff get 403 on admin-only routes; the right token gets through; a
// webhook without its signature or shared token is refused; an open route never asks for one.
func TestEveryRouteHasItsAccessRule(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	registered := map[string]bool{}
	for _, r := range s.app.GetRoutes(true) {
		if r.Method == http.MethodHead || r.Method == http.MethodConnect || r.Method == http.MethodTrace {
			continue
		}
		key := r.Method + " " + r.Path
		if registered[key] {
			continue
		}
		registered[key] = true
		rule, ok := accessRules[key]
		if !ok {
			t.Errorf("%s has no access rule: add it to accessRules", key)
			continue
		}
		path := strings.ReplaceAll(r.Path, "*", "anything")
		for _, p := range r.Params {
			value, named := sampleParams[p]
			if !named {
				value = "000000000000000000000000"
			}
			path = strings.ReplaceAll(path, ":"+p, value)
		}
		try := func(who, token string) int {
			status, _ := send(t, s.app, r.Method, path, token, map[string]any{})
			return status
		}
		refused := func(status int) bool { return status == http.StatusUnauthorized || status == http.StatusForbidden }
		switch rule {
		case anyone:
			if status := try("nobody", ""); refused(status) {
				t.Errorf("%s is open to anyone but answered %d without a token", key, status)
			}
		case signIn:
			if status := try("nobody", ""); status == http.StatusForbidden || status >= 500 {
				t.Errorf("%s is for signing in but answered %d", key, status)
			}
		case signed:
			if status := try("nobody", ""); status < 400 {
				t.Errorf("%s took a call without its signature: %d", key, status)
			}
			if status := try("a shopper", s.shopper); status < 400 {
				t.Errorf("%s took a shop token for its signature: %d", key, status)
			}
		case shopOnly:
			expectStatus(t, key, "without a token", try("nobody", ""), http.StatusUnauthorized)
			expectStatus(t, key, "with a back-office token", try("staff", s.staff), http.StatusUnauthorized)
		case shopOrStaff:
			expectStatus(t, key, "without a token", try("nobody", ""), http.StatusUnauthorized)
			if status := try("a shopper", s.shopper); refused(status) {
				t.Errorf("%s refused a shopper: %d", key, status)
			}
			if status := try("staff", s.staff); refused(status) {
				t.Errorf("%s refused staff: %d", key, status)
			}
		case staffOrAdmin, adminOnly:
			expectStatus(t, key, "without a token", try("nobody", ""), http.StatusUnauthorized)
			expectStatus(t, key, "with a shop token", try("a shopper", s.shopper), http.StatusUnauthorized)
			if rule == adminOnly {
				expectStatus(t, key, "with a staff token", try("staff", s.staff), http.StatusForbidden)
				if status := try("an admin", s.admin); refused(status) {
					t.Errorf("%s refused an admin: %d", key, status)
				}
			} else if status := try("staff", s.staff); refused(status) {
				t.Errorf("%s refused staff: %d", key, status)
			}
		}
		if endsTheSession[key] {
			// The staff token the call above signed out; a fresh one for the routes after it.
			status, body := send(t, s.app, "POST", "/api/admin/login", "", map[string]any{"email": "packer@drape.in", "password": "back-office-1"})
			expect(t, "staff signs in again", status, body, 200, nil)
			s.staff = jsonValue(t, body, "token").(string)
		}
	}
	for key := range accessRules {
		if !registered[key] {
			t.Errorf("accessRules has %s, which is not a route any more", key)
		}
	}
}

func expectStatus(t testing.TB, route, how string, got, want int) {
	t.Helper()
	if got != want {
		t.Errorf("%s %s: status %d, want %d", route, how, got, want)
	}
}
