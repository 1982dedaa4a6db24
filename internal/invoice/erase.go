package invoice

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// ErasedRecipient is the recipient's name on an invoice whose buyer's personal details were
// erased: an unregistered buyer below RecipientDetailsFrom, where Rule 46 asks for none.
const ErasedRecipient = "Unregistered customer"

// RecipientDetailsFrom is the taxable value (paise) from which an invoice to an unregistered
// buyer must carry their name and address (Rule 46): such invoices keep them after an erasure.
const RecipientDetailsFrom = 5_000_000

// ReduceRecipients reduces in tx the recipient of the invoices of orderIDs, for the shopper's
// erasure (package privacy): an invoice to an unregistered buyer below RecipientDetailsFrom
// names ErasedRecipient at the place of supply's state; invoices to a GSTIN or above the
// threshold keep what Rule 46 asks of them. Errors: those of the database.
func (s *Service) ReduceRecipients(ctx context.Context, tx pgx.Tx, orderIDs []string) error {
	if len(orderIDs) == 0 {
		return nil
	}
	return s.store.q.WithTx(tx).ReduceRecipients(ctx, orderIDs)
}
