package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/redis/go-redis/v9"
)

// DefaultChannel is the Redis pub/sub channel events travel on unless NewBridge is given another.
const DefaultChannel = "drape:events"

// The bridge's timing: the wait before re-subscribing grows from minResubscribeDelay to
// maxResubscribeDelay while Redis keeps failing; a subscription silent for
// subscriptionHealthCheck is pinged, and one that stays silent after the ping is replaced.
const (
	minResubscribeDelay     = 100 * time.Millisecond
	maxResubscribeDelay     = 5 * time.Second
	subscriptionHealthCheck = 30 * time.Second
)

// Bridge carries events between processes over Redis pub/sub: the worker's outbox relay calls
// Publish, and every server runs Run into its hub. Delivery through Redis pub/sub is at most
// once per subscriber; clients refetch after reconnecting, and event IDs make repeats harmless.
type Bridge struct {
	rdb     redis.UniversalClient
	channel string
	// Logger receives Redis errors and malformed messages. Nil means slog.Default().
	Logger *slog.Logger
}

// NewBridge returns a bridge over rdb on channel ("" means DefaultChannel). Pub/sub channels
// are shared by every Redis database index, so tests pass a channel of their own.
func NewBridge(rdb redis.UniversalClient, channel string) *Bridge {
	if channel == "" {
		channel = DefaultChannel
	}
	return &Bridge{rdb: rdb, channel: channel}
}

// Channel is the Redis channel the bridge publishes to and subscribes to.
func (b *Bridge) Channel() string { return b.channel }

// Publish sends ev to every process running Run on the same channel.
func (b *Bridge) Publish(ctx context.Context, ev Event) error {
	msg, err := json.Marshal(ev)
	if err != nil {
		return fmt.Errorf("realtime: encode event %s: %w", ev.ID, err)
	}
	if err := b.rdb.Publish(ctx, b.channel, msg).Err(); err != nil {
		return fmt.Errorf("realtime: publish event %s: %w", ev.ID, err)
	}
	return nil
}

// Receiver takes events from the bridge: a Hub, or anything else a server wants to tell.
type Receiver interface {
	Publish(ev Event)
}

// Resyncer is a Receiver that wants to know when the bridge has subscribed again after losing
// its subscription: what was published meanwhile never arrived (a Hub then checks its
// connections' tokens again, as revocations may be among it).
type Resyncer interface {
	Resync()
}

// Receivers hands each event to every receiver in turn.
type Receivers []Receiver

// Publish implements Receiver.
func (rs Receivers) Publish(ev Event) {
	for _, r := range rs {
		r.Publish(ev)
	}
}

// Resync implements Resyncer: it tells every receiver that is one.
func (rs Receivers) Resync() {
	for _, r := range rs {
		if rr, ok := r.(Resyncer); ok {
			rr.Resync()
		}
	}
}

// Run subscribes to the channel and hands every event to hub.Publish until ctx is done, then
// returns nil. After a Redis error it logs it and subscribes again, waiting longer after each
// consecutive failure, and once subscribed again tells hub (when it is a Resyncer) that
// events may have been missed. Malformed messages are logged and skipped.
func (b *Bridge) Run(ctx context.Context, hub Receiver) error {
	delay := minResubscribeDelay
	lost := false
	for {
		err := b.forward(ctx, hub, func() {
			delay = minResubscribeDelay
			if rr, ok := hub.(Resyncer); ok && lost {
				rr.Resync()
			}
		})
		lost = true
		if ctx.Err() != nil {
			return nil
		}
		b.logger().Error("realtime: redis subscription failed", "channel", b.channel, "err", err, "retry_in", delay)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(delay):
		}
		delay = min(2*delay, maxResubscribeDelay)
	}
}

// forward runs one subscription: it calls subscribed once Redis confirms it, then passes
// events to hub until the subscription fails or ctx is done.
func (b *Bridge) forward(ctx context.Context, hub Receiver, subscribed func()) error {
	sub := b.rdb.Subscribe(ctx, b.channel)
	defer sub.Close()
	stop := context.AfterFunc(ctx, func() { sub.Close() })
	defer stop()

	if _, err := sub.Receive(ctx); err != nil {
		return err
	}
	subscribed()
	pinged := false
	for {
		received, err := sub.ReceiveTimeout(ctx, subscriptionHealthCheck)
		if err != nil {
			if !isTimeout(err) || pinged {
				return err
			}
			if err := sub.Ping(ctx); err != nil {
				return err
			}
			pinged = true
			continue
		}
		pinged = false
		if msg, ok := received.(*redis.Message); ok {
			b.deliver(hub, msg.Payload)
		}
	}
}

// deliver decodes one message from Redis and publishes it on hub.
func (b *Bridge) deliver(hub Receiver, payload string) {
	var ev Event
	if err := json.Unmarshal([]byte(payload), &ev); err != nil || ev.Topic == "" || ev.Type == "" {
		b.logger().Warn("realtime: dropped malformed event from redis", "channel", b.channel, "err", err, "size", len(payload))
		return
	}
	hub.Publish(ev)
}

func (b *Bridge) logger() *slog.Logger {
	if b.Logger != nil {
		return b.Logger
	}
	return slog.Default()
}

func isTimeout(err error) bool {
	var netErr net.Error
	return errors.As(err, &netErr) && netErr.Timeout()
}
