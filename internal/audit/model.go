package audit

import (
	"encoding/json"
	"time"
)

// Change is one change to record: who made it, what it was, and the entity before and after.
type Change struct {
	ActorID    string
	ActorRole  string
	Action     string // what was done, e.g. "PUT /api/admin/products/:id"
	EntityType string // e.g. "product", "order", "company"
	EntityID   string // empty when the change has no single entity
	Before     any    // the entity before the change, nil when it did not exist or is not known
	After      any    // the entity after the change, nil when it was deleted
	RequestID  string
}

// Entry is a recorded change, as the back office lists it.
type Entry struct {
	ID         string          `json:"_id"`
	At         time.Time       `json:"at"`
	ActorID    string          `json:"actorId"`
	ActorRole  string          `json:"actorRole"`
	ActorEmail string          `json:"actorEmail"`
	ActorName  string          `json:"actorName"`
	Action     string          `json:"action"`
	EntityType string          `json:"entityType"`
	EntityID   string          `json:"entityId"`
	Before     json.RawMessage `json:"before"`
	After      json.RawMessage `json:"after"`
	RequestID  string          `json:"requestId"`
}

// Filter narrows the log. Empty fields do not narrow it; Since is inclusive and Before
// exclusive.
type Filter struct {
	Actor      string // a user id or an e-mail address
	EntityType string
	EntityID   string
	Action     string // a part of the action, any case
	Since      *time.Time
	Before     *time.Time
}

// Entries is one page of the log, newest first.
type Entries struct {
	Items      []Entry `json:"items"`
	Page       int     `json:"page"`
	TotalPages int     `json:"totalPages"`
	Total      int64   `json:"total"`
}
