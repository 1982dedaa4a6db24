// Package review keeps what shoppers say about the products they bought: a rating from 1 to 5
// with a title and plain text, one review per shopper and product, moderated by staff before
// anyone else sees it.
//
// It guarantees: only a shopper with the product in an order that reached them (delivered,
// or delivered and then returned) can review it; writing again replaces the review and sends
// it back to moderation; review text is stored as written (trimmed), never as HTML, and every
// query on a shopper's reviews is filtered by the shopper in SQL; the product page shows
// approved reviews only; and a product's rating (count and average of its approved reviews)
// is one row read, rewritten in the same transaction as every change to its reviews, under
// that row's lock, so concurrent changes never leave it stale.
package review

import (
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/order"
	"drape/internal/platform/postgres"
	"drape/internal/review/reviewdb"
	"drape/internal/shop"
)

// Messages a shopper sees.
const (
	msgProductNotFound = "Product not found"
	msgNotBought       = "You can review only products you have bought"
	msgNotReceived     = "You can review this product once your order has been delivered"
	msgNoReview        = "You have not reviewed this product"
	msgReviewNotFound  = "Review not found"
)

// received are the order statuses in which the goods have reached the buyer.
var received = []string{string(order.Delivered), string(order.ReturnRequested), string(order.Returned)}

// Service is the review use cases.
type Service struct {
	pool  *pgxpool.Pool
	store store
}

// NewService makes the review service.
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, store: store{q: reviewdb.New(postgres.Translating(pool))}}
}

// Write saves the shopper's review of a product they have received, replacing their earlier
// one, and sends it to moderation (pending). created says whether it is their first review of
// the product. Errors: Invalid (fields: productId, rating, title, text); NotFound for an
// unknown or hidden product; Forbidden when the shopper never bought it; Conflict when their
// order has not been delivered yet.
func (s *Service) Write(ctx context.Context, userID string, d Draft) (r Review, created bool, err error) {
	d.Title, d.Text = plain(d.Title), plain(d.Text)
	p := shop.Problems{}
	p.Check(strings.TrimSpace(d.ProductID) == "", "productId", "Which product? Send its productId")
	p.Check(d.Rating < 1 || d.Rating > 5, "rating", "Rate the product from 1 to 5 stars")
	checkText(p, "title", "Give your review a title", d.Title, TitleMaxLength)
	checkText(p, "text", "Write a few words about the product", d.Text, TextMaxLength)
	if err := p.Err(); err != nil {
		return Review{}, false, err
	}
	if err := s.productExists(ctx, d.ProductID); err != nil {
		return Review{}, false, err
	}
	bought, err := s.store.q.Purchase(ctx, reviewdb.PurchaseParams{ReceivedStatuses: received, UserID: userID, ProductID: d.ProductID})
	if err != nil {
		return Review{}, false, err
	}
	switch {
	case !bought.Ordered:
		return Review{}, false, shop.E(shop.Forbidden, msgNotBought)
	case !bought.Received:
		return Review{}, false, shop.E(shop.Conflict, msgNotReceived)
	}
	var id string
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		row, err := q.UpsertReview(ctx, reviewdb.UpsertReviewParams{ID: shop.NewID(), UserID: userID, ProductID: d.ProductID,
			Rating: int16(d.Rating), Title: d.Title, Body: d.Text})
		if err != nil {
			return err
		}
		id, created = row.ID, row.Inserted
		return recount(ctx, q, d.ProductID)
	})
	if err != nil {
		return Review{}, false, err
	}
	r, err = s.byID(ctx, id)
	r.Customer = nil // the author's own view
	return r, created, err
}

// Delete removes the shopper's review of a product. Errors: NotFound when there is none.
func (s *Service) Delete(ctx context.Context, userID, productID string) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		n, err := q.DeleteOwnReview(ctx, reviewdb.DeleteOwnReviewParams{UserID: userID, ProductID: productID})
		if err != nil {
			return err
		}
		if n == 0 {
			return shop.E(shop.NotFound, msgNoReview)
		}
		return recount(ctx, q, productID)
	})
}

// Mine is one page of the shopper's reviews, whatever their status, newest first.
func (s *Service) Mine(ctx context.Context, userID string, page shop.Page) (List, error) {
	total, err := s.store.q.CountOwnReviews(ctx, userID)
	if err != nil {
		return List{}, err
	}
	rows, err := s.store.q.OwnReviews(ctx, reviewdb.OwnReviewsParams{UserID: userID, PageSize: int32(page.Size), PageOffset: int32(page.Offset())})
	if err != nil {
		return List{}, err
	}
	l := List{Items: make([]Review, len(rows)), Page: page.Number, TotalPages: shop.TotalPages(total, page.Size), Total: total}
	for i, r := range rows {
		l.Items[i] = fromRow(reviewdb.Review{ID: r.ID, UserID: r.UserID, ProductID: r.ProductID, Rating: r.Rating, Title: r.Title,
			Body: r.Body, Status: r.Status, ModeratedAt: r.ModeratedAt, CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}, r.ProductName, r.ProductThumbnail)
	}
	return l, nil
}

// Reviewable is one page of the products the shopper has received and not reviewed yet, the
// latest delivered first.
func (s *Service) Reviewable(ctx context.Context, userID string, page shop.Page) (ReviewableList, error) {
	total, err := s.store.q.CountReviewable(ctx, reviewdb.CountReviewableParams{UserID: userID, ReceivedStatuses: received})
	if err != nil {
		return ReviewableList{}, err
	}
	rows, err := s.store.q.Reviewable(ctx, reviewdb.ReviewableParams{UserID: userID, ReceivedStatuses: received,
		PageSize: int32(page.Size), PageOffset: int32(page.Offset())})
	if err != nil {
		return ReviewableList{}, err
	}
	l := ReviewableList{Items: make([]Reviewable, len(rows)), Page: page.Number, TotalPages: shop.TotalPages(total, page.Size), Total: total}
	for i, r := range rows {
		l.Items[i] = Reviewable{ProductID: r.ID, ProductName: r.Name, Thumbnail: productImage(r.Thumbnail), ReceivedAt: r.ReceivedAt}
	}
	return l, nil
}

// ForProduct is one page of a product's approved reviews, newest first, with its rating.
// Errors: NotFound for an unknown or hidden product.
func (s *Service) ForProduct(ctx context.Context, productID string, page shop.Page) (ProductReviews, error) {
	if err := s.productExists(ctx, productID); err != nil {
		return ProductReviews{}, err
	}
	rating, err := s.Rating(ctx, productID)
	if err != nil {
		return ProductReviews{}, err
	}
	rows, err := s.store.q.ApprovedReviews(ctx, reviewdb.ApprovedReviewsParams{ProductID: productID, PageSize: int32(page.Size), PageOffset: int32(page.Offset())})
	if err != nil {
		return ProductReviews{}, err
	}
	out := ProductReviews{ProductID: productID, Rating: rating, Items: make([]PublicReview, len(rows)), Page: page.Number,
		TotalPages: shop.TotalPages(int64(rating.Count), page.Size), Total: int64(rating.Count)}
	for i, r := range rows {
		out.Items[i] = PublicReview{ID: r.ID, Rating: int(r.Rating), Title: r.Title, Text: r.Body, Author: author(r.FirstName, r.LastName),
			Verified: true, CreatedAt: r.UpdatedAt}
	}
	return out, nil
}

// Rating is a product's approved reviews in numbers (zero for an unknown product or one
// without approved reviews): one row read.
func (s *Service) Rating(ctx context.Context, productID string) (Rating, error) {
	row, err := s.store.q.Rating(ctx, productID)
	if err != nil {
		if shop.Is(err, shop.NotFound) {
			return Rating{}, nil
		}
		return Rating{}, err
	}
	return ratingOf(row.Reviews, row.RatingSum), nil
}

// AdminList is one page of reviews for moderation, newest first, with how many each status
// holds and, for one product, its rating. Errors: Invalid for an unknown status or a malformed
// product id.
func (s *Service) AdminList(ctx context.Context, f AdminFilter, page shop.Page) (AdminList, error) {
	f.Status, f.ProductID = strings.ToLower(strings.TrimSpace(f.Status)), strings.ToLower(strings.TrimSpace(f.ProductID))
	f.Sort = strings.ToLower(strings.TrimSpace(f.Sort))
	p := shop.Problems{}
	p.Check(f.Status != "" && !validStatus(f.Status), "status", "status must be pending, approved or rejected")
	p.Check(f.ProductID != "" && !shop.IsID(f.ProductID), "productId", "productId must be a product's 24-character id")
	p.Check(f.Sort != "" && !slices.Contains([]string{SortNewest, SortOldest, SortRatingLow, SortRatingHigh}, f.Sort),
		"sort", "sort must be newest, oldest, rating-low or rating-high")
	if err := p.Err(); err != nil {
		return AdminList{}, err
	}
	total, err := s.store.q.CountAdminReviews(ctx, reviewdb.CountAdminReviewsParams{Status: f.Status, ProductID: f.ProductID})
	if err != nil {
		return AdminList{}, err
	}
	rows, err := s.store.q.AdminReviews(ctx, reviewdb.AdminReviewsParams{Status: f.Status, ProductID: f.ProductID, Sort: f.Sort,
		PageSize: int32(page.Size), PageOffset: int32(page.Offset())})
	if err != nil {
		return AdminList{}, err
	}
	counts, err := s.store.q.StatusCounts(ctx, f.ProductID)
	if err != nil {
		return AdminList{}, err
	}
	l := AdminList{List: List{Items: make([]Review, len(rows)), Page: page.Number, TotalPages: shop.TotalPages(total, page.Size), Total: total},
		Counts: map[string]int64{StatusPending: 0, StatusApproved: 0, StatusRejected: 0}}
	for i, r := range rows {
		l.Items[i] = adminReview(reviewdb.ReviewByIDRow(r))
	}
	for _, c := range counts {
		l.Counts[c.Status] = c.Reviews
	}
	if f.ProductID != "" {
		rating, err := s.Rating(ctx, f.ProductID)
		if err != nil {
			return AdminList{}, err
		}
		l.Rating = &rating
		p, err := s.store.q.ProductBrief(ctx, f.ProductID)
		switch {
		case err == nil:
			l.Product = &ProductBrief{ProductID: p.ID, ProductName: p.Name, Thumbnail: productImage(p.Thumbnail), Active: p.Active}
		case !shop.Is(err, shop.NotFound):
			return AdminList{}, err
		}
	}
	return l, nil
}

// ProductSummaries is one page of the back office's product overview: every product on sale,
// and every removed one that has reviews, with how many reviews each status holds and its
// rating. Errors: Invalid for an unknown sort or a search over 100 characters.
func (s *Service) ProductSummaries(ctx context.Context, f ProductFilter, page shop.Page) (ProductSummaryList, error) {
	f.Search, f.Sort = strings.TrimSpace(f.Search), strings.ToLower(strings.TrimSpace(f.Sort))
	p := shop.Problems{}
	p.Check(f.Sort != "" && !slices.Contains([]string{SortMostReviews, SortPending, SortRatingHigh, SortRatingLow, SortRecent}, f.Sort),
		"sort", "sort must be reviews, pending, rating-high, rating-low or recent")
	p.Check(utf8.RuneCountInString(f.Search) > 100, "search", "search must be at most 100 characters")
	if err := p.Err(); err != nil {
		return ProductSummaryList{}, err
	}
	total, err := s.store.q.CountProductReviewSummaries(ctx, f.Search)
	if err != nil {
		return ProductSummaryList{}, err
	}
	rows, err := s.store.q.ProductReviewSummaries(ctx, reviewdb.ProductReviewSummariesParams{Search: f.Search, Sort: f.Sort,
		PageSize: int32(page.Size), PageOffset: int32(page.Offset())})
	if err != nil {
		return ProductSummaryList{}, err
	}
	l := ProductSummaryList{Items: make([]ProductSummary, len(rows)), Page: page.Number, TotalPages: shop.TotalPages(total, page.Size), Total: total}
	for i, r := range rows {
		l.Items[i] = ProductSummary{ProductID: r.ID, ProductName: r.Name, Thumbnail: productImage(r.Thumbnail), Active: r.Active, Reviews: r.Reviews,
			Counts: map[string]int64{StatusPending: r.Pending, StatusApproved: int64(r.Approved), StatusRejected: r.Rejected},
			Rating: ratingOf(r.Approved, r.RatingSum)}
	}
	return l, nil
}

// Moderate sets a review's status (approve, reject, or back to pending) as staff member
// staffID, and brings its product's rating up to date. Errors: Invalid for an unknown status;
// NotFound for an unknown review.
func (s *Service) Moderate(ctx context.Context, reviewID, status, staffID string) (Review, error) {
	status = strings.ToLower(strings.TrimSpace(status))
	if !validStatus(status) {
		return Review{}, &shop.Error{Kind: shop.Invalid, Message: "status must be pending, approved or rejected",
			Fields: map[string]string{"status": "status must be pending, approved or rejected"}}
	}
	if !shop.IsID(reviewID) {
		return Review{}, shop.E(shop.NotFound, msgReviewNotFound)
	}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		r, err := q.ReviewForUpdate(ctx, reviewID)
		if shop.Is(err, shop.NotFound) {
			return shop.E(shop.NotFound, msgReviewNotFound)
		} else if err != nil {
			return err
		}
		if err := q.SetReviewStatus(ctx, reviewdb.SetReviewStatusParams{ID: r.ID, Status: status,
			ModeratedBy: pgtype.Text{String: staffID, Valid: staffID != ""}}); err != nil {
			return err
		}
		return recount(ctx, q, r.ProductID)
	})
	if err != nil {
		return Review{}, err
	}
	return s.byID(ctx, reviewID)
}

// Remove deletes a review (the back office's delete) and brings its product's rating up to
// date. Errors: NotFound for an unknown review.
func (s *Service) Remove(ctx context.Context, reviewID string) error {
	if !shop.IsID(reviewID) {
		return shop.E(shop.NotFound, msgReviewNotFound)
	}
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		r, err := q.ReviewForUpdate(ctx, reviewID)
		if shop.Is(err, shop.NotFound) {
			return shop.E(shop.NotFound, msgReviewNotFound)
		} else if err != nil {
			return err
		}
		if err := q.DeleteReview(ctx, r.ID); err != nil {
			return err
		}
		return recount(ctx, q, r.ProductID)
	})
}

// recount rewrites the product's rating from its approved reviews, in the caller's
// transaction. The row lock comes first, in its own statement, so the count (a statement of
// its own, with a fresh snapshot) sees every change committed by whoever held the lock before.
func recount(ctx context.Context, q *reviewdb.Queries, productID string) error {
	if err := q.LockRating(ctx, productID); err != nil {
		return err
	}
	return q.RecountRating(ctx, productID)
}

func (s *Service) productExists(ctx context.Context, productID string) error {
	if !shop.IsID(productID) {
		return shop.E(shop.NotFound, msgProductNotFound)
	}
	ok, err := s.store.q.ProductExists(ctx, strings.ToLower(productID))
	if err != nil {
		return err
	}
	if !ok {
		return shop.E(shop.NotFound, msgProductNotFound)
	}
	return nil
}

func (s *Service) byID(ctx context.Context, id string) (Review, error) {
	row, err := s.store.q.ReviewByID(ctx, id)
	if err != nil {
		if shop.Is(err, shop.NotFound) {
			return Review{}, shop.E(shop.NotFound, msgReviewNotFound)
		}
		return Review{}, err
	}
	return adminReview(row), nil
}

func validStatus(s string) bool {
	return s == StatusPending || s == StatusApproved || s == StatusRejected
}

// plain is review text as stored: line breaks normalised to \n, surrounding space trimmed.
// Nothing else changes: markup stays literal text.
func plain(s string) string {
	return strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n"))
}

// checkText requires text of 1 to max characters without control characters (line breaks
// and tabs excepted).
func checkText(p shop.Problems, field, missing, text string, max int) {
	switch {
	case text == "":
		p.Add(field, missing)
	case utf8.RuneCountInString(text) > max:
		p.Add(field, field+" must be at most "+strconv.Itoa(max)+" characters")
	case strings.ContainsFunc(text, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }) || !utf8.ValidString(text):
		p.Add(field, field+" has characters that are not allowed")
	}
}

// author is how the product page names a reviewer: first name and last initial.
func author(first, last string) string {
	first, last = strings.TrimSpace(first), strings.TrimSpace(last)
	if first == "" {
		return "A shopper"
	}
	if r, _ := utf8.DecodeRuneInString(last); last != "" {
		return first + " " + string(unicode.ToUpper(r)) + "."
	}
	return first
}

func ratingOf(count, sum int32) Rating {
	if count <= 0 {
		return Rating{}
	}
	return Rating{Average: math.Round(float64(sum)/float64(count)*10) / 10, Count: int(count)}
}
