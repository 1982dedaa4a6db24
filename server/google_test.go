package main

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// fakeGoogle is an identity provider speaking Google's protocol: an RSA key, its JWKS, and ID
// tokens with Google's claims. (sim plays the same part for the browser tests.)
type fakeGoogle struct {
	key      *rsa.PrivateKey
	server   *httptest.Server
	issuer   string
	clientID string
}

func newFakeGoogle(t testing.TB) *fakeGoogle {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	g := &fakeGoogle{key: key, clientID: "drape-test.apps.googleusercontent.example"}
	g.server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"keys": []map[string]string{{
			"kty": "RSA", "alg": "RS256", "use": "sig", "kid": "k1",
			"n": base64.RawURLEncoding.EncodeToString(key.N.Bytes()),
			"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(key.E)).Bytes()),
		}}})
	}))
	t.Cleanup(g.server.Close)
	g.issuer = "https://accounts.google.com"
	return g
}

func (g *fakeGoogle) token(t testing.TB, claims jwt.MapClaims) string {
	t.Helper()
	base := jwt.MapClaims{"iss": g.issuer, "aud": g.clientID, "azp": g.clientID, "sub": "109876543210987654321",
		"email": "aarav.sharma@gmail.example", "email_verified": true, "name": "Aarav Sharma", "given_name": "Aarav",
		"family_name": "Sharma", "picture": "https://example.com/a.png", "iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix()}
	for k, v := range claims {
		if v == nil {
			delete(base, k)
		} else {
			base[k] = v
		}
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, base)
	tok.Header["kid"] = "k1"
	s, err := tok.SignedString(g.key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestGoogleSignIn(t *testing.T) {
	t.Parallel()
	g := newFakeGoogle(t)
	_, d := testApp(t)
	d.cfg.Google = GoogleConfig{ClientID: g.clientID, Issuer: g.issuer, CertsURL: g.server.URL, ScriptURL: "https://accounts.google.com/gsi/client"}
	app := newApp(d, newServices(d))

	status, body := send(t, app, "POST", "/api/auth/google", "", map[string]any{"credential": g.token(t, nil)})
	expect(t, "first sign-in makes an account", status, body, 200, map[string]any{"message": "Welcome Aarav",
		"data.email": "aarav.sharma@gmail.example", "data.federatedId": "109876543210987654321", "data.role": "user",
		"data.photoURL": "https://example.com/a.png", "data.lastName": "Sharma", "data.hasPassword": false})
	firstID := jsonValue(t, body, "data._id")
	status, body = send(t, app, "POST", "/api/login", "", map[string]any{"credential": g.token(t, nil)})
	expect(t, "second sign-in, same account", status, body, 200, map[string]any{"data._id": firstID})

	// An e-mail account is linked only when Google has verified the e-mail.
	signUp(t, app, "Meera", "meera@example.in")
	status, body = send(t, app, "POST", "/api/auth/google", "", map[string]any{"credential": g.token(t, jwt.MapClaims{
		"sub": "200000000000000000001", "email": "meera@example.in", "email_verified": false})})
	expect(t, "unverified e-mail of an existing account", status, body, 401, map[string]any{"message": "Google login failed: Google has not verified this account's e-mail address"})
	status, body = send(t, app, "POST", "/api/auth/google", "", map[string]any{"credential": g.token(t, jwt.MapClaims{
		"sub": "200000000000000000001", "email": "meera@example.in", "email_verified": true})})
	expect(t, "verified e-mail links", status, body, 200, map[string]any{"data.email": "meera@example.in", "data.federatedId": "200000000000000000001"})
	status, body = send(t, app, "POST", "/api/login", "", map[string]any{"email": "meera@example.in", "password": "tailored-fit-42"})
	expect(t, "the password still works after linking", status, body, 200, nil)

	other, _ := rsa.GenerateKey(rand.Reader, 2048)
	forged := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims{"iss": g.issuer, "aud": g.clientID, "sub": "1", "email": "x@gmail.example",
		"email_verified": true, "exp": time.Now().Add(time.Hour).Unix()})
	forged.Header["kid"] = "k1"
	forgedToken, _ := forged.SignedString(other)
	for name, tok := range map[string]string{
		"wrong audience": g.token(t, jwt.MapClaims{"aud": "someone-else"}),
		"wrong issuer":   g.token(t, jwt.MapClaims{"iss": "https://evil.example"}),
		"expired":        g.token(t, jwt.MapClaims{"exp": time.Now().Add(-time.Minute).Unix()}),
		"other key":      forgedToken,
		"garbage":        "abc.def.ghi",
		"empty":          "",
	} {
		status, body := send(t, app, "POST", "/api/auth/google", "", map[string]any{"credential": tok})
		expect(t, name, status, body, 401, map[string]any{"message": "Google login failed"})
	}
}
