package invoice

import (
	"strconv"
	"time"

	"drape/internal/gst"
	"drape/internal/shop"
)

// Amount is money on an invoice: integer paise inside, rupees with two decimals on the wire
// (1999.00, 95.19).
type Amount shop.Money

// MarshalJSON writes rupees as a JSON number with two decimals.
func (a Amount) MarshalJSON() ([]byte, error) {
	p := int64(a)
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	return []byte(sign + strconv.FormatInt(p/100, 10) + "." + strconv.FormatInt(100+p%100, 10)[1:]), nil
}

// Invoice is an issued GST tax invoice as the shopper's order record and the admin order view
// carry it (ISSUE 17, Wire).
type Invoice struct {
	Number         string       `json:"number"`
	Date           string       `json:"date"` // the IST day it was issued, 2026-11-26
	IssuedAt       time.Time    `json:"issuedAt"`
	PlaceOfSupply  gst.State    `json:"placeOfSupply"`
	Supplier       Party        `json:"supplier"`
	Recipient      Party        `json:"recipient"`
	SupplierGSTIN  string       `json:"supplierGstin"`
	RecipientGSTIN string       `json:"recipientGstin,omitempty"`
	Lines          []Line       `json:"lines"`
	Totals         Totals       `json:"totals"`
	CreditNotes    []CreditNote `json:"creditNotes"`
}

// Party is the supplier or the recipient as the invoice names them.
type Party struct {
	Name    string `json:"name"`
	Address string `json:"address"`
	State   string `json:"state"`
}

// Line is an invoice line. UnitPrice and Discount are GST-inclusive, as the shop's prices
// are: quantity × unitPrice − discount = total = taxableValue + cgst + sgst + igst. Rate is
// in percent.
type Line struct {
	Description  string  `json:"description"`
	HSN          string  `json:"hsn"`
	Quantity     int     `json:"quantity"`
	UnitPrice    Amount  `json:"unitPrice"`
	Discount     Amount  `json:"discount"`
	TaxableValue Amount  `json:"taxableValue"`
	Rate         float64 `json:"rate"`
	CGST         Amount  `json:"cgst"`
	SGST         Amount  `json:"sgst"`
	IGST         Amount  `json:"igst"`
	Total        Amount  `json:"total"`
}

// Totals add up an invoice's lines.
type Totals struct {
	TaxableValue Amount `json:"taxableValue"`
	CGST         Amount `json:"cgst"`
	SGST         Amount `json:"sgst"`
	IGST         Amount `json:"igst"`
	Total        Amount `json:"total"`
}

// CreditNote is a credit note against the invoice it is listed under: the pieces of the
// invoice's lines it credits, with the invoice lines' rates and the same rules (per line
// quantity × unitPrice − discount = total = taxableValue + taxes), oldest first.
type CreditNote struct {
	Number   string    `json:"number"`
	Date     string    `json:"date"` // the IST day it was issued
	IssuedAt time.Time `json:"issuedAt"`
	Reason   string    `json:"reason"`
	Lines    []Line    `json:"lines"`
	Totals   Totals    `json:"totals"`
}

// Sale is what the order side hands over when an order leaves with the courier: the order,
// the goods as bought (GST-inclusive prices), its coupon discount and fees, and the buyer.
type Sale struct {
	OrderID        string
	At             time.Time // the hand-over: the invoice's date
	Lines          []SaleLine
	CouponDiscount shop.Money
	Fees           []gst.Fee
	Buyer          Party  // name, delivery address and the delivery state's name
	BuyerGSTIN     string // a business buyer's GSTIN, "" for a consumer
	OrderNumber    string // the order's number, which the invoice mail names
	Email          string // where the invoice is mailed, "" for nowhere
	Greeting       string // the name the invoice mail greets
}

// SaleLine is one goods line of a sale.
type SaleLine struct {
	ProductID   string
	Description string
	Quantity    int
	ListPrice   shop.Money
	UnitPrice   shop.Money
}
