package main

import (
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"drape/internal/account"
	"drape/internal/order"
	"drape/internal/shop"
)

// orderInput is the body of POST /api/createOrder (and of the online payment's first step).
// Every money field SPEC §7 lists (amount, totalAmount, orderObj, sub_total …) is ignored:
// the server computes them.
type orderInput struct {
	PaymentMode       string `json:"paymentMode"`
	Address           any    `json:"address"`
	AddressID         string `json:"addressId"`
	CouponCode        string `json:"couponCode"`
	OrderID           string `json:"orderId"`
	PaymentID         string `json:"paymentId"`
	Signature         string `json:"signature"`
	RazorpayPaymentID string `json:"razorpay_payment_id"`
	RazorpaySignature string `json:"razorpay_signature"`
	RazorpayOrderID   string `json:"razorpay_order_id"`
	BusinessGSTIN     string `json:"businessGstin"`
	BusinessName      string `json:"businessName"`
}

// addressID is the chosen address: `address` as an id, or an address object with its _id,
// or `addressId`.
func (in orderInput) addressID() string {
	switch a := in.Address.(type) {
	case string:
		return a
	case map[string]any:
		if id, ok := a["_id"].(string); ok {
			return id
		}
	}
	return in.AddressID
}

func (in orderInput) placement(c fiber.Ctx) order.Placement {
	return order.Placement{UserID: caller(c).UserID, Mode: order.Mode(strings.ToLower(in.PaymentMode)),
		AddressID: in.addressID(), CouponCode: in.CouponCode, IdempotencyKey: strings.TrimSpace(c.Get("Idempotency-Key")),
		BusinessGSTIN: in.BusinessGSTIN, BusinessName: in.BusinessName}
}

// createOrder answers POST /api/createOrder: a cash-on-delivery order is placed; an online
// order's payment callback is verified and the order marked paid.
func (s *server) createOrder(c fiber.Ctx) error {
	var in orderInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	switch strings.ToLower(in.PaymentMode) {
	case string(order.COD):
		o, replayed, err := s.orders.Place(c.Context(), in.placement(c))
		if err != nil {
			return err
		}
		if replayed {
			return ok(c, "Order placed successfully!", o)
		}
		return created(c, "Order placed successfully!", o)
	case string(order.Online), "prepaid":
		paymentID := firstNonEmpty(in.PaymentID, in.RazorpayPaymentID)
		signature := firstNonEmpty(in.Signature, in.RazorpaySignature)
		if in.OrderID == "" || paymentID == "" || signature == "" {
			return shop.E(shop.Invalid, "Payment could not be verified")
		}
		o, err := s.payments.Confirm(c.Context(), caller(c).UserID, in.OrderID, paymentID, signature)
		if err != nil {
			return err
		}
		return ok(c, "Thank you for purchasing.", o)
	default:
		return &shop.Error{Kind: shop.Invalid, Message: "Choose cash on delivery or Pay now",
			Fields: map[string]string{"paymentMode": "Choose cod or online"}}
	}
}

// startOnlinePayment answers POST /api/payments/razorpay/order: the order, waiting for its
// payment with the stock held, and what the checkout needs.
func (s *server) startOnlinePayment(c fiber.Ctx) error {
	var in orderInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if err := s.allowPaymentStart(c); err != nil {
		return err
	}
	checkout, err := s.payments.Start(c.Context(), in.placement(c))
	if err != nil {
		return err
	}
	return created(c, "", checkout)
}

// allowPaymentStart counts a payment start against the client address's and the caller's
// hourly budgets (shared by every server through Redis): each start holds stock for the
// payment window. Errors: TooMany, with Retry-After.
func (s *server) allowPaymentStart(c fiber.Ctx) error {
	limits := s.cfg.Unpaid
	budgets := []struct {
		key   string
		limit int
	}{{"payment-start:ip:" + c.IP(), limits.StartsPerAddress}, {"payment-start:user:" + caller(c).UserID, limits.StartsPerAccount}}
	for _, b := range budgets {
		if err := s.allow(c, b.key, int64(b.limit), time.Hour); err != nil {
			retry, _ := strconv.ParseInt(string(c.Response().Header.Peek(fiber.HeaderRetryAfter)), 10, 64)
			return shop.Wrap(shop.TooMany, err, "Too many payment attempts. Please wait "+waitText(retry)+" and try again.")
		}
	}
	return nil
}

// abandonOnlinePayment answers POST /api/payments/razorpay/failed: the shopper gave up paying.
func (s *server) abandonOnlinePayment(c fiber.Ctx) error {
	var in struct {
		OrderID     string `json:"orderId"`
		Code        string `json:"code"`
		Description string `json:"description"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	o, err := s.payments.Abandon(c.Context(), caller(c).UserID, in.OrderID, in.Description)
	if err != nil {
		return err
	}
	return ok(c, "Payment was not completed. The order was cancelled.", o)
}

// razorpayWebhook answers POST /api/webhooks/razorpay. The signature is checked over the
// exact bytes received.
func (s *server) razorpayWebhook(c fiber.Ctx) error {
	body := c.Body()
	err := s.payments.HandleWebhook(c.Context(), body, c.Get("X-Razorpay-Signature"), c.Get("X-Razorpay-Event-Id"))
	if err != nil {
		return err
	}
	return ok(c, "ok", nil)
}

// quote answers POST /api/checkout/quote {couponCode, paymentMode, addressId}: the cart priced
// as an order, with the shop's shipping fee and, for paymentMode cod, its COD fee; with
// addressId, whether it is delivered to and may pay on delivery (cod.available, cod.reason).
func (s *server) quote(c fiber.Ctx) error {
	var in struct {
		CouponCode  string `json:"couponCode"`
		PaymentMode string `json:"paymentMode"`
		AddressID   string `json:"addressId"`
	}
	if len(c.Body()) > 0 {
		if err := decodeJSON(c, &in); err != nil {
			return err
		}
	}
	q, err := s.orders.Quote(c.Context(), caller(c).UserID, in.CouponCode, order.Mode(strings.ToLower(in.PaymentMode)), in.AddressID)
	if err != nil {
		return err
	}
	message := ""
	if q.Coupon != nil {
		message = "Congratulations, you got " + strconv.Itoa(q.Coupon.Discount) + "% off!"
	}
	return ok(c, message, q)
}

// getCoupons answers GET /api/getcoupon: the active coupons, marked for the caller when a
// token comes with the request.
func (s *server) getCoupons(c fiber.Ctx) error {
	list, err := s.orders.Coupons(c.Context(), s.optionalUser(c))
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// getCompany answers GET /api/company (the storefront's view) and /api/admin/getcompany.
func (s *server) getCompany(c fiber.Ctx) error {
	firm, err := s.company.Get(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", firm)
}

// listOrders answers GET /api/getallorder?page=&limit=&status=&paymentMode=.
func (s *server) listOrders(c fiber.Ctx) error {
	page, err := shop.ParsePage(c.Query("page"), c.Query("limit"), 10, 50)
	if err != nil {
		return err
	}
	f := order.Filter{Status: order.Status(strings.ToUpper(c.Query("status", c.Query("orderStatus")))),
		Mode: order.Mode(strings.ToLower(c.Query("paymentMode", c.Query("filter"))))}
	list, err := s.orders.List(c.Context(), caller(c).UserID, f, page)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// getOrder answers GET /api/orders/{orderId}.
func (s *server) getOrder(c fiber.Ctx) error {
	o, err := s.orders.Get(c.Context(), caller(c).UserID, c.Params("orderId"))
	if err != nil {
		return err
	}
	return ok(c, "", o)
}

// cancelOrder answers POST /api/orders/{orderId}/cancel.
func (s *server) cancelOrder(c fiber.Ctx) error {
	o, err := s.orders.Cancel(c.Context(), caller(c).UserID, c.Params("orderId"))
	if err != nil {
		return err
	}
	return ok(c, "Order cancelled", o)
}

// trackOrder answers GET /api/track?orderId=&email= for the owner (with a token) or whoever
// knows the e-mail the order ships to.
func (s *server) trackOrder(c fiber.Ctx) error {
	number := strings.TrimSpace(c.Query("orderId"))
	if number == "" {
		return &shop.Error{Kind: shop.Invalid, Message: "Enter your order id", Fields: map[string]string{"orderId": "Enter your order id"}}
	}
	t, err := s.orders.Track(c.Context(), number, s.optionalUser(c), c.Query("email"))
	if err != nil {
		return err
	}
	return ok(c, "", t)
}

// optionalUser is the signed-in shopper's id when the request carries a valid shop token,
// and "" for a guest (a bad or expired token also counts as a guest here).
func (s *server) optionalUser(c fiber.Ctx) string {
	token := bearer(c)
	if token == "" {
		return ""
	}
	who, err := s.accounts.Authenticate(c.Context(), token, account.AudienceShop)
	if err != nil {
		return ""
	}
	return who.UserID
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}
