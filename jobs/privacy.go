package jobs

// TypeEraseShopper erases a shopper who asked for it (issue 23, package privacy).
const TypeEraseShopper = "privacy:erase"

// ErasePayload names the erasure request; the handler reads whom it is about from the
// database.
type ErasePayload struct {
	RequestID string `json:"requestId"`
}

// EraseShopper is the job that completes erasure request requestID; one per request.
func EraseShopper(requestID string) Job {
	return build(TypeEraseShopper, "privacy-erase:"+requestID, QueueLow, ErasePayload{RequestID: requestID})
}

// TypeAnnounceSale sends a sale switched on to the shoppers who opted in to marketing, on each
// channel they opted in to (issue 23, package privacy).
const TypeAnnounceSale = "marketing:announce_sale"

// SalePayload names a sale.
type SalePayload struct {
	SaleID string `json:"saleId"`
}

// AnnounceSale is the job that announces sale saleID; the campaign itself is once per sale
// (package privacy records each send), so switching it on again sends nothing more.
func AnnounceSale(saleID string) Job {
	return build(TypeAnnounceSale, "sale-announce:"+saleID, QueueLow, SalePayload{SaleID: saleID})
}
