package catalog

import (
	"context"
	"maps"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"drape/internal/catalog/catalogdb"
	"drape/internal/outbox"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/jobs"
	"drape/realtime"
)

// StockChange is a number of units of one size of a product, taken by an order or given back.
type StockChange struct {
	ProductID string
	Name      string // the product's name, for messages
	Size      string
	Quantity  int
}

// LowStock is the count at and below which a size's stock is news: a cart can hold that many
// of a size, so shoppers start to see "Only 3 left" and sold-out sizes. Above it, an order
// changes nothing a shopper sees, so TakeStock does not announce it (at flash-sale rates every
// order would otherwise reach every open storefront and empty every server's listing cache).
const LowStock = 10

// TakeStock takes changes out of stock inside the caller's transaction, all or nothing: each
// size is decremented only while enough is left (UPDATE … WHERE stock >= n), so concurrent
// orders can never take more than there is. Rows are locked in a fixed order, so two orders
// for the same sizes queue rather than deadlock. Sizes left at LowStock or fewer are announced
// in a stock.changed event with their new counts. Errors: Conflict naming the product and size
// when one is short ("Only 2 left in size M of Slim Shirt", "Size M of Slim Shirt is sold out").
func (s *Service) TakeStock(ctx context.Context, tx pgx.Tx, changes []StockChange) error {
	q := s.store.q.WithTx(tx)
	left := map[string]map[string]int{}
	for _, c := range sortedChanges(changes) {
		stock, err := q.TakeStock(ctx, catalogdb.TakeStockParams{ProductID: c.ProductID, Size: c.Size, Quantity: int32(c.Quantity)})
		if shop.Is(err, shop.NotFound) {
			have, err := q.StockOf(ctx, catalogdb.StockOfParams{ProductID: c.ProductID, Size: c.Size})
			if shop.Is(err, shop.NotFound) {
				return shop.E(shop.Conflict, "Size %s of %s is no longer available", c.Size, c.Name)
			}
			if err != nil {
				return err
			}
			return ShortMessage(c.Name, c.Size, int(have))
		}
		if err != nil {
			return err
		}
		if stock <= LowStock {
			record(left, c.ProductID, c.Size, int(stock))
		}
	}
	return publishStock(ctx, tx, left)
}

// ReturnStock puts changes back into stock inside the caller's transaction (a cancelled or
// expired order, a returned parcel) and announces the new counts and each rise (Restocked).
// Sizes deleted since are skipped.
func (s *Service) ReturnStock(ctx context.Context, tx pgx.Tx, changes []StockChange) error {
	q := s.store.q.WithTx(tx)
	left := map[string]map[string]int{}
	for _, c := range sortedChanges(changes) {
		stock, err := q.ReturnStock(ctx, catalogdb.ReturnStockParams{ProductID: c.ProductID, Size: c.Size, Quantity: int32(c.Quantity)})
		if shop.Is(err, shop.NotFound) {
			continue
		}
		if err != nil {
			return err
		}
		record(left, c.ProductID, c.Size, int(stock))
		if err := Restocked(ctx, tx, c.ProductID, c.Size, c.Quantity); err != nil {
			return err
		}
	}
	return publishStock(ctx, tx, left)
}

// Restocked writes to the outbox, in the transaction that raises it, that size of productID
// has units more in stock: the back-in-stock job that tells the shoppers waiting for it. Every
// rise of stock goes through it (ReturnStock, the back office's stock and product edits).
func Restocked(ctx context.Context, tx pgx.Tx, productID, size string, units int) error {
	if units <= 0 {
		return nil
	}
	return outbox.Enqueue(ctx, tx, jobs.TellRestock(shop.NewID(), productID, size, units))
}

// ShortMessage is the Conflict a shopper gets when size of product name has only have left.
func ShortMessage(name, size string, have int) *shop.Error {
	if have <= 0 {
		return shop.E(shop.Conflict, "Size %s of %s is sold out", size, name)
	}
	return shop.E(shop.Conflict, "Only %d left in size %s of %s", have, size, name)
}

func sortedChanges(changes []StockChange) []StockChange {
	sorted := slices.Clone(changes)
	slices.SortFunc(sorted, func(a, b StockChange) int {
		if c := strings.Compare(a.ProductID, b.ProductID); c != 0 {
			return c
		}
		return strings.Compare(a.Size, b.Size)
	})
	return sorted
}

func record(left map[string]map[string]int, productID, size string, stock int) {
	if left[productID] == nil {
		left[productID] = map[string]int{}
	}
	left[productID][size] = stock
}

func publishStock(ctx context.Context, tx pgx.Tx, left map[string]map[string]int) error {
	for _, id := range slices.Sorted(maps.Keys(left)) {
		err := outbox.Publish(ctx, tx, event.StockChanged, realtime.TopicCatalog, event.StockChange{ProductID: id, Sizes: left[id]})
		if err != nil {
			return err
		}
	}
	return nil
}
