package returns

import (
	"slices"

	"drape/internal/order"
)

// transitions is the request state machine: the statuses each status may move to. Staff
// approve or reject a REQUESTED request; the courier's reverse pickup takes an approved one
// through PICKUP_SCHEDULED and PICKED_UP to RECEIVED; QC passes or fails it; a passed return
// is REFUNDED and a passed exchange EXCHANGED; REFUNDED, EXCHANGED and QC_FAILED end as CLOSED.
// The shopper may cancel until the courier has the parcel. REJECTED, CLOSED and CANCELLED are
// final. No status moves back, so a late or repeated report or click changes nothing.
//
// Staff approve and reject (Service.Approve, Service.Reject), the courier's reports schedule,
// pick up and deliver the parcel (Pickups.ApplyCourierReport), staff receive and check it
// (Service.Receive, Service.QC), a return's refund makes it REFUNDED (Service.RefundProcessed,
// Service.RecordPayout) and an exchange's delivered new parcel EXCHANGED
// (Service.ReplacementDelivered). Nothing moves a request to CLOSED after REFUNDED or
// EXCHANGED yet, nor lets the shopper cancel (CANCELLED).
var transitions = map[Status][]Status{
	Requested:       {Approved, Rejected, Cancelled},
	Approved:        {PickupScheduled, PickedUp, Received, Cancelled},
	PickupScheduled: {PickedUp, Received, Cancelled},
	PickedUp:        {Received},
	Received:        {QCPassed, QCFailed},
	QCPassed:        {Refunded, Exchanged},
	QCFailed:        {Closed},
	Refunded:        {Closed},
	Exchanged:       {Closed},
}

// Statuses lists every request status in the order of a request's life.
var Statuses = []Status{Requested, Approved, Rejected, PickupScheduled, PickedUp, Received, QCPassed, QCFailed,
	Refunded, Exchanged, Closed, Cancelled}

// CanMove reports whether a request in status s may move to status to.
func (s Status) CanMove(to Status) bool { return slices.Contains(transitions[s], to) }

// Next is the statuses s may move to (none for a final status).
func (s Status) Next() []Status { return slices.Clone(transitions[s]) }

// Valid reports whether s is one of the request statuses.
func (s Status) Valid() bool { return slices.Contains(Statuses, s) }

// Final reports whether a request in status s is over: nothing moves it any more.
func (s Status) Final() bool { return len(transitions[s]) == 0 }

// ParseStatus reads a status as people write it, as order.ParseStatus reads order statuses:
// "qc passed" and "QC-Passed" are QCPassed. The result may not be Valid.
func ParseStatus(name string) Status { return Status(order.ParseStatus(name)) }
