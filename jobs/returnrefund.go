package jobs

// TypeRefundReturn is the task type of a return's refund through the payment gateway.
const TypeRefundReturn = "return:refund"

// RefundReturn refunds the part of an order's online payment that a return request gives
// back; one per request (the gateway call's idempotency key is the request's too).
func RefundReturn(returnID string) Job {
	return build(TypeRefundReturn, "return-refund:"+returnID, QueueCritical, ReturnPayload{RequestID: returnID})
}
