package payment

import (
	"github.com/jackc/pgx/v5/pgtype"

	"drape/internal/payment/paymentdb"
)

// store remembers the gateway's webhook events already handled.
type store struct{ q *paymentdb.Queries }

func pgText(s string) pgtype.Text { return pgtype.Text{String: s, Valid: s != ""} }
