package invoice

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"

	"drape/internal/gst"
	"drape/internal/shop"
)

// The invoice's typeface: DejaVu Sans, which has the rupee sign (U+20B9); fonts/LICENSE is
// its licence.
var (
	//go:embed fonts/DejaVuSans.ttf
	regularFont []byte
	//go:embed fonts/DejaVuSans-Bold.ttf
	boldFont []byte
)

// The page: A4 portrait, in millimetres.
const (
	pageMargin = 14.0
	columnGap  = 1.6
	pageWidth  = 210.0
	pageHeight = 297.0
	bodyWidth  = pageWidth - 2*pageMargin
	family     = "DejaVu"
)

// The palette: the shop's ink (as its mails use), greys for labels and rules, a warm paper
// tone behind the table's head.
var (
	ink   = [3]int{0x1f, 0x2a, 0x44}
	muted = [3]int{0x6b, 0x6b, 0x6b}
	rule  = [3]int{0xd6, 0xd3, 0xcc}
	paper = [3]int{0xf4, 0xf1, 0xea}
)

// feeLines are the descriptions of the lines that are charges rather than goods (see
// order's hand-over): their unit quantity code is OTH (others), the goods' PCS (pieces).
var feeLines = map[string]bool{"Shipping": true, "Cash on delivery fee": true}

// FileName is the name of inv's PDF when downloaded or attached: its number with every "/"
// made "-" (JF-26-27-000123.pdf).
func FileName(number string) string { return strings.ReplaceAll(number, "/", "-") + ".pdf" }

// PDF renders inv as a tax invoice on A4 with every field Rule 46 of the CGST Rules asks for:
// the supplier's name, address and GSTIN; the number and date; the recipient's name, address
// and (for a business) GSTIN; the place of supply with its state code; per line the HSN code,
// description, quantity, unit, value, discount, taxable value, and the rate and amount of
// CGST and SGST (within a state) or IGST (across states); the totals and the total in words;
// whether tax is payable on reverse charge; and the supplier's signature line. The same
// invoice always gives the same bytes: the document's dates are the issue time and nothing
// else varies, so a PDF need not be stored.
func PDF(inv Invoice) ([]byte, error) { return render(inv, nil) }

// CreditNotePDF renders note, a credit note against inv, on A4 in the invoice's layout with the
// fields Rule 53(1A) asks of a credit note: the nature of the document, its number and date,
// the supplier and the recipient as on the invoice, the invoice it credits (number and date),
// the reason, and per line the taxable value, the rate and the tax credited, with the totals
// and the signature line. The same note always gives the same bytes.
func CreditNotePDF(inv Invoice, note CreditNote) ([]byte, error) { return render(inv, &note) }

// render draws inv, or note when it is not nil, as a PDF.
func render(inv Invoice, note *CreditNote) ([]byte, error) {
	doc, title := inv, "Tax invoice "+inv.Number
	if note != nil {
		doc.Number, doc.IssuedAt, doc.Lines, doc.Totals = note.Number, note.IssuedAt, note.Lines, note.Totals
		title = "Credit note " + note.Number
	}
	d := fpdf.New("P", "mm", "A4", "")
	d.SetCatalogSort(true)
	d.SetCreationDate(doc.IssuedAt)
	d.SetModificationDate(doc.IssuedAt)
	d.SetTitle(title, true)
	d.SetAuthor(inv.Supplier.Name, true)
	d.SetCreator("drape", true)
	d.SetLang("en-IN")
	d.AddUTF8FontFromBytes(family, "", regularFont)
	d.AddUTF8FontFromBytes(family, "B", boldFont)
	d.SetMargins(pageMargin, pageMargin, pageMargin)
	d.SetAutoPageBreak(false, pageMargin)
	d.SetCellMargin(0)
	r := renderer{d: d, inv: doc, intra: inv.PlaceOfSupply.Code == supplierCode(inv)}
	if note != nil {
		r.against = &inv
		r.reason = note.Reason
	}
	r.columns()
	d.AddPage()
	r.header()
	r.parties()
	r.table()
	r.totals()
	r.signature()
	r.footers()
	var out bytes.Buffer
	if err := d.Output(&out); err != nil {
		return nil, fmt.Errorf("invoice: rendering %s: %w", doc.Number, err)
	}
	return out.Bytes(), nil
}

// supplierCode is the state code of inv's supplier: the first two digits of its GSTIN.
func supplierCode(inv Invoice) string {
	if s, ok := gst.StateOfGSTIN(inv.SupplierGSTIN); ok {
		return s.Code
	}
	return ""
}

// column is one column of the lines' table.
type column struct {
	title string
	width float64
	right bool
	cell  func(l Line) (main, sub string)
}

// renderer draws one invoice, or one credit note (inv then holds the note's number, date, lines
// and totals, and against the invoice it credits).
type renderer struct {
	d       *fpdf.Fpdf
	inv     Invoice
	against *Invoice // the credited invoice; nil for an invoice
	reason  string   // a credit note's reason
	intra   bool
	cols    []column
}

func (r *renderer) font(style string, size float64, color [3]int) {
	r.d.SetFont(family, style, size)
	r.d.SetTextColor(color[0], color[1], color[2])
}

// text writes s at (x, y), y being the top of the line, aligned left, or right to x when
// right is set.
func (r *renderer) text(x, y float64, s string, right bool) {
	if right {
		x -= r.d.GetStringWidth(s)
	}
	_, size := r.d.GetFontSize()
	r.d.Text(x, y+size*0.8, s)
}

// lines writes s wrapped to width w from (x, y) with line height h, and returns the y below it.
func (r *renderer) lines(x, y, w, h float64, s string) float64 {
	for _, line := range r.d.SplitText(s, w) {
		r.text(x, y, line, false)
		y += h
	}
	return y
}

func (r *renderer) hr(y float64, color [3]int, width float64) {
	r.d.SetDrawColor(color[0], color[1], color[2])
	r.d.SetLineWidth(width)
	r.d.Line(pageMargin, y, pageWidth-pageMargin, y)
}

// header is the supplier on the left and the document's title on the right.
func (r *renderer) header() {
	inv := r.inv
	y := pageMargin
	r.font("B", 16, ink)
	title := "TAX INVOICE"
	if r.against != nil {
		title = "CREDIT NOTE"
	}
	r.text(pageWidth-pageMargin, y, title, true)
	r.font("", 7.5, muted)
	r.text(pageWidth-pageMargin, y+7, "Original for recipient", true)

	r.font("B", 13, ink)
	y = r.lines(pageMargin, y, 110, 5.6, inv.Supplier.Name)
	r.font("", 8.5, muted)
	y = r.lines(pageMargin, y+0.8, 105, 4, inv.Supplier.Address)
	state := inv.Supplier.State
	if code := supplierCode(inv); code != "" {
		state += " (state code " + code + ")"
	}
	y = r.lines(pageMargin, y, 105, 4, state)
	r.font("B", 8.5, ink)
	r.text(pageMargin, y+0.8, "GSTIN  "+inv.SupplierGSTIN, false)
	r.d.SetY(y + 8)
	r.hr(y+8, ink, 0.5)
	r.d.SetY(y + 13)
}

// parties is the recipient on the left and the invoice's particulars on the right.
func (r *renderer) parties() {
	inv := r.inv
	top := r.d.GetY()
	r.font("B", 7, muted)
	r.text(pageMargin, top, "BILLED AND SHIPPED TO", false)
	r.font("B", 10, ink)
	y := r.lines(pageMargin, top+4.5, 95, 4.8, inv.Recipient.Name)
	r.font("", 8.5, ink)
	y = r.lines(pageMargin, y+0.5, 95, 4, inv.Recipient.Address)
	if inv.RecipientGSTIN != "" {
		r.font("B", 8.5, ink)
		r.text(pageMargin, y+0.8, "GSTIN  "+inv.RecipientGSTIN, false)
		y += 4.8
	}

	facts := [][2]string{
		{"Invoice number", inv.Number},
		{"Invoice date", inv.IssuedAt.In(gst.IST).Format("2 January 2006")},
		{"Place of supply", inv.PlaceOfSupply.Name + " (" + inv.PlaceOfSupply.Code + ")"},
		{"Tax payable on reverse charge", "No"},
	}
	if a := r.against; a != nil {
		facts = [][2]string{
			{"Credit note number", inv.Number},
			{"Credit note date", inv.IssuedAt.In(gst.IST).Format("2 January 2006")},
			{"Against invoice", a.Number},
			{"Invoice date", a.IssuedAt.In(gst.IST).Format("2 January 2006")},
			{"Reason", r.reason},
			{"Place of supply", inv.PlaceOfSupply.Name + " (" + inv.PlaceOfSupply.Code + ")"},
			{"Tax payable on reverse charge", "No"},
		}
	}
	labelX, right := 118.0, pageWidth-pageMargin
	fy := top
	for _, f := range facts {
		r.font("", 7.5, muted)
		r.text(labelX, fy+0.5, f[0], false)
		r.font("B", 8.5, ink)
		r.text(right, fy, f[1], true)
		fy += 5.4
	}
	r.d.SetY(max(y, fy) + 6)
}

// columns lays out the lines' table: CGST and SGST, each with its rate, within a state; IGST
// across states; the description takes the width the figures leave.
func (r *renderer) columns() {
	amount := func(f func(Line) Amount) func(Line) (string, string) {
		return func(l Line) (string, string) { return figure(f(l)), "" }
	}
	tax := func(f func(Line) Amount, share float64) func(Line) (string, string) {
		return func(l Line) (string, string) { return figure(f(l)), "@ " + printedRate(l.Rate*share) }
	}
	r.cols = []column{
		{title: "Description", cell: func(l Line) (string, string) {
			return l.Description, strconv.Itoa(l.Quantity) + " × ₹" + figure(l.UnitPrice)
		}},
		{title: "HSN", width: 14, cell: func(l Line) (string, string) { return l.HSN, "" }},
		{title: "Qty", width: 13, right: true, cell: func(l Line) (string, string) {
			return strconv.Itoa(l.Quantity) + " " + unit(l), ""
		}},
		{title: "Value", width: 17, right: true, cell: func(l Line) (string, string) {
			return figure(l.UnitPrice * Amount(l.Quantity)), ""
		}},
		{title: "Discount", width: 15, right: true, cell: amount(func(l Line) Amount { return l.Discount })},
		{title: "Taxable\nvalue", width: 17, right: true, cell: amount(func(l Line) Amount { return l.TaxableValue })},
	}
	if r.intra {
		r.cols = append(r.cols,
			column{title: "CGST", width: 15, right: true, cell: tax(func(l Line) Amount { return l.CGST }, 0.5)},
			column{title: "SGST", width: 15, right: true, cell: tax(func(l Line) Amount { return l.SGST }, 0.5)})
	} else {
		r.cols = append(r.cols, column{title: "IGST", width: 17, right: true, cell: tax(func(l Line) Amount { return l.IGST }, 1)})
	}
	r.cols = append(r.cols, column{title: "Total", width: 18, right: true, cell: amount(func(l Line) Amount { return l.Total })})
	rest := bodyWidth
	for _, c := range r.cols[1:] {
		rest -= c.width + columnGap
	}
	r.cols[0].width = rest
}

// unit is l's unit quantity code: OTH (others) for a charge, PCS (pieces) for goods.
func unit(l Line) string {
	if feeLines[l.Description] {
		return "OTH"
	}
	return "PCS"
}

// table is the lines, with the table's head again on every page it runs onto.
func (r *renderer) table() {
	r.tableHead()
	for i, l := range r.inv.Lines {
		r.font("B", 8, ink)
		desc := r.d.SplitText(l.Description, r.cols[0].width)
		h := float64(len(desc))*3.9 + 7
		if r.d.GetY()+h > pageHeight-pageMargin-12 {
			r.d.AddPage()
			r.d.SetY(pageMargin)
			r.tableHead()
		}
		y := r.d.GetY() + 2.4
		x := pageMargin
		for ci, c := range r.cols {
			main, sub := c.cell(l)
			edge := x
			if c.right {
				edge = x + c.width
			}
			r.font("", 8, ink)
			if ci == 0 {
				r.font("B", 8, ink)
				r.lines(x, y, c.width, 3.9, main)
				r.font("", 6.8, muted)
				r.text(x, y+float64(len(desc))*3.9+0.2, sub, false)
			} else {
				r.text(edge, y, main, c.right)
				if sub != "" {
					r.font("", 6.8, muted)
					r.text(edge, y+3.9, sub, c.right)
				}
			}
			x += c.width + columnGap
		}
		bottom := y + h - 2.4
		if i < len(r.inv.Lines)-1 {
			r.hr(bottom, rule, 0.2)
		}
		r.d.SetY(bottom)
	}
	r.hr(r.d.GetY(), ink, 0.4)
}

func (r *renderer) tableHead() {
	y := r.d.GetY()
	r.d.SetFillColor(paper[0], paper[1], paper[2])
	r.d.Rect(pageMargin, y, bodyWidth, 10, "F")
	r.font("B", 6.8, ink)
	x := pageMargin
	for _, c := range r.cols {
		title := strings.Split(c.title, "\n")
		switch {
		case c.right && c.title != "Qty" && len(title) == 1:
			title = append(title, "(₹)")
		case c.right && c.title != "Qty":
			title[len(title)-1] += " (₹)"
		}
		edge := x
		if c.right {
			edge = x + c.width
		}
		for i, line := range title {
			r.text(edge, y+5.6-float64(len(title)-1-i)*3.1, line, c.right)
		}
		x += c.width + columnGap
	}
	r.d.SetY(y + 10)
}

// totals adds the lines up beside the amount in words.
func (r *renderer) totals() {
	t := r.inv.Totals
	y := r.d.GetY() + 5
	rows := [][2]string{{"Taxable value", figure(t.TaxableValue)}}
	if r.intra {
		rows = append(rows, [2]string{"CGST", figure(t.CGST)}, [2]string{"SGST", figure(t.SGST)})
	} else {
		rows = append(rows, [2]string{"IGST", figure(t.IGST)})
	}
	labelX, right := 130.0, pageWidth-pageMargin
	ty := y
	for _, row := range rows {
		r.font("", 8.5, muted)
		r.text(labelX, ty, row[0], false)
		r.font("", 8.5, ink)
		r.text(right, ty, "₹"+row[1], true)
		ty += 5.2
	}
	r.d.SetDrawColor(ink[0], ink[1], ink[2])
	r.d.SetLineWidth(0.3)
	r.d.Line(labelX, ty, right, ty)
	r.font("B", 11, ink)
	label := "Invoice total"
	if r.against != nil {
		label = "Total credited"
	}
	r.text(labelX, ty+2.4, label, false)
	r.text(right, ty+2.4, "₹"+figure(t.Total), true)
	ty += 9

	r.font("B", 7, muted)
	r.text(pageMargin, y, "AMOUNT IN WORDS", false)
	r.font("", 8.5, ink)
	wy := r.lines(pageMargin, y+4.5, 100, 4.2, InWords(shop.Money(t.Total)))
	r.font("", 7.5, muted)
	wy = r.lines(pageMargin, wy+3, 100, 3.6, "Prices include GST: each line's taxable value and tax are worked out from its price.")
	r.d.SetY(max(ty, wy) + 4)
}

// signature is the supplier's signature line, at the foot of the last page.
func (r *renderer) signature() {
	y := max(r.d.GetY()+14, pageHeight-pageMargin-36)
	if y+26 > pageHeight-pageMargin {
		r.d.AddPage()
		y = pageHeight - pageMargin - 36
	}
	right := pageWidth - pageMargin
	r.font("", 8.5, ink)
	r.text(right, y, "For "+r.inv.Supplier.Name, true)
	r.d.SetDrawColor(muted[0], muted[1], muted[2])
	r.d.SetLineWidth(0.25)
	r.d.Line(right-62, y+18, right, y+18)
	r.font("", 7.5, muted)
	r.text(right, y+19.5, "Authorised signatory", true)
}

// footers numbers the pages and says which invoice they are.
func (r *renderer) footers() {
	n := r.d.PageCount()
	for p := 1; p <= n; p++ {
		r.d.SetPage(p)
		y := pageHeight - pageMargin + 4
		r.hr(y-2, rule, 0.2)
		r.font("", 6.8, muted)
		r.text(pageMargin, y, r.inv.Supplier.Name+" · GSTIN "+r.inv.SupplierGSTIN+" · "+r.inv.Number, false)
		r.text(pageWidth-pageMargin, y, fmt.Sprintf("Page %d of %d", p, n), true)
	}
}

// figure is an amount as the invoice prints it: Indian digit grouping, always two decimals,
// no symbol (1,24,999.00).
func figure(a Amount) string {
	s := strings.Replace(shop.Money(a).String(), "₹", "", 1)
	if !strings.Contains(s, ".") {
		s += ".00"
	}
	return s
}

// printedRate is a rate as the PDF prints it: 5%, 2.5%, 18%.
func printedRate(rate float64) string {
	return strconv.FormatFloat(rate, 'f', -1, 64) + "%"
}

// Document is an issued invoice as a file.
type Document struct {
	Number   string
	FileName string // see FileName
	PDF      []byte
}

// Document is the invoice of order id as a PDF. Errors: NotFound 'Invoice not found' before
// it is issued.
func (s *Service) Document(ctx context.Context, orderID string) (Document, error) {
	inv, err := s.ForOrder(ctx, orderID)
	if err != nil {
		return Document{}, err
	}
	if inv == nil {
		return Document{}, shop.E(shop.NotFound, "Invoice not found")
	}
	doc, err := PDF(*inv)
	if err != nil {
		return Document{}, err
	}
	return Document{Number: inv.Number, FileName: FileName(inv.Number), PDF: doc}, nil
}

// CreditNoteDocument is the credit note of order id whose file name (see FileName) is file,
// JF-CN-26-27-0001.pdf, as a PDF. Errors: NotFound 'Credit note not found' when the order has
// no such note.
func (s *Service) CreditNoteDocument(ctx context.Context, orderID, file string) (Document, error) {
	inv, err := s.ForOrder(ctx, orderID)
	if err != nil {
		return Document{}, err
	}
	if inv != nil {
		for _, n := range inv.CreditNotes {
			if FileName(n.Number) != file {
				continue
			}
			doc, err := CreditNotePDF(*inv, n)
			if err != nil {
				return Document{}, err
			}
			return Document{Number: n.Number, FileName: file, PDF: doc}, nil
		}
	}
	return Document{}, shop.E(shop.NotFound, "Credit note not found")
}
