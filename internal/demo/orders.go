package demo

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"drape/internal/account"
	"drape/internal/address"
	"drape/internal/cart"
	"drape/internal/catalog"
	"drape/internal/company"
	"drape/internal/gst"
	"drape/internal/order"
	"drape/internal/shop"
)

// Clock is the demo's settable clock: the order service the demo places orders through is
// dated by its Now, and the demo sets it to each step's moment of the demo month.
type Clock struct {
	mu sync.Mutex
	at time.Time
}

// Now is the clock's time (the time now until it is set).
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.at.IsZero() {
		return time.Now()
	}
	return c.at
}

func (c *Clock) set(t time.Time) {
	c.mu.Lock()
	c.at = t
	c.mu.Unlock()
}

// OrdersDeps is what placing the demo month of orders needs. Orders must be dated by Clock
// (order.Config.Now = Clock.Now).
type OrdersDeps struct {
	Accounts  *account.Service
	Addresses *address.Service
	Carts     *cart.Service
	Catalog   *catalog.Service
	Company   *company.Service
	Orders    *order.Service
	Clock     *Clock
}

// ShopperPassword is every demo shopper's password (README: the demo month).
const ShopperPassword = "jaipur-shopper-2026" //nolint:gosec // a published demo password, not a secret

// demoShopper is a demo customer with the one delivery address the demo orders go to and,
// for a business buyer, the business the invoices are made out to.
type demoShopper struct {
	first, last, email string
	addr               address.Input
	gstin, business    string
}

// The demo shoppers: two in Rajasthan (the shop's own state: CGST and SGST), the rest in
// other states (IGST); Rohan and Meera buy for their firms too.
var demoShoppers = []demoShopper{
	{first: "Aarav", last: "Sharma", email: "aarav.sharma@example.com", addr: address.Input{Address1: "B-42 Malviya Nagar",
		Address2: "Sector 3", City: "Jaipur", State: "Rajasthan", Pincode: "302017", Phone: "9829012345", Type: "home"}},
	{first: "Priya", last: "Iyer", email: "priya.iyer@example.com", addr: address.Input{Address1: "1202 Sea Breeze Towers",
		Address2: "Carter Road, Bandra West", City: "Mumbai", State: "Maharashtra", Pincode: "400050", Phone: "9820011223", Type: "home"}},
	{first: "Rohan", last: "Mehta", email: "rohan.mehta@example.com", addr: address.Input{Address1: "3rd Floor, 18 Residency Road",
		Address2: "Shanthala Nagar", City: "Bengaluru", State: "Karnataka", Pincode: "560025", Phone: "9845067890", Type: "work"},
		gstin: "29AAKFM4821Q1ZK", business: "Mehta Legal Associates LLP"},
	{first: "Ananya", last: "Das", email: "ananya.das@example.com", addr: address.Input{Address1: "27 Hindusthan Park",
		Address2: "Gariahat", City: "Kolkata", State: "West Bengal", Pincode: "700029", Phone: "9830045671", Type: "home"}},
	{first: "Kabir", last: "Singh", email: "kabir.singh@example.com", addr: address.Input{Address1: "C-9 Vasant Vihar",
		Address2: "Poorvi Marg", City: "New Delhi", State: "Delhi", Pincode: "110057", Phone: "9810076543", Type: "home"}},
	{first: "Meera", last: "Joshi", email: "meera.joshi@example.com", addr: address.Input{Address1: "11 Fateh Sagar Road",
		Address2: "Ambavgarh", City: "Udaipur", State: "Rajasthan", Pincode: "313001", Phone: "9414023456", Type: "work"},
		gstin: "08AABCT7412M1Z3", business: "Tarang Textiles Private Limited"},
}

// What happens to a demo order after it is placed.
type fate int

const (
	awaiting  fate = iota // placed, not yet handed to the courier
	cancelled             // cancelled by the shopper before it shipped
	inTransit             // handed over (invoiced), on its way
	delivered             // delivered (a cash-on-delivery order is then paid)
	rto                   // refused at the door and back at the shop: credited in full
)

// demoPiece is pieces of the nth product (by code) of a sub-category's code prefix.
type demoPiece struct {
	prefix   string
	nth, qty int
}

// demoOrder is one order of the demo month: who, on which day and hour of the month (IST), what,
// with which coupon, for their business or not, and what became of it. upTo, when set, adds
// the prefix's products one piece each until the cart is worth more than it.
type demoOrder struct {
	shopper    int
	day, hour  int
	pieces     []demoPiece
	upTo       shop.Money
	coupon     string
	asBusiness bool
	fate       fate
}

// demoOrders is the demo month: 24 cash-on-delivery orders by the six shoppers, days 1 to 28.
// Kabir's wedding order of suits is an inter-state invoice above the B2CL threshold; one of
// Tarang Textiles' orders and one of Priya's come back to origin (credit notes).
var demoOrders = []demoOrder{
	{shopper: 0, day: 1, hour: 11, pieces: []demoPiece{{"MSH", 0, 2}, {"MTR", 0, 1}}, coupon: "WELCOME15", fate: delivered},
	{shopper: 1, day: 2, hour: 19, pieces: []demoPiece{{"WSH", 0, 1}, {"WTR", 0, 1}}, coupon: "WELCOME15", fate: delivered},
	{shopper: 2, day: 3, hour: 10, pieces: []demoPiece{{"MBL", 0, 1}, {"MSH", 1, 3}}, asBusiness: true, fate: delivered},
	{shopper: 3, day: 4, hour: 21, pieces: []demoPiece{{"WBL", 0, 1}}, fate: delivered},
	{shopper: 4, day: 5, hour: 13, pieces: []demoPiece{{"MSU", 0, 1}, {"MSH", 2, 2}}, coupon: "FESTIVE10", fate: delivered},
	{shopper: 5, day: 6, hour: 12, pieces: []demoPiece{{"WBL", 1, 2}, {"WSH", 1, 2}}, asBusiness: true, fate: delivered},
	{shopper: 5, day: 7, hour: 18, pieces: []demoPiece{{"MWC", 0, 1}, {"MTR", 4, 2}}, asBusiness: true, fate: rto},
	{shopper: 1, day: 8, hour: 9, pieces: []demoPiece{{"WSK", 0, 1}, {"WSH", 2, 1}}, coupon: "TAILOR5", fate: delivered},
	{shopper: 4, day: 9, hour: 16, upTo: shop.Rupees(110000), pieces: []demoPiece{{"MSU", 1, 0}}, fate: delivered},
	{shopper: 2, day: 10, hour: 11, pieces: []demoPiece{{"MTR", 1, 4}, {"MST", 0, 2}}, asBusiness: true, fate: delivered},
	{shopper: 3, day: 11, hour: 20, pieces: []demoPiece{{"WTR", 1, 2}}, coupon: "TAILOR5", fate: delivered},
	{shopper: 5, day: 12, hour: 15, pieces: []demoPiece{{"MFW", 0, 1}}, fate: delivered},
	{shopper: 0, day: 13, hour: 10, pieces: []demoPiece{{"MSU", 2, 1}}, coupon: "FESTIVE10", fate: delivered},
	{shopper: 1, day: 14, hour: 22, pieces: []demoPiece{{"WBL", 2, 1}, {"WSK", 1, 1}}, fate: rto},
	{shopper: 2, day: 15, hour: 12, pieces: []demoPiece{{"MSH", 3, 1}}, fate: cancelled},
	{shopper: 4, day: 16, hour: 17, pieces: []demoPiece{{"MBL", 1, 1}, {"MTR", 2, 1}}, fate: delivered},
	{shopper: 3, day: 17, hour: 10, pieces: []demoPiece{{"WSH", 3, 2}}, coupon: "FESTIVE10", fate: delivered},
	{shopper: 5, day: 19, hour: 14, pieces: []demoPiece{{"MSH", 4, 6}}, asBusiness: true, coupon: "TAILOR5", fate: delivered},
	{shopper: 0, day: 21, hour: 19, pieces: []demoPiece{{"MST", 1, 1}, {"MSH", 5, 1}}, fate: delivered},
	{shopper: 1, day: 23, hour: 11, pieces: []demoPiece{{"WTR", 2, 1}}, fate: inTransit},
	{shopper: 4, day: 24, hour: 13, pieces: []demoPiece{{"MWC", 1, 2}}, coupon: "TAILOR5", fate: inTransit},
	{shopper: 2, day: 26, hour: 10, pieces: []demoPiece{{"MSU", 3, 1}}, asBusiness: true, fate: inTransit},
	{shopper: 3, day: 27, hour: 18, pieces: []demoPiece{{"WBL", 3, 1}}, fate: cancelled},
	{shopper: 0, day: 28, hour: 12, pieces: []demoPiece{{"MTR", 3, 2}}, fate: awaiting},
}

// DemoMonth is the month the demo orders are dated in when they are loaded at now: the
// calendar month (IST) before now's, a whole GSTR-1 return period. It is its first instant.
func DemoMonth(now time.Time) time.Time {
	t := now.In(gst.IST)
	return time.Date(t.Year(), t.Month()-1, 1, 0, 0, 0, 0, gst.IST)
}

// step is one thing that happens to a demo order, at a moment of the demo month.
type step struct {
	at    time.Time
	order int
	to    order.Status // "" places the order
}

// LoadOrders places the demo month of orders (DemoMonth) through the shop's own services, as
// the shoppers and the courier would: sign-ups, addresses, carts, checkout with coupons and
// business GSTINs, the hand-over that issues each tax invoice, delivery, and the returns to
// origin that issue credit notes. It runs only in the demo shop (the company has the demo
// GSTIN) when the shop has no orders yet, so loading twice changes nothing; it says how many
// orders it placed.
func LoadOrders(ctx context.Context, d OrdersDeps) (int, error) {
	firm, err := d.Company.Get(ctx)
	if shop.Is(err, shop.NotFound) {
		return 0, nil
	} else if err != nil {
		return 0, fmt.Errorf("demo orders: %w", err)
	}
	if firm.GSTIN != DemoGSTIN {
		return 0, nil
	}
	existing, err := d.Orders.AdminList(ctx, order.AdminFilter{}, shop.Page{Number: 1, Size: 1})
	if err != nil {
		return 0, fmt.Errorf("demo orders: %w", err)
	}
	if existing.Total > 0 {
		return 0, nil
	}
	defer d.Clock.set(time.Time{})
	month := DemoMonth(d.Clock.Now())
	users, addrs, err := demoAccounts(ctx, d)
	if err != nil {
		return 0, err
	}
	pick, err := newPicker(ctx, d.Catalog)
	if err != nil {
		return 0, err
	}
	var steps []step
	for i, o := range demoOrders {
		placed := month.Add(time.Duration(o.day-1)*24*time.Hour + time.Duration(o.hour)*time.Hour + time.Duration(7*i%60)*time.Minute)
		steps = append(steps, step{at: placed, order: i})
		later := func(days float64, to order.Status) {
			steps = append(steps, step{at: placed.Add(time.Duration(days * float64(24*time.Hour))), order: i, to: to})
		}
		switch o.fate {
		case cancelled:
			later(0.2, order.Canceled)
		case inTransit:
			later(1, order.Shipped)
			later(2, order.InTransit)
		case delivered:
			later(1, order.Shipped)
			later(3, order.Delivered)
		case rto:
			later(1, order.Shipped)
			later(3, order.RTOInitiated)
			later(6, order.RTODelivered)
		}
	}
	// One clock for the whole shop: every step in time order, so the invoice and credit-note
	// series run in date order as a real month's would.
	slices.SortStableFunc(steps, func(a, b step) int { return a.at.Compare(b.at) })
	numbers := make([]string, len(demoOrders))
	for _, s := range steps {
		d.Clock.set(s.at)
		o := demoOrders[s.order]
		var err error
		switch s.to {
		case "":
			numbers[s.order], err = placeDemoOrder(ctx, d, pick, users[o.shopper], addrs[o.shopper], s.order)
		case order.Canceled:
			_, err = d.Orders.Cancel(ctx, users[o.shopper], numbers[s.order])
		default:
			_, err = d.Orders.Move(ctx, numbers[s.order], s.to, order.ActorCourier, "", order.StartRefunds)
		}
		if err != nil {
			return 0, fmt.Errorf("demo order %d (%s): %w", s.order+1, s.to, err)
		}
	}
	return len(demoOrders), nil
}

// placeDemoOrder fills shopper user's cart with demo order i's pieces and places it.
func placeDemoOrder(ctx context.Context, d OrdersDeps, pick *picker, user, addressID string, i int) (string, error) {
	o := demoOrders[i]
	wants, err := pick.wants(o)
	if err != nil {
		return "", err
	}
	c, err := d.Carts.Add(ctx, user, wants)
	if err != nil {
		return "", err
	}
	if len(c.Notes) > 0 {
		return "", fmt.Errorf("the cart changed what was asked: %s", strings.Join(c.Notes, "; "))
	}
	p := order.Placement{UserID: user, Mode: order.COD, AddressID: addressID, CouponCode: o.coupon,
		IdempotencyKey: fmt.Sprintf("demo-order-%02d", i+1)}
	if o.asBusiness {
		sh := demoShoppers[o.shopper]
		p.BusinessGSTIN, p.BusinessName = sh.gstin, sh.business
	}
	placed, _, err := d.Orders.Place(ctx, p)
	if err != nil {
		return "", err
	}
	// A shop whose COD confirmation was switched on before its month was loaded (a first
	// `server seed --orders=false`) holds each order for it: the shopper confirms on the
	// phone at once, or the month's later steps could not ship it.
	if c := placed.CODConfirmation; c != nil && c.State == order.CODAwaiting {
		if _, _, err := d.Orders.ConfirmByStaff(ctx, placed.Number, "demo", "Called the shopper, who confirmed the order and the address"); err != nil {
			return "", err
		}
	}
	return placed.Number, nil
}

// demoAccounts signs the demo shoppers up (or in, when an earlier load made them) and gives
// each their delivery address; it returns their user and address ids.
func demoAccounts(ctx context.Context, d OrdersDeps) (users, addrs []string, err error) {
	for _, sh := range demoShoppers {
		s, err := d.Accounts.Register(ctx, account.Registration{FirstName: sh.first, LastName: sh.last, Email: sh.email,
			Password: ShopperPassword})
		if shop.Is(err, shop.Conflict) {
			s, err = d.Accounts.Login(ctx, sh.email, ShopperPassword)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("demo shopper %s: %w", sh.email, err)
		}
		have, err := d.Addresses.List(ctx, s.User.ID)
		if err != nil {
			return nil, nil, err
		}
		id := ""
		for _, a := range have {
			if a.Pincode == sh.addr.Pincode {
				id = a.ID
			}
		}
		if id == "" {
			in := sh.addr
			in.FirstName, in.LastName, in.Email, in.IsDefault = sh.first, sh.last, sh.email, true
			a, err := d.Addresses.Add(ctx, s.User.ID, in)
			if err != nil {
				return nil, nil, fmt.Errorf("demo address of %s: %w", sh.email, err)
			}
			id = a.ID
		}
		users, addrs = append(users, s.User.ID), append(addrs, id)
	}
	return users, addrs, nil
}

// picker chooses the demo orders' pieces from the catalogue: products by code, each in its
// size with the most stock left, so the same catalogue always gives the same orders.
type picker struct {
	byPrefix map[string][]catalog.Product
	taken    map[string]int // product id/size → pieces the demo took
}

func newPicker(ctx context.Context, products *catalog.Service) (*picker, error) {
	p := &picker{byPrefix: map[string][]catalog.Product{}, taken: map[string]int{}}
	for page := 1; ; page++ {
		got, err := products.Products(ctx, catalog.Listing{}, shop.Page{Number: page, Size: 100})
		if err != nil {
			return nil, fmt.Errorf("demo orders: products: %w", err)
		}
		for _, pr := range got.Items {
			if parts := strings.Split(pr.Code, "-"); len(parts) == 3 && parts[0] == "JF" {
				p.byPrefix[parts[1]] = append(p.byPrefix[parts[1]], pr)
			}
		}
		if page >= got.TotalPages {
			break
		}
	}
	for _, list := range p.byPrefix {
		slices.SortFunc(list, func(a, b catalog.Product) int { return strings.Compare(a.Code, b.Code) })
	}
	return p, nil
}

// wants is order o's cart lines.
func (p *picker) wants(o demoOrder) ([]cart.Want, error) {
	var wants []cart.Want
	if o.upTo > 0 {
		var worth shop.Money
		for n := o.pieces[0].nth; worth <= o.upTo; n++ {
			w, price, err := p.take(o.pieces[0].prefix, n, 1)
			if err != nil {
				return nil, err
			}
			wants, worth = append(wants, w), worth+price
		}
		return wants, nil
	}
	for _, pc := range o.pieces {
		w, _, err := p.take(pc.prefix, pc.nth, pc.qty)
		if err != nil {
			return nil, err
		}
		wants = append(wants, w)
	}
	return wants, nil
}

// take is qty pieces of the first product from the nth of prefix on (by code, wrapping) that
// has a size with that many left, and their price.
func (p *picker) take(prefix string, nth, qty int) (cart.Want, shop.Money, error) {
	list := p.byPrefix[prefix]
	for k := range list {
		pr := list[(nth+k)%len(list)]
		best, left := "", 0
		for _, s := range pr.Sizes {
			if l := s.Stock - p.taken[pr.ID+"/"+s.Size]; l > left {
				best, left = s.Size, l
			}
		}
		// Leave a piece in stock, so the demo sells nothing out.
		if left > qty {
			p.taken[pr.ID+"/"+best] += qty
			return cart.Want{ProductID: pr.ID, Size: best, Quantity: qty}, pr.DiscountedPrice * shop.Money(qty), nil
		}
	}
	return cart.Want{}, 0, fmt.Errorf("demo orders: no %s product has %d pieces of a size", prefix, qty)
}
