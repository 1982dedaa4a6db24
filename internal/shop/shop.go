// Package shop is the vocabulary every drape package shares: the few kinds of error a use
// case can end in, money in integer paise, wire ids and pagination.
//
// It guarantees that an error's kind decides its HTTP status in exactly one place (the
// server's error handler) and that no package needs to know another's error types.
package shop

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Kind is what went wrong, in terms a caller can act on.
type Kind int

// The kinds of error. Internal is the zero value so that an unclassified error is never
// mistaken for the caller's fault.
const (
	Internal     Kind = iota // a fault of ours: logged, answered 500 without details
	Invalid                  // the input is wrong; Fields may say which
	Unauthorized             // no valid credentials
	Forbidden                // valid credentials, not allowed
	NotFound                 // no such thing (or not the caller's)
	Conflict                 // the state of things refuses it (stock, duplicates, transitions)
	TooMany                  // rate limited
	Unavailable              // a dependency is down; retry later
	TooLarge                 // the request body is over the limit
)

// String names the kind for logs.
func (k Kind) String() string {
	switch k {
	case Invalid:
		return "invalid"
	case Unauthorized:
		return "unauthorized"
	case Forbidden:
		return "forbidden"
	case NotFound:
		return "not_found"
	case Conflict:
		return "conflict"
	case TooMany:
		return "too_many"
	case Unavailable:
		return "unavailable"
	case TooLarge:
		return "too_large"
	default:
		return "internal"
	}
}

// Error is an error with a kind and a message meant for the shopper or admin. Fields holds
// per-field messages for Invalid; Data is optional extra detail for the answer (for example
// the allowed next states of an order).
type Error struct {
	Kind    Kind
	Message string
	Fields  map[string]string
	Data    any
	Err     error
}

// Error returns the message, followed by the cause for logs.
func (e *Error) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// E makes an error of kind k with a message.
func E(k Kind, format string, args ...any) *Error {
	return &Error{Kind: k, Message: fmt.Sprintf(format, args...)}
}

// Wrap makes an error of kind k with a message, keeping err as the cause for logs.
func Wrap(k Kind, err error, message string) *Error {
	return &Error{Kind: k, Message: message, Err: err}
}

// KindOf is the kind of err: that of the first *Error in its chain, or Internal.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return Internal
}

// Is reports whether err is a shop error of kind k.
func Is(err error, k Kind) bool { return err != nil && KindOf(err) == k }

// Problems collects per-field validation messages; its Err is nil when there are none.
type Problems map[string]string

// Add records message for field unless the field already has one.
func (p Problems) Add(field, message string) {
	if _, ok := p[field]; !ok {
		p[field] = message
	}
}

// Check records message for field when bad is true.
func (p Problems) Check(bad bool, field, message string) {
	if bad {
		p.Add(field, message)
	}
}

// Err is an Invalid error carrying the problems, or nil. The message is the first
// problem in field order, so a client that shows one line shows a useful one.
func (p Problems) Err() error {
	if len(p) == 0 {
		return nil
	}
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return &Error{Kind: Invalid, Message: p[keys[0]], Fields: map[string]string(p)}
}

// Required records "<label> is required" for every empty value.
func (p Problems) Required(fields map[string]string) {
	for field, value := range fields {
		p.Check(strings.TrimSpace(value) == "", field, field+" is required")
	}
}
