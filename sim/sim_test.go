package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/smtp"
	"strings"
	"testing"
	"time"
)

// startRun runs sim's run on free loopback ports and returns the HTTP and SMTP
// addresses it printed. The returned stop cancels run and reports its error.
func startRun(t *testing.T) (httpAddr, smtpAddr string, stop func() error) {
	t.Helper()
	env := map[string]string{"SIM_ADDR": "127.0.0.1:0", "SIM_SMTP_ADDR": "127.0.0.1:0"}
	ctx, cancel := context.WithCancel(context.Background())
	output, stdout := io.Pipe()
	ran := make(chan error, 1)
	go func() {
		ran <- run(ctx, func(key string) string { return env[key] }, stdout)
		stdout.Close()
	}()

	listening := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(output)
		for lines.Scan() {
			if line, ok := strings.CutPrefix(lines.Text(), "sim listening "); ok {
				listening <- line
			}
		}
	}()
	select {
	case line := <-listening:
		for field := range strings.FieldsSeq(line) {
			key, value, _ := strings.Cut(field, "=")
			switch key {
			case "http":
				httpAddr = value
			case "smtp":
				smtpAddr = value
			}
		}
	case err := <-ran:
		cancel()
		t.Fatalf("run ended before listening: %v", err)
	case <-time.After(5 * time.Second):
		cancel()
		t.Fatal("no listening line within 5 s")
	}
	stopped := false
	stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		select {
		case err := <-ran:
			return err
		case <-time.After(10 * time.Second):
			t.Fatal("run did not return within 10 s of cancel")
			return nil
		}
	}
	t.Cleanup(func() { stop() })
	return httpAddr, smtpAddr, stop
}

func TestRunServesMailEndToEnd(t *testing.T) {
	httpAddr, smtpAddr, stop := startRun(t)
	if httpAddr == "" || smtpAddr == "" || strings.HasSuffix(httpAddr, ":0") || strings.HasSuffix(smtpAddr, ":0") {
		t.Fatalf("listening line gave http=%q smtp=%q", httpAddr, smtpAddr)
	}

	status, _, body := get(t, "http://"+httpAddr+"/healthz")
	if status != http.StatusOK || body != "ok" {
		t.Fatalf("healthz: %d %q", status, body)
	}

	raw := "From: drape <no-reply@drape.test>\r\nSubject: Your sign-in code\r\n\r\nCode: 731904\r\n"
	if err := smtp.SendMail(smtpAddr, nil, "no-reply@drape.test", []string{"shopper@example.com"}, []byte(raw)); err != nil {
		t.Fatal(err)
	}
	_, _, body = get(t, "http://"+httpAddr+"/mail/api/messages?to=shopper@example.com")
	var list struct {
		Messages []messageSummary `json:"messages"`
	}
	if err := json.Unmarshal([]byte(body), &list); err != nil {
		t.Fatal(err)
	}
	if len(list.Messages) != 1 || list.Messages[0].Text != "Code: 731904" || list.Messages[0].Subject != "Your sign-in code" {
		t.Fatalf("mailbox API gave %s", body)
	}

	if err := stop(); err != nil {
		t.Errorf("run after cancel: %v", err)
	}
	if _, err := http.Get("http://" + httpAddr + "/healthz"); err == nil {
		t.Error("HTTP still served after stop")
	}
}

func TestRunRejectsBadConfig(t *testing.T) {
	env := map[string]string{"SIM_ADDR": "localhost", "SIM_SMTP_ADDR": "127.0.0.1:99999"}
	err := run(context.Background(), func(key string) string { return env[key] }, io.Discard)
	if err == nil {
		t.Fatal("run accepted bad configuration")
	}
	for _, key := range []string{"SIM_ADDR", "SIM_SMTP_ADDR"} {
		if !strings.Contains(err.Error(), key) {
			t.Errorf("error %q does not name %s", err, key)
		}
	}
}

func TestLoadConfigDefaults(t *testing.T) {
	cfg, err := loadConfig(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.httpAddr != "127.0.0.1:9090" || cfg.smtpAddr != "127.0.0.1:2525" {
		t.Errorf("defaults = %+v", cfg)
	}
}
