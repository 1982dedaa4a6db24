package main

import (
	"testing"
	"time"
)

// TestMailboxShowsARepeatedMessageOnce: a message delivered again with the same Message-ID (a
// sender retrying after it lost the record of the first send) is shown once, as Gmail does; a
// message with another Message-ID, or to someone else, is its own.
func TestMailboxShowsARepeatedMessageOnce(t *testing.T) {
	b := newMailbox(10)
	raw := func(id string) []byte {
		return []byte("From: shop@drape.test\r\nTo: asha@example.com\r\nSubject: Order placed\r\nMessage-ID: <" + id + ">\r\n\r\nThank you.\r\n")
	}
	now := time.Now()
	b.add(parseMessage(raw("order_confirmation.abc@mail.drape"), "shop@drape.test", []string{"asha@example.com"}, now))
	b.add(parseMessage(raw("order_confirmation.abc@mail.drape"), "shop@drape.test", []string{"asha@example.com"}, now))
	if got := len(b.list("")); got != 1 {
		t.Fatalf("%d messages after a repeated delivery, want 1", got)
	}
	b.add(parseMessage(raw("order_confirmation.def@mail.drape"), "shop@drape.test", []string{"asha@example.com"}, now))
	b.add(parseMessage(raw("order_confirmation.abc@mail.drape"), "shop@drape.test", []string{"ravi@example.com"}, now))
	if got := len(b.list("")); got != 3 {
		t.Fatalf("%d messages, want 3 (another message, another recipient)", got)
	}
}
