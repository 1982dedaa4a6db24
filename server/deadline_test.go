package main

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestLazyDeadlineEndsLikeContextWithTimeout(t *testing.T) {
	t.Parallel()
	// Waited on: Done closes at the deadline and Err says why.
	waited := &lazyDeadline{Context: context.Background(), deadline: time.Now().Add(30 * time.Millisecond)}
	if err := waited.Err(); err != nil {
		t.Fatalf("Err before the deadline = %v", err)
	}
	select {
	case <-waited.Done():
	case <-time.After(2 * time.Second):
		t.Fatal("Done did not close at the deadline")
	}
	if err := waited.Err(); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Err after the deadline = %v, want DeadlineExceeded", err)
	}

	// Never waited on: Err still reports the deadline, and a late Done is closed already.
	unwatched := &lazyDeadline{Context: context.Background(), deadline: time.Now().Add(10 * time.Millisecond)}
	time.Sleep(20 * time.Millisecond)
	if err := unwatched.Err(); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Err after an unwatched deadline = %v", err)
	}
	select {
	case <-unwatched.Done():
	default:
		t.Fatal("Done of an expired context is open")
	}

	// Ended with the request: waiters are released with Canceled, the deadline no longer matters.
	ended := &lazyDeadline{Context: context.WithValue(context.Background(), requestIDKey{}, "r1"), deadline: time.Now().Add(time.Hour)}
	child, cancel := context.WithCancel(ended)
	defer cancel()
	ended.end(context.Canceled)
	select {
	case <-child.Done():
	case <-time.After(2 * time.Second):
		t.Fatal("a child context did not end with the request")
	}
	if err := ended.Err(); !errors.Is(err, context.Canceled) {
		t.Fatalf("Err after end = %v, want Canceled", err)
	}
	if d, ok := ended.Deadline(); !ok || d.IsZero() {
		t.Fatal("Deadline is not reported")
	}
	if ended.Value(requestIDKey{}) != "r1" {
		t.Fatal("values of the parent are lost")
	}
	ended.end(context.DeadlineExceeded) // a second end changes nothing
	if !errors.Is(ended.Err(), context.Canceled) {
		t.Fatal("a second end replaced the first")
	}
}
