package jobs

// TypeActOnNDR sends the answer to a failed delivery attempt (issue 19, NDR) to the courier's
// NDR action API.
const TypeActOnNDR = "ndr:act"

// NDRPayload names a failed delivery attempt by its id.
type NDRPayload struct {
	AttemptID string `json:"attemptId"`
}

// ActOnNDR sends the answer to failed delivery attempt id to the courier; one per attempt (an
// attempt is answered once), so its task id never changes.
func ActOnNDR(attemptID string) Job {
	return build(TypeActOnNDR, "ndr-action:"+attemptID, QueueShipping, NDRPayload{AttemptID: attemptID})
}
