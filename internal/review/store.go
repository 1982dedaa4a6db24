package review

import (
	"strings"

	"drape/internal/review/reviewdb"
)

// store reads and writes reviews and product ratings.
type store struct{ q *reviewdb.Queries }

// productImage is the URL of a product's image as the catalog serves it: names are stored bare
// and served under /uploads/products/; absolute paths and URLs are kept as they are.
func productImage(name string) string {
	if name == "" || strings.HasPrefix(name, "/") || strings.Contains(name, "://") {
		return name
	}
	return "/uploads/products/" + name
}

func fromRow(r reviewdb.Review, productName, thumbnail string) Review {
	return Review{ID: r.ID, ProductID: r.ProductID, ProductName: productName, Thumbnail: productImage(thumbnail), Rating: int(r.Rating),
		Title: r.Title, Text: r.Body, Status: r.Status, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt, ModeratedAt: r.ModeratedAt}
}

// adminReview is a review with its product and author, as the back office (and, without the
// customer, its author) sees it.
func adminReview(r reviewdb.ReviewByIDRow) Review {
	out := fromRow(reviewdb.Review{ID: r.ID, UserID: r.UserID, ProductID: r.ProductID, Rating: r.Rating, Title: r.Title, Body: r.Body,
		Status: r.Status, ModeratedBy: r.ModeratedBy, ModeratedAt: r.ModeratedAt, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt},
		r.ProductName, r.ProductThumbnail)
	name := r.FirstName
	if r.LastName != "" {
		name += " " + r.LastName
	}
	out.Customer = &Customer{ID: r.UserID, Name: name, Email: r.Email}
	return out
}
