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
