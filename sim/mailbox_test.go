package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

// deliver stores a message as if the SMTP sink had accepted it at the given
// time; like the sink's DATA reader it turns CRLF into LF.
func deliver(box *mailbox, raw string, at time.Time, recipients ...string) *message {
	msg := parseMessage([]byte(strings.ReplaceAll(raw, "\r\n", "\n")), "orders@drape.test", recipients, at)
	box.add(msg)
	return msg
}

func get(t *testing.T, url string) (int, http.Header, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, string(body)
}

func TestMailboxAPI(t *testing.T) {
	box := newMailbox(mailboxCapacity)
	start := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	first := deliver(box, "Subject: first\r\n\r\none\r\n", start, "asha@example.com")
	second := deliver(box, "Subject: second\r\nContent-Type: text/html\r\n\r\n<b>two</b>\r\n", start.Add(time.Minute), "ravi@example.com", "Asha@Example.com")
	deliver(box, "Subject: third\r\n\r\nthree\r\n", start.Add(2*time.Minute), "ravi@example.com")
	server := httptest.NewServer(newMux(box, testGoogleSignIn(t), testRazorpaySim(t, razorpayConfig{})))
	defer server.Close()

	t.Run("list is newest first with the documented fields", func(t *testing.T) {
		status, header, body := get(t, server.URL+"/mail/api/messages")
		if status != http.StatusOK || header.Get("Content-Type") != "application/json" {
			t.Fatalf("status %d type %q", status, header.Get("Content-Type"))
		}
		var shape struct {
			Messages []map[string]json.RawMessage `json:"messages"`
		}
		if err := json.Unmarshal([]byte(body), &shape); err != nil {
			t.Fatal(err)
		}
		if len(shape.Messages) != 3 {
			t.Fatalf("got %d messages, want 3", len(shape.Messages))
		}
		var keys []string
		for key := range shape.Messages[0] {
			keys = append(keys, key)
		}
		slices.Sort(keys)
		if want := "from,html,id,receivedAt,subject,text,to"; strings.Join(keys, ",") != want {
			t.Errorf("keys = %v, want %s", keys, want)
		}
		var subjects []string
		for _, msg := range shape.Messages {
			var subject string
			json.Unmarshal(msg["subject"], &subject)
			subjects = append(subjects, subject)
		}
		if strings.Join(subjects, ",") != "third,second,first" {
			t.Errorf("order = %v, want third,second,first", subjects)
		}
	})

	t.Run("filter by recipient ignores case", func(t *testing.T) {
		_, _, body := get(t, server.URL+"/mail/api/messages?to=ASHA@example.com")
		var list struct {
			Messages []messageSummary `json:"messages"`
		}
		if err := json.Unmarshal([]byte(body), &list); err != nil {
			t.Fatal(err)
		}
		if len(list.Messages) != 2 || list.Messages[0].ID != second.ID || list.Messages[1].ID != first.ID {
			t.Fatalf("got %+v, want second then first", list.Messages)
		}
		got := list.Messages[0]
		if got.HTML != "<b>two</b>" || got.Text != "" || got.From != "orders@drape.test" ||
			!slices.Equal(got.To, []string{"ravi@example.com", "Asha@Example.com"}) ||
			!got.ReceivedAt.Equal(start.Add(time.Minute)) {
			t.Errorf("second message decoded as %+v", got)
		}
	})

	t.Run("one message carries headers and raw", func(t *testing.T) {
		status, _, body := get(t, server.URL+"/mail/api/messages/"+first.ID)
		if status != http.StatusOK {
			t.Fatalf("status %d", status)
		}
		var got message
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatal(err)
		}
		if got.ID != first.ID || got.Text != "one" || got.Raw != "Subject: first\n\none\n" ||
			!slices.Equal(got.Headers["Subject"], []string{"first"}) {
			t.Errorf("got %+v", got)
		}
	})

	t.Run("unknown id is 404", func(t *testing.T) {
		if status, _, body := get(t, server.URL+"/mail/api/messages/nope"); status != http.StatusNotFound || !strings.Contains(body, "not found") {
			t.Errorf("status %d body %q", status, body)
		}
	})

	t.Run("delete empties the mailbox", func(t *testing.T) {
		req, _ := http.NewRequest(http.MethodDelete, server.URL+"/mail/api/messages", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusNoContent {
			t.Errorf("DELETE status %d, want 204", resp.StatusCode)
		}
		if _, _, body := get(t, server.URL+"/mail/api/messages"); strings.TrimSpace(body) != `{"messages":[]}` {
			t.Errorf("after delete: %s", body)
		}
	})
}

func TestMailboxKeepsNewestUpToCapacity(t *testing.T) {
	box := newMailbox(3)
	start := time.Now()
	for i := range 5 {
		deliver(box, fmt.Sprintf("Subject: m%d\r\n\r\nx\r\n", i), start.Add(time.Duration(i)*time.Second), "a@example.com")
	}
	var subjects []string
	for _, msg := range box.list("") {
		subjects = append(subjects, msg.Subject)
	}
	if strings.Join(subjects, ",") != "m4,m3,m2" {
		t.Errorf("kept %v, want m4,m3,m2", subjects)
	}
}

func TestMailboxPages(t *testing.T) {
	box := newMailbox(mailboxCapacity)
	msg := deliver(box,
		"Subject: <script>alert(1)</script> OTP\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=b\r\n\r\n"+
			"--b\r\nContent-Type: text/plain\r\n\r\nYour code is 482913\r\n"+
			"--b\r\nContent-Type: text/html\r\n\r\n<p class=\"otp\">482913</p>\r\n--b--\r\n",
		time.Now(), "asha@example.com")
	server := httptest.NewServer(newMux(box, testGoogleSignIn(t), testRazorpaySim(t, razorpayConfig{})))
	defer server.Close()

	status, header, body := get(t, server.URL+"/mail")
	if status != http.StatusOK || !strings.HasPrefix(header.Get("Content-Type"), "text/html") {
		t.Fatalf("list: status %d type %q", status, header.Get("Content-Type"))
	}
	for _, want := range []string{`http-equiv="refresh"`, "asha@example.com", `href="/mail/` + msg.ID + `"`, "&lt;script&gt;alert(1)&lt;/script&gt; OTP"} {
		if !strings.Contains(body, want) {
			t.Errorf("list page lacks %q", want)
		}
	}
	if strings.Contains(body, "<script>alert") {
		t.Error("list page renders the subject unescaped")
	}

	status, _, body = get(t, server.URL+"/mail/"+msg.ID)
	if status != http.StatusOK {
		t.Fatalf("message page status %d", status)
	}
	for _, want := range []string{`<iframe sandbox=""`, `srcdoc="&lt;p class=&#34;otp&#34;&gt;482913&lt;/p&gt;"`, "Your code is 482913"} {
		if !strings.Contains(body, want) {
			t.Errorf("message page lacks %q", want)
		}
	}

	if status, _, _ := get(t, server.URL+"/mail/unknown"); status != http.StatusNotFound {
		t.Errorf("unknown message page status %d, want 404", status)
	}
}
