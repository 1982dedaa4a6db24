package main

import (
	"github.com/gofiber/fiber/v3"

	"drape/internal/review"
	"drape/internal/shop"
)

// reviewPage reads page and limit (10 reviews a page unless limit says otherwise, at most 50).
func reviewPage(c fiber.Ctx) (shop.Page, error) {
	return shop.ParsePage(c.Query("page"), c.Query("limit"), review.PageSize, 50)
}

// productReviews answers GET /api/products/{id}/reviews?page=: a product's approved reviews,
// newest first, with its average rating and count. Public.
func (s *server) productReviews(c fiber.Ctx) error {
	page, err := reviewPage(c)
	if err != nil {
		return err
	}
	list, err := s.reviews.ForProduct(c.Context(), c.Params("id"), page)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// myReviews answers GET /api/user/reviews?page=: the caller's reviews, whatever their status,
// with the products' names.
func (s *server) myReviews(c fiber.Ctx) error {
	page, err := reviewPage(c)
	if err != nil {
		return err
	}
	list, err := s.reviews.Mine(c.Context(), caller(c).UserID, page)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// reviewableProducts answers GET /api/user/reviewable?page=: products the caller has received
// and not reviewed yet.
func (s *server) reviewableProducts(c fiber.Ctx) error {
	page, err := reviewPage(c)
	if err != nil {
		return err
	}
	list, err := s.reviews.Reviewable(c.Context(), caller(c).UserID, page)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// writeReview answers POST /api/user/reviews {productId, rating, title, text}: the caller
// reviews a product they have received (201), or rewrites their review of it (200); either
// way it waits for moderation.
func (s *server) writeReview(c fiber.Ctx) error {
	var in struct {
		ProductID string `json:"productId"`
		Rating    int    `json:"rating"`
		Title     string `json:"title"`
		Text      string `json:"text"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	r, isNew, err := s.reviews.Write(c.Context(), caller(c).UserID, review.Draft{ProductID: in.ProductID, Rating: in.Rating, Title: in.Title, Text: in.Text})
	if err != nil {
		return err
	}
	if isNew {
		return created(c, "Thank you! Your review will appear once it is approved.", r)
	}
	return ok(c, "Your review was updated and will appear once it is approved.", r)
}

// deleteReview answers DELETE /api/user/reviews/{productId}: the caller's review of the product.
func (s *server) deleteReview(c fiber.Ctx) error {
	if err := s.reviews.Delete(c.Context(), caller(c).UserID, c.Params("productId")); err != nil {
		return err
	}
	return ok(c, "Review deleted", nil)
}

// adminReviews answers GET /api/admin/reviews?status=pending|approved|rejected&productId=&sort=&page=:
// reviews for moderation, newest first unless sort says oldest, rating-low or rating-high, with counts per status (and a product's rating when
// the list is one product's).
func (s *server) adminReviews(c fiber.Ctx) error {
	page, err := reviewPage(c)
	if err != nil {
		return err
	}
	list, err := s.reviews.AdminList(c.Context(), review.AdminFilter{Status: c.Query("status"), ProductID: c.Query("productId"), Sort: c.Query("sort")}, page)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// productReviewSummaries answers GET /api/admin/product-reviews?search=&sort=&page=: products
// with how many reviews each status holds and their rating, the most reviewed first unless
// sort says pending, rating-high, rating-low or recent.
func (s *server) productReviewSummaries(c fiber.Ctx) error {
	page, err := reviewPage(c)
	if err != nil {
		return err
	}
	list, err := s.reviews.ProductSummaries(c.Context(), review.ProductFilter{Search: c.Query("search"), Sort: c.Query("sort")}, page)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// moderateReview answers POST /api/admin/reviews/{id}/status {status}: staff approve, reject
// or send back to pending a review.
func (s *server) moderateReview(c fiber.Ctx) error {
	var in struct {
		Status string `json:"status"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	r, err := s.reviews.Moderate(c.Context(), c.Params("id"), in.Status, caller(c).UserID)
	if err != nil {
		return err
	}
	return ok(c, "Review "+r.Status, r)
}

// removeReview answers DELETE /api/admin/reviews/{id}: staff delete a review for good.
func (s *server) removeReview(c fiber.Ctx) error {
	if err := s.reviews.Remove(c.Context(), c.Params("id")); err != nil {
		return err
	}
	return ok(c, "Review deleted", nil)
}
