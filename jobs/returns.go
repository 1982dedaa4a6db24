package jobs

import "fmt"

// Task types of return and exchange requests (issue 18).
const (
	// TypeBookReturnPickup books an approved request's reverse pickup with the courier.
	TypeBookReturnPickup = "return:book_pickup"
	// TypeTrackReturnPickup asks the courier where a request's reverse pickup is.
	TypeTrackReturnPickup = "return:track_pickup"
)

// ReturnPayload names a return or exchange request by its id.
type ReturnPayload struct {
	RequestID string `json:"requestId"`
}

// BookReturnPickup books request id's reverse pickup; one per request.
func BookReturnPickup(requestID string) Job {
	return build(TypeBookReturnPickup, "return-pickup:"+requestID, QueueShipping, ReturnPayload{RequestID: requestID})
}

// TrackReturnPickup asks the courier where request id's pickup is. round makes each check of
// the same request a new job.
func TrackReturnPickup(requestID string, round int64) Job {
	return build(TypeTrackReturnPickup, fmt.Sprintf("return-track:%s:%d", requestID, round), QueueShipping, ReturnPayload{RequestID: requestID})
}

// TypeShipExchange ships an exchange's held size as its new parcel once its QC passed.
const TypeShipExchange = "return:ship_exchange"

// ShipExchange makes exchange request id's new parcel (its child order); one per request.
func ShipExchange(requestID string) Job {
	return build(TypeShipExchange, "return-exchange:"+requestID, QueueDefault, ReturnPayload{RequestID: requestID})
}
