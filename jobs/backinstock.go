package jobs

// TypeTellRestock tells the shoppers waiting for a size that it is back (issue 20,
// back-in-stock alerts).
const TypeTellRestock = "restock:tell"

// RestockPayload is a rise of one size's stock: Units came back. RestockID names the rise.
type RestockPayload struct {
	RestockID string `json:"restockId"`
	ProductID string `json:"productId"`
	Size      string `json:"size"`
	Units     int    `json:"units"`
}

// TellRestock is the job for rise restockID of size's stock of productID by units; one per
// rise, so its task id never changes.
func TellRestock(restockID, productID, size string, units int) Job {
	return build(TypeTellRestock, "restock:"+restockID, QueueDefault,
		RestockPayload{RestockID: restockID, ProductID: productID, Size: size, Units: units})
}
