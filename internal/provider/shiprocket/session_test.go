package shiprocket

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"drape/internal/platform/redistest"
)

var testCreds = Credentials{Email: testEmail, Password: testPassword}

func TestSessionLogsInOnceAndReusesTheCachedToken(t *testing.T) {
	fake := newFake(t)
	rdb := redistest.New(t)
	session := NewSession(New(fake.URL, nil), rdb.Client)
	ctx := context.Background()

	created, err := session.CreateAdhoc(ctx, testCreds, testOrder())
	if err != nil || created.OrderID != 281248157 {
		t.Fatalf("create: %+v, %v", created, err)
	}
	if _, err := session.TrackShipment(ctx, testCreds, 1); err == nil {
		t.Fatal("the fake has no tracking route; want its 404")
	}
	if err := session.Cancel(ctx, testCreds, []int64{created.OrderID}); err != nil {
		t.Fatal(err)
	}
	if n := fake.countOf("/v1/external/auth/login"); n != 1 {
		t.Errorf("%d logins for three calls, want 1", n)
	}
	if req := fake.last(); req.Token != "tok-1" {
		t.Errorf("cancel sent token %q", req.Token)
	}

	key := session.TokenKey(testCreds)
	if !strings.HasPrefix(key, "shiprocket:token:") || len(key) != len("shiprocket:token:")+64 || strings.Contains(key, "api@") {
		t.Errorf("key %q", key)
	}
	if other := session.TokenKey(Credentials{Email: " API@Shop.example "}); other != key {
		t.Errorf("key depends on the email's case or spaces: %q", other)
	}
	if sim := NewSession(New("http://127.0.0.1:9090/shiprocket", nil), rdb.Client).TokenKey(testCreds); sim == key {
		t.Error("the key does not depend on the API URL")
	}
	if token, err := rdb.Client.Get(ctx, key).Result(); err != nil || token != "tok-1" {
		t.Errorf("cached token %q, %v", token, err)
	}
	if ttl := rdb.Client.TTL(ctx, key).Val(); ttl <= TokenTTL-time.Minute || ttl > TokenTTL || TokenTTL >= 240*time.Hour {
		t.Errorf("TTL %v, want about %v (under 10 days)", ttl, TokenTTL)
	}

	// Another process (another Session on the same Redis) uses the cached token.
	other := NewSession(New(fake.URL, nil), rdb.Client)
	if err := other.Cancel(ctx, testCreds, []int64{1}); err != nil {
		t.Fatal(err)
	}
	if n := fake.countOf("/v1/external/auth/login"); n != 1 {
		t.Errorf("second session logged in again: %d logins", n)
	}
}

func TestSessionConcurrentFirstCallsLogInOnce(t *testing.T) {
	fake := newFake(t)
	session := NewSession(New(fake.URL, nil), redistest.New(t).Client)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if err := session.Cancel(context.Background(), testCreds, []int64{1}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := fake.countOf("/v1/external/auth/login"); n != 1 {
		t.Errorf("%d logins for 8 concurrent first calls, want 1", n)
	}
}

func TestSessionLogsInAgainOnceOn401(t *testing.T) {
	fake := newFake(t)
	rdb := redistest.New(t)
	session := NewSession(New(fake.URL, nil), rdb.Client)
	ctx := context.Background()
	if _, err := session.Token(ctx, testCreds); err != nil {
		t.Fatal(err)
	}

	// The token expires: one 401, a new login, the call again.
	fake.revoke()
	created, err := session.CreateAdhoc(ctx, testCreds, testOrder())
	if err != nil || created.OrderID != 281248157 {
		t.Fatalf("after revoke: %+v, %v", created, err)
	}
	if logins, creates := fake.countOf("/v1/external/auth/login"), fake.countOf("/v1/external/orders/create/adhoc"); logins != 2 || creates != 2 {
		t.Errorf("%d logins and %d creates, want 2 and 2", logins, creates)
	}
	if token := rdb.Client.Get(ctx, session.TokenKey(testCreds)).Val(); token != "tok-2" || fake.last().Token != "tok-2" {
		t.Errorf("cached %q, sent %q; want tok-2", token, fake.last().Token)
	}

	// Shiprocket keeps refusing even fresh tokens: one retry, then the 401.
	fake.setRoute("POST /v1/external/orders/cancel", func(w http.ResponseWriter, r *http.Request) {
		writeBody(w, http.StatusUnauthorized, map[string]any{"message": "Unauthorized", "status_code": 401})
	})
	err = session.Cancel(ctx, testCreds, []int64{1})
	if !IsUnauthorized(err) || IsTemporary(err) {
		t.Errorf("second 401: %v", err)
	}
	if logins, cancels := fake.countOf("/v1/external/auth/login"), fake.countOf("/v1/external/orders/cancel"); logins != 3 || cancels != 2 {
		t.Errorf("%d logins and %d cancels, want 3 and 2", logins, cancels)
	}

	// Another process already replaced the refused token: use its token, no login.
	fake.setRoute("POST /v1/external/orders/cancel", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	fresh := fake.login(t)
	rdb.Client.Set(ctx, session.TokenKey(testCreds), "tok-stale", TokenTTL)
	fake.mu.Lock()
	fake.refused = func() { rdb.Client.Set(ctx, session.TokenKey(testCreds), fresh, TokenTTL) }
	fake.mu.Unlock()
	logins := fake.countOf("/v1/external/auth/login")
	if err := session.Cancel(ctx, testCreds, []int64{1}); err != nil {
		t.Fatal(err)
	}
	if fake.countOf("/v1/external/auth/login") != logins || fake.last().Token != fresh {
		t.Errorf("logged in again or sent %q instead of the other process's token", fake.last().Token)
	}
}

func TestSessionErrors(t *testing.T) {
	fake := newFake(t)
	session := NewSession(New(fake.URL, &http.Client{Timeout: 100 * time.Millisecond}), redistest.New(t).Client)
	ctx := context.Background()
	const path = "POST /v1/external/orders/create/adhoc"

	fake.setRoute(path, func(w http.ResponseWriter, r *http.Request) {
		writeBody(w, http.StatusUnprocessableEntity, map[string]any{"message": "Oops! Invalid Data.", "status_code": 422,
			"errors": map[string]any{"billing_phone": []string{"The billing phone must be 10 digits."}}})
	})
	_, err := session.CreateAdhoc(ctx, testCreds, testOrder())
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Errors["billing_phone"][0] != "The billing phone must be 10 digits." || IsTemporary(err) || IsUnauthorized(err) {
		t.Errorf("422: %v", err)
	}
	if n := fake.countOf("/v1/external/orders/create/adhoc"); n != 1 {
		t.Errorf("a 422 was retried: %d creates", n)
	}

	fake.setRoute(path, func(w http.ResponseWriter, r *http.Request) {
		writeBody(w, http.StatusServiceUnavailable, map[string]any{"message": "Service Unavailable", "status_code": 503})
	})
	if _, err := session.CreateAdhoc(ctx, testCreds, testOrder()); !errors.As(err, &apiErr) || apiErr.Status != 503 || !IsTemporary(err) {
		t.Errorf("503: %v", err)
	}

	fake.setRoute(path, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(2 * time.Second):
		}
	})
	if _, err := session.CreateAdhoc(ctx, testCreds, testOrder()); err == nil || !IsTemporary(err) || IsUnauthorized(err) {
		t.Errorf("timeout: %v", err)
	}
	if n := fake.countOf("/v1/external/orders/create/adhoc"); n != 3 {
		t.Errorf("%d creates, want 3 (no retries of 503 or a timeout)", n)
	}

	// A bad order costs no login.
	fresh := NewSession(New(fake.URL, nil), redistest.New(t).Client)
	logins := fake.countOf("/v1/external/auth/login")
	order := testOrder()
	order.Weight = 0
	if _, err := fresh.CreateAdhoc(ctx, testCreds, order); !errors.Is(err, ErrInvalidArgument) || fake.countOf("/v1/external/auth/login") != logins {
		t.Errorf("bad order: %v", err)
	}

	// Wrong credentials: the login's 400, permanent, without the password.
	_, err = fresh.Serviceability(ctx, Credentials{Email: testEmail, Password: "not-the-password"}, "560001", "700016", false, 1)
	if !errors.As(err, &apiErr) || apiErr.Status != 400 || IsTemporary(err) || strings.Contains(err.Error(), "not-the-password") {
		t.Errorf("wrong password: %v", err)
	}

	// An unreachable token cache is temporary.
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := listener.Addr().String()
	listener.Close()
	down := redis.NewClient(&redis.Options{Addr: closed, MaxRetries: -1, DialTimeout: 200 * time.Millisecond})
	defer down.Close()
	_, err = NewSession(New(fake.URL, nil), down).TrackAWB(ctx, testCreds, "1")
	if err == nil || !IsTemporary(err) || !strings.Contains(err.Error(), "token cache") {
		t.Errorf("redis down: %v", err)
	}

	// A caller that gives up while a login is under way gets its context's error.
	fake.setRoute("POST /v1/external/auth/login", func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(300 * time.Millisecond)
		writeBody(w, http.StatusOK, map[string]any{"token": "tok-slow"})
	})
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer cancel()
	if _, err := NewSession(New(fake.URL, nil), redistest.New(t).Client).Token(short, testCreds); !errors.Is(err, context.DeadlineExceeded) || !IsTemporary(err) {
		t.Errorf("login past the deadline: %v", err)
	}
}

func TestCredentialsNeverShowThePassword(t *testing.T) {
	var logs bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&logs, nil))
	logger.Info("shiprocket", "creds", testCreds, "config", Config{Credentials: testCreds, APIURL: DefaultBaseURL})
	slog.New(slog.NewTextHandler(&logs, nil)).Info("shiprocket", "creds", testCreds)
	shown := []string{logs.String(), testCreds.String(), testCreds.GoString()}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%d", "%T"} {
		shown = append(shown, fmt.Sprintf(verb, testCreds), fmt.Sprintf(verb, &testCreds))
	}
	shown = append(shown, fmt.Sprintf("%+v", struct{ C Credentials }{testCreds}), fmt.Sprint([]Credentials{testCreds}))
	for _, text := range shown {
		if strings.Contains(text, testPassword) || strings.Contains(text, fmt.Sprintf("%x", testPassword)) {
			t.Errorf("password shown: %s", text)
		}
	}
	if testCreds.String() != testEmail+":********" || !strings.Contains(logs.String(), `"email":"`+testEmail+`"`) {
		t.Errorf("String %q, logs %s", testCreds.String(), logs.String())
	}
	if (Credentials{Email: "a@b"}).String() != "a@b:" {
		t.Error("an empty password shown as masked")
	}
}
