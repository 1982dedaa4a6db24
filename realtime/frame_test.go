package realtime

import (
	"bytes"
	"errors"
	"testing"
)

// clientFrame is a masked client frame of op with payload, as a browser sends it.
func clientFrame(fin bool, op byte, payload string) []byte {
	head := op
	if fin {
		head |= 0x80
	}
	frame := frameHeader(nil, 0, len(payload))
	frame[0] = head
	frame[1] |= 0x80
	key := []byte{0x12, 0x34, 0x56, 0x78}
	frame = append(frame, key...)
	for i := range len(payload) {
		frame = append(frame, payload[i]^key[i&3])
	}
	return frame
}

type delivered struct {
	op      byte
	payload string
}

func feedAll(t *testing.T, in *inbound, chunks ...[]byte) ([]delivered, error) {
	t.Helper()
	var got []delivered
	for _, chunk := range chunks {
		err := in.feed(chunk, func(op byte, payload []byte) error {
			got = append(got, delivered{op, string(payload)})
			return nil
		})
		if err != nil {
			return got, err
		}
	}
	return got, nil
}

func TestInboundReassemblesSplitAndFragmentedMessages(t *testing.T) {
	long := string(bytes.Repeat([]byte("ab"), 200)) // a 16-bit length
	stream := bytes.Join([][]byte{
		clientFrame(true, opText, `{"type":"hello"}`),
		clientFrame(false, opText, `{"type":`),
		clientFrame(true, opPing, "are you there"), // control frames may come between fragments
		clientFrame(false, opContinuation, `"subscribe",`),
		clientFrame(true, opContinuation, `"topics":["sales"]}`),
		clientFrame(true, opText, long),
		clientFrame(true, opClose, "\x03\xe8bye"),
	}, nil)
	want := []delivered{
		{opText, `{"type":"hello"}`},
		{opPing, "are you there"},
		{opText, `{"type":"subscribe","topics":["sales"]}`},
		{opText, long},
		{opClose, "\x03\xe8bye"},
	}
	// Every way of cutting the stream in two, and one byte at a time, gives the same messages.
	for cut := range len(stream) {
		in := inbound{limit: 4096}
		got, err := feedAll(t, &in, append([]byte(nil), stream[:cut]...), append([]byte(nil), stream[cut:]...))
		if err != nil || !equalDelivered(got, want) {
			t.Fatalf("cut at %d: got %q, %v; want %q", cut, got, err, want)
		}
		if len(in.partial) != 0 || in.message != nil {
			t.Fatalf("cut at %d: %d bytes and %d of a message kept after whole frames", cut, len(in.partial), len(in.message))
		}
	}
	in := inbound{limit: 4096}
	var bytewise [][]byte
	for i := range stream {
		bytewise = append(bytewise, []byte{stream[i]})
	}
	if got, err := feedAll(t, &in, bytewise...); err != nil || !equalDelivered(got, want) {
		t.Fatalf("byte by byte: got %q, %v", got, err)
	}
}

func TestInboundRefusesWhatTheProtocolForbids(t *testing.T) {
	unmasked := clientFrame(true, opText, "hi")
	unmasked[1] &^= 0x80
	reserved := clientFrame(true, opText, "hi")
	reserved[0] |= 0x40
	cases := map[string]struct {
		stream []byte
		want   *frameError
	}{
		"unmasked":                 {unmasked, errUnmasked},
		"reserved bits":            {reserved, errReservedBits},
		"unknown opcode":           {clientFrame(true, 0x3, "x"), errUnknownOpcode},
		"fragmented control frame": {clientFrame(false, opPing, "x"), errBadControl},
		"long control frame":       {clientFrame(true, opPing, string(make([]byte, 126))), errBadControl},
		"continuation first":       {clientFrame(true, opContinuation, "x"), errBadSequence},
		"text inside a message":    {append(clientFrame(false, opText, "a"), clientFrame(true, opText, "b")...), errBadSequence},
		"one big frame":            {clientFrame(true, opText, string(make([]byte, 101))), errTooBig},
		"fragments adding up":      {append(clientFrame(false, opText, string(make([]byte, 60))), clientFrame(true, opContinuation, string(make([]byte, 60)))...), errTooBig},
	}
	for name, c := range cases {
		in := inbound{limit: 100}
		if _, err := feedAll(t, &in, c.stream); !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", name, err, c.want)
		}
	}
	// The size check comes from the header: a huge frame is refused before its payload arrives.
	in := inbound{limit: 100}
	header := clientFrame(true, opText, string(make([]byte, 70000)))[:14]
	if _, err := feedAll(t, &in, header); !errors.Is(err, errTooBig) {
		t.Errorf("a 70,000-byte frame's header: got %v, want %v", err, errTooBig)
	}
}

func equalDelivered(a, b []delivered) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
