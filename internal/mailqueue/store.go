package mailqueue

import "drape/internal/mailqueue/mailqueuedb"

// store reads and writes queued mails.
type store struct{ q *mailqueuedb.Queries }
