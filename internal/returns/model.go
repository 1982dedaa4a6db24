package returns

import (
	"time"

	"drape/internal/shop"
)

// Kind is what a shopper asks for: their money back, or the same product in another size.
type Kind string

// The kinds of request.
const (
	Return   Kind = "return"
	Exchange Kind = "exchange"
)

// Status is where a request is (status on the wire). A request starts REQUESTED; the moves
// between statuses are the state machine of status.go.
type Status string

// The statuses of a request, in the order of its life. Staff approve or reject a request; the
// courier's reverse pickup schedules and picks it up; the shop receives it and checks it (QC);
// a return that passed is refunded, an exchange that passed is exchanged (the held size ships);
// CLOSED ends one; CANCELLED is the shopper withdrawing it before pickup.
const (
	Requested       Status = "REQUESTED"
	Approved        Status = "APPROVED"
	Rejected        Status = "REJECTED"
	PickupScheduled Status = "PICKUP_SCHEDULED"
	PickedUp        Status = "PICKED_UP"
	Received        Status = "RECEIVED"
	QCPassed        Status = "QC_PASSED"
	QCFailed        Status = "QC_FAILED"
	Refunded        Status = "REFUNDED"
	Exchanged       Status = "EXCHANGED"
	Closed          Status = "CLOSED"
	Cancelled       Status = "CANCELLED"
)

// Who moves a request, as its steps record it: the shopper, or a staff member as
// order.Staff(id) ("staff:<id>", shown as "staff").
const (
	ActorShopper = "shopper"
)

// Policy is the shop's return policy, as the policy page, the request form and the back
// office show it. Money is in paise inside and rupees on the wire.
type Policy struct {
	// ReturnWindowDays and ExchangeWindowDays are how many days after delivery a shopper may
	// ask for a return or an exchange (0: not at all).
	ReturnWindowDays   int `json:"returnWindowDays"`
	ExchangeWindowDays int `json:"exchangeWindowDays"`
	// ReturnFee is what a return's pickup costs the shopper, taken from the refund (0: free).
	ReturnFee shop.Money `json:"returnFee"`
	// FreeExchanges says whether an exchange's pickup and new parcel are free; when not, an
	// exchange costs ReturnFee too.
	FreeExchanges bool `json:"freeExchanges"`
	// ReturnableSubCategories are the kinds of garment that may come back; products of the
	// others are final sale. A sub-category added later is returnable until excluded.
	ReturnableSubCategories []SubCategory `json:"returnableSubCategories"`
	// NotReturnableSubCategories are the others, for the policy page.
	NotReturnableSubCategories []SubCategory `json:"notReturnableSubCategories"`
	// Reasons are the reasons a shopper may give, in the order the form offers them.
	Reasons   []Reason  `json:"reasons"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// SubCategory is a sub-category as the policy names it.
type SubCategory struct {
	ID   string `json:"_id"`
	Name string `json:"categoryType"`
}

// Reason is one reason a shopper may give: its code (what requests record), its label (what
// the form shows) and whether a photo must come with it.
type Reason struct {
	Code          string `json:"code"`
	Label         string `json:"label"`
	PhotoRequired bool   `json:"photoRequired"`
}

// PolicyChange is an admin's change to the policy; nil fields keep their stored values.
// ReturnableSubCategories is the whole list of sub-category ids that may be returned; Reasons
// is the whole list of reasons, in order.
type PolicyChange struct {
	ReturnWindowDays        *int
	ExchangeWindowDays      *int
	ReturnFee               *shop.Money
	FreeExchanges           *bool
	ReturnableSubCategories *[]string
	Reasons                 *[]Reason
}

// Ask is a shopper's request about one of their orders.
type Ask struct {
	UserID      string
	OrderNumber string
	Kind        Kind
	Lines       []AskLine
	Reason      string // a Reason's code
	Note        string
	Photos      []string // paths of uploaded photos (/uploads/returns/<file>)
	// Payout is where a cash-on-delivery order's return refund goes (required for those only).
	Payout *PayoutDetails
}

// AskLine is one line of an Ask: Item is the line's index in the order's items; NewSize is the
// size an exchange wants.
type AskLine struct {
	Item     int
	Quantity int
	NewSize  string
}

// Request is a return or exchange request as its shopper and the shop see it.
type Request struct {
	ID          string     `json:"_id"`
	Number      string     `json:"returnId"` // the order number with -R1, -R2…
	OrderID     string     `json:"orderRef"` // the order's _id
	OrderNumber string     `json:"orderId"`  // the order number, as orders call it
	Kind        Kind       `json:"kind"`
	Status      Status     `json:"status"`
	StatusLabel string     `json:"statusLabel"`
	Reason      Reason     `json:"reason"`
	Note        string     `json:"note"`
	Photos      []string   `json:"photos"`
	Fee         shop.Money `json:"fee"` // the shipping fee the policy charged when it was asked
	Lines       []Line     `json:"lines"`
	Steps       []Step     `json:"steps"`
	// Refund is what a return gives back and where: the masked payout details from the start
	// (COD), the amount and credit note once QC passed; omitted when there is nothing yet.
	Refund *Refund `json:"refund,omitempty"`
	// Pickup is the courier's reverse pickup once its booking was tried (nil before).
	Pickup *Pickup `json:"pickup,omitempty"`
	// ExchangeOrder is an exchange's new parcel, the child order that ships the new size once
	// QC passed (nil before).
	ExchangeOrder *ExchangeOrder `json:"exchangeOrder,omitempty"`
	// Customer is the account that asked, in the back office's queue only.
	Customer  *Customer `json:"customer,omitempty"`
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Customer is the account that asked for a request, as the back office's queue shows it.
type Customer struct {
	ID        string `json:"_id"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
}

// QueueFilter narrows the back office's queue: a status, a kind, when it was asked (From
// inclusive, To exclusive) and Number, a part of an order or request number or of the
// shopper's name or e-mail (any case). Empty fields narrow nothing.
type QueueFilter struct {
	Status   Status
	Kind     Kind
	From, To *time.Time
	Number   string
}

// QueuePage is one page of the back office's queue, paged like the back office's order list.
// Counts is how many requests of each status the filters other than Status find.
type QueuePage struct {
	Items      []Request        `json:"items"`
	Counts     map[Status]int64 `json:"counts"`
	Page       int              `json:"page"`
	TotalPages int              `json:"totalPages"`
	Total      int64            `json:"total"`
}

// Move is a staff member's move of a request: approving it (Note optional) or rejecting it
// (Note is the reason, required).
type Move struct {
	RequestID string
	To        Status
	StaffID   string // the user id of the staff member; "" for the system
	Note      string
	then      effect // what a later move does in its transaction besides the step (qc.go)
}

// Line is one line of a request: which item of the order, how many, and for an exchange the
// size wanted and how many units of it are held.
type Line struct {
	Item        int    `json:"item"`
	ProductID   string `json:"productId"`
	ProductName string `json:"productName"`
	Size        string `json:"size"`
	Quantity    int    `json:"quantity"`
	NewSize     string `json:"newSize,omitempty"`
	Held        int    `json:"held"`
}

// Step is one entry of a request's timeline: what it became, who moved it ("shopper",
// "staff"), their note and when.
type Step struct {
	Status Status    `json:"status"`
	Label  string    `json:"label"`
	Actor  string    `json:"actor"`
	Note   string    `json:"note,omitempty"`
	At     time.Time `json:"at"`
}

// Limits of a request.
const (
	MaxPhotos     = 5
	NoteMaxLength = 500
)

// Limits of the policy.
const (
	MaxWindowDays    = 90
	MaxReturnFee     = shop.Money(100000) // ₹1,000
	MaxReasons       = 20
	ReasonLabelChars = 80
)
