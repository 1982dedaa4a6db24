package order

import (
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"drape/internal/mailqueue"
	"drape/internal/pricing"
	"drape/internal/shop"
)

// pricedOrder is an order priced by package pricing: a shirt with its own discount in a
// running sale, trousers at list price, and a coupon over both.
func pricedOrder(shirtName string) Order {
	sale := []pricing.Sale{{Name: "Diwali Sale", Discount: 10, Active: true, Gender: pricing.All, SubCategoryIDs: []string{"shirts"}}}
	shirt := pricing.Price(pricing.Item{Price: 249900, Discount: 20, SubCategoryID: "shirts"}, sale)
	trousers := pricing.Price(pricing.Item{Price: 459800, SubCategoryID: "trousers"}, sale)
	lines := []pricing.Line{{Quote: shirt, Quantity: 2}, {Quote: trousers, Quantity: 1}}
	t := pricing.Sum(lines, &pricing.CouponTerms{Percent: 10})
	return Order{ID: "o1", Number: "DRP1", PaymentMode: COD, ListTotal: t.List, SubTotal: t.Subtotal, ProductDiscount: t.ProductDiscount(),
		CouponCode: "FESTIVE10", CouponDiscount: t.CouponDiscount, Amount: t.Total, TotalAmount: t.Total,
		Address: Address{FirstName: "Asha <b>", LastName: "Rao", Address1: "12 MG Road", City: "Kolkata", State: "West Bengal", Pincode: "700016", Email: "asha@example.in"},
		Items: []Item{
			{ProductName: shirtName, Size: "M", Quantity: 2, Price: shirt.List, Discount: 20, SaleName: "Diwali Sale", SaleDiscount: 10, DiscountedPrice: shirt.Unit, Total: shirt.Unit * 2},
			{ProductName: "Charcoal Trousers", Size: "32", Quantity: 1, Price: trousers.List, DiscountedPrice: trousers.Unit, Total: trousers.Unit},
		}}
}

var (
	mailRow    = regexp.MustCompile(`(?s)<tr>(.*?)</tr>`)
	mailCell   = regexp.MustCompile(`(?s)<td[^>]*>(.*?)</td>`)
	mailTag    = regexp.MustCompile(`<[^>]+>`)
	mailRupees = regexp.MustCompile(`^(-?)₹([0-9,]+)(?:\.([0-9]{2}))?$`)
)

// rupees reads an amount as the mail shows it (₹4,598, -₹919.60) into paise.
func rupees(t *testing.T, s string) (shop.Money, bool) {
	m := mailRupees.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, false
	}
	whole, err := strconv.ParseInt(strings.ReplaceAll(m[2], ",", ""), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	paise := whole * 100
	if m[3] != "" {
		p, _ := strconv.ParseInt(m[3], 10, 64)
		paise += p
	}
	if m[1] == "-" {
		paise = -paise
	}
	return shop.Money(paise), true
}

// TestConfirmationMailAddsUp: the rows of the confirmation mail, as a shopper reads them (each
// line, the discounts, the coupon), add up to the total it shows, which is what the order
// costs; the text version says the same.
func TestConfirmationMailAddsUp(t *testing.T) {
	o := pricedOrder("Slim Shirt")
	if o.CouponDiscount == 0 || o.ProductDiscount == 0 {
		t.Fatalf("the order needs a product discount and a coupon: %+v", o)
	}
	m := confirmationMail(o, "https://drape.example")
	var sum, total shop.Money
	var labels []string
	for _, row := range mailRow.FindAllStringSubmatch(m.HTML, -1) {
		cells := mailCell.FindAllStringSubmatch(row[1], -1)
		if len(cells) != 2 {
			t.Fatalf("row %q: %d cells", row[1], len(cells))
		}
		label := html.UnescapeString(strings.TrimSpace(mailTag.ReplaceAllString(cells[0][1], " ")))
		amount, ok := rupees(t, html.UnescapeString(mailTag.ReplaceAllString(cells[1][1], "")))
		labels = append(labels, label)
		switch {
		case label == "Total":
			total = amount
		case ok:
			sum += amount
		}
	}
	if total != o.Amount || sum != total {
		t.Fatalf("rows %q add up to %s, the mail's total is %s, the order's %s", labels, sum, total, o.Amount)
	}
	if !strings.Contains(strings.Join(labels, "|"), "Coupon FESTIVE10") {
		t.Errorf("no coupon row in %q", labels)
	}

	var textSum shop.Money
	for _, line := range strings.Split(m.Text, "\n") {
		f := strings.Fields(strings.TrimSuffix(strings.TrimSpace(line), "]"))
		if len(f) < 2 || strings.HasPrefix(line, "Hello") {
			continue
		}
		for i := len(f) - 1; i >= 0; i-- {
			if amount, ok := rupees(t, f[i]); ok {
				if f[0] == "Total" {
					if amount != textSum || amount != o.Amount {
						t.Fatalf("text: rows add up to %s, total says %s, order %s\n%s", textSum, amount, o.Amount, m.Text)
					}
					return
				}
				if !strings.Contains(line, "keep") {
					textSum += amount
				}
				break
			}
		}
	}
	t.Fatalf("text mail has no total:\n%s", m.Text)
}

// TestMailEscapesNames: a product or person named like markup shows as text in the mail and
// never becomes markup.
func TestMailEscapesNames(t *testing.T) {
	hostile := `<script>alert("x")</script><img src=x onerror=alert(1)> & "Shirt"`
	o := pricedOrder(hostile)
	for _, m := range []string{confirmationMail(o, "https://drape.example").HTML, cancellationMail(o, `<a href="javascript:x">`).HTML,
		progressMail(o, `javascript:alert(1)//`).HTML} {
		for _, bad := range []string{"<script", "<img", "<b>", `href="javascript:`, `<a href="javascript`} {
			if strings.Contains(m, bad) {
				t.Errorf("mail holds %q:\n%s", bad, m)
			}
		}
	}
	page := confirmationMail(o, "https://drape.example").HTML
	if !strings.Contains(page, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;") || !strings.Contains(page, "Asha &lt;b&gt;") {
		t.Errorf("names are not shown as text:\n%s", page)
	}
}

// TestOrderMailsUseTheShopLayout: every order mail looks like the shop's other mails (the
// account mails): the layout's brand and greeting first and its end last, in HTML and in text.
func TestOrderMailsUseTheShopLayout(t *testing.T) {
	o := pricedOrder("Slim Shirt")
	o.Address.FirstName = "Asha"
	probe := mailqueue.NewLayout(`{{define "first"}}{{template "open" .}}{{end}}{{define "last"}}{{template "close" .}}{{end}}`,
		`{{define "first"}}{{template "open" .}}{{end}}{{define "last"}}{{template "close" .}}{{end}}`)
	openHTML, openText := probe.Render("first", struct{ Name string }{"Asha"})
	closeHTML, closeText := probe.Render("last", struct{ Name string }{"Asha"})
	for _, m := range []mailqueue.Message{confirmationMail(o, "https://drape.example"), cancellationMail(o, "out of stock"),
		progressMail(o, "https://drape.example"), refundMail(o)} {
		if !strings.HasPrefix(m.HTML, openHTML) || !strings.HasSuffix(m.HTML, closeHTML) {
			t.Errorf("%s: HTML is not in the shop's layout:\n%s", m.Kind, m.HTML)
		}
		if !strings.HasPrefix(m.Text, openText) || !strings.HasSuffix(m.Text, closeText) {
			t.Errorf("%s: text is not in the shop's layout:\n%s", m.Kind, m.Text)
		}
	}
}
