package notify

import "drape/internal/notify/notifydb"

// store reads and writes messages and channel choices.
type store struct{ q *notifydb.Queries }
