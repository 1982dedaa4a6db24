package realtime_test

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"drape/realtime"
)

// FuzzClientMessages sends any text as a guest's message after its hello, over a real socket
// to a real hub (the frames are the codec's; what is in them is ours): every message is
// answered with an error, subscribed or unsubscribed, the connection stays open for the next
// one, and a guest is never granted a topic only a user or an admin may hold.
func FuzzClientMessages(f *testing.F) {
	for _, seed := range []string{
		`{"type":"subscribe","topics":["sales","admin:orders","user:alice"]}`,
		`{"type":"unsubscribe","topics":["sales","sales"]}`,
		`{"type":"hello","token":"token-admin"}`,
		`{"type":"subscribe","topics":null}`,
		`{"type":"subscribe","topics":["sessions"]}`,
		`{"type":`, `[]`, `null`, `"subscribe"`,
	} {
		f.Add(seed)
	}
	hub := newTestHub(realtime.Options{})
	c := dial(f, startServer(f, hub))
	c.hello("")
	f.Fuzz(func(t *testing.T, msg string) {
		if msg == "" || !utf8.ValidString(msg) || len(msg) > 4096 {
			t.Skip("the codec drops an empty message and closes one that is not UTF-8; the hub closes one over MaxMessageSize")
		}
		c.t = t
		c.sendText(msg)
		reply := c.next()
		switch reply.Type {
		case "error":
			if reply.Message == "" {
				t.Fatalf("%q was answered with an error without a message", msg)
			}
		case "subscribed":
			for _, topic := range reply.Topics {
				if !realtime.CanSubscribe(nil, topic) || topic == realtime.TopicSessions {
					t.Fatalf("%q granted a guest %q", msg, topic)
				}
			}
		case "unsubscribed":
		default:
			raw, _ := json.Marshal(reply)
			t.Fatalf("%q was answered with %s", msg, raw)
		}
	})
}
