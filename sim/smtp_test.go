package main

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/smtp"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"
)

// startSMTP runs an SMTP sink on a free loopback port until the test ends.
// configure may shrink its limits before it starts.
func startSMTP(t *testing.T, configure func(*smtpServer)) (string, *mailbox, *smtpServer) {
	t.Helper()
	box := newMailbox(mailboxCapacity)
	server := newSMTPServer(box, slog.New(slog.DiscardHandler))
	if configure != nil {
		configure(server)
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- server.serve(listener) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := server.shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		if err := <-served; !errors.Is(err, net.ErrClosed) {
			t.Errorf("serve returned %v, want net.ErrClosed", err)
		}
	})
	return listener.Addr().String(), box, server
}

// dialSMTP opens a raw SMTP conversation and checks the 220 greeting.
func dialSMTP(t *testing.T, addr string) *textproto.Conn {
	t.Helper()
	conn, err := textproto.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if _, _, err := conn.ReadResponse(220); err != nil {
		t.Fatalf("greeting: %v", err)
	}
	return conn
}

// exchange sends one line and returns the reply code and text.
func exchange(t *testing.T, conn *textproto.Conn, line string) (int, string) {
	t.Helper()
	if err := conn.PrintfLine("%s", line); err != nil {
		t.Fatalf("send %q: %v", line, err)
	}
	code, text, err := conn.ReadResponse(0)
	if err != nil {
		t.Fatalf("reply to %q: %v", line, err)
	}
	return code, text
}

func TestSMTPDeliversToEveryRecipient(t *testing.T) {
	addr, box, _ := startSMTP(t, nil)
	recipients := []string{"asha@example.com", "Ravi@Example.com", "meera@example.org"}
	raw := "From: drape <orders@drape.test>\r\nTo: asha@example.com\r\nSubject: Your order\r\n\r\nThank you.\r\n"
	if err := smtp.SendMail(addr, nil, "orders@drape.test", recipients, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	all := box.list("")
	if len(all) != 1 {
		t.Fatalf("mailbox has %d messages, want 1", len(all))
	}
	msg := all[0]
	if strings.Join(msg.To, ",") != strings.Join(recipients, ",") {
		t.Errorf("to = %v, want %v", msg.To, recipients)
	}
	if msg.From != "drape <orders@drape.test>" || msg.Subject != "Your order" || msg.Text != "Thank you." {
		t.Errorf("from %q subject %q text %q", msg.From, msg.Subject, msg.Text)
	}
	if got := box.list("ravi@example.COM"); len(got) != 1 {
		t.Errorf("filter by recipient (any case) found %d, want 1", len(got))
	}
	if got := box.list("nobody@example.com"); len(got) != 0 {
		t.Errorf("filter by stranger found %d, want 0", len(got))
	}
}

func TestSMTPParsesMessages(t *testing.T) {
	tests := []struct {
		name        string
		raw         string
		wantSubject string
		wantFrom    string
		wantText    string
		wantHTML    string
	}{
		{
			name:        "dot-stuffed lines come back unstuffed",
			raw:         "Subject: dots\r\n\r\n.hidden\r\n..two dots\r\nend\r\n",
			wantSubject: "dots",
			wantText:    ".hidden\n..two dots\nend",
		},
		{
			name: "multipart/alternative with quoted-printable parts",
			raw: "Subject: =?UTF-8?Q?Caf=C3=A9_blazers?=\r\n" +
				"MIME-Version: 1.0\r\n" +
				"Content-Type: multipart/alternative; boundary=\"b1\"\r\n\r\n" +
				"--b1\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
				"Caf=C3=A9 code 123456, a long line that is soft-=\r\nwrapped here.\r\n" +
				"--b1\r\nContent-Type: text/html; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
				"<p style=3D\"color:navy\">Caf=C3=A9 <b>123456</b></p>\r\n" +
				"--b1--\r\n",
			wantSubject: "Café blazers",
			wantText:    "Café code 123456, a long line that is soft-wrapped here.",
			wantHTML:    `<p style="color:navy">Café <b>123456</b></p>`,
		},
		{
			name: "base64 body and base64 encoded-word subject",
			raw: "Subject: =?utf-8?B?4oK5MTk5OSBzaGlydA==?=\r\n" +
				"From: =?UTF-8?Q?M=C3=A9era?= <meera@example.com>\r\n" +
				"Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
				lineWrap(base64.StdEncoding.EncodeToString([]byte("Your ₹1999 shirt has shipped. It is a very fine shirt, pressed and folded.")), 20) +
				"\r\n",
			wantSubject: "₹1999 shirt",
			wantFrom:    "Méera <meera@example.com>",
			wantText:    "Your ₹1999 shirt has shipped. It is a very fine shirt, pressed and folded.",
		},
		{
			name: "multipart/mixed holding alternative and an attachment",
			raw: "Subject: Invoice\r\nContent-Type: multipart/mixed; boundary=outer\r\n\r\n" +
				"--outer\r\nContent-Type: multipart/alternative; boundary=inner\r\n\r\n" +
				"--inner\r\nContent-Type: text/plain\r\n\r\nSee attached.\r\n" +
				"--inner\r\nContent-Type: text/html\r\n\r\n<p>See attached.</p>\r\n" +
				"--inner--\r\n" +
				"--outer\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=invoice.txt\r\n\r\nINVOICE BODY\r\n" +
				"--outer--\r\n",
			wantSubject: "Invoice",
			wantText:    "See attached.",
			wantHTML:    "<p>See attached.</p>",
		},
		{
			name:        "single html part in latin-1",
			raw:         "Subject: =?iso-8859-1?q?R=E9sum=E9?=\r\nContent-Type: text/html; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n<p>R=E9sum=E9</p>\r\n",
			wantSubject: "Résumé",
			wantHTML:    "<p>Résumé</p>",
		},
		{
			name:        "no header block keeps the raw text",
			raw:         "this is not a header\r\nnor this\r\n",
			wantSubject: "",
			wantText:    "this is not a header\nnor this\n",
		},
	}
	addr, box, _ := startSMTP(t, nil)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recipient := fmt.Sprintf("case%d@example.com", i)
			if err := smtp.SendMail(addr, nil, "sender@drape.test", []string{recipient}, []byte(tt.raw)); err != nil {
				t.Fatal(err)
			}
			found := box.list(recipient)
			if len(found) != 1 {
				t.Fatalf("found %d messages, want 1", len(found))
			}
			msg := found[0]
			wantFrom := tt.wantFrom
			if wantFrom == "" {
				wantFrom = "sender@drape.test"
			}
			if msg.Subject != tt.wantSubject {
				t.Errorf("subject = %q, want %q", msg.Subject, tt.wantSubject)
			}
			if msg.From != wantFrom {
				t.Errorf("from = %q, want %q", msg.From, wantFrom)
			}
			if msg.Text != tt.wantText {
				t.Errorf("text = %q, want %q", msg.Text, tt.wantText)
			}
			if msg.HTML != tt.wantHTML {
				t.Errorf("html = %q, want %q", msg.HTML, tt.wantHTML)
			}
			if want := strings.ReplaceAll(tt.raw, "\r\n", "\n"); msg.Raw != want {
				t.Errorf("raw = %q, want %q", msg.Raw, want)
			}
		})
	}
}

func lineWrap(s string, width int) string {
	var lines []string
	for len(s) > width {
		lines = append(lines, s[:width])
		s = s[width:]
	}
	return strings.Join(append(lines, s), "\r\n")
}

func TestSMTPRepliesToEachCommand(t *testing.T) {
	addr, box, _ := startSMTP(t, func(s *smtpServer) { s.maxSize = 1000 })
	conversation := []struct {
		send string
		want int
	}{
		{"MAIL FROM:<a@example.com>", 503},
		{"AUTH PLAIN AGEAYg==", 503},
		{"EHLO", 501},
		{"HELO client.test", 250},
		{"EHLO client.test", 250},
		{"RCPT TO:<b@example.com>", 503},
		{"DATA", 503},
		{"FROB", 500},
		{"", 500},
		{"STARTTLS", 502},
		{"VRFY asha", 252},
		{"NOOP", 250},
		{"HELP", 214},
		{"MAIL FROM:a@example.com", 501},
		{"MAIL FROM:<a@example.com> SIZE=1001", 552},
		{"MAIL FROM:<a@example.com> SIZE=ten", 501},
		{"MAIL FROM:<a@example.com> XFOO=1", 555},
		{"MAIL FROM:<a@example.com> BODY=8BITMIME SIZE=10", 250},
		{"MAIL FROM:<c@example.com>", 503},
		{"AUTH PLAIN AGEAYg==", 503},
		{"DATA", 503},
		{"RCPT TO:<nobody>", 501},
		{"RCPT TO:<b@example.com>", 250},
		{"rcpt to: <C@example.com>", 250},
		{"DATA now", 501},
		{"RSET", 250},
		{"RCPT TO:<b@example.com>", 503},
		{"MAIL FROM:<>", 250},
		{"RCPT TO:<postmaster>", 250},
		{"RSET", 250},
		{"AUTH CRAM-MD5", 504},
		{"AUTH", 501},
		{"AUTH PLAIN !!notbase64", 501},
		{"AUTH PLAIN " + base64.StdEncoding.EncodeToString([]byte("only-one-part")), 501},
		{"AUTH PLAIN " + base64.StdEncoding.EncodeToString([]byte("\x00user\x00secret")), 235},
		{"AUTH PLAIN " + base64.StdEncoding.EncodeToString([]byte("\x00user\x00secret")), 503},
		{"QUIT", 221},
	}
	conn := dialSMTP(t, addr)
	for _, step := range conversation {
		if code, text := exchange(t, conn, step.send); code != step.want {
			t.Errorf("%q → %d %s, want %d", step.send, code, text, step.want)
		}
	}
	if n := len(box.list("")); n != 0 {
		t.Errorf("mailbox has %d messages, want 0", n)
	}
}

func TestSMTPAdvertisesExtensions(t *testing.T) {
	addr, _, _ := startSMTP(t, nil)
	conn := dialSMTP(t, addr)
	code, text := exchange(t, conn, "EHLO client.test")
	if code != 250 {
		t.Fatalf("EHLO → %d", code)
	}
	for _, want := range []string{"8BITMIME", "SIZE 10485760", "AUTH PLAIN LOGIN"} {
		if !strings.Contains(text, want) {
			t.Errorf("EHLO reply %q lacks %q", text, want)
		}
	}
	if strings.Contains(text, "STARTTLS") {
		t.Errorf("EHLO reply %q offers STARTTLS", text)
	}
}

func TestSMTPAuthAcceptsAnyCredentials(t *testing.T) {
	addr, box, _ := startSMTP(t, nil)
	encode := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

	t.Run("PLAIN through net/smtp", func(t *testing.T) {
		auth := smtp.PlainAuth("", "anyone", "anything", "127.0.0.1")
		if err := smtp.SendMail(addr, auth, "a@drape.test", []string{"plain@example.com"}, []byte("Subject: hi\r\n\r\nhi\r\n")); err != nil {
			t.Fatal(err)
		}
		if n := len(box.list("plain@example.com")); n != 1 {
			t.Errorf("delivered %d, want 1", n)
		}
	})
	t.Run("PLAIN with a 334 prompt", func(t *testing.T) {
		conn := dialSMTP(t, addr)
		exchange(t, conn, "EHLO client.test")
		if code, _ := exchange(t, conn, "AUTH PLAIN"); code != 334 {
			t.Fatalf("AUTH PLAIN → %d, want 334", code)
		}
		if code, _ := exchange(t, conn, encode("\x00u\x00p")); code != 235 {
			t.Errorf("credentials → %d, want 235", code)
		}
	})
	t.Run("LOGIN with prompts", func(t *testing.T) {
		conn := dialSMTP(t, addr)
		exchange(t, conn, "EHLO client.test")
		if code, text := exchange(t, conn, "AUTH LOGIN"); code != 334 || text != authUsernamePrompt {
			t.Fatalf("AUTH LOGIN → %d %q", code, text)
		}
		if code, text := exchange(t, conn, encode("user")); code != 334 || text != authPasswordPrompt {
			t.Fatalf("username → %d %q", code, text)
		}
		if code, _ := exchange(t, conn, encode("secret")); code != 235 {
			t.Errorf("password → %d, want 235", code)
		}
	})
	t.Run("LOGIN with initial response", func(t *testing.T) {
		conn := dialSMTP(t, addr)
		exchange(t, conn, "EHLO client.test")
		if code, _ := exchange(t, conn, "AUTH LOGIN "+encode("user")); code != 334 {
			t.Fatalf("AUTH LOGIN user → %d, want 334", code)
		}
		if code, _ := exchange(t, conn, encode("secret")); code != 235 {
			t.Errorf("password → %d, want 235", code)
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		conn := dialSMTP(t, addr)
		exchange(t, conn, "EHLO client.test")
		exchange(t, conn, "AUTH LOGIN")
		if code, _ := exchange(t, conn, "*"); code != 501 {
			t.Errorf("cancel → %d, want 501", code)
		}
		if code, _ := exchange(t, conn, "NOOP"); code != 250 {
			t.Errorf("NOOP after cancel → %d, want 250", code)
		}
	})
}

func TestSMTPRefusesOversizedMessage(t *testing.T) {
	addr, box, _ := startSMTP(t, func(s *smtpServer) { s.maxSize = 1024 })
	conn := dialSMTP(t, addr)
	exchange(t, conn, "EHLO client.test")
	exchange(t, conn, "MAIL FROM:<a@drape.test>")
	exchange(t, conn, "RCPT TO:<big@example.com>")
	if code, _ := exchange(t, conn, "DATA"); code != 354 {
		t.Fatalf("DATA → %d, want 354", code)
	}
	body := conn.DotWriter()
	fmt.Fprintf(body, "Subject: big\n\n%s\n", strings.Repeat("x", 2048))
	body.Close()
	if code, text, err := conn.ReadResponse(0); err != nil || code != 552 {
		t.Fatalf("oversized DATA → %d %s %v, want 552", code, text, err)
	}
	if code, _ := exchange(t, conn, "RCPT TO:<big@example.com>"); code != 503 {
		t.Errorf("RCPT after 552 → %d, want 503 (transaction reset)", code)
	}
	exchange(t, conn, "MAIL FROM:<a@drape.test>")
	exchange(t, conn, "RCPT TO:<small@example.com>")
	exchange(t, conn, "DATA")
	body = conn.DotWriter()
	fmt.Fprint(body, "Subject: small\n\nfits\n")
	body.Close()
	if code, _, err := conn.ReadResponse(0); err != nil || code != 250 {
		t.Fatalf("small DATA → %d %v, want 250", code, err)
	}
	if n := len(box.list("big@example.com")); n != 0 {
		t.Errorf("stored %d oversized messages", n)
	}
	if n := len(box.list("small@example.com")); n != 1 {
		t.Errorf("stored %d small messages, want 1", n)
	}
}

func TestSMTPRefusesOverlongLine(t *testing.T) {
	addr, _, _ := startSMTP(t, nil)
	conn := dialSMTP(t, addr)
	if code, _ := exchange(t, conn, "NOOP "+strings.Repeat("x", maxCommandBytes+10)); code != 500 {
		t.Errorf("overlong line → %d, want 500", code)
	}
	if _, err := conn.ReadLine(); err == nil {
		t.Error("connection still open after an overlong line")
	}
}

func TestSMTPServesConcurrentConnections(t *testing.T) {
	addr, box, _ := startSMTP(t, nil)
	const senders = 20
	var wg sync.WaitGroup
	errs := make(chan error, senders)
	for i := range senders {
		wg.Go(func() {
			to := fmt.Sprintf("shopper%d@example.com", i)
			raw := fmt.Sprintf("Subject: order %d\r\n\r\nbody %d\r\n", i, i)
			errs <- smtp.SendMail(addr, nil, "a@drape.test", []string{to}, []byte(raw))
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if n := len(box.list("")); n != senders {
		t.Errorf("mailbox has %d messages, want %d", n, senders)
	}
}

func TestSMTPClosesIdleConnection(t *testing.T) {
	addr, _, _ := startSMTP(t, func(s *smtpServer) { s.commandWait = 100 * time.Millisecond })
	conn := dialSMTP(t, addr)
	code, _, err := conn.ReadResponse(0)
	if err != nil || code != 421 {
		t.Fatalf("idle client got %d %v, want 421", code, err)
	}
	if _, err := conn.ReadLine(); !errors.Is(err, io.EOF) {
		t.Errorf("after 421 read gave %v, want EOF", err)
	}
}

func TestSMTPShutdownSays421(t *testing.T) {
	box := newMailbox(mailboxCapacity)
	server := newSMTPServer(box, slog.New(slog.DiscardHandler))
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- server.serve(listener) }()
	conn := dialSMTP(t, listener.Addr().String())
	exchange(t, conn, "EHLO client.test")

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := server.shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if code, _, err := conn.ReadResponse(0); err != nil || code != 421 {
		t.Errorf("client got %d %v, want 421", code, err)
	}
	if err := <-served; !errors.Is(err, net.ErrClosed) {
		t.Errorf("serve returned %v, want net.ErrClosed", err)
	}
	if _, err := net.Dial("tcp", listener.Addr().String()); err == nil {
		t.Error("listener still accepts after shutdown")
	}
}
