package review

import "time"

// Statuses of a review: pending until staff approve or reject it; only approved reviews are
// public. Writing a review again sends it back to pending.
const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusRejected = "rejected"
)

// Limits of a review's text, in characters.
const (
	TitleMaxLength = 100
	TextMaxLength  = 2000
)

// PageSize is how many reviews a page holds.
const PageSize = 10

// Draft is a review as a shopper writes it. Title and text are plain text: stored as written
// (trimmed, line breaks normalised), never interpreted as HTML; clients render them as text.
type Draft struct {
	ProductID string
	Rating    int
	Title     string
	Text      string
}

// Rating is a product's approved reviews in numbers: their average (to one decimal, 0 with
// none) and how many there are.
type Rating struct {
	Average float64 `json:"average"`
	Count   int     `json:"count"`
}

// PublicReview is an approved review as the product page shows it: the author by first name
// and last initial only.
type PublicReview struct {
	ID        string    `json:"_id"`
	Rating    int       `json:"rating"`
	Title     string    `json:"title"`
	Text      string    `json:"text"`
	Author    string    `json:"author"`
	Verified  bool      `json:"verifiedPurchase"` // always true: only buyers can review
	CreatedAt time.Time `json:"createdAt"`        // when it was last written
}

// ProductReviews is one page of a product's approved reviews with its rating.
type ProductReviews struct {
	ProductID  string         `json:"productId"`
	Rating     Rating         `json:"rating"`
	Items      []PublicReview `json:"items"`
	Page       int            `json:"page"`
	TotalPages int            `json:"totalPages"`
	Total      int64          `json:"total"`
}

// Review is a review as its author and the back office see it.
type Review struct {
	ID          string     `json:"_id"`
	ProductID   string     `json:"productId"`
	ProductName string     `json:"productName"`
	Thumbnail   string     `json:"thumbnail"`
	Rating      int        `json:"rating"`
	Title       string     `json:"title"`
	Text        string     `json:"text"`
	Status      string     `json:"status"`
	CreatedAt   time.Time  `json:"createdAt"`
	UpdatedAt   time.Time  `json:"updatedAt"`
	ModeratedAt *time.Time `json:"moderatedAt"`
	Customer    *Customer  `json:"customer,omitempty"` // back office only
}

// Customer is who wrote a review, for the back office.
type Customer struct {
	ID    string `json:"_id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// List is one page of reviews.
type List struct {
	Items      []Review `json:"items"`
	Page       int      `json:"page"`
	TotalPages int      `json:"totalPages"`
	Total      int64    `json:"total"`
}

// AdminList is one page of the moderation list, with how many reviews each status holds
// (within the product, when the list is one product's) and, for one product, its rating and
// the product itself (nil when there is no such product).
type AdminList struct {
	List
	Counts  map[string]int64 `json:"counts"`
	Rating  *Rating          `json:"rating,omitempty"`
	Product *ProductBrief    `json:"product,omitempty"`
}

// ProductBrief names a product in the back office's lists of its reviews.
type ProductBrief struct {
	ProductID   string `json:"productId"`
	ProductName string `json:"productName"`
	Thumbnail   string `json:"thumbnail"`
	Active      bool   `json:"active"` // false: removed from the shop
}

// AdminFilter narrows the moderation list: a status and a product, each optional, and orders
// it (SortNewest unless Sort says otherwise).
type AdminFilter struct {
	Status    string
	ProductID string
	Sort      string
}

// Orders of the moderation list.
const (
	SortNewest     = "newest"
	SortOldest     = "oldest"
	SortRatingLow  = "rating-low"
	SortRatingHigh = "rating-high"
)

// Orders of the back office's product overview, besides SortRatingHigh and SortRatingLow.
const (
	SortMostReviews = "reviews" // the most reviews first (the default)
	SortPending     = "pending" // the most reviews waiting for moderation first
	SortRecent      = "recent"  // the latest review first
)

// ProductFilter narrows and orders the back office's product overview: part of a product's
// name (any case) and a sort (SortMostReviews unless it says otherwise).
type ProductFilter struct {
	Search string
	Sort   string
}

// ProductSummary is a product with its reviews in numbers, for the back office: how many each
// status holds and the rating of the approved ones.
type ProductSummary struct {
	ProductID   string           `json:"productId"`
	ProductName string           `json:"productName"`
	Thumbnail   string           `json:"thumbnail"`
	Active      bool             `json:"active"` // false: removed from the shop, kept for its reviews
	Reviews     int64            `json:"reviews"`
	Counts      map[string]int64 `json:"counts"`
	Rating      Rating           `json:"rating"`
}

// ProductSummaryList is one page of the product overview.
type ProductSummaryList struct {
	Items      []ProductSummary `json:"items"`
	Page       int              `json:"page"`
	TotalPages int              `json:"totalPages"`
	Total      int64            `json:"total"`
}

// Reviewable is a product the shopper has received and not reviewed yet.
type Reviewable struct {
	ProductID   string    `json:"productId"`
	ProductName string    `json:"productName"`
	Thumbnail   string    `json:"thumbnail"`
	ReceivedAt  time.Time `json:"receivedAt"` // when its latest delivered order last changed
}

// ReviewableList is one page of products the shopper can review.
type ReviewableList struct {
	Items      []Reviewable `json:"items"`
	Page       int          `json:"page"`
	TotalPages int          `json:"totalPages"`
	Total      int64        `json:"total"`
}
