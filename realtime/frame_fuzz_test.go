package realtime

import (
	"bytes"
	"testing"
)

// FuzzInbound feeds any bytes to the frame reader: it never panics, never delivers a message
// over its limit or a control frame over 125 bytes, keeps at most one frame's worth waiting,
// and delivers the same messages however the bytes are split.
func FuzzInbound(f *testing.F) {
	f.Add(clientFrame(true, opText, `{"type":"hello","token":""}`), 3)
	f.Add(append(clientFrame(false, opText, `{"ty`), clientFrame(true, opContinuation, `pe":"subscribe"}`)...), 5)
	f.Add(append(clientFrame(true, opPing, "hi"), clientFrame(true, opClose, "\x03\xe8")...), 1)
	f.Add([]byte{0x81, 0xFF, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF}, 4)
	f.Add([]byte{0x81, 0xFE, 0x10, 0x00, 1, 2, 3, 4}, 2)
	const limit = 512
	f.Fuzz(func(t *testing.T, stream []byte, cut int) {
		whole := read(t, append([]byte(nil), stream...), -1, limit)
		if cut < 0 || cut > len(stream) {
			cut = len(stream) / 2
		}
		split := read(t, append([]byte(nil), stream...), cut, limit)
		if whole.err != split.err || len(whole.got) != len(split.got) {
			t.Fatalf("whole: %d messages (%v); split at %d: %d (%v)", len(whole.got), whole.err, cut, len(split.got), split.err)
		}
		for i := range whole.got {
			if !bytes.Equal(whole.got[i], split.got[i]) {
				t.Fatalf("message %d differs when split at %d", i, cut)
			}
		}
	})
}

type readResult struct {
	got [][]byte
	err error
}

// read feeds stream to a fresh reader, in two parts when cut ≥ 0, and checks its limits.
func read(t *testing.T, stream []byte, cut, limit int) readResult {
	in := inbound{limit: limit}
	var r readResult
	deliver := func(op byte, payload []byte) error {
		switch {
		case op >= opClose && len(payload) > 125:
			t.Fatalf("a %d-byte control frame was delivered", len(payload))
		case op < opClose && len(payload) > limit:
			t.Fatalf("a %d-byte message was delivered past the %d-byte limit", len(payload), limit)
		}
		r.got = append(r.got, append([]byte{op}, payload...))
		return nil
	}
	parts := [][]byte{stream}
	if cut >= 0 {
		parts = [][]byte{stream[:cut], stream[cut:]}
	}
	for _, p := range parts {
		if r.err = in.feed(p, deliver); r.err != nil {
			return r
		}
		if len(in.partial) > limit+14 {
			t.Fatalf("%d bytes kept waiting for a frame, more than one frame can be", len(in.partial))
		}
	}
	return r
}
