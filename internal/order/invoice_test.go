package order_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"drape/internal/catalog"
	"drape/internal/company"
	"drape/internal/invoice"
	"drape/internal/order"
	"drape/internal/order/ordertest"
	"drape/internal/shop"
)

// copyOrder writes n copies of placed order id straight to the tables, PENDING and holding no
// stock, and returns their ids.
func copyOrder(t *testing.T, s ordertest.Shop, id string, n int) []string {
	t.Helper()
	ctx := context.Background()
	if _, err := s.Pool.Exec(ctx, `
		INSERT INTO orders (id, order_number, user_id, idempotency_key, payment_mode, payment_status, order_status, list_total,
		                    subtotal, coupon_code, coupon_discount, shipping, tax, total, address, shipment, stock_held)
		SELECT lpad(to_hex(g), 24, '0'), o.order_number || '-' || g, o.user_id, o.idempotency_key || '-' || g, o.payment_mode,
		       o.payment_status, 'PENDING', o.list_total, o.subtotal, o.coupon_code, o.coupon_discount, o.shipping, o.tax,
		       o.total, o.address, o.shipment, false
		FROM orders o, generate_series(1, $2::int) g WHERE o.id = $1`, id, n); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Pool.Exec(ctx, `
		INSERT INTO order_lines (order_id, position, product_id, product_code, product_name, size, quantity, list_price,
		                         discount, sale_name, sale_discount, unit_price, line_total, thumbnail)
		SELECT lpad(to_hex(g), 24, '0'), l.position, l.product_id, l.product_code, l.product_name, l.size, l.quantity,
		       l.list_price, l.discount, l.sale_name, l.sale_discount, l.unit_price, l.line_total, l.thumbnail
		FROM order_lines l, generate_series(1, $2::int) g WHERE l.order_id = $1`, id, n); err != nil {
		t.Fatal(err)
	}
	rows, err := s.Pool.Query(ctx, `SELECT lpad(to_hex(g), 24, '0') FROM generate_series(1, $1::int) g`, n)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// registerGST registers s's company for GST in Rajasthan with invoice prefix JF.
func registerGST(t *testing.T, s ordertest.Shop) {
	t.Helper()
	ctx := context.Background()
	firm, err := s.Company.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Company.Save(ctx, firm, &company.Tax{Registered: true, GSTIN: "08AAACJ4321K1ZO",
		LegalName: "Jaipur Formals Private Limited", InvoicePrefix: "JF"}); err != nil {
		t.Fatal(err)
	}
}

// TestInvoiceIssuedAtHandOver: an order has no invoice until it is handed to the courier;
// then its invoice (first of the financial year's series) splits the ₹1,799 shirt into
// ₹1,713.34 taxable and ₹42.83 CGST + ₹42.83 SGST (delivery in Rajasthan, the company's
// state), its total is the order's; later moves issue no second invoice; an order cancelled
// before hand-over gets none; the database refuses to change an issued invoice.
func TestInvoiceIssuedAtHandOver(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	registerGST(t, s)
	user, home := s.Shopper(t, "meera@example.in")
	s.Add(t, user, "M", 1)
	placed := s.Place(t, user, home, order.COD)
	invoiceOf := func(number string) *invoice.Invoice {
		t.Helper()
		o, err := s.Orders.Get(ctx, user, number)
		if err != nil {
			t.Fatal(err)
		}
		return o.Invoice.Invoice
	}
	for _, to := range []order.Status{order.Confirmed, order.ReadyToShip} {
		if _, err := s.Orders.Move(ctx, placed.ID, to, "staff:1", "", order.RequestRefunds); err != nil {
			t.Fatal(err)
		}
		o, err := s.Orders.Get(ctx, user, placed.Number)
		if err != nil || o.Invoice.Invoice != nil {
			t.Fatalf("%s: an invoice before hand-over: %+v %v", to, o.Invoice.Invoice, err)
		}
		if body, _ := json.Marshal(o); !strings.Contains(string(body), `"invoice":null`) {
			t.Fatalf("%s: the order record does not say invoice: null", to)
		}
	}
	if _, err := s.Orders.Move(ctx, placed.ID, order.Shipped, "staff:1", "", order.RequestRefunds); err != nil {
		t.Fatal(err)
	}
	inv := invoiceOf(placed.Number)
	fy := invoice.FinancialYear(time.Now())
	if inv == nil || inv.Number != "JF/"+fy+"/000001" || inv.SupplierGSTIN != "08AAACJ4321K1ZO" || inv.PlaceOfSupply.Code != "08" ||
		inv.PlaceOfSupply.Name != "Rajasthan" || len(inv.Lines) != 1 || len(inv.CreditNotes) != 0 {
		t.Fatalf("invoice: %+v", inv)
	}
	want := invoice.Line{Description: "Oxford Shirt (M)", HSN: "6205", Quantity: 1, UnitPrice: 199900, Discount: 20000,
		TaxableValue: 171334, Rate: 5, CGST: 4283, SGST: 4283, Total: 179900}
	if inv.Lines[0] != want || inv.Totals != (invoice.Totals{TaxableValue: 171334, CGST: 4283, SGST: 4283, Total: 179900}) ||
		shop.Money(inv.Totals.Total) != placed.Amount {
		t.Fatalf("lines %+v totals %+v, want %+v and the order's %d", inv.Lines, inv.Totals, want, placed.Amount)
	}
	body, _ := json.Marshal(inv)
	for _, wire := range []string{`"unitPrice":1999.00`, `"discount":200.00`, `"taxableValue":1713.34`, `"cgst":42.83`,
		`"igst":0.00`, `"rate":5`, `"placeOfSupply":{"code":"08","state":"Rajasthan"}`, `"creditNotes":[]`} {
		if !strings.Contains(string(body), wire) {
			t.Errorf("the invoice's JSON lacks %s: %s", wire, body)
		}
	}
	if _, err := s.Orders.Move(ctx, placed.ID, order.Delivered, "staff:1", "", order.RequestRefunds); err != nil {
		t.Fatal(err)
	}
	if again := invoiceOf(placed.Number); again == nil || again.Number != inv.Number {
		t.Fatalf("after delivery: %+v", again)
	}

	s.Add(t, user, "S", 1)
	cancelled := s.Place(t, user, home, order.COD)
	if _, err := s.Orders.Move(ctx, cancelled.ID, order.Canceled, "staff:1", "", order.RequestRefunds); err != nil {
		t.Fatal(err)
	}
	if inv := invoiceOf(cancelled.Number); inv != nil {
		t.Fatalf("a cancelled order has invoice %s", inv.Number)
	}
	var issued int
	if err := s.Pool.QueryRow(ctx, `SELECT count(*) FROM invoices`).Scan(&issued); err != nil || issued != 1 {
		t.Fatalf("%d invoices (%v), want 1", issued, err)
	}
	for _, change := range []string{`UPDATE invoices SET total = 0`, `DELETE FROM invoice_lines`, `UPDATE invoice_lines SET hsn = '6203'`} {
		if _, err := s.Pool.Exec(ctx, change); err == nil {
			t.Errorf("%s: an issued invoice changed", change)
		}
	}
}

// TestInvoiceNumbersGaplessUnderConcurrency: 1,000 orders handed to the courier by two
// issuers at once get 1,000 distinct numbers, serials 1 to 1,000 with no gap, each invoice's
// total its order's.
func TestInvoiceNumbersGaplessUnderConcurrency(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	registerGST(t, s)
	user, home := s.Shopper(t, "meera@example.in")
	s.Add(t, user, "M", 1)
	model := s.Place(t, user, home, order.COD)
	const n = 1000
	// The 1,000 orders are copies of a placed one, written straight to the tables.
	ids := make(chan string, n)
	for _, id := range copyOrder(t, s, model.ID, n) {
		ids <- id
	}
	close(ids)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	start := time.Now()
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for id := range ids {
				if _, err := s.Orders.Move(ctx, id, order.Shipped, order.ActorCourier, "", order.StartRefunds); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	t.Logf("%d orders handed over by 2 issuers in %v", n, time.Since(start))
	var count, distinct, low, high, wrongTotals int
	if err := s.Pool.QueryRow(ctx, `
		SELECT count(*), count(DISTINCT i.number), min(i.serial), max(i.serial), count(*) FILTER (WHERE i.total <> o.total)
		FROM invoices i JOIN orders o ON o.id = i.order_id`).Scan(&count, &distinct, &low, &high, &wrongTotals); err != nil {
		t.Fatal(err)
	}
	if count != n || distinct != n || low != 1 || high != n || wrongTotals != 0 {
		t.Fatalf("%d invoices, %d distinct numbers, serials %d..%d, %d totals not the order's: want %d, %d, 1..%d, 0",
			count, distinct, low, high, wrongTotals, n, n, n)
	}
}

// TestNoHandOverWithoutHSN: a registered shop cannot hand over an order of a product with no
// HSN code: the move is refused naming the product, the order stays where it was and no
// invoice number is used; once the product has a code, it ships with invoice 000001.
func TestNoHandOverWithoutHSN(t *testing.T) {
	s := newShop(t)
	ctx := context.Background()
	registerGST(t, s)
	user, home := s.Shopper(t, "meera@example.in")
	s.Add(t, user, "M", 1)
	placed := s.Place(t, user, home, order.COD)
	if _, err := s.Pool.Exec(ctx, `UPDATE sub_categories SET category_type = 'Neckwear'`); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Pool.Exec(ctx, `UPDATE products SET hsn = ''`); err != nil {
		t.Fatal(err)
	}
	_, err := s.Orders.Move(ctx, placed.ID, order.Shipped, "staff:1", "", order.RequestRefunds)
	if !shop.Is(err, shop.Invalid) || !strings.Contains(err.Error(), "Oxford Shirt (M) has no HSN code") {
		t.Fatalf("shipping without an HSN code: %v", err)
	}
	o, err := s.Orders.Get(ctx, user, placed.Number)
	if err != nil || o.Status != order.Pending || o.Invoice.Invoice != nil {
		t.Fatalf("after the refused move: %s %+v %v", o.Status, o.Invoice.Invoice, err)
	}
	tie := "6215"
	if _, err := s.Catalog.UpdateProduct(ctx, s.Shirt.ID, catalog.ProductChanges{HSN: &tie}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Orders.Move(ctx, placed.ID, order.Shipped, "staff:1", "", order.RequestRefunds); err != nil {
		t.Fatal(err)
	}
	o, err = s.Orders.Get(ctx, user, placed.Number)
	if err != nil || o.Invoice.Invoice == nil || !strings.HasSuffix(o.Invoice.Invoice.Number, "/000001") ||
		o.Invoice.Invoice.Lines[0].HSN != "6215" {
		t.Fatalf("after setting the code: %+v %v", o.Invoice.Invoice, err)
	}
}
