package order

import (
	"slices"
	"strings"
)

// Status is where an order is in its life (orderStatus on the wire).
type Status string

// The order statuses. An online order waits for its payment first; every order is PENDING
// once it is placed cash on delivery or paid (SPEC §4). The shop may confirm it; once the
// courier has it, its statuses are the courier's (Shiprocket's names, with underscores):
// NEW when the shipment is created, then on to DELIVERED. An order can be cancelled until it
// ships; after delivery it can come back as a return, and a shipment the buyer refused comes
// back to origin (RTO).
const (
	AwaitingPayment Status = "AWAITING_PAYMENT"
	Pending         Status = "PENDING"
	Confirmed       Status = "CONFIRMED"
	New             Status = "NEW"
	ReadyToShip     Status = "READY_TO_SHIP"
	PickupScheduled Status = "PICKUP_SCHEDULED"
	Shipped         Status = "SHIPPED"
	InTransit       Status = "IN_TRANSIT"
	OutForDelivery  Status = "OUT_FOR_DELIVERY"
	Delivered       Status = "DELIVERED"
	Canceled        Status = "CANCELED"
	RTOInitiated    Status = "RTO_INITIATED"
	RTODelivered    Status = "RTO_DELIVERED"
	ReturnRequested Status = "RETURN_REQUESTED"
	Returned        Status = "RETURNED"
)

// transitions is the order state machine: the statuses each status may move to. The courier
// may skip steps (a shipment can be reported delivered without ever being out for delivery),
// so every later step of the journey is allowed, but never a step back. CANCELED,
// RTO_DELIVERED and RETURNED are final.
var transitions = map[Status][]Status{
	AwaitingPayment: {Pending, Canceled},
	Pending:         {Confirmed, New, ReadyToShip, PickupScheduled, Shipped, Canceled},
	Confirmed:       {New, ReadyToShip, PickupScheduled, Shipped, Canceled},
	New:             {ReadyToShip, PickupScheduled, Shipped, InTransit, OutForDelivery, Delivered, Canceled},
	ReadyToShip:     {PickupScheduled, Shipped, InTransit, OutForDelivery, Delivered, Canceled},
	PickupScheduled: {Shipped, InTransit, OutForDelivery, Delivered, Canceled},
	Shipped:         {InTransit, OutForDelivery, Delivered, RTOInitiated},
	InTransit:       {OutForDelivery, Delivered, RTOInitiated},
	OutForDelivery:  {Delivered, RTOInitiated},
	Delivered:       {ReturnRequested},
	RTOInitiated:    {RTODelivered},
	ReturnRequested: {Returned, Delivered},
}

// Statuses lists every order status in the order of an order's life.
var Statuses = []Status{AwaitingPayment, Pending, Confirmed, New, ReadyToShip, PickupScheduled, Shipped,
	InTransit, OutForDelivery, Delivered, Canceled, RTOInitiated, RTODelivered, ReturnRequested, Returned}

// Next is the statuses s may move to (none for a final status).
func (s Status) Next() []Status { return append([]Status{}, transitions[s]...) }

// CanMove reports whether an order in status s may move to status to.
func (s Status) CanMove(to Status) bool { return slices.Contains(transitions[s], to) }

// Valid reports whether s is one of the order statuses.
func (s Status) Valid() bool { return slices.Contains(Statuses, s) }

// Cancellable reports whether an order in status s may still be cancelled: until it ships.
func (s Status) Cancellable() bool { return s.CanMove(Canceled) }

// HandedOver reports whether an order in status s has left with the courier: shipped, on its
// way or delivered (a courier may report any of them first). The order's tax invoice is
// issued when it first gets there.
func (s Status) HandedOver() bool {
	return s == Shipped || s == InTransit || s == OutForDelivery || s == Delivered
}

// ParseStatus reads a status as people and other systems write it: "out for delivery",
// "Out-For-Delivery" and "OUT_FOR_DELIVERY" are OutForDelivery. The result may not be Valid.
func ParseStatus(name string) Status {
	return Status(strings.Join(strings.FieldsFunc(strings.ToUpper(name), func(r rune) bool {
		return r == ' ' || r == '_' || r == '-'
	}), "_"))
}

// CourierStatus maps a status name the courier reports (Shiprocket's names: "OUT FOR
// DELIVERY", "Picked Up", "rto_initiated"; matched on the name, never on Shiprocket's numeric
// ids, which differ between its APIs) onto an order status, and says whether it is one the
// order follows. Reports such as "AWB ASSIGNED" or "PICKUP ERROR" say nothing the shopper
// tracks and map to false.
func CourierStatus(name string) (Status, bool) {
	switch strings.ReplaceAll(string(ParseStatus(name)), "_", " ") {
	case "NEW":
		return New, true
	case "READY TO SHIP", "INVOICED", "LABEL GENERATED", "MANIFEST GENERATED":
		return ReadyToShip, true
	case "PICKUP SCHEDULED", "PICKUP GENERATED", "PICKUP QUEUED", "PICKUP RESCHEDULED", "OUT FOR PICKUP":
		return PickupScheduled, true
	case "SHIPPED", "PICKED UP":
		return Shipped, true
	case "IN TRANSIT", "REACHED AT DESTINATION HUB", "DELAYED", "MISROUTED":
		return InTransit, true
	case "OUT FOR DELIVERY":
		return OutForDelivery, true
	case "DELIVERED":
		return Delivered, true
	case "CANCELED", "CANCELLED", "CANCELLED BEFORE DISPATCHED":
		return Canceled, true
	case "RTO INITIATED", "RTO IN TRANSIT", "RTO OFD", "RTO NDR":
		return RTOInitiated, true
	case "RTO DELIVERED", "RTO ACKNOWLEDGED":
		return RTODelivered, true
	}
	return "", false
}
