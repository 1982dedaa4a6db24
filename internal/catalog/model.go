package catalog

import (
	"time"

	"drape/internal/pricing"
	"drape/internal/shop"
)

// Category is a top-level collection (Men, Women) and its sub-categories, as GET
// /api/getcategory lists them.
type Category struct {
	ID            string        `json:"_id"`
	Name          string        `json:"name"`
	Gender        string        `json:"gender"`
	Image         string        `json:"image"`
	SubCategories []SubCategory `json:"subCategory"`
}

// SubCategory is a kind of garment within a category; its categoryType names listings
// (/products/{categoryType}).
type SubCategory struct {
	ID           string `json:"_id"`
	CategoryID   string `json:"categoryId"`
	CategoryType string `json:"categoryType"`
	Image        string `json:"image"`
}

// Size is one size of a product and how many are in stock.
type Size struct {
	Size  string `json:"size"`
	Stock int    `json:"stock"`
}

// Product is a product as the storefront shows it, priced: the list price, the product's own
// percent, the sale that applies and the resulting price are all computed by pricing. JSON
// names are SPEC §3's, misspellings included (hight).
type Product struct {
	ID                string            `json:"_id"`
	Code              string            `json:"productId"`
	Name              string            `json:"productName"`
	Slug              string            `json:"slug"` // its page is /product/{slug} (never changes)
	Thumbnail         string            `json:"thumbnail"`
	Images            []string          `json:"images"`
	Gender            string            `json:"gender"`
	Status            string            `json:"status"`
	Price             shop.Money        `json:"price"`
	Discount          int               `json:"discount"`
	DiscountedPrice   shop.Money        `json:"discountedPrice"`
	Sale              []pricing.Applied `json:"sale"`
	Stock             map[string]int    `json:"stock"`
	Sizes             []Size            `json:"sizes"`
	TotalStock        int               `json:"totalStock"`
	BasicDescription  string            `json:"basicProductDescription"`
	ReturnDescription string            `json:"returnDescription"`
	SizeChart         string            `json:"sizeChart"`
	Category          string            `json:"category"`
	CategoryID        string            `json:"categoryId"`
	SubCategory       string            `json:"subCategory"`
	SubCategoryID     string            `json:"subcategoryId"`
	Colour            string            `json:"colour"`
	Fit               string            `json:"size"`
	Length            float64           `json:"length"`
	Width             float64           `json:"width"`
	Height            float64           `json:"hight"`
	Weight            int               `json:"weight"`
	CreatedAt         time.Time         `json:"createdAt"`
	// Declarations are the Legal Metrology declarations shown on the product's page (Declared);
	// nil in listings.
	Declarations *Declarations `json:"declarations,omitempty"`
}

// PricingItem is what pricing needs to know about p.
func (p Product) PricingItem() pricing.Item {
	return pricing.Item{Price: p.Price, Discount: p.Discount, Gender: p.Gender, CategoryID: p.CategoryID, SubCategoryID: p.SubCategoryID}
}

// ProductPage is one page of a listing.
type ProductPage struct {
	Items      []Product
	Total      int64
	Page       int
	PageSize   int
	TotalPages int
}

// Listing says which products a listing shows; the zero value is every product.
type Listing struct {
	SubCategoryType string   // /products/{categoryType}
	SubCategoryIDs  []string // a sale's sub-categories
	CategoryID      string   // every sub-category of a category (when SubCategoryIDs is empty)
	CategoryName    string   // /shop/{category}: every sub-category of the category named so
	BestSellers     bool     // status=BestSeller
	Gender          string   // /shop/{gender}; with sub-categories, only that gender's products
}

// Genders a product may be for.
var Genders = []string{"Men", "Women", "Unisex"}

// StatusBestSeller marks best sellers.
const StatusBestSeller = "BestSeller"

// NewCategory is a category to create.
type NewCategory struct {
	Name     string
	Gender   string
	Image    string // file under /uploads/subCatrgory/
	Position int
}

// NewSubCategory is a sub-category to create.
type NewSubCategory struct {
	CategoryID   string
	CategoryType string
	Image        string
	Position     int
}

// NewProduct is a product to create. Price is the list price; Sizes are in display order.
type NewProduct struct {
	Code              string
	Name              string
	Gender            string
	Status            string
	SubCategoryID     string
	Price             shop.Money
	Discount          int
	Colour            string
	Thumbnail         string
	Images            []string
	BasicDescription  string
	ReturnDescription string
	SizeChart         string
	Fit               string
	Length            float64
	Width             float64
	Height            float64
	WeightGrams       int
	HSN               string       // "": the sub-category's default (gst.DefaultHSN)
	Declarations      Declarations // its own; empty fields take the defaults
	Sizes             []Size
	Hidden            bool      // created hidden from the storefront
	CreatedAt         time.Time // zero: now
}

// AdminProduct is a product as the back office sees it: the storefront's view (priced, so
// the editor can preview what shoppers pay) plus whether shoppers can see it at all.
type AdminProduct struct {
	Product
	Active    bool      `json:"active"`
	UpdatedAt time.Time `json:"updatedAt"`
	HSN       string    `json:"hsn"` // its HSN code, for GST invoices
}

// AdminProductPage is one page of the back office's product list.
type AdminProductPage struct {
	Items      []AdminProduct `json:"items"`
	Total      int64          `json:"total"`
	Page       int            `json:"page"`
	Limit      int            `json:"limit"`
	TotalPages int            `json:"totalPages"`
}

// AdminFilter narrows the back office's product list; the zero value is every product, newest
// first.
type AdminFilter struct {
	Search      string // part of the code or the name, any case
	SubCategory string // a sub-category id or name
	Status      string // "", ProductsActive, ProductsInactive or StatusBestSeller
	Stock       string // "", StockOut, StockIn or StockLow
	Sort        string // "", "newest", "oldest", "name", "price" or "-price"
}

// Values of AdminFilter.Status and of SetProductsStatus. ProductsRegular clears BestSeller.
const (
	ProductsActive   = "active"
	ProductsInactive = "inactive"
	ProductsRegular  = "regular"
)

// Values of AdminFilter.Stock: no size left, some size left, or some size left and some size
// at LowStockAt or fewer (sold-out sizes included).
const (
	StockOut = "out"
	StockIn  = "in"
	StockLow = "low"
)

// LowStockAt is the count at and below which the back office calls a size low (the
// dashboard's "running out" list uses the same number).
const LowStockAt = 5

// StockLevel is the new count of one size in the stock editor. Was, when set, is the count the
// editor showed: if the size has changed since (an order took some), nothing is written.
type StockLevel struct {
	Size  string
	Stock int
	Was   *int
}

// ProductChanges are the fields of a product to change; nil fields keep their values.
// Sizes, when set, is the product's whole size list as SetStock takes it.
type ProductChanges struct {
	Code              *string
	Name              *string
	Gender            *string
	Status            *string
	SubCategoryID     *string
	Price             *shop.Money
	Discount          *int
	Colour            *string
	Thumbnail         *string
	Images            *[]string
	BasicDescription  *string
	ReturnDescription *string
	SizeChart         *string
	Fit               *string
	Length            *float64
	Width             *float64
	Height            *float64
	WeightGrams       *int
	HSN               *string
	Active            *bool
	Sizes             *[]StockLevel
}

// AdminCategory is a category in the back office: its image, position and how many products
// its sub-categories hold.
type AdminCategory struct {
	ID              string             `json:"_id"`
	Name            string             `json:"name"`
	Gender          string             `json:"gender"`
	Image           string             `json:"image"`
	Position        int                `json:"position"`
	Products        int64              `json:"products"`
	VisibleProducts int64              `json:"visibleProducts"`
	SubCategories   []AdminSubCategory `json:"subCategory"`
}

// AdminSubCategory is a sub-category in the back office.
type AdminSubCategory struct {
	SubCategory
	Position        int   `json:"position"`
	Products        int64 `json:"products"`
	VisibleProducts int64 `json:"visibleProducts"`
}

// CategoryChanges are the fields of a category to change; nil fields keep their values.
type CategoryChanges struct {
	Name     *string
	Gender   *string
	Image    *string
	Position *int
}

// SubCategoryChanges are the fields of a sub-category to change; nil fields keep their
// values. A new CategoryID moves it (and its products) to that category.
type SubCategoryChanges struct {
	CategoryID   *string
	CategoryType *string
	Image        *string
	Position     *int
}
