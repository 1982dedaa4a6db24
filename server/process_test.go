package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/golang-jwt/jwt/v5"
	"github.com/jackc/pgx/v5"

	"drape/internal/outbox"
	"drape/internal/platform/dbtest"
	"drape/internal/platform/redistest"
	"drape/internal/platform/testenv"
	"drape/realtime"
)

// These tests run the real programs: two server processes and a worker on loopback, sharing
// one database and one Redis, as an ops person would scale them.

var (
	buildOnce sync.Once
	binDir    string
	buildErr  error
)

// binaries builds server and worker once per test run.
func binaries(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		root, err := testenv.ModuleRoot()
		if err != nil {
			buildErr = err
			return
		}
		binDir, buildErr = os.MkdirTemp("", "drape-bin-")
		if buildErr != nil {
			return
		}
		cmd := exec.Command("go", "build", "-o", binDir+"/", "./server", "./worker", "./sim")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binDir
}

// freePort is a port on 127.0.0.1 that nothing listens on, for a program the test starts later.
// It comes from below Linux's ephemeral range (32768 and up): a port the kernel handed out for
// ":0" could be handed out again, to another test's listener or an outgoing connection, before
// the program binds it, which CI once saw as "bind: address already in use". Each test binary
// starts at its own offset (by pid) so parallel packages rarely try the same port.
func freePort(t testing.TB) int {
	t.Helper()
	for range testPortSpan {
		port := testPortBase + int(nextTestPort.Add(1)%testPortSpan)
		ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err != nil {
			continue
		}
		ln.Close()
		return port
	}
	t.Fatal("no free port below the ephemeral range")
	return 0
}

const (
	testPortBase = 21000
	testPortSpan = 11000
)

var nextTestPort atomic.Int64

func init() { nextTestPort.Store(int64(os.Getpid()) * 97 % testPortSpan) }

// process is a running program whose output the test keeps for failure messages.
type process struct {
	cmd    *exec.Cmd
	output *lockedBuffer
	exited chan error
}

type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func start(t testing.TB, name string, env []string) *process {
	t.Helper()
	cmd := exec.Command(filepath.Join(binaries(t), name))
	cmd.Env = append(os.Environ(), env...)
	p := &process{cmd: cmd, output: &lockedBuffer{}, exited: make(chan error, 1)}
	cmd.Stdout, cmd.Stderr = p.output, p.output
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.exited:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
		}
		if t.Failed() {
			t.Logf("%s output:\n%s", name, p.output.String())
		}
	})
	return p
}

func waitReady(t testing.TB, base string, p *process) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		select {
		case err := <-p.exited:
			t.Fatalf("process exited: %v\n%s", err, p.output.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Fatalf("%s never became ready\n%s", base, p.output.String())
}

// shopEnv is the environment of one deployment on a fresh database and Redis.
func shopEnv(t testing.TB) (env []string, dbURL string, channel string) {
	t.Helper()
	_, dbURL = dbtest.New(t)
	r := redistest.New(t)
	channel = r.Prefix + "events"
	env = []string{"DATABASE_URL=" + dbURL, "REDIS_URL=" + r.URL, "REALTIME_CHANNEL=" + channel,
		"SMTP_HOST=127.0.0.1", "SMTP_PORT=2525", "SMTP_TLS=none", "SMTP_FROM=orders@drape.test",
		"CLIENT_DIR=" + t.TempDir(), "SHUTDOWN_TIMEOUT=5s", "LOG_LEVEL=warn", "JWT_SECRET=" + testJWTSecret,
		"PASSWORD_COST=test"}
	return env, dbURL, channel
}

func startServer(t testing.TB, env []string) (string, *process) {
	t.Helper()
	port := freePort(t)
	p := start(t, "server", append(env, fmt.Sprintf("PORT=%d", port)))
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	waitReady(t, base, p)
	return base, p
}

// liveClient is a browser tab's socket: hello, subscribe, then events.
type liveClient struct {
	conn *websocket.Conn
}

func dialLive(t testing.TB, base string, topics ...string) *liveClient {
	t.Helper()
	c := dialLiveRaw(t, "ws"+strings.TrimPrefix(base, "http")+"/api/ws", base)
	c.send(t, map[string]any{"type": "hello", "token": ""})
	if m := c.next(t, 5*time.Second); m["type"] != "welcome" || m["user"] != nil {
		t.Fatalf("hello answered %v", m)
	}
	c.send(t, map[string]any{"type": "subscribe", "topics": topics})
	if m := c.next(t, 5*time.Second); m["type"] != "subscribed" {
		t.Fatalf("subscribe answered %v", m)
	}
	return c
}

// dialLiveRaw opens the socket at url from a page of origin, before any hello.
func dialLiveRaw(t testing.TB, url, origin string) *liveClient {
	t.Helper()
	conn, resp, err := websocket.DefaultDialer.Dial(url, http.Header{"Origin": {origin}})
	if err != nil {
		t.Fatalf("dial %s: %v (%v)", url, err, resp)
	}
	t.Cleanup(func() { conn.Close() })
	return &liveClient{conn: conn}
}

func (c *liveClient) send(t testing.TB, v any) {
	t.Helper()
	if err := c.conn.WriteJSON(v); err != nil {
		t.Fatal(err)
	}
}

func (c *liveClient) next(t testing.TB, wait time.Duration) map[string]any {
	t.Helper()
	c.conn.SetReadDeadline(time.Now().Add(wait))
	_, data, err := c.conn.ReadMessage()
	if err != nil {
		t.Fatalf("reading the socket: %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("bad frame %s", data)
	}
	return m
}

// publishEvent writes a sale.changed event to the outbox in a transaction it commits or
// rolls back, as a domain use case would.
func publishEvent(t testing.TB, dbURL, name string, commit bool) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := outbox.Publish(ctx, tx, "sale.changed", realtime.TopicSales, map[string]string{"saleName": name}); err != nil {
		t.Fatal(err)
	}
	if commit {
		err = tx.Commit(ctx)
	} else {
		err = tx.Rollback(ctx)
	}
	if err != nil {
		t.Fatal(err)
	}
}

func TestOutboxEventReachesASocketOnAnotherServer(t *testing.T) {
	t.Parallel()
	env, dbURL, _ := shopEnv(t)
	startWorker(t, env)
	_, _ = startServer(t, env) // server A: where the change would be made
	baseB, _ := startServer(t, env)
	tab := dialLive(t, baseB, realtime.TopicSales)

	publishEvent(t, dbURL, "Ghost Sale", false)
	publishEvent(t, dbURL, "Diwali Sale", true)
	publishEvent(t, dbURL, "marker", true)

	var seen []string
	for len(seen) < 2 {
		m := tab.next(t, 15*time.Second)
		if m["type"] != "sale.changed" || m["topic"] != realtime.TopicSales || m["id"] == "" || m["at"] == "" {
			t.Fatalf("unexpected frame %v", m)
		}
		seen = append(seen, m["data"].(map[string]any)["saleName"].(string))
	}
	if seen[0] != "Diwali Sale" || seen[1] != "marker" {
		t.Fatalf("events arrived as %q; want the committed ones in order and never the rolled-back one", seen)
	}
}

func TestServerShutsDownGracefully(t *testing.T) {
	t.Parallel()
	env, _, _ := shopEnv(t)
	base, p := startServer(t, env)
	tab := dialLive(t, base, realtime.TopicSales)
	p.cmd.Process.Signal(syscall.SIGTERM)
	tab.conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, _, err := tab.conn.ReadMessage()
	if !websocket.IsCloseError(err, websocket.CloseGoingAway) {
		t.Fatalf("socket ended with %v, want close 1001 (going away)", err)
	}
	select {
	case err := <-p.exited:
		if err != nil {
			t.Fatalf("server exited with %v\n%s", err, p.output.String())
		}
		p.exited <- err
	case <-time.After(10 * time.Second):
		t.Fatal("server did not stop within 10 s of SIGTERM")
	}
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(p.output.String()))
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) == 0 || !strings.Contains(strings.Join(lines, "\n"), "drape server listening") {
		t.Fatalf("server output:\n%s", p.output.String())
	}
}

// startWorker starts a worker and returns once it says it is running: past its migrations,
// its queues open. A drill that breaks a dependency must not break the worker's start instead.
func startWorker(t testing.TB, env []string) *process {
	t.Helper()
	p := start(t, "worker", env)
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(p.output.String(), "drape worker running") {
			return p
		}
		select {
		case err := <-p.exited:
			t.Fatalf("worker exited before running: %v\n%s", err, p.output.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Fatalf("worker did not start within 60 s:\n%s", p.output.String())
	return nil
}

// startSim starts sim on free ports and returns its HTTP and SMTP addresses.
func startSim(t testing.TB, env ...string) (httpAddr, smtpAddr string) {
	t.Helper()
	p := start(t, "sim", append([]string{"SIM_ADDR=127.0.0.1:0", "SIM_SMTP_ADDR=127.0.0.1:0"}, env...))
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		for _, line := range strings.Split(p.output.String(), "\n") {
			if i := strings.Index(line, "sim listening http="); i >= 0 {
				fields := strings.Fields(line[i:])
				return strings.TrimPrefix(fields[2], "http="), strings.TrimPrefix(fields[3], "smtp=")
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("sim did not start:\n%s", p.output.String())
	return "", ""
}

// TestPasswordResetByRealMail: the OTP goes from the server's transaction through the outbox,
// the worker and SMTP to sim's mailbox, and the code read from that mail resets the password,
// sent alone as SPEC §7's client sends it (the browser's reset cookie names the request).
func TestPasswordResetByRealMail(t *testing.T) {
	t.Parallel()
	simHTTP, simSMTP := startSim(t)
	env, dbURL, _ := shopEnv(t)
	host, port, _ := net.SplitHostPort(simSMTP)
	env = append(env, "SMTP_HOST="+host, "SMTP_PORT="+port)
	startWorker(t, env)
	base, _ := startServer(t, env)
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	postJSON := func(path string, body map[string]any) (int, map[string]any) {
		t.Helper()
		b, _ := json.Marshal(body)
		resp, err := browser.Post(base+path, "application/json", strings.NewReader(string(b)))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out
	}
	if status, out := postJSON("/api/register", map[string]any{"firstName": "Ira Rao", "email": "ira@example.in", "password": "tailored-fit-42"}); status != 200 {
		t.Fatalf("register: %d %v", status, out)
	}
	if status, out := postJSON("/api/forgotpassword", map[string]any{"email": "ira@example.in"}); status != 200 || out["message"] != "OTP sent to your email" {
		t.Fatalf("forgotpassword: %d %v", status, out)
	}
	var mail struct {
		Messages []struct {
			Subject string   `json:"subject"`
			Text    string   `json:"text"`
			To      []string `json:"to"`
		} `json:"messages"`
	}
	deadline := time.Now().Add(20 * time.Second)
	for len(mail.Messages) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no reset mail reached the SMTP sink")
		}
		time.Sleep(100 * time.Millisecond)
		resp, err := http.Get("http://" + simHTTP + "/mail/api/messages?to=ira@example.in")
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(resp.Body).Decode(&mail)
		resp.Body.Close()
	}
	m := mail.Messages[0]
	i := strings.Index(m.Text, "code is ")
	if m.Subject != "Your drape password reset code" || i < 0 {
		t.Fatalf("mail: %q\n%s", m.Subject, m.Text)
	}
	code := m.Text[i+8 : i+14]
	if status, out := postJSON("/api/otpverify", map[string]any{"otp": code}); status != 200 || out["message"] != "OTP verified" {
		t.Fatalf("otpverify with the mailed code alone: %d %v", status, out)
	}
	if status, out := postJSON("/api/updatepassword", map[string]any{"email": "ira@example.in", "newPassword": "new-tailoring-7"}); status != 200 {
		t.Fatalf("updatepassword: %d %v", status, out)
	}
	if status, out := postJSON("/api/login", map[string]any{"email": "ira@example.in", "password": "new-tailoring-7"}); status != 200 || out["message"] != "Welcome Ira Rao" {
		t.Fatalf("login with the new password: %d %v", status, out)
	}
	// The code's mail body is wiped once sent: a leaked table holds no codes.
	conn, err := pgx.Connect(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var body string
	var sent bool
	conn.QueryRow(context.Background(), "SELECT text_body, sent_at IS NOT NULL FROM mails WHERE kind = 'password_reset'").Scan(&body, &sent)
	if !sent || body != "" {
		t.Fatalf("the sent reset mail: sent %v, body %q", sent, body)
	}
}

// TestTheServerSignsWithItsSecret guards the wiring of the real program: a token it issues
// verifies with JWT_SECRET and with nothing else (an empty key would let anyone forge one).
func TestTheServerSignsWithItsSecret(t *testing.T) {
	t.Parallel()
	env, _, _ := shopEnv(t)
	base, _ := startServer(t, env)
	resp, err := http.Post(base+"/api/register", "application/json",
		strings.NewReader(`{"firstName":"Wiring Check","email":"wiring@example.in","password":"tailored-fit-42"}`))
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Token string `json:"token"`
	}
	json.NewDecoder(resp.Body).Decode(&out)
	resp.Body.Close()
	if out.Token == "" {
		t.Fatal("no token")
	}
	for key, wantValid := range map[string]bool{testJWTSecret: true, "": false} {
		_, err := jwt.Parse(out.Token, func(*jwt.Token) (any, error) { return []byte(key), nil },
			jwt.WithValidMethods([]string{"HS256"}), jwt.WithAudience("shop"))
		if (err == nil) != wantValid {
			t.Errorf("token verifies with key %q: %v, want %v", key, err == nil, wantValid)
		}
	}
}
