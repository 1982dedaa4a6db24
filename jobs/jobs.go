// Package jobs is the contract between the code that asks for background work and the worker
// that does it: task type names, payload structs (ids, never personal data), constructors
// and default options.
//
// It knows no domain package. A Job built here is written to the outbox inside the domain
// transaction that causes it, and the relay enqueues it on asynq under Job.ID, so the same
// logical job is never queued twice while it waits.
package jobs

import (
	"encoding/json"
	"fmt"
)

// Job is a task ready to be queued.
type Job struct {
	Type    string          // asynq task type, e.g. "mail:send"
	ID      string          // deterministic asynq TaskID: the same logical job gets the same ID
	Queue   string          // asynq queue name
	Payload json.RawMessage // JSON payload, decoded by the worker's handler
}

// The queues, with the weights the worker gives them.
const (
	QueueCritical = "critical" // payments, stock release
	QueueDefault  = "default"  // shipment pushes, mail
	QueueLow      = "low"      // reconciliation, housekeeping
)

// Queues maps queue names to their priority weights for the asynq server.
var Queues = map[string]int{QueueCritical: 6, QueueDefault: 3, QueueShipping: 2, QueueLow: 1}

// TypeSendMail sends one e-mail through SMTP.
const TypeSendMail = "mail:send"

// SendMailPayload names a mail by its key; the handler renders it from the database, so no
// personal data travels through Redis.
type SendMailPayload struct {
	Kind string `json:"kind"` // which mail, e.g. "order_confirmation"
	Ref  string `json:"ref"`  // the id of the thing it is about (order id, OTP request id)
}

// SendMail is the job that sends mail kind about ref; one per (kind, ref).
func SendMail(kind, ref string) Job {
	return build(TypeSendMail, "mail:"+kind+":"+ref, QueueDefault, SendMailPayload{Kind: kind, Ref: ref})
}

func build(typ, id, queue string, payload any) Job {
	b, err := json.Marshal(payload)
	if err != nil {
		panic(fmt.Sprintf("jobs: payload of %s does not encode: %v", typ, err))
	}
	return Job{Type: typ, ID: id, Queue: queue, Payload: b}
}

// Decode reads a task payload into v, for worker handlers.
func Decode(payload []byte, v any) error {
	if err := json.Unmarshal(payload, v); err != nil {
		return fmt.Errorf("jobs: bad payload: %w", err)
	}
	return nil
}

// QueueShipping holds the jobs that talk to the courier aggregator (pushes, cancellations,
// tracking), so a slow courier never holds up mails or payments.
const QueueShipping = "shipping"

// Task types of orders, shipments and payments.
const (
	TypePushShipment     = "order:push_shipment"
	TypeCancelShipment   = "order:cancel_shipment"
	TypeTrackShipment    = "order:track_shipment"
	TypeRefundPayment    = "payment:refund"
	TypeReconcilePayment = "payment:reconcile"
)

// OrderPayload names an order by its internal id.
type OrderPayload struct {
	OrderID string `json:"orderId"`
}

// PushShipment sends a placed order to the courier aggregator; one per order.
func PushShipment(orderID string) Job {
	return build(TypePushShipment, "shipment:"+orderID, QueueShipping, OrderPayload{OrderID: orderID})
}

// PushShipmentAgain is staff's retry of a push that failed for good; after is the number of
// attempts made before, so each retry is a new job.
func PushShipmentAgain(orderID string, after int) Job {
	return build(TypePushShipment, fmt.Sprintf("shipment:%s:%d", orderID, after), QueueShipping, OrderPayload{OrderID: orderID})
}

// CancelShipment takes a cancelled order back from the courier aggregator; one per order.
func CancelShipment(orderID string) Job {
	return build(TypeCancelShipment, "shipment-cancel:"+orderID, QueueShipping, OrderPayload{OrderID: orderID})
}

// TrackShipment asks the courier where an order's shipment is, in case a status webhook was
// lost. round makes each check of the same order a new job.
func TrackShipment(orderID string, round int64) Job {
	return build(TypeTrackShipment, fmt.Sprintf("track:%s:%d", orderID, round), QueueShipping, OrderPayload{OrderID: orderID})
}

// RefundPayment refunds an order's online payment; one per order and attempt (a failed
// refund tried again is attempt 2).
func RefundPayment(orderID string, attempt int) Job {
	return build(TypeRefundPayment, fmt.Sprintf("refund:%s:%d", orderID, attempt), QueueCritical, OrderPayload{OrderID: orderID})
}

// ReconcilePayment asks the gateway about an order still waiting for its payment. round makes
// each check of the same order a new job (the sweeper passes the minute it runs in).
func ReconcilePayment(orderID string, round int64) Job {
	return build(TypeReconcilePayment, fmt.Sprintf("reconcile:%s:%d", orderID, round), QueueLow, OrderPayload{OrderID: orderID})
}

// TypeSendMessage sends one WhatsApp or SMS message.
const TypeSendMessage = "message:send"

// SendMessage is the job that sends message kind about ref; one per (kind, ref). Its payload
// is SendMailPayload's shape: the handler reads the message from the database.
func SendMessage(kind, ref string) Job {
	return build(TypeSendMessage, "message:"+kind+":"+ref, QueueDefault, SendMailPayload{Kind: kind, Ref: ref})
}

// SendMessageAgain is the job that sends message kind about ref again after attempts tries:
// its own id, as the first job's may stay taken (jobs keep their ids for a day once done).
func SendMessageAgain(kind, ref string, attempts int) Job {
	j := SendMessage(kind, ref)
	j.ID += fmt.Sprintf(":again:%d", attempts)
	return j
}
