package grievance

import "time"

// The statuses of a complaint. It starts Open; staff move it to InProgress, and then (or
// straight away) to Resolved or Closed, which are final.
const (
	Open       = "open"
	InProgress = "in_progress"
	Resolved   = "resolved"
	Closed     = "closed"
)

// Filing is a complaint as a shopper or a guest files it. A signed-in shopper gives UserID;
// Email is then their account's.
type Filing struct {
	UserID   string
	Name     string
	Email    string
	Phone    string
	OrderRef string // the order it is about, as the shopper wrote it; optional
	Subject  string
	Message  string
}

// Complaint is a filed complaint as the shopper and the back office see it.
type Complaint struct {
	ID         string     `json:"_id"`
	Ticket     string     `json:"ticket"`
	Name       string     `json:"name"`
	Email      string     `json:"email"`
	Phone      string     `json:"phone"`
	OrderRef   string     `json:"orderRef"`
	Subject    string     `json:"subject"`
	Message    string     `json:"message"`
	Status     string     `json:"status"`
	Note       string     `json:"note"` // what staff told the shopper last
	CreatedAt  time.Time  `json:"createdAt"`
	DueAt      time.Time  `json:"dueAt"` // one month after it was filed
	ResolvedAt *time.Time `json:"resolvedAt"`
	// Overdue is whether it is still unresolved past DueAt.
	Overdue bool    `json:"overdue"`
	History []Event `json:"history,omitempty"`
}

// Event is one step of a complaint's history: its filing or a move by staff.
type Event struct {
	Status  string    `json:"status"`
	Note    string    `json:"note"`
	At      time.Time `json:"at"`
	ByStaff bool      `json:"byStaff"`
}

// Move is a staff member's move of a complaint to Status, with a note the shopper reads
// (required to resolve or close).
type Move struct {
	Status  string
	Note    string
	ActorID string
}

// Queue is one page of the back office's complaints.
type Queue struct {
	Items      []Complaint `json:"items"`
	Page       int         `json:"page"`
	TotalPages int         `json:"totalPages"`
	Total      int64       `json:"total"`
}

// Figures are the dashboard's card: complaints not yet resolved, and those of them overdue.
type Figures struct {
	Unresolved int64 `json:"unresolved"`
	Overdue    int64 `json:"overdue"`
}
