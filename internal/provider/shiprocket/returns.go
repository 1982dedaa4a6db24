package shiprocket

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// ReturnItem is one line of a return order, with the courier's quality check at the doorstep:
// QCEnable asks the courier to check the item, QCSize the size label it must carry.
type ReturnItem struct {
	Name         string
	SKU          string
	Units        int
	SellingPrice Paise
	Discount     Paise
	HSN          string
	QCEnable     bool
	QCSize       string
}

// ReturnOrder is a reverse pickup as the shop asks for it (POST
// /v1/external/orders/create/return, INDIA.md §3): the courier picks the items up at Pickup
// (the shopper) and delivers them to Shipping (the shop's warehouse). Money is in paise; the
// payment method is always prepaid (nothing is collected at a pickup).
type ReturnOrder struct {
	// OrderID is the shop's id of the return (our channel order id), at most MaxOrderIDLength
	// characters; Shiprocket refuses one it has seen before.
	OrderID   string
	OrderDate time.Time
	Pickup    Address
	Shipping  Address
	Items     []ReturnItem
	SubTotal  Paise
	// Length, Breadth and Height are centimetres, each above MinDimensionCM; Weight is kg above 0.
	Length, Breadth, Height float64
	Weight                  float64
}

// returnItemBody is one of order_items of a return order.
type returnItemBody struct {
	SKU          string `json:"sku"`
	Name         string `json:"name"`
	Units        int    `json:"units"`
	SellingPrice Paise  `json:"selling_price"`
	Discount     Paise  `json:"discount"`
	HSN          string `json:"hsn,omitempty"`
	QCEnable     bool   `json:"qc_enable"`
	QCSize       string `json:"qc_size,omitempty"`
}

// returnBody is the body of POST /v1/external/orders/create/return, with Shiprocket's names.
type returnBody struct {
	OrderID              string           `json:"order_id"`
	OrderDate            string           `json:"order_date"`
	PickupCustomerName   string           `json:"pickup_customer_name"`
	PickupLastName       string           `json:"pickup_last_name,omitempty"`
	PickupAddress        string           `json:"pickup_address"`
	PickupAddress2       string           `json:"pickup_address_2,omitempty"`
	PickupCity           string           `json:"pickup_city"`
	PickupState          string           `json:"pickup_state"`
	PickupCountry        string           `json:"pickup_country"`
	PickupPincode        json.Number      `json:"pickup_pincode"`
	PickupEmail          string           `json:"pickup_email"`
	PickupPhone          json.Number      `json:"pickup_phone"`
	ShippingCustomerName string           `json:"shipping_customer_name"`
	ShippingLastName     string           `json:"shipping_last_name,omitempty"`
	ShippingAddress      string           `json:"shipping_address"`
	ShippingAddress2     string           `json:"shipping_address_2,omitempty"`
	ShippingCity         string           `json:"shipping_city"`
	ShippingCountry      string           `json:"shipping_country"`
	ShippingPincode      json.Number      `json:"shipping_pincode"`
	ShippingState        string           `json:"shipping_state"`
	ShippingEmail        string           `json:"shipping_email"`
	ShippingPhone        json.Number      `json:"shipping_phone"`
	OrderItems           []returnItemBody `json:"order_items"`
	PaymentMethod        string           `json:"payment_method"`
	SubTotal             Paise            `json:"sub_total"`
	Length               float64          `json:"length"`
	Breadth              float64          `json:"breadth"`
	Height               float64          `json:"height"`
	Weight               float64          `json:"weight"`
}

// returnBodyOf checks r and builds the request body, naming every problem.
func returnBodyOf(r ReturnOrder) (returnBody, error) {
	var problems []string
	problem := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	id := strings.TrimSpace(r.OrderID)
	if id == "" || utf8.RuneCountInString(id) > MaxOrderIDLength {
		problem("order id %q is empty or longer than %d characters", id, MaxOrderIDLength)
	}
	if r.OrderDate.IsZero() {
		problem("order date is not set")
	}
	check := func(kind string, a Address) {
		for name, value := range map[string]string{"name": a.Name, "address": a.Address, "city": a.City, "state": a.State, "email": a.Email} {
			if strings.TrimSpace(value) == "" {
				problem("%s %s is empty", kind, name)
			}
		}
		if utf8.RuneCountInString(a.City) > MaxCityLength {
			problem("%s city %q is longer than %d characters", kind, a.City, MaxCityLength)
		}
		if !pincodePattern.MatchString(a.Pincode) {
			problem("%s pincode %q is not 6 digits", kind, a.Pincode)
		}
		if !phonePattern.MatchString(a.Phone) {
			problem("%s phone %q is not 10 digits", kind, a.Phone)
		}
	}
	check("pickup", r.Pickup)
	check("shipping", r.Shipping)
	if len(r.Items) == 0 {
		problem("return has no items")
	}
	for i, it := range r.Items {
		if strings.TrimSpace(it.Name) == "" || strings.TrimSpace(it.SKU) == "" || it.Units < 1 || it.SellingPrice < 0 || it.Discount < 0 {
			problem("item %d needs a name, a sku, at least 1 unit and no negative amount", i+1)
		}
	}
	for name, value := range map[string]float64{"length": r.Length, "breadth": r.Breadth, "height": r.Height} {
		if !(value > MinDimensionCM) {
			problem("%s %g cm is not above %g", name, value, MinDimensionCM)
		}
	}
	if !(r.Weight > 0) || r.SubTotal < 0 {
		problem("weight %g kg is not above 0 or the sub-total is negative", r.Weight)
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return returnBody{}, fmt.Errorf("%w: return %q: %s", ErrInvalidArgument, r.OrderID, strings.Join(problems, "; "))
	}
	p, s := r.Pickup, r.Shipping
	body := returnBody{OrderID: id, OrderDate: r.OrderDate.In(IST).Format("2006-01-02 15:04"),
		PickupCustomerName: p.Name, PickupLastName: p.LastName, PickupAddress: p.Address, PickupAddress2: p.Address2,
		PickupCity: p.City, PickupState: p.State, PickupCountry: country(p.Country), PickupPincode: json.Number(p.Pincode),
		PickupEmail: p.Email, PickupPhone: json.Number(p.Phone),
		ShippingCustomerName: s.Name, ShippingLastName: s.LastName, ShippingAddress: s.Address, ShippingAddress2: s.Address2,
		ShippingCity: s.City, ShippingState: s.State, ShippingCountry: country(s.Country), ShippingPincode: json.Number(s.Pincode),
		ShippingEmail: s.Email, ShippingPhone: json.Number(s.Phone),
		PaymentMethod: PaymentPrepaid, SubTotal: r.SubTotal, Length: r.Length, Breadth: r.Breadth, Height: r.Height, Weight: r.Weight}
	for _, it := range r.Items {
		body.OrderItems = append(body.OrderItems, returnItemBody{SKU: it.SKU, Name: it.Name, Units: it.Units, SellingPrice: it.SellingPrice,
			Discount: it.Discount, HSN: it.HSN, QCEnable: it.QCEnable, QCSize: it.QCSize})
	}
	return body, nil
}

// CreateReturn creates return order r in Shiprocket and answers its ids; the status of a new
// return order is "RETURN PENDING" (21). A bad return is refused before the network with
// ErrInvalidArgument; an order id Shiprocket has seen before is a 422 *APIError for which
// IsDuplicateOrder is true.
func (c *Client) CreateReturn(ctx context.Context, token string, r ReturnOrder) (Created, error) {
	body, err := returnBodyOf(r)
	if err != nil {
		return Created{}, err
	}
	var answer adhocResponse
	if err := c.do(ctx, http.MethodPost, "/v1/external/orders/create/return", token, body, &answer); err != nil {
		return Created{}, err
	}
	if answer.OrderID <= 0 || answer.ShipmentID <= 0 {
		return Created{}, fmt.Errorf("%w: create return order %s: answer without order_id and shipment_id", ErrBadResponse, r.OrderID)
	}
	return Created{OrderID: int64(answer.OrderID), ShipmentID: int64(answer.ShipmentID), Status: string(answer.Status),
		StatusCode: int(answer.StatusCode)}, nil
}

// FindReturn looks up the return order the shop created under its own id channelOrderID (GET
// /v1/external/orders/processing/return?search=…), and says whether Shiprocket has it. A
// booking that may have got through before its answer was lost asks this before creating the
// return again.
func (c *Client) FindReturn(ctx context.Context, token, channelOrderID string) (Created, bool, error) {
	return c.findByChannelID(ctx, token, "/v1/external/orders/processing/return", channelOrderID)
}

// CreateReturn is Client.CreateReturn with the session's token. A bad return is refused
// before any login.
func (s *Session) CreateReturn(ctx context.Context, creds Credentials, r ReturnOrder) (Created, error) {
	if _, err := returnBodyOf(r); err != nil {
		return Created{}, err
	}
	return withToken(ctx, s, creds, func(token string) (Created, error) { return s.client.CreateReturn(ctx, token, r) })
}

// FindReturn is Client.FindReturn with the session's token.
func (s *Session) FindReturn(ctx context.Context, creds Credentials, channelOrderID string) (Created, bool, error) {
	return findWithToken(ctx, s, creds, channelOrderID, s.client.FindReturn)
}
