package cart

import "drape/internal/cart/cartdb"

// store reads and writes cart rows; every query is filtered by the owner.
type store struct{ q *cartdb.Queries }
