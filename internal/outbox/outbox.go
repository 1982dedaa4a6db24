// Package outbox makes side effects as durable as the changes that cause them. A use case
// writes its asynq jobs and realtime events as outbox rows in its own transaction; the relay
// in the worker delivers them after commit.
//
// It guarantees: a row written in a transaction that rolls back is never delivered; a row
// written in a committed transaction is delivered at least once, even across Redis outages
// and worker crashes; several relays may run at once without delivering a row twice in the
// normal case (rows are claimed with FOR UPDATE SKIP LOCKED); a redelivered job keeps its
// deterministic asynq TaskID.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"drape/internal/outbox/outboxdb"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/jobs"
	"drape/realtime"
)

// Row kinds.
const (
	kindTask  = "task"
	kindEvent = "event"
)

// Enqueue writes job j to the outbox in the caller's transaction.
func Enqueue(ctx context.Context, tx outboxdb.DBTX, j jobs.Job) error {
	if j.Type == "" || j.ID == "" {
		return fmt.Errorf("outbox: job needs a type and an id")
	}
	if j.Queue == "" {
		j.Queue = jobs.QueueDefault
	}
	return outboxdb.New(tx).Insert(ctx, outboxdb.InsertParams{
		Kind: kindTask, Name: j.Type, Queue: j.Queue, DedupeKey: j.ID, Payload: j.Payload,
	})
}

// Publish writes a realtime event named typ (from the catalogue, package event) with data to
// the outbox in the caller's transaction. The event gets an id and a time now.
func Publish(ctx context.Context, tx outboxdb.DBTX, typ event.Name, topic string, data any) error {
	b, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("outbox: event data: %w", err)
	}
	ev := realtime.Event{ID: shop.NewID(), Type: string(typ), Topic: topic, Data: b, At: time.Now().UTC()}
	payload, err := json.Marshal(ev)
	if err != nil {
		return fmt.Errorf("outbox: event: %w", err)
	}
	return outboxdb.New(tx).Insert(ctx, outboxdb.InsertParams{
		Kind: kindEvent, Name: string(typ), Topic: topic, DedupeKey: ev.ID, Payload: payload,
	})
}

// PublishMany writes one realtime event of type typ with data to each of topics, in the
// caller's transaction, in one statement.
func PublishMany(ctx context.Context, tx outboxdb.DBTX, typ event.Name, topics []string, data any) error {
	b, err := json.Marshal(data)
	if err != nil {
		return fmt.Errorf("outbox: event data: %w", err)
	}
	keys, payloads := make([]string, len(topics)), make([][]byte, len(topics))
	for i, topic := range topics {
		ev := realtime.Event{ID: shop.NewID(), Type: string(typ), Topic: topic, Data: b, At: time.Now().UTC()}
		if payloads[i], err = json.Marshal(ev); err != nil {
			return fmt.Errorf("outbox: event: %w", err)
		}
		keys[i] = ev.ID
	}
	return outboxdb.New(tx).InsertEvents(ctx, outboxdb.InsertEventsParams{Name: string(typ), Topics: topics, DedupeKeys: keys, Payloads: payloads})
}

// Stats is how far behind the relay is.
type Stats struct {
	Pending       int64   // rows not yet delivered
	OldestSeconds float64 // age of the oldest undelivered row
}

// PendingStats reads the outbox backlog.
func PendingStats(ctx context.Context, db outboxdb.DBTX) (Stats, error) {
	row, err := outboxdb.New(db).PendingStats(ctx)
	if err != nil {
		return Stats{}, err
	}
	return Stats{Pending: row.Pending, OldestSeconds: row.OldestSeconds}, nil
}
