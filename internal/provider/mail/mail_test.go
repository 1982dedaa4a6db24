package mail

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// simBinary is the provider simulator built once by TestMain.
var simBinary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "drape-mail-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	simBinary, err = buildSim(dir)
	if err != nil {
		os.RemoveAll(dir)
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// buildSim compiles ./sim of this module into dir.
func buildSim(dir string) (string, error) {
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(gomod)))
	binary := filepath.Join(dir, "sim")
	build := exec.Command("go", "build", "-o", binary, "./sim")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build ./sim: %w\n%s", err, out)
	}
	return binary, nil
}

// simAddrs are where a running sim listens.
type simAddrs struct {
	http      string
	smtpHost  string
	smtpPort  int
	mailboxAt string
}

// startSim runs the sim binary on free loopback ports until the test ends, then
// stops it with SIGTERM and expects a clean exit.
func startSim(t *testing.T) simAddrs {
	t.Helper()
	cmd := exec.Command(simBinary)
	cmd.Env = append(os.Environ(), "SIM_ADDR=127.0.0.1:0", "SIM_SMTP_ADDR=127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	listening := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(stdout)
		for lines.Scan() {
			if line, ok := strings.CutPrefix(lines.Text(), "sim listening "); ok {
				listening <- line
			}
		}
		exited <- cmd.Wait()
	}()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("sim exit: %v", err)
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Error("sim did not stop within 10 s of SIGTERM")
		}
	})

	var addrs simAddrs
	select {
	case line := <-listening:
		for field := range strings.FieldsSeq(line) {
			key, value, _ := strings.Cut(field, "=")
			switch key {
			case "http":
				addrs.http = value
			case "smtp":
				host, port, err := net.SplitHostPort(value)
				if err != nil {
					t.Fatalf("smtp address %q: %v", value, err)
				}
				addrs.smtpHost = host
				addrs.smtpPort, _ = strconv.Atoi(port)
			}
		}
	case <-time.After(10 * time.Second):
		t.Fatal("sim printed no listening line within 10 s")
	}
	addrs.mailboxAt = "http://" + addrs.http + "/mail/api/messages"
	waitHealthy(t, "http://"+addrs.http+"/healthz")
	return addrs
}

func waitHealthy(t *testing.T, healthz string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(healthz)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s not healthy within 5 s", healthz)
}

// mailboxMessage is one entry of sim's GET /mail/api/messages.
type mailboxMessage struct {
	ID      string   `json:"id"`
	From    string   `json:"from"`
	To      []string `json:"to"`
	Subject string   `json:"subject"`
	Text    string   `json:"text"`
	HTML    string   `json:"html"`
}

// mailTo reads sim's mailbox for one recipient, newest first.
func mailTo(t *testing.T, addrs simAddrs, recipient string) []mailboxMessage {
	t.Helper()
	resp, err := http.Get(addrs.mailboxAt + "?to=" + url.QueryEscape(recipient))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var list struct {
		Messages []mailboxMessage `json:"messages"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&list); err != nil {
		t.Fatal(err)
	}
	return list.Messages
}

func newSimSender(t *testing.T, addrs simAddrs, username, password string) *Sender {
	t.Helper()
	sender, err := New(Config{
		Host: addrs.smtpHost, Port: addrs.smtpPort,
		Username: username, Password: password,
		From: "drape <no-reply@drape.test>", TLS: TLSNone,
	})
	if err != nil {
		t.Fatal(err)
	}
	return sender
}

func TestSendDeliversThroughSMTP(t *testing.T) {
	addrs := startSim(t)
	longLine := "Your order of a navy wool blazer, two white poplin shirts and a pair of flexi-waist trousers is confirmed."
	tests := []struct {
		name     string
		username string
		password string
		message  Message
	}{
		{
			name:     "text and html with AUTH",
			username: "mailer",
			password: "secret",
			message: Message{
				To:      "Asha Rao <asha+otp@example.com>",
				Subject: "Your drape sign-in code — 482913",
				Text:    "Hello Asha,\n\nYour code is 482913. It expires in 10 minutes.\n" + longLine + "\nCafé, ₹1,999.",
				HTML:    `<p style="color:#1d3557">Hello Asha,</p><p>Your code is <b>482913</b>.</p><p>` + longLine + ` Café, ₹1,999.</p>`,
			},
		},
		{
			name: "text only without AUTH",
			message: Message{
				To:      "ravi@example.com",
				Subject: "Order shipped",
				Text:    "Your order has shipped.",
			},
		},
		{
			name: "html only",
			message: Message{
				To:      "meera@example.com",
				Subject: "Sale starts today",
				HTML:    "<h1>Sale</h1><p>20% off blazers.</p>",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sender := newSimSender(t, addrs, tt.username, tt.password)
			if err := sender.Send(context.Background(), tt.message); err != nil {
				t.Fatal(err)
			}
			recipient := tt.message.To
			if start := strings.IndexByte(recipient, '<'); start >= 0 {
				recipient = strings.TrimSuffix(recipient[start+1:], ">")
			}
			got := mailTo(t, addrs, strings.ToUpper(recipient))
			if len(got) != 1 {
				t.Fatalf("mailbox holds %d messages for %s, want 1", len(got), recipient)
			}
			msg := got[0]
			if msg.Subject != tt.message.Subject {
				t.Errorf("subject = %q, want %q", msg.Subject, tt.message.Subject)
			}
			if msg.Text != tt.message.Text {
				t.Errorf("text = %q, want %q", msg.Text, tt.message.Text)
			}
			if msg.HTML != tt.message.HTML {
				t.Errorf("html = %q, want %q", msg.HTML, tt.message.HTML)
			}
			if msg.From != "drape <no-reply@drape.test>" {
				t.Errorf("from = %q", msg.From)
			}
		})
	}
}

func TestSendRefusesBadInputWithoutConnecting(t *testing.T) {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	var connections atomic.Int32
	go func() {
		for {
			conn, err := listener.Accept()
			if err != nil {
				return
			}
			connections.Add(1)
			conn.Close()
		}
	}()
	sender, err := New(Config{
		Host: "127.0.0.1", Port: listener.Addr().(*net.TCPAddr).Port,
		From: "no-reply@drape.test", TLS: TLSNone,
	})
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name    string
		message Message
		want    error
		says    string
	}{
		{"empty recipient", Message{To: "", Subject: "s", Text: "t"}, ErrInvalidRecipient, "invalid recipient"},
		{"no at sign", Message{To: "asha.example.com", Subject: "s", Text: "t"}, ErrInvalidRecipient, "invalid recipient"},
		{"no domain", Message{To: "asha@", Subject: "s", Text: "t"}, ErrInvalidRecipient, "invalid recipient"},
		{"header injection", Message{To: "asha@example.com\r\nBcc: all@example.com", Subject: "s", Text: "t"}, ErrInvalidRecipient, "invalid recipient"},
		{"two recipients", Message{To: "a@example.com, b@example.com", Subject: "s", Text: "t"}, ErrInvalidRecipient, "invalid recipient"},
		{"subject with line break", Message{To: "asha@example.com", Subject: "s\r\nBcc: all@example.com", Text: "t"}, ErrInvalidMessage, "subject"},
		{"no body", Message{To: "asha@example.com", Subject: "s"}, ErrInvalidMessage, "no text or HTML body"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := sender.Send(context.Background(), tt.message)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Send = %v, want %v", err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %q does not say %q", err, tt.says)
			}
		})
	}
	if n := connections.Load(); n != 0 {
		t.Errorf("bad input opened %d connections, want 0", n)
	}
}

func TestSendReportsDeliveryFailures(t *testing.T) {
	addrs := startSim(t)
	message := Message{To: "asha@example.com", Subject: "s", Text: "t"}

	t.Run("starttls is mandatory when asked for", func(t *testing.T) {
		sender, err := New(Config{Host: addrs.smtpHost, Port: addrs.smtpPort, From: "no-reply@drape.test", TLS: TLSStartTLS})
		if err != nil {
			t.Fatal(err)
		}
		err = sender.Send(context.Background(), message)
		if err == nil || !strings.Contains(err.Error(), "STARTTLS") {
			t.Errorf("Send over plain SMTP with TLS=starttls = %v, want a STARTTLS error", err)
		}
	})
	t.Run("nothing listening", func(t *testing.T) {
		closed, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := closed.Addr().(*net.TCPAddr).Port
		closed.Close()
		sender, err := New(Config{Host: "127.0.0.1", Port: port, From: "no-reply@drape.test", TLS: TLSNone})
		if err != nil {
			t.Fatal(err)
		}
		err = sender.Send(context.Background(), message)
		var opErr *net.OpError
		if !errors.As(err, &opErr) || !strings.Contains(err.Error(), "mail: send to asha@example.com") {
			t.Errorf("Send to a closed port = %v, want a wrapped *net.OpError", err)
		}
	})
	t.Run("cancelled context", func(t *testing.T) {
		sender := newSimSender(t, addrs, "", "")
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := sender.Send(ctx, message); !errors.Is(err, context.Canceled) {
			t.Errorf("Send with a cancelled context = %v, want context.Canceled", err)
		}
	})
	if got := mailTo(t, addrs, "asha@example.com"); len(got) != 0 {
		t.Errorf("failed sends delivered %d messages", len(got))
	}
}

func TestNewChecksConfig(t *testing.T) {
	valid := Config{Host: "smtp.example.com", Port: 587, From: "drape <no-reply@drape.in>", TLS: TLSStartTLS}
	tests := []struct {
		name   string
		change func(*Config)
		says   []string
	}{
		{"valid starttls", func(*Config) {}, nil},
		{"valid implicit tls with auth", func(c *Config) { c.TLS, c.Port, c.Username, c.Password = TLSImplicit, 465, "u", "p" }, nil},
		{"empty tls means starttls", func(c *Config) { c.TLS = "" }, nil},
		{"no host", func(c *Config) { c.Host = " " }, []string{"host is empty"}},
		{"port zero", func(c *Config) { c.Port = 0 }, []string{"port 0"}},
		{"port too big", func(c *Config) { c.Port = 70000 }, []string{"port 70000"}},
		{"bad from", func(c *Config) { c.From = "drape" }, []string{"from address"}},
		{"password alone", func(c *Config) { c.Password = "p" }, []string{"password given without username"}},
		{"unknown tls", func(c *Config) { c.TLS = "ssl" }, []string{`tls mode "ssl"`}},
		{"every problem at once", func(c *Config) { *c = Config{TLS: "ssl", Password: "p"} }, []string{"host is empty", "port 0", "from address", "password given without username", `tls mode "ssl"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := valid
			tt.change(&cfg)
			sender, err := New(cfg)
			if len(tt.says) == 0 {
				if err != nil || sender == nil {
					t.Fatalf("New = %v, %v; want a Sender", sender, err)
				}
				return
			}
			if err == nil {
				t.Fatal("New accepted a bad config")
			}
			for _, want := range tt.says {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
		})
	}
}
