package banner

import "time"

// The places a banner can stand: the home page's hero and the best-seller listing's banner.
const (
	PlaceHome       = "home"
	PlaceBestSeller = "bestseller"
)

// Places are every place a banner can stand, in the back office's order.
var Places = []string{PlaceHome, PlaceBestSeller}

// Banner is one storefront banner. Image and MobileImage are paths the server serves
// (/uploads/banners/…); MobileImage is empty when phones show Image too.
type Banner struct {
	ID          string    `json:"_id"`
	Place       string    `json:"place"`
	Title       string    `json:"title"`
	Subtitle    string    `json:"subtitle"`
	LinkText    string    `json:"linkText"`
	Link        string    `json:"link"`
	Image       string    `json:"image"`
	MobileImage string    `json:"mobileImage"`
	Active      bool      `json:"active"`
	Position    int       `json:"position"`
	UpdatedAt   time.Time `json:"updatedAt"`
}

// NewBanner is a banner to create. Image and MobileImage are file names uploaded to
// /api/admin/uploads/banners (or the paths the upload answered).
type NewBanner struct {
	Place       string
	Title       string
	Subtitle    string
	LinkText    string
	Link        string
	Image       string
	MobileImage string
	Active      bool
	Position    int
}

// Changes are the fields of a banner to change; nil fields keep their values.
type Changes struct {
	Place       *string
	Title       *string
	Subtitle    *string
	LinkText    *string
	Link        *string
	Image       *string
	MobileImage *string
	Active      *bool
	Position    *int
}
