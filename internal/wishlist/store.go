package wishlist

import "drape/internal/wishlist/wishlistdb"

// store reads and writes wishlist rows.
type store struct{ q *wishlistdb.Queries }
