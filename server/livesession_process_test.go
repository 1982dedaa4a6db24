package main

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/jackc/pgx/v5"

	"drape/internal/outbox"
	"drape/internal/shop/event"
	"drape/realtime"
)

// These tests run two server processes and a worker on one database and Redis, as
// TestOutboxEventReachesASocketOnAnotherServer does: the change that ends a session is made
// through server A, and the socket that must close is held by server B.

// liveSessionLimit is how soon after the change's answer a socket on another server must close.
const liveSessionLimit = 2 * time.Second

// liveShop is a deployment of two servers and a worker, with an admin.
type liveShop struct {
	a, b  string // the servers' base URLs
	dbURL string
	admin string // the admin's back-office token
}

func newLiveShop(t *testing.T) *liveShop {
	t.Helper()
	env, dbURL, _ := shopEnv(t)
	// Mail goes to a port where nothing listens, so a reset code waits in the mail queue.
	env = append(env, fmt.Sprintf("SMTP_PORT=%d", freePort(t)))
	startWorker(t, env)
	a, _ := startServer(t, env)
	b, _ := startServer(t, env)
	s := &liveShop{a: a, b: b, dbURL: dbURL}
	s.createStaff(t, env, "owner@drape.test", "admin")
	s.admin = s.backOfficeLogin(t, "owner@drape.test", liveStaffPassword)
	return s
}

const liveStaffPassword = "Brass-Buttons-5521"

// createStaff makes a back-office account with the server's own command line.
func (s *liveShop) createStaff(t *testing.T, env []string, email, role string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(binaries(t), "server"), "admin", "create", "--email", email, "--password", liveStaffPassword, "--role", role)
	cmd.Env = append(cmd.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("server admin create %s: %v\n%s", email, err, out)
	}
}

func (s *liveShop) backOfficeLogin(t *testing.T, email, password string) string {
	t.Helper()
	return apiCall(t, s.a, "POST", "/api/admin/login", "", map[string]any{"email": email, "password": password}, 200)["token"].(string)
}

// shopper registers a shopper through server A and returns the token and the user's id.
func (s *liveShop) shopper(t *testing.T, email string) (token, id string) {
	t.Helper()
	out := apiCall(t, s.a, "POST", "/api/register", "", map[string]any{"firstName": "Ira", "email": email, "password": liveStaffPassword}, 200)
	token = out["token"].(string)
	return token, apiCall(t, s.a, "GET", "/api/getProfile", token, nil, 200)["data"].(map[string]any)["_id"].(string)
}

// staffID is the id of the back-office account of email.
func (s *liveShop) staffID(t *testing.T, email string) string {
	t.Helper()
	items := apiCall(t, s.a, "GET", "/api/admin/users?search="+email, s.admin, nil, 200)["data"].(map[string]any)["items"].([]any)
	if len(items) != 1 {
		t.Fatalf("users matching %s: %v", email, items)
	}
	return items[0].(map[string]any)["_id"].(string)
}

// dialAs opens a socket on base, says hello with token and subscribes to topics, all of which
// must be granted.
func dialAs(t *testing.T, base, token string, topics ...string) *liveClient {
	t.Helper()
	c := dialLiveRaw(t, "ws"+strings.TrimPrefix(base, "http")+"/api/ws", base)
	c.send(t, map[string]any{"type": "hello", "token": token})
	if m := c.next(t, 5*time.Second); m["type"] != "welcome" || m["user"] == nil {
		t.Fatalf("hello answered %v", m)
	}
	c.send(t, map[string]any{"type": "subscribe", "topics": topics})
	if m := c.next(t, 5*time.Second); m["type"] != "subscribed" || len(m["topics"].([]any)) != len(topics) {
		t.Fatalf("subscribe %v answered %v", topics, m)
	}
	return c
}

// expectRevoked waits for c to be closed with 4401 within liveSessionLimit of since (when the
// change's answer arrived: it committed just before); any event it receives before is a
// failure too.
func expectRevoked(t *testing.T, who string, c *liveClient, since time.Time) {
	t.Helper()
	c.conn.SetReadDeadline(since.Add(liveSessionLimit))
	for {
		_, data, err := c.conn.ReadMessage()
		if err == nil {
			t.Errorf("%s: the socket received %s after its session ended", who, data)
			continue
		}
		if !websocket.IsCloseError(err, realtime.CloseUnauthorized) {
			t.Fatalf("%s: the socket was not closed with 4401 within %s of the change's answer: %v", who, liveSessionLimit, err)
		}
		t.Logf("%s: closed with 4401 %s after the change's answer", who, time.Since(since).Round(time.Millisecond))
		return
	}
}

// publish writes an event to the outbox in a committed transaction, as a domain use case does.
func (s *liveShop) publish(t *testing.T, typ event.Name, topic string, data any) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error { return outbox.Publish(ctx, tx, typ, topic, data) })
	if err != nil {
		t.Fatal(err)
	}
}

// expectEvent reads c until the event of typ arrives.
func expectEvent(t *testing.T, who string, c *liveClient, typ string) {
	t.Helper()
	for {
		if m := c.next(t, 10*time.Second); m["type"] == typ {
			return
		}
	}
}

// TestDeactivatedStaffSocketOnAnotherServerCloses: an admin deactivates a staff member through
// server A; the staff member's socket on server B closes with 4401 within 2 s, and an
// admin:orders event written afterwards reaches the admin's socket but not the staff member's.
func TestDeactivatedStaffSocketOnAnotherServerCloses(t *testing.T) {
	t.Parallel()
	s := newLiveShop(t)
	s.createStaffVia(t, "packer@drape.test", "staff")
	staff := s.backOfficeLogin(t, "packer@drape.test", liveStaffPassword)

	staffTab := dialAs(t, s.b, staff, realtime.TopicAdminOrders)
	adminTab := dialAs(t, s.b, s.admin, realtime.TopicAdminOrders)
	packer := s.staffID(t, "packer@drape.test")
	apiCall(t, s.a, "POST", "/api/admin/users/"+packer+"/active", s.admin, map[string]any{"active": false}, 200)
	changed := time.Now()
	expectRevoked(t, "deactivated staff", staffTab, changed)

	s.publish(t, "order.created", realtime.TopicAdminOrders, map[string]string{"orderId": "after-deactivation"})
	expectEvent(t, "admin", adminTab, "order.created")
}

// TestEndedSessionsCloseSocketsOnEveryServer: signing out everywhere, changing the password
// (shop and back office), an admin setting a colleague's password and a password reset each
// close, within 2 s, the user's sockets on the other server, while a token issued by the change
// itself (this device's new token) stays connected and other users are untouched.
func TestEndedSessionsCloseSocketsOnEveryServer(t *testing.T) {
	t.Parallel()
	s := newLiveShop(t)
	bystanderToken, bystander := s.shopper(t, "bystander@example.in")
	bystanderTab := dialAs(t, s.b, bystanderToken, realtime.UserTopic(bystander))

	t.Run("sign out everywhere", func(t *testing.T) {
		token, id := s.shopper(t, "leaving@example.in")
		tabs := []*liveClient{dialAs(t, s.b, token, realtime.UserTopic(id)), dialAs(t, s.a, token, realtime.TopicSales)}
		apiCall(t, s.a, "POST", "/api/logout-everywhere", token, nil, 200)
		changed := time.Now()
		for i, tab := range tabs {
			expectRevoked(t, fmt.Sprintf("tab %d", i), tab, changed)
		}
	})

	t.Run("sign out on one device", func(t *testing.T) {
		token, id := s.shopper(t, "twodevices@example.in")
		phone := apiCall(t, s.b, "POST", "/api/login", "", map[string]any{"email": "twodevices@example.in", "password": liveStaffPassword}, 200)["token"].(string)
		laptopTab, phoneTab := dialAs(t, s.b, token, realtime.UserTopic(id)), dialAs(t, s.b, phone, realtime.UserTopic(id))
		apiCall(t, s.a, "POST", "/api/logout", token, nil, 200)
		changed := time.Now()
		expectRevoked(t, "the signed-out device", laptopTab, changed)
		s.publish(t, "order.updated", realtime.UserTopic(id), map[string]string{"orderId": "after-sign-out"})
		expectEvent(t, "the other device", phoneTab, "order.updated")
	})

	t.Run("shopper changes the password", func(t *testing.T) {
		token, id := s.shopper(t, "moving@example.in")
		other := dialAs(t, s.b, token, realtime.UserTopic(id))
		out := apiCall(t, s.a, "POST", "/api/profile/password", token, map[string]any{"currentPassword": liveStaffPassword, "newPassword": "Pleated-Cuffs-8830"}, 200)
		changed := time.Now()
		fresh := dialAs(t, s.b, out["token"].(string), realtime.UserTopic(id))
		expectRevoked(t, "the other device", other, changed)
		s.publish(t, "order.updated", realtime.UserTopic(id), map[string]string{"orderId": "after-change"})
		expectEvent(t, "this device's new token", fresh, "order.updated")
	})

	t.Run("staff changes the password", func(t *testing.T) {
		s.createStaffVia(t, "cutter@drape.test", "staff")
		token := s.backOfficeLogin(t, "cutter@drape.test", liveStaffPassword)
		other := dialAs(t, s.b, token, realtime.TopicAdminOrders)
		out := apiCall(t, s.a, "POST", "/api/admin/password", token, map[string]any{"currentPassword": liveStaffPassword, "newPassword": "Pleated-Cuffs-8830"}, 200)
		changed := time.Now()
		fresh := dialAs(t, s.b, out["token"].(string), realtime.TopicAdminOrders)
		expectRevoked(t, "the other device", other, changed)
		s.publish(t, "order.created", realtime.TopicAdminOrders, map[string]string{"orderId": "after-change"})
		expectEvent(t, "this device's new token", fresh, "order.created")
	})

	t.Run("admin sets a colleague's password", func(t *testing.T) {
		s.createStaffVia(t, "presser@drape.test", "staff")
		token := s.backOfficeLogin(t, "presser@drape.test", liveStaffPassword)
		tab := dialAs(t, s.b, token, realtime.TopicAdminOrders)
		presser := s.staffID(t, "presser@drape.test")
		apiCall(t, s.a, "POST", "/api/admin/users/"+presser+"/password", s.admin, map[string]any{"newPassword": "Pleated-Cuffs-8830"}, 200)
		changed := time.Now()
		expectRevoked(t, "the colleague", tab, changed)
	})

	t.Run("password reset", func(t *testing.T) {
		token, id := s.shopper(t, "forgetful@example.in")
		tab := dialAs(t, s.b, token, realtime.UserTopic(id))
		apiCall(t, s.a, "POST", "/api/forgotpassword", "", map[string]any{"email": "forgetful@example.in"}, 200)
		apiCall(t, s.a, "POST", "/api/otpverify", "", map[string]any{"email": "forgetful@example.in", "otp": s.resetCode(t, "forgetful@example.in")}, 200)
		apiCall(t, s.a, "POST", "/api/updatepassword", "", map[string]any{"email": "forgetful@example.in", "newPassword": "Pleated-Cuffs-8830"}, 200)
		changed := time.Now()
		expectRevoked(t, "the reset account", tab, changed)
	})

	// Nobody else's socket was closed along the way.
	s.publish(t, "order.updated", realtime.UserTopic(bystander), map[string]string{"orderId": "still-here"})
	expectEvent(t, "bystander", bystanderTab, "order.updated")
}

// createStaffVia makes a back-office account through the admin's back office (server A).
func (s *liveShop) createStaffVia(t *testing.T, email, role string) {
	t.Helper()
	apiCall(t, s.a, "POST", "/api/admin/register", s.admin, map[string]any{"firstName": "Colleague", "email": email, "password": liveStaffPassword, "role": role}, 200)
}

// resetCode reads the reset code mailed to email from the mail queue (no SMTP server listens
// in these tests, so the mail waits there with its text).
func (s *liveShop) resetCode(t *testing.T, email string) string {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, s.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var body string
	if err := conn.QueryRow(ctx, "SELECT text_body FROM mails WHERE kind = 'password_reset' AND recipient = $1", email).Scan(&body); err != nil {
		t.Fatal(err)
	}
	i := strings.Index(body, "code is ")
	if i < 0 || len(body) < i+14 {
		t.Fatalf("no code in the reset mail: %q", body)
	}
	return body[i+8 : i+14]
}
