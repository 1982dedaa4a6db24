package main

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// fuzzedRoutes are the routes whose request decoders and validators FuzzRequests feeds: the
// shopper's sign-up, sign-in, profile, address, cart, quote and checkout; the back office's
// product, coupon, banner and status changes and its order search (whose input is the query
// string). Each names the token it is sent with.
var fuzzedRoutes = []struct {
	method, path, token string
	query               bool
}{
	{"POST", "/api/register", "", false},
	{"POST", "/api/login", "", false},
	{"POST", "/api/profile", "shopper", false},
	{"POST", "/api/addAddress", "shopper", false},
	{"POST", "/api/updateAddress/{address}", "shopper", false},
	{"POST", "/api/addToCart", "shopper", false},
	{"POST", "/api/updatecart", "shopper", false},
	{"POST", "/api/checkout/quote", "shopper", false},
	{"POST", "/api/createOrder", "shopper", false},
	{"POST", "/api/admin/products", "admin", false},
	{"POST", "/api/admin/coupons", "admin", false},
	{"POST", "/api/admin/banners", "admin", false},
	{"POST", "/api/orderStatus", "staff", false},
	{"GET", "/api/admin/getalloder", "staff", true},
	{"GET", "/api/admin/analytics", "staff", true},
}

// FuzzRequests (ASVS 5.0 V2 validation) sends arbitrary bodies, and for the order search
// arbitrary query strings, through the whole server to the routes above with real tokens,
// on PostgreSQL and Redis: whatever arrives, the answer is never a 5xx and always the JSON
// envelope, and a refusal says why.
func FuzzRequests(f *testing.F) {
	s := newFulfilmentShop(f)
	seeds := map[int][]string{
		0:  {`{"firstName":"Asha","email":"asha@example.in","password":"tailored-fit-42"}`, `{"email":"x"}`},
		1:  {`{"email":"meera@example.in","password":"tailored-fit-42"}`},
		2:  {`{"firstName":"Meera","phone":"9812345670"}`},
		3:  {`{"firstName":"A","lastName":"B","address1":"1","address2":"2","city":"Pune","state":"Maharashtra","pincode":"411001","email":"a@b.in","phone":"9812345670","type":"home"}`},
		5:  {`{"productId":"` + s.f.newestShirt.ID + `","size":"M","quantity":2}`, `{"productId":"` + s.f.newestShirt.ID + `","size":"M","quantity":-1}`},
		6:  {`{"productId":"` + s.f.newestShirt.ID + `","size":"M","quantity":1e9}`},
		7:  {`{"couponCode":"WELCOME10"}`},
		8:  {`{"paymentMode":"cod","address":"` + s.addressID + `"}`, `{"paymentMode":"upi"}`},
		9:  {`{"productName":"Shirt","price":1999,"discount":10,"sizes":[{"size":"M","stock":3}]}`},
		10: {`{"code":"FEST10","discount":10,"minAmount":999}`},
		11: {`{"placement":"home","title":"*Linen*","active":true}`},
		12: {`{"id":"000000000000000000000000","orderStatus":"SHIPPED"}`},
		13: {"search=jaipur&page=2", "orderId=0123456789abcdef01234567&filter=cod", "startDate=2026-13-40&push=failed"},
		14: {"startDate=2026-11-01&endDate=2026-11-24", "format=csv&startDate=1999-01-01"},
	}
	for route, bodies := range seeds {
		for _, body := range bodies {
			f.Add(uint8(route), []byte(body))
		}
	}
	f.Add(uint8(4), []byte(`{"productId":{"$ne":null},"size":["M"],"quantity":"1"}`))
	tokens := map[string]string{"shopper": s.shopper, "staff": s.staff, "admin": s.admin}
	f.Fuzz(func(t *testing.T, which uint8, input []byte) {
		route := fuzzedRoutes[int(which)%len(fuzzedRoutes)]
		path := strings.ReplaceAll(route.path, "{address}", s.addressID)
		headers := map[string]string{"Content-Type": "application/json"}
		if token := tokens[route.token]; token != "" {
			headers["Authorization"] = "Bearer " + token
		}
		var body []byte
		if route.query {
			if query := queryFrom(string(input)); query != "" {
				path += "?" + query
			}
		} else {
			body = input
		}
		resp, answer := call(t, s.app, route.method, path, headers, body)
		if resp.StatusCode >= 500 {
			t.Fatalf("%s %s with %q: %d %s", route.method, path, input, resp.StatusCode, answer)
		}
		if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/csv") {
			return
		}
		var envelope struct {
			Success *bool  `json:"success"`
			Message string `json:"message"`
		}
		if err := json.Unmarshal(answer, &envelope); err != nil || envelope.Success == nil {
			t.Fatalf("%s %s with %q: not the envelope: %d %s", route.method, path, input, resp.StatusCode, answer)
		}
		if resp.StatusCode >= 400 && (*envelope.Success || envelope.Message == "") {
			t.Fatalf("%s %s with %q: a refusal without its reason: %d %s", route.method, path, input, resp.StatusCode, answer)
		}
	})
}

// queryFrom reads text as key=value pairs joined by & and encodes them as a query string, so
// that any bytes reach the handler as parameter values rather than as a malformed URL.
func queryFrom(text string) string {
	values := url.Values{}
	for _, pair := range strings.Split(text, "&") {
		key, value, _ := strings.Cut(pair, "=")
		if key != "" {
			values.Add(key, value)
		}
	}
	return values.Encode()
}
