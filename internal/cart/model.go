package cart

import (
	"drape/internal/catalog"
	"drape/internal/shop"
)

// Line is one line of a shopper's cart, priced now (SPEC §3 Cart line). Price is the list
// price of one, DiscountedPrice and FinalAmount what one costs after the product's and the
// sale's discounts, Total the line. Available is what is in stock in that size; a line that
// wants more than that, or whose product or size is gone, carries a Problem and blocks
// checkout.
type Line struct {
	ID              string          `json:"_id"`
	ProductRef      string          `json:"id"`
	ProductID       string          `json:"productId"`
	Product         catalog.Product `json:"productDetails"`
	Name            string          `json:"name"`
	ProductName     string          `json:"productName"`
	Size            string          `json:"size"`
	Quantity        int             `json:"quantity"`
	Price           shop.Money      `json:"price"`
	Discount        int             `json:"discount"`
	DiscountedPrice shop.Money      `json:"discountedPrice"`
	FinalAmount     shop.Money      `json:"finalAmount"`
	Total           shop.Money      `json:"total"`
	Thumbnail       string          `json:"thumbnail"`
	Gender          string          `json:"gender"`
	Category        string          `json:"category"`
	Available       int             `json:"available"`
	SoldOut         bool            `json:"soldOut"`
	Problem         string          `json:"problem"`
}

// Summary adds up a cart (computed by package pricing).
type Summary struct {
	Subtotal    shop.Money `json:"subtotal"`
	ListTotal   shop.Money `json:"listTotal"`
	Discount    shop.Money `json:"discount"`
	TotalItems  int        `json:"totalItems"`
	FinalAmount shop.Money `json:"finalAmount"`
	Blocked     bool       `json:"blocked"`
}

// Cart is a shopper's cart, newest line first.
type Cart struct {
	Lines   []Line  `json:"data"`
	Summary Summary `json:"summary"`
	// Notes says what an add changed from what was asked (capped by stock, skipped lines).
	Notes []string `json:"notes,omitempty"`
}

// Blocked reports whether some line cannot be bought as it stands.
func (c Cart) Blocked() bool { return c.Summary.Blocked }

// Want is a line a shopper asks to add.
type Want struct {
	ProductID string
	Size      string
	Quantity  int
}

// Limits of a cart.
const (
	MaxQuantity = 10 // of one size of one product
	MaxLines    = 50
	MaxMerge    = 50 // lines in one guest-cart merge
)
