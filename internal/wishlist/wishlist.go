// Package wishlist keeps the products a shopper saved for later. It guarantees every query is
// filtered by the owner in SQL, that adding twice keeps one entry, and that hidden products
// drop out of the list.
package wishlist

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/platform/postgres"
	"drape/internal/shop"
	"drape/internal/wishlist/wishlistdb"
)

// Service is the wishlist use cases.
type Service struct{ store store }

// NewService makes the wishlist service.
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{store: store{q: wishlistdb.New(postgres.Translating(pool))}}
}

// ProductIDs is the user's saved products, newest first.
func (s *Service) ProductIDs(ctx context.Context, userID string) ([]string, error) {
	ids, err := s.store.q.WishlistOf(ctx, userID)
	if err != nil {
		return nil, err
	}
	if ids == nil {
		ids = []string{}
	}
	return ids, nil
}

// Add saves a product. Errors: NotFound for an unknown product, Conflict past MaxItems.
func (s *Service) Add(ctx context.Context, userID, productID string) error {
	if !shop.IsID(productID) {
		return shop.E(shop.NotFound, "Product not found")
	}
	n, err := s.store.q.CountWishlist(ctx, userID)
	if err != nil {
		return err
	}
	if n >= MaxItems {
		return shop.E(shop.Conflict, "Your wishlist is full (%d items). Remove one to add another.", MaxItems)
	}
	err = s.store.q.AddToWishlist(ctx, wishlistdb.AddToWishlistParams{UserID: userID, ProductID: productID})
	if shop.Is(err, shop.Invalid) {
		return shop.E(shop.NotFound, "Product not found")
	}
	return err
}

// Remove drops a product from the list. Errors: NotFound when it was not there.
func (s *Service) Remove(ctx context.Context, userID, productID string) error {
	n, err := s.store.q.RemoveFromWishlist(ctx, wishlistdb.RemoveFromWishlistParams{UserID: userID, ProductID: productID})
	if err != nil {
		return err
	}
	if n == 0 {
		return shop.E(shop.NotFound, "This product is not in your wishlist")
	}
	return nil
}
