// Package cart keeps the server cart of a signed-in shopper: lines of a product in a size and
// a quantity. Prices are never stored: every read prices the lines now through the catalog
// (and so package pricing), and says which lines stock can no longer cover.
//
// It guarantees every query is filtered by the owner, quantities stay between 1 and
// MaxQuantity, a line never asks for more than was in stock when it was changed, and adding
// the same product and size twice adds up into one line.
package cart

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/cart/cartdb"
	"drape/internal/catalog"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/pricing"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/realtime"
)

const msgLineNotFound = "Cart item not found"

// Service is the cart use cases.
type Service struct {
	pool    *pgxpool.Pool
	store   store
	catalog *catalog.Service
}

// NewService makes the cart service; products are read and priced through catalog.
func NewService(pool *pgxpool.Pool, products *catalog.Service) *Service {
	return &Service{pool: pool, store: store{q: cartdb.New(postgres.Translating(pool))}, catalog: products}
}

// Get is the user's cart, priced now.
func (s *Service) Get(ctx context.Context, userID string) (Cart, error) {
	rows, err := s.store.q.CartOf(ctx, userID)
	if err != nil {
		return Cart{}, err
	}
	return s.price(ctx, rows)
}

// Add adds wanted lines to the user's cart in one transaction. One line (a shopper pressing
// Add to cart) must go in whole or fail: Errors: NotFound 'Product not found', Invalid for an
// unknown size or a bad quantity, Conflict when that size is sold out or the cart is full.
// Several lines (a guest cart merged after sign-in) never fail as a whole: a line that cannot
// go in is skipped and named in Notes, and one stock cannot cover is capped (also noted).
func (s *Service) Add(ctx context.Context, userID string, wants []Want) (Cart, error) {
	if len(wants) == 0 {
		return Cart{}, shop.E(shop.Invalid, "Nothing to add")
	}
	if len(wants) > MaxMerge {
		return Cart{}, shop.E(shop.Invalid, "At most %d lines can be added at once", MaxMerge)
	}
	single := len(wants) == 1
	for _, w := range wants {
		if single {
			if err := checkQuantity(w.Quantity); err != nil {
				return Cart{}, err
			}
		}
	}
	products, err := s.products(ctx, wants)
	if err != nil {
		return Cart{}, err
	}
	var notes []string
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		notes = nil
		q := s.store.q.WithTx(tx)
		rows, err := q.LockCartOf(ctx, userID)
		if err != nil {
			return err
		}
		have := map[[2]string]int{}
		for _, r := range rows {
			have[[2]string{r.ProductID, r.Size}] = int(r.Quantity)
		}
		for _, w := range wants {
			quantity, note, err := plan(products[w.ProductID], w, have, len(have))
			if err != nil {
				if single {
					return err
				}
				notes = append(notes, err.Error())
				continue
			}
			if note != "" {
				notes = append(notes, note)
			}
			if quantity == 0 {
				continue
			}
			have[[2]string{w.ProductID, w.Size}] = quantity
			err = q.PutCartItem(ctx, cartdb.PutCartItemParams{ID: shop.NewID(), UserID: userID, ProductID: w.ProductID,
				Size: w.Size, Quantity: int32(quantity)})
			if err != nil {
				return err
			}
		}
		return announce(ctx, tx, userID)
	})
	if err != nil {
		return Cart{}, err
	}
	c, err := s.Get(ctx, userID)
	c.Notes = notes
	return c, err
}

// plan decides the quantity a line ends with when w is added to what the cart has: capped by
// stock and MaxQuantity, with a note when capped. Errors as Add's for one line.
func plan(p *catalog.Product, w Want, have map[[2]string]int, lines int) (int, string, error) {
	if p == nil {
		return 0, "", shop.E(shop.NotFound, "Product not found")
	}
	stock, ok := p.Stock[w.Size]
	if !ok {
		return 0, "", shop.E(shop.Invalid, "Size %s is not available for %s", w.Size, p.Name)
	}
	quantity := max(w.Quantity, 1)
	current, inCart := have[[2]string{w.ProductID, w.Size}]
	if !inCart && lines >= MaxLines {
		return 0, "", shop.E(shop.Conflict, "Your cart is full (%d lines). Remove one to add another.", MaxLines)
	}
	if stock <= current {
		if stock <= 0 {
			return 0, "", shop.E(shop.Conflict, "Size %s of %s is sold out", w.Size, p.Name)
		}
		return 0, "", shop.E(shop.Conflict, "Only %d left in size %s of %s; your cart has %d", stock, w.Size, p.Name, current)
	}
	want := current + quantity
	limit := min(stock, MaxQuantity)
	if want <= limit {
		return want, "", nil
	}
	if limit == MaxQuantity && stock > MaxQuantity {
		return limit, fmt.Sprintf("At most %d of size %s of %s per order; your cart has %d", MaxQuantity, w.Size, p.Name, limit), nil
	}
	return limit, fmt.Sprintf("Only %d left in size %s of %s; your cart has %d", limit, w.Size, p.Name, limit), nil
}

// SetQuantity sets the quantity of line id of the user's cart. Errors: Invalid outside 1 to
// MaxQuantity, NotFound 'Cart item not found' (also for another shopper's line), Conflict
// 'Only N left in size M' when stock cannot cover it.
func (s *Service) SetQuantity(ctx context.Context, userID, id string, quantity int) (Line, error) {
	if err := checkQuantity(quantity); err != nil {
		return Line{}, err
	}
	if !shop.IsID(id) {
		return Line{}, shop.E(shop.NotFound, msgLineNotFound)
	}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.store.q.WithTx(tx)
		item, err := q.CartItem(ctx, cartdb.CartItemParams{ID: id, UserID: userID})
		if err != nil {
			if shop.Is(err, shop.NotFound) {
				return shop.E(shop.NotFound, msgLineNotFound)
			}
			return err
		}
		products, err := s.catalog.ProductsByIDs(ctx, []string{item.ProductID})
		if err != nil {
			return err
		}
		if len(products) == 0 {
			return shop.E(shop.Conflict, "This product is no longer available")
		}
		if stock := products[0].Stock[item.Size]; quantity > stock && quantity > int(item.Quantity) {
			if stock <= 0 {
				return shop.E(shop.Conflict, "Size %s is sold out", item.Size)
			}
			return shop.E(shop.Conflict, "Only %d left in size %s", stock, item.Size)
		}
		if _, err := q.SetCartQuantity(ctx, cartdb.SetCartQuantityParams{ID: id, UserID: userID, Quantity: int32(quantity)}); err != nil {
			return err
		}
		return announce(ctx, tx, userID)
	})
	if err != nil {
		return Line{}, err
	}
	c, err := s.Get(ctx, userID)
	if err != nil {
		return Line{}, err
	}
	for _, l := range c.Lines {
		if l.ID == id {
			return l, nil
		}
	}
	return Line{}, shop.E(shop.NotFound, msgLineNotFound)
}

// Remove deletes line id from the user's cart. Errors: NotFound 'Cart item not found'.
func (s *Service) Remove(ctx context.Context, userID, id string) error {
	if !shop.IsID(id) {
		return shop.E(shop.NotFound, msgLineNotFound)
	}
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		n, err := s.store.q.WithTx(tx).DeleteCartItem(ctx, cartdb.DeleteCartItemParams{ID: id, UserID: userID})
		if err != nil {
			return err
		}
		if n == 0 {
			return shop.E(shop.NotFound, msgLineNotFound)
		}
		return announce(ctx, tx, userID)
	})
}

// Clear empties the user's cart.
func (s *Service) Clear(ctx context.Context, userID string) error {
	return postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		if err := s.store.q.WithTx(tx).ClearCart(ctx, userID); err != nil {
			return err
		}
		return announce(ctx, tx, userID)
	})
}

// Lock locks the user's cart rows inside the caller's (order) transaction, so two checkouts
// of one cart queue, and says how many of each line (by line id) it holds. It reads nothing
// else, so a transaction that holds locks never waits for another connection.
func (s *Service) Lock(ctx context.Context, tx pgx.Tx, userID string) (map[string]int, error) {
	rows, err := s.store.q.WithTx(tx).LockCartOf(ctx, userID)
	if err != nil {
		return nil, err
	}
	held := make(map[string]int, len(rows))
	for _, r := range rows {
		held[r.ID] = int(r.Quantity)
	}
	return held, nil
}

// Same reports whether held (from Lock) is exactly c's lines.
func (c Cart) Same(held map[string]int) bool {
	if len(held) != len(c.Lines) {
		return false
	}
	for _, l := range c.Lines {
		if held[l.ID] != l.Quantity {
			return false
		}
	}
	return true
}

// Ordered takes lines that were ordered out of the user's cart in the caller's transaction (db is it, or its Writes):
// each line loses the ordered quantity, and goes when nothing is left.
func (s *Service) Ordered(ctx context.Context, db postgres.DB, userID string, lines []Want) error {
	q := cartdb.New(db)
	for _, l := range lines {
		if err := q.TakeOrdered(ctx, cartdb.TakeOrderedParams{UserID: userID, ProductID: l.ProductID, Size: l.Size, Quantity: int32(l.Quantity)}); err != nil {
			return err
		}
	}
	return announce(ctx, db, userID)
}

func checkQuantity(quantity int) error {
	switch {
	case quantity < 1:
		return shop.E(shop.Invalid, "Quantity must be at least 1")
	case quantity > MaxQuantity:
		return shop.E(shop.Invalid, "At most %d of one size per order", MaxQuantity)
	}
	return nil
}

func (s *Service) products(ctx context.Context, wants []Want) (map[string]*catalog.Product, error) {
	ids := make([]string, 0, len(wants))
	for _, w := range wants {
		if shop.IsID(w.ProductID) {
			ids = append(ids, w.ProductID)
		}
	}
	found, err := s.catalog.ProductsByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]*catalog.Product, len(found))
	for i := range found {
		byID[found[i].ID] = &found[i]
	}
	return byID, nil
}

// price turns rows into a priced cart. Lines whose product was withdrawn stay, marked.
func (s *Service) price(ctx context.Context, rows []cartdb.CartItem) (Cart, error) {
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ProductID
	}
	found, err := s.catalog.ProductsByIDs(ctx, ids)
	if err != nil {
		return Cart{}, err
	}
	byID := make(map[string]catalog.Product, len(found))
	for _, p := range found {
		byID[p.ID] = p
	}
	c := Cart{Lines: make([]Line, 0, len(rows))}
	priced := make([]pricing.Line, 0, len(rows))
	for _, r := range rows {
		p, ok := byID[r.ProductID]
		l := Line{ID: r.ID, ProductRef: r.ProductID, ProductID: r.ProductID, Size: r.Size, Quantity: int(r.Quantity)}
		if !ok {
			l.SoldOut, l.Problem = true, "This product is no longer available"
			c.Summary.Blocked = true
			c.Lines = append(c.Lines, l)
			continue
		}
		quote := pricing.Line{Quote: pricing.Quote{List: p.Price, Unit: p.DiscountedPrice}, Quantity: l.Quantity}
		priced = append(priced, quote)
		l.Product, l.Name, l.ProductName = p, p.Name, p.Name
		l.Price, l.Discount, l.DiscountedPrice, l.FinalAmount, l.Total = p.Price, p.Discount, p.DiscountedPrice, p.DiscountedPrice, quote.Total()
		l.Thumbnail, l.Gender, l.Category = p.Thumbnail, p.Gender, p.Category
		stock, sized := p.Stock[r.Size]
		l.Available = stock
		switch {
		case !sized:
			l.SoldOut, l.Problem = true, fmt.Sprintf("Size %s is no longer available", r.Size)
		case stock <= 0:
			l.SoldOut, l.Problem = true, fmt.Sprintf("Size %s is sold out", r.Size)
		case stock < l.Quantity:
			l.SoldOut, l.Problem = true, fmt.Sprintf("Only %d left in size %s", stock, r.Size)
		}
		c.Summary.Blocked = c.Summary.Blocked || l.SoldOut
		c.Lines = append(c.Lines, l)
	}
	t := pricing.Sum(priced, nil)
	c.Summary.Subtotal, c.Summary.ListTotal, c.Summary.Discount = t.Subtotal, t.List, t.ProductDiscount()
	c.Summary.TotalItems, c.Summary.FinalAmount = t.Items, t.Total
	return c, nil
}

func announce(ctx context.Context, db postgres.DB, userID string) error {
	return outbox.Publish(ctx, db, event.CartChanged, realtime.UserTopic(userID), event.CartChange{})
}
