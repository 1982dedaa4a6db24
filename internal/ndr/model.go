package ndr

import "time"

// Action is what the shopper (or staff for them) asks after a failed delivery attempt.
type Action string

// The answers to a failed attempt: deliver again on a date, deliver again at a corrected phone
// or address, or send the parcel back (return to origin, RTO: the order is cancelled).
const (
	Reattempt Action = "reattempt"
	Correct   Action = "correct"
	Return    Action = "return"
)

// Valid reports whether a is one of the answers.
func (a Action) Valid() bool { return a == Reattempt || a == Correct || a == Return }

// Issue is one failed delivery attempt of an order and what was answered to it.
type Issue struct {
	ID           string     `json:"_id"`
	OrderID      string     `json:"orderRef"`
	OrderNumber  string     `json:"orderId"`
	AWB          string     `json:"awb"`
	Attempt      int        `json:"attempt"`
	AttemptLimit int        `json:"attemptLimit"`
	Reason       string     `json:"reason"`
	ReportedAt   time.Time  `json:"reportedAt"`
	Open         bool       `json:"open"`     // not closed: the order is neither delivered nor on its way back
	Answered     bool       `json:"answered"` // someone chose what happens next
	Action       Action     `json:"action,omitempty"`
	Date         string     `json:"date,omitempty"` // the re-attempt's date, YYYY-MM-DD
	Phone        string     `json:"phone,omitempty"`
	Address1     string     `json:"address1,omitempty"`
	Address2     string     `json:"address2,omitempty"`
	Note         string     `json:"note,omitempty"`
	AnsweredBy   string     `json:"answeredBy,omitempty"`
	AnsweredAt   *time.Time `json:"answeredAt,omitempty"`
	SentAt       *time.Time `json:"sentAt,omitempty"` // when the courier took the answer
	SendError    string     `json:"sendError,omitempty"`
	ClosedAt     *time.Time `json:"closedAt,omitempty"`
	Outcome      string     `json:"outcome,omitempty"`
	// Token is the shopper's link token (only in the shopper's own view, while it can be answered).
	Token string `json:"token,omitempty"`
}

// Answer is a choice after a failed attempt, as the shopper's page or staff send it.
type Answer struct {
	Action   Action
	Date     string // Reattempt: YYYY-MM-DD, one of the next days (Choices)
	Phone    string // Correct: the phone to call
	Address1 string // Correct: the address lines
	Address2 string
	Note     string // staff's note (required for staff)
}

// Choices is what the shopper's page offers for an issue: the issue, the days a re-attempt may
// be asked for, and the phone and address the courier has now.
type Choices struct {
	Issue    Issue    `json:"issue"`
	Dates    []string `json:"dates"`
	Name     string   `json:"name"`
	Phone    string   `json:"phone"`
	Address1 string   `json:"address1"`
	Address2 string   `json:"address2"`
	City     string   `json:"city"`
	State    string   `json:"state"`
	Pincode  string   `json:"pincode"`
}

// Queue is the back office's NDR queue: the open issues, oldest first, and the courier's
// attempt limit.
type Queue struct {
	Issues       []Issue `json:"issues"`
	AttemptLimit int     `json:"attemptLimit"`
}
