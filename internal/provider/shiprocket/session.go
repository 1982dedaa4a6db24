package shiprocket

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"
)

// TokenTTL is how long a Session keeps a token in Redis: a day less than the
// 10 days Shiprocket's tokens live, so a cached token never expires in use.
const TokenTTL = 9 * 24 * time.Hour

// loginTimeout bounds a login shared by several callers, which runs on even
// when the caller that started it gives up.
const loginTimeout = 30 * time.Second

// passwordMask stands for a password wherever Credentials are printed.
const passwordMask = "********"

// Credentials are a Shiprocket API user's email and password. Printing them in
// any way (fmt, slog) shows the email and masks the password.
type Credentials struct {
	Email    string
	Password string
}

// String is the email and a masked password, such as "api@drape.local:********".
func (c Credentials) String() string { return c.Email + ":" + c.masked() }

// GoString is like String, for %#v.
func (c Credentials) GoString() string {
	return fmt.Sprintf("shiprocket.Credentials{Email:%q, Password:%q}", c.Email, c.masked())
}

// Format writes String for every verb but %#v (GoString), so no verb prints the password.
func (c Credentials) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		_, _ = io.WriteString(f, c.GoString())
		return
	}
	_, _ = io.WriteString(f, c.String())
}

// LogValue is the email with the password masked.
func (c Credentials) LogValue() slog.Value {
	return slog.GroupValue(slog.String("email", c.Email), slog.String("password", c.masked()))
}

// masked is passwordMask, or "" when there is no password.
func (c Credentials) masked() string {
	if c.Password == "" {
		return ""
	}
	return passwordMask
}

// Session calls Shiprocket with a token it keeps in Redis, shared by every
// process that uses the same Redis: it logs in when no token is cached, caches
// the token for TokenTTL, and when Shiprocket answers 401 logs in once more and
// retries the call once. Concurrent logins for the same user in one process are
// made once. Callers pass Credentials on every call and never see a token.
type Session struct {
	client *Client
	cache  redis.Cmdable
	logins singleflight.Group
}

// NewSession returns a session calling through client and caching tokens in cache.
func NewSession(client *Client, cache redis.Cmdable) *Session {
	return &Session{client: client, cache: cache}
}

// Client returns the client the session calls through.
func (s *Session) Client() *Client { return s.client }

// TokenKey is the Redis key of the cached token of creds: "shiprocket:token:"
// and the hex SHA-256 of the API URL and the lower-cased email, so a token from
// sim is never sent to Shiprocket and the key does not show the email.
func (s *Session) TokenKey(creds Credentials) string {
	sum := sha256.Sum256([]byte(s.client.baseURL + "\x00" + strings.ToLower(strings.TrimSpace(creds.Email))))
	return "shiprocket:token:" + hex.EncodeToString(sum[:])
}

// cacheError is a failure to read or write the token cache. It is temporary:
// Redis coming back is enough for a retry to succeed.
type cacheError struct {
	op  string
	err error
}

// Error names the operation and the cause.
func (e *cacheError) Error() string {
	return fmt.Sprintf("shiprocket: %s token cache: %v", e.op, e.err)
}

// Unwrap returns the Redis error.
func (e *cacheError) Unwrap() error { return e.err }

// Temporary is always true.
func (e *cacheError) Temporary() bool { return true }

// Token returns the cached token of creds, logging in when there is none.
func (s *Session) Token(ctx context.Context, creds Credentials) (string, error) {
	token, err := s.cache.Get(ctx, s.TokenKey(creds)).Result()
	switch {
	case err == nil && token != "":
		return token, nil
	case err != nil && !errors.Is(err, redis.Nil):
		return "", &cacheError{op: "read", err: err}
	}
	return s.login(ctx, creds, "")
}

// login logs in and caches the new token, unless the cache holds a token other than
// stale by the time this call's turn comes (another call logged in meanwhile): that
// one is used instead. stale, when set, is a token Shiprocket just refused.
func (s *Session) login(ctx context.Context, creds Credentials, stale string) (string, error) {
	key := s.TokenKey(creds)
	done := s.logins.DoChan(key, func() (any, error) {
		shared, cancel := context.WithTimeout(context.WithoutCancel(ctx), loginTimeout)
		defer cancel()
		// Another call (here or in another process) may have logged in since this one found
		// the cache empty or holding the stale token: its token is used rather than a new login.
		current, err := s.cache.Get(shared, key).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			return "", &cacheError{op: "read", err: err}
		}
		if current != "" && current != stale {
			return current, nil
		}
		token, err := s.client.Login(shared, creds.Email, creds.Password)
		if err != nil {
			return "", err
		}
		if err := s.cache.Set(shared, key, token, TokenTTL).Err(); err != nil {
			return "", &cacheError{op: "write", err: err}
		}
		return token, nil
	})
	select {
	case result := <-done:
		if result.Err != nil {
			return "", result.Err
		}
		return result.Val.(string), nil
	case <-ctx.Done():
		return "", &transportError{method: "POST", path: "/v1/external/auth/login", err: ctx.Err()}
	}
}

// withToken runs call with the session's token; on a 401 it logs in again and
// runs call once more. A 401 means Shiprocket refused the request, so the retry
// cannot duplicate anything.
func withToken[T any](ctx context.Context, s *Session, creds Credentials, call func(token string) (T, error)) (T, error) {
	var zero T
	token, err := s.Token(ctx, creds)
	if err != nil {
		return zero, err
	}
	result, err := call(token)
	if !IsUnauthorized(err) {
		return result, err
	}
	token, err = s.login(ctx, creds, token)
	if err != nil {
		return zero, fmt.Errorf("log in again after a 401: %w", err)
	}
	return call(token)
}

// CreateAdhoc is Client.CreateAdhoc with the session's token. A bad order is
// refused before any login.
func (s *Session) CreateAdhoc(ctx context.Context, creds Credentials, order Order) (Created, error) {
	if _, err := adhocBody(order); err != nil {
		return Created{}, err
	}
	return withToken(ctx, s, creds, func(token string) (Created, error) {
		return s.client.CreateAdhoc(ctx, token, order)
	})
}

// Cancel is Client.Cancel with the session's token.
func (s *Session) Cancel(ctx context.Context, creds Credentials, ids []int64) error {
	_, err := withToken(ctx, s, creds, func(token string) (struct{}, error) {
		return struct{}{}, s.client.Cancel(ctx, token, ids)
	})
	return err
}

// TrackShipment is Client.TrackShipment with the session's token.
func (s *Session) TrackShipment(ctx context.Context, creds Credentials, shipmentID int64) (Tracking, error) {
	return withToken(ctx, s, creds, func(token string) (Tracking, error) {
		return s.client.TrackShipment(ctx, token, shipmentID)
	})
}

// TrackAWB is Client.TrackAWB with the session's token.
func (s *Session) TrackAWB(ctx context.Context, creds Credentials, awb string) (Tracking, error) {
	return withToken(ctx, s, creds, func(token string) (Tracking, error) {
		return s.client.TrackAWB(ctx, token, awb)
	})
}

// Serviceability is Client.Serviceability with the session's token.
func (s *Session) Serviceability(ctx context.Context, creds Credentials, pickup, delivery string, cod bool, weightKg float64) (Serviceability, error) {
	return withToken(ctx, s, creds, func(token string) (Serviceability, error) {
		return s.client.Serviceability(ctx, token, pickup, delivery, cod, weightKg)
	})
}
