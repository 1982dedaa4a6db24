package catalog

import (
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/catalog/catalogdb"
	"drape/internal/platform/postgres"
)

// ReadFrom sends the storefront's catalog reads that tolerate a replica's lag (listing pages,
// filtered listings, search and suggestions, the product page: ShopperProduct) to replica, a
// pool on a streaming replica (DATABASE_READ_URL). Writes, the back office and anything that
// reads what it has just written (Product, ProductsByIDs for carts and orders, stock) stay on
// the primary. Call it once, before the service is used.
func (s *Service) ReadFrom(replica *pgxpool.Pool) {
	s.reads = store{q: catalogdb.New(postgres.Translating(replica))}
}
