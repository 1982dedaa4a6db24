// Package realtime pushes live changes to browsers: the event shape, topics and who may
// subscribe to them, the hub that fans events out to websocket connections held by this
// process, and the Redis bridge that carries events between processes.
//
// It knows no domain: events carry opaque JSON data. It guarantees that a connection never
// receives an event of a topic it was not granted, that one slow connection cannot slow
// the others (its bounded queue fills and it is dropped), that a connection lives only as long
// as the token it said hello with (a Revocation closes it with 4401 on every process), and
// that connections are capped in all and per client address before their handshake is
// answered.
package realtime

import (
	"encoding/json"
	"strings"
	"time"
)

// Event is one change pushed to subscribers of Topic. ID is unique per event, so a client
// that sees an event twice (at-least-once delivery) can ignore the repeat.
type Event struct {
	ID    string          `json:"id"`
	Type  string          `json:"type"`
	Topic string          `json:"topic"`
	Data  json.RawMessage `json:"data"`
	At    time.Time       `json:"at"`
}

// The topics. User topics are "user:<id>".
const (
	TopicSales          = "sales"
	TopicCatalog        = "catalog"
	TopicAdminOrders    = "admin:orders"
	TopicAdminDashboard = "admin:dashboard"
	userTopicPrefix     = "user:"
)

// UserTopic is the private topic of one user.
func UserTopic(userID string) string { return userTopicPrefix + userID }

// User is who holds a connection, as the server's authenticator established it. TokenID and
// TokenVersion name the token it said hello with, so that a Revocation can tell it from the
// same user's other tokens; they are never sent to the client.
type User struct {
	ID           string `json:"id"`
	Role         string `json:"role"`
	TokenID      string `json:"-"`
	TokenVersion int64  `json:"-"`
}

// The roles that matter for topics.
const (
	RoleUser  = "user"
	RoleStaff = "staff"
	RoleAdmin = "admin"
)

// CanSubscribe reports whether u (nil for a guest) may receive events of topic: public topics
// for everyone, a user topic only for that user, admin topics for staff and admins.
func CanSubscribe(u *User, topic string) bool {
	switch {
	case topic == TopicSales || topic == TopicCatalog:
		return true
	case strings.HasPrefix(topic, userTopicPrefix):
		return u != nil && u.ID != "" && topic == UserTopic(u.ID)
	case topic == TopicAdminOrders || topic == TopicAdminDashboard:
		return u != nil && (u.Role == RoleAdmin || u.Role == RoleStaff)
	}
	return false
}
