package outbox

import (
	"context"
	"strings"
	"unicode/utf8"

	"drape/internal/outbox/outboxdb"
)

// Forget deletes, in tx, delivered rows whose payload holds any of values (a shopper's name,
// e-mail, phone, address lines), for the shopper's erasure (package privacy): the relay
// would prune them later anyway. Rows not yet delivered stay. Errors: those of the database.
func Forget(ctx context.Context, tx outboxdb.DBTX, values []string) error {
	q := outboxdb.New(tx)
	for _, v := range values {
		v = strings.TrimSpace(v)
		if utf8.RuneCountInString(v) < 3 {
			continue
		}
		if err := q.ForgetDeliveredWith(ctx, v); err != nil {
			return err
		}
	}
	return nil
}
