package main

import (
	"bytes"
	"context"
	"crypto"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// testGoogleIssuer is the issuer of the provider testGoogleSignIn builds.
const testGoogleIssuer = "http://sim.test/google"

// testGoogleKey is generated once per test binary: RSA-2048 generation is slow.
var testGoogleKey = sync.OnceValues(newGoogleSigningKey)

// testGoogleSignIn returns a Google provider for testGoogleIssuer that logs nowhere.
func testGoogleSignIn(t *testing.T) *googleSignIn {
	t.Helper()
	key, err := testGoogleKey()
	if err != nil {
		t.Fatal(err)
	}
	return newGoogleSignIn(testGoogleIssuer, key, slog.New(slog.NewJSONHandler(io.Discard, nil)))
}

// newGoogleTestServer serves sim's mux with a fresh mailbox and testGoogleSignIn.
func newGoogleTestServer(t *testing.T) *httptest.Server {
	t.Helper()
	server := httptest.NewServer(newMux(newMailbox(mailboxCapacity), testGoogleSignIn(t), testRazorpaySim(t, razorpayConfig{})))
	t.Cleanup(server.Close)
	return server
}

// postJSON posts body as JSON and returns the status and the response body.
func postJSON(t *testing.T, url string, body any) (int, string) {
	t.Helper()
	encoded, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(url, "application/json", bytes.NewReader(encoded))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(answer)
}

// mintGoogleToken asks POST /google/api/token for a credential.
func mintGoogleToken(t *testing.T, serverURL string, request map[string]any) string {
	t.Helper()
	status, body := postJSON(t, serverURL+"/google/api/token", request)
	if status != http.StatusOK {
		t.Fatalf("token API: %d %s", status, body)
	}
	var answer map[string]string
	if err := json.Unmarshal([]byte(body), &answer); err != nil {
		t.Fatal(err)
	}
	if len(answer) != 1 || answer["credential"] == "" {
		t.Fatalf("token API answered %s, want only credential", body)
	}
	return answer["credential"]
}

// fetchGoogleKeys reads the JWKS endpoint into public keys by kid, checking
// each key's published fields on the way.
func fetchGoogleKeys(t *testing.T, serverURL string) map[string]*rsa.PublicKey {
	t.Helper()
	status, header, body := get(t, serverURL+"/google/oauth2/v3/certs")
	if status != http.StatusOK || !strings.HasPrefix(header.Get("Content-Type"), "application/json") {
		t.Fatalf("certs: %d %q", status, header.Get("Content-Type"))
	}
	var set struct {
		Keys []map[string]string `json:"keys"`
	}
	if err := json.Unmarshal([]byte(body), &set); err != nil {
		t.Fatal(err)
	}
	keys := make(map[string]*rsa.PublicKey)
	for _, jwk := range set.Keys {
		if jwk["kty"] != "RSA" || jwk["alg"] != "RS256" || jwk["use"] != "sig" || jwk["e"] != "AQAB" || jwk["kid"] == "" {
			t.Fatalf("JWK fields: %v", jwk)
		}
		modulus, err := base64.RawURLEncoding.DecodeString(jwk["n"])
		if err != nil {
			t.Fatalf("n is not base64url: %v", err)
		}
		keys[jwk["kid"]] = &rsa.PublicKey{N: new(big.Int).SetBytes(modulus), E: 65537}
	}
	return keys
}

// verifyGoogleToken checks an RS256 JWT against keys with the standard library
// only and returns its header and claims.
func verifyGoogleToken(t *testing.T, token string, keys map[string]*rsa.PublicKey) (map[string]string, map[string]any) {
	t.Helper()
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("token has %d parts", len(parts))
	}
	decode := func(part string) []byte {
		raw, err := base64.RawURLEncoding.DecodeString(part)
		if err != nil {
			t.Fatalf("part %q is not base64url: %v", part, err)
		}
		return raw
	}
	var header map[string]string
	if err := json.Unmarshal(decode(parts[0]), &header); err != nil {
		t.Fatal(err)
	}
	if header["alg"] != "RS256" || header["typ"] != "JWT" || len(header) != 3 {
		t.Fatalf("header = %v", header)
	}
	key, ok := keys[header["kid"]]
	if !ok {
		t.Fatalf("kid %q not in the JWKS", header["kid"])
	}
	digest := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if err := rsa.VerifyPKCS1v15(key, crypto.SHA256, digest[:], decode(parts[2])); err != nil {
		t.Fatalf("signature: %v", err)
	}
	var claims map[string]any
	decoder := json.NewDecoder(bytes.NewReader(decode(parts[1])))
	decoder.UseNumber()
	if err := decoder.Decode(&claims); err != nil {
		t.Fatal(err)
	}
	return header, claims
}

// unixClaim reads a numeric-date claim.
func unixClaim(t *testing.T, claims map[string]any, name string) int64 {
	t.Helper()
	number, ok := claims[name].(json.Number)
	if !ok {
		t.Fatalf("claim %s = %#v, want a number", name, claims[name])
	}
	value, err := number.Int64()
	if err != nil {
		t.Fatalf("claim %s: %v", name, err)
	}
	return value
}

// twentyOneDigits matches a Google-style sub.
var twentyOneDigits = regexp.MustCompile(`^[1-9][0-9]{20}$`)

func TestGoogleTokenAPIMintsVerifiableIDToken(t *testing.T) {
	server := newGoogleTestServer(t)
	keys := fetchGoogleKeys(t, server.URL)
	before := time.Now().Unix()
	token := mintGoogleToken(t, server.URL, map[string]any{
		"client_id": "drape-web.apps.example", "email": "asha.verma@example.com", "name": "Asha  Rani Verma", "email_verified": true,
	})
	header, claims := verifyGoogleToken(t, token, keys)

	if want := testGoogleSignIn(t).keyID; header["kid"] != want {
		t.Errorf("kid = %q, want %q", header["kid"], want)
	}
	var names []string
	for name := range claims {
		names = append(names, name)
	}
	slices.Sort(names)
	if want := "aud,azp,email,email_verified,exp,family_name,given_name,iat,iss,jti,name,nbf,picture,sub"; strings.Join(names, ",") != want {
		t.Errorf("claims %v, want %s", names, want)
	}
	sub, _ := claims["sub"].(string)
	wantStrings := map[string]string{
		"iss": testGoogleIssuer, "aud": "drape-web.apps.example", "azp": "drape-web.apps.example",
		"email": "asha.verma@example.com", "name": "Asha Rani Verma", "given_name": "Asha Rani", "family_name": "Verma",
		"picture": server.URL + "/google/avatar/" + sub + ".svg?initials=AV",
	}
	for name, want := range wantStrings {
		if claims[name] != want {
			t.Errorf("%s = %#v, want %q", name, claims[name], want)
		}
	}
	if !twentyOneDigits.MatchString(sub) {
		t.Errorf("sub = %q, want 21 decimal digits", sub)
	}
	if claims["email_verified"] != true {
		t.Errorf("email_verified = %#v, want true", claims["email_verified"])
	}
	iat, nbf, exp := unixClaim(t, claims, "iat"), unixClaim(t, claims, "nbf"), unixClaim(t, claims, "exp")
	if iat < before || iat > time.Now().Unix() || nbf != iat || exp-iat != 3600 {
		t.Errorf("iat=%d nbf=%d exp=%d around %d, want exp-iat=3600 and nbf=iat", iat, nbf, exp, before)
	}
	if jti, _ := claims["jti"].(string); len(jti) != 32 {
		t.Errorf("jti = %q", jti)
	}

	status, header2, body := get(t, claims["picture"].(string))
	if status != http.StatusOK || header2.Get("Content-Type") != "image/svg+xml" || !strings.Contains(body, ">AV</text>") {
		t.Errorf("picture: %d %q %s", status, header2.Get("Content-Type"), body)
	}
}

func TestGoogleSubjectIsStablePerEmail(t *testing.T) {
	server := newGoogleTestServer(t)
	keys := fetchGoogleKeys(t, server.URL)
	subjectOf := func(email string) string {
		_, claims := verifyGoogleToken(t, mintGoogleToken(t, server.URL, map[string]any{"client_id": "c", "email": email}), keys)
		return claims["sub"].(string)
	}
	first := subjectOf("Meera.Iyer@Gmail.Example")
	if again := subjectOf("meera.iyer@gmail.example"); again != first {
		t.Errorf("same e-mail in other case: sub %s then %s", first, again)
	}
	if other := subjectOf("kabir.singh@gmail.example"); other == first {
		t.Errorf("two e-mails share sub %s", first)
	}
	// The sub depends only on the address, never on the process or its key, so a
	// restarted sim signs the same person in as the same account.
	if want := "189153655277446552243"; googleSubject("meera.iyer@gmail.example") != want {
		t.Errorf("googleSubject changed: %s, want %s", googleSubject("meera.iyer@gmail.example"), want)
	}
}

func TestGoogleTokenAPIVariants(t *testing.T) {
	server := newGoogleTestServer(t)
	keys := fetchGoogleKeys(t, server.URL)

	t.Run("expired", func(t *testing.T) {
		token := mintGoogleToken(t, server.URL, map[string]any{"client_id": "c", "email": "late@example.com", "expired": true})
		_, claims := verifyGoogleToken(t, token, keys)
		iat, exp := unixClaim(t, claims, "iat"), unixClaim(t, claims, "exp")
		if now := time.Now().Unix(); exp >= now || exp-iat != 3600 {
			t.Errorf("iat=%d exp=%d now=%d, want exp in the past and exp-iat=3600", iat, exp, now)
		}
	})
	t.Run("unverified e-mail, single name, nonce", func(t *testing.T) {
		token := mintGoogleToken(t, server.URL, map[string]any{
			"client_id": "c", "email": "solo@example.com", "name": "Solo", "email_verified": false, "nonce": "n-42",
		})
		_, claims := verifyGoogleToken(t, token, keys)
		if claims["email_verified"] != false || claims["nonce"] != "n-42" || claims["given_name"] != "Solo" {
			t.Errorf("claims = %v", claims)
		}
		if _, ok := claims["family_name"]; ok {
			t.Error("family_name present for a one-word name")
		}
	})
	t.Run("name defaults to the e-mail's local part", func(t *testing.T) {
		_, claims := verifyGoogleToken(t, mintGoogleToken(t, server.URL, map[string]any{"client_id": "c", "email": "ravi@example.com"}), keys)
		if claims["name"] != "ravi" || claims["email_verified"] != true {
			t.Errorf("claims = %v", claims)
		}
	})
	t.Run("bad requests", func(t *testing.T) {
		for _, request := range []any{
			map[string]any{"email": "a@example.com"},
			map[string]any{"client_id": " ", "email": "a@example.com"},
			map[string]any{"client_id": "c", "email": "not-an-address"},
			map[string]any{"client_id": "c", "email": "Asha <a@example.com>"},
			"just a string",
		} {
			status, body := postJSON(t, server.URL+"/google/api/token", request)
			if status != http.StatusBadRequest || !strings.Contains(body, `"error"`) {
				t.Errorf("%v: %d %s", request, status, body)
			}
		}
	})
}

func TestGoogleKeySetAndDiscovery(t *testing.T) {
	server := newGoogleTestServer(t)
	status, header, body := get(t, server.URL+"/google/oauth2/v3/certs")
	if status != http.StatusOK || header.Get("Cache-Control") != "public, max-age=3600" {
		t.Fatalf("certs: %d cache %q", status, header.Get("Cache-Control"))
	}
	var set struct {
		Keys []map[string]any `json:"keys"`
	}
	json.Unmarshal([]byte(body), &set)
	if len(set.Keys) != 1 || len(set.Keys[0]) != 6 {
		t.Errorf("JWKS = %s, want one key with kty alg use kid n e", body)
	}
	key, _ := testGoogleKey()
	modulusHash := sha256.Sum256(key.N.Bytes())
	if kid := base64.RawURLEncoding.EncodeToString(modulusHash[:8]); set.Keys[0]["kid"] != kid {
		t.Errorf("kid = %v, want %s", set.Keys[0]["kid"], kid)
	}

	status, _, body = get(t, server.URL+"/google/.well-known/openid-configuration")
	var discovery map[string]any
	if err := json.Unmarshal([]byte(body), &discovery); err != nil || status != http.StatusOK {
		t.Fatalf("discovery: %d %s", status, body)
	}
	if discovery["issuer"] != testGoogleIssuer || discovery["jwks_uri"] != server.URL+"/google/oauth2/v3/certs" {
		t.Errorf("discovery = %v", discovery)
	}
	if algs, _ := discovery["id_token_signing_alg_values_supported"].([]any); len(algs) != 1 || algs[0] != "RS256" {
		t.Errorf("signing algs = %v", discovery["id_token_signing_alg_values_supported"])
	}
}

func TestGoogleClientScript(t *testing.T) {
	server := newGoogleTestServer(t)
	status, header, body := get(t, server.URL+"/google/gsi/client")
	if status != http.StatusOK || !strings.HasPrefix(header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("script: %d %q", status, header.Get("Content-Type"))
	}
	for _, want := range []string{"google.accounts.id", "initialize:", "renderButton:", "prompt:", "disableAutoSelect:", "cancel:",
		"'sim-gis-credential'", "'sim-gis-cancel'", "event.origin !== simOrigin", "select_by:", "clientId:"} {
		if !strings.Contains(body, want) {
			t.Errorf("script lacks %q", want)
		}
	}
}

func TestGoogleConsentPage(t *testing.T) {
	server := newGoogleTestServer(t)
	query := url.Values{"client_id": {"drape-web.apps.example"}, "origin": {"http://127.0.0.1:5173"}, "nonce": {"n-1"}}
	status, header, body := get(t, server.URL+"/google/consent?"+query.Encode())
	if status != http.StatusOK || !strings.HasPrefix(header.Get("Content-Type"), "text/html") {
		t.Fatalf("chooser: %d %q", status, header.Get("Content-Type"))
	}
	for _, want := range []string{
		"Choose an account", "127.0.0.1:5173",
		"Aarav Sharma", `value="aarav.sharma@gmail.example"`, "Meera Iyer", "meera.iyer@gmail.example",
		`<label class="field" for="another-email">Email</label>`, `<label class="field" for="another-name">Full name</label>`,
		`<input type="checkbox" id="email-verified" checked>`, `<label for="email-verified">E-mail verified</label>`,
		`id="cancel">Cancel</button>`, `name="client_id" value="drape-web.apps.example"`, `name="nonce" value="n-1"`,
		`postMessage({type: 'sim-gis-cancel'}, origin)`, `var origin = "http://127.0.0.1:5173"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("chooser lacks %q", want)
		}
	}

	for name, query := range map[string]url.Values{
		"no client_id": {"origin": {"http://127.0.0.1:5173"}},
		"no origin":    {"client_id": {"c"}},
		"path origin":  {"client_id": {"c"}, "origin": {"http://127.0.0.1:5173/shop"}},
		"js origin":    {"client_id": {"c"}, "origin": {"javascript:alert(1)"}},
	} {
		status, _, body := get(t, server.URL+"/google/consent?"+query.Encode())
		if status != http.StatusBadRequest || !strings.Contains(body, "Error 400: invalid_request") {
			t.Errorf("%s: %d", name, status)
		}
	}
}

// credentialInPage finds the credential a chosen-account page posts.
var credentialInPage = regexp.MustCompile(`var message = \{type: 'sim-gis-credential', credential: "([A-Za-z0-9_.-]+)"\};`)

func TestGoogleConsentPostsCredential(t *testing.T) {
	server := newGoogleTestServer(t)
	keys := fetchGoogleKeys(t, server.URL)
	choose := func(form url.Values) (int, string) {
		t.Helper()
		resp, err := http.PostForm(server.URL+"/google/consent", form)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	base := func() url.Values {
		return url.Values{"client_id": {"drape-web.apps.example"}, "origin": {"http://127.0.0.1:5173"}, "nonce": {"n-7"}}
	}

	t.Run("preset account", func(t *testing.T) {
		form := base()
		form.Set("account", "aarav.sharma@gmail.example")
		form.Set("email_verified", "true")
		status, body := choose(form)
		match := credentialInPage.FindStringSubmatch(body)
		if status != http.StatusOK || match == nil {
			t.Fatalf("%d %s", status, body)
		}
		if !strings.Contains(body, `target.postMessage(message, origin);`) || !strings.Contains(body, `var origin = "http://127.0.0.1:5173"`) {
			t.Error("page does not post the message to the origin")
		}
		_, claims := verifyGoogleToken(t, match[1], keys)
		if claims["aud"] != "drape-web.apps.example" || claims["email"] != "aarav.sharma@gmail.example" || claims["name"] != "Aarav Sharma" ||
			claims["email_verified"] != true || claims["nonce"] != "n-7" {
			t.Errorf("claims = %v", claims)
		}
	})
	t.Run("typed account, e-mail unverified", func(t *testing.T) {
		form := base()
		form.Set("email", "nisha.rao@example.com")
		form.Set("name", "Nisha Rao")
		form.Set("email_verified", "false")
		status, body := choose(form)
		match := credentialInPage.FindStringSubmatch(body)
		if status != http.StatusOK || match == nil {
			t.Fatalf("%d %s", status, body)
		}
		_, claims := verifyGoogleToken(t, match[1], keys)
		if claims["email"] != "nisha.rao@example.com" || claims["family_name"] != "Rao" || claims["email_verified"] != false {
			t.Errorf("claims = %v", claims)
		}
	})
	t.Run("typed account with a bad e-mail shows the chooser again", func(t *testing.T) {
		form := base()
		form.Set("email", "nisha at example")
		form.Set("name", "Nisha Rao")
		form.Set("email_verified", "false")
		status, body := choose(form)
		if status != http.StatusBadRequest || !strings.Contains(body, `role="alert">Enter a valid e-mail address`) ||
			!strings.Contains(body, `value="nisha at example"`) || strings.Contains(body, `id="email-verified" checked`) {
			t.Errorf("%d %s", status, body)
		}
	})
	t.Run("unknown preset and missing client", func(t *testing.T) {
		form := base()
		form.Set("account", "someone@gmail.example")
		if status, _ := choose(form); status != http.StatusBadRequest {
			t.Errorf("unknown preset: %d", status)
		}
		form = base()
		form.Del("client_id")
		form.Set("account", "aarav.sharma@gmail.example")
		if status, _ := choose(form); status != http.StatusBadRequest {
			t.Errorf("missing client_id: %d", status)
		}
	})
}

func TestGoogleAvatar(t *testing.T) {
	server := newGoogleTestServer(t)
	status, header, body := get(t, server.URL+"/google/avatar/117183463510578154829.svg?initials=%3Cs%3Em")
	if status != http.StatusOK || header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(body, ">SM</text>") {
		t.Errorf("avatar: %d %q %s", status, header.Get("Content-Type"), body)
	}
	if _, _, body := get(t, server.URL+"/google/avatar/117183463510578154829.svg"); strings.Contains(body, "<text") {
		t.Error("avatar without initials draws text")
	}
	for _, path := range []string{"/google/avatar/117183463510578154829.png", "/google/avatar/abc.svg", "/google/avatar/.svg"} {
		if status, _, _ := get(t, server.URL+path); status != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, status)
		}
	}
}

func TestGoogleIssuerConfig(t *testing.T) {
	for _, issuer := range []string{"accounts.google.com", "https://accounts.google.com", "http://127.0.0.1:9090/google", "http://sim:9090/google"} {
		cfg, err := loadConfig(func(key string) string { return map[string]string{"SIM_GOOGLE_ISSUER": issuer}[key] })
		if err != nil || cfg.googleIssuer != issuer {
			t.Errorf("%q: %+v %v", issuer, cfg, err)
		}
	}
	env := map[string]string{"SIM_ADDR": "nonsense", "SIM_GOOGLE_ISSUER": "ftp://sim/google"}
	_, err := loadConfig(func(key string) string { return env[key] })
	if err == nil || !strings.Contains(err.Error(), "SIM_ADDR") || !strings.Contains(err.Error(), "SIM_GOOGLE_ISSUER") {
		t.Errorf("bad config error %v, want both keys named", err)
	}
	for _, issuer := range []string{"http://sim/google/", "http://sim/google?x=1", "sim.example"} {
		if checkGoogleIssuer(issuer) == nil {
			t.Errorf("%q accepted", issuer)
		}
	}
}

func TestRunServesGoogleWithDefaultIssuer(t *testing.T) {
	httpAddr, _, _ := startRun(t)
	status, _, body := get(t, "http://"+httpAddr+"/google/.well-known/openid-configuration")
	var discovery map[string]any
	json.Unmarshal([]byte(body), &discovery)
	if status != http.StatusOK || discovery["issuer"] != "http://"+httpAddr+"/google" {
		t.Fatalf("discovery: %d %s", status, body)
	}
	keys := fetchGoogleKeys(t, "http://"+httpAddr)
	_, claims := verifyGoogleToken(t, mintGoogleToken(t, "http://"+httpAddr, map[string]any{"client_id": "c", "email": "a@example.com"}), keys)
	if claims["iss"] != "http://"+httpAddr+"/google" {
		t.Errorf("iss = %v", claims["iss"])
	}

	for addr, want := range map[string]string{
		"127.0.0.1:0":    "http://127.0.0.1:4321/google",
		"0.0.0.0:9090":   "http://127.0.0.1:4321/google",
		":9090":          "http://127.0.0.1:4321/google",
		"localhost:9090": "http://localhost:4321/google",
		"[::1]:9090":     "http://[::1]:4321/google",
	} {
		listening := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 4321}
		if got := defaultGoogleIssuer(addr, listening); got != want {
			t.Errorf("defaultGoogleIssuer(%q) = %q, want %q", addr, got, want)
		}
	}
}

// googleShopPage is a shop page on another origin: it loads sim's GIS script
// asynchronously, renders the button from onGoogleLibraryLoad and shows the
// callback's CredentialResponse in #result.
const googleShopPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>shop</title>
<script>
window.moments = [];
window.onGoogleLibraryLoad = function () {
  google.accounts.id.initialize({
    client_id: 'drape-web.apps.example',
    nonce: 'nonce-browser',
    callback: function (response) { document.getElementById('result').textContent = JSON.stringify(response); }
  });
  google.accounts.id.renderButton(document.getElementById('signin'),
    {type: 'standard', theme: 'outline', size: 'large', text: 'signin_with', shape: 'rectangular', width: 280});
};
</script>
<script src="SIM_URL/google/gsi/client" async defer></script>
</head><body><h1>drape</h1><div id="signin"></div><output id="result"></output></body></html>`

// browserFlowResults is what testdata/gis_browser_flow.cjs reports.
type browserFlowResults struct {
	Button struct {
		Background string `json:"background"`
		Height     int    `json:"height"`
		Width      int    `json:"width"`
		SVG        int    `json:"svg"`
	} `json:"button"`
	PopupURL          string            `json:"popupURL"`
	PopupResponse     map[string]string `json:"popupResponse"`
	PopupClosed       bool              `json:"popupClosed"`
	TypedResponse     map[string]string `json:"typedResponse"`
	TypedClosed       bool              `json:"typedClosed"`
	ModalResponse     map[string]string `json:"modalResponse"`
	ModalFramesLeft   int               `json:"modalFramesLeft"`
	Moments           []string          `json:"moments"`
	ResultAfterCancel string            `json:"resultAfterCancel"`
}

// TestGoogleSignInInBrowser clicks through the whole GIS flow in headless
// Chromium with the client's Playwright: popup with a preset account, keyboard
// with a typed unverified account, and the modal iframe when popups are blocked.
// Its screenshots are kept with go test -artifacts.
func TestGoogleSignInInBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("browser flow skipped in -short mode")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	chromium := testChromium(t)
	playwright, err := filepath.Abs(filepath.Join("..", "client", "node_modules", "playwright-core"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(playwright, "package.json")); err != nil {
		t.Skip("client/node_modules/playwright-core is not installed")
	}

	sim := newGoogleTestServer(t)
	shop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, strings.ReplaceAll(googleShopPage, "SIM_URL", sim.URL))
	}))
	t.Cleanup(shop.Close)
	// Both servers listen on 127.0.0.1; the shop page is reached as localhost so
	// the two are different origins, as the shop and Google are.
	shopURL := strings.Replace(shop.URL, "127.0.0.1", "localhost", 1)

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	command := exec.CommandContext(ctx, node, filepath.Join("testdata", "gis_browser_flow.cjs"))
	command.Env = append(os.Environ(), "PLAYWRIGHT_CORE="+playwright, "CHROMIUM="+chromium, "SHOP_URL="+shopURL,
		"SCREENSHOT_DIR="+t.ArtifactDir())
	var stderr bytes.Buffer
	command.Stderr = &stderr
	output, err := command.Output()
	if err != nil {
		t.Fatalf("browser flow: %v\n%s", err, stderr.String())
	}
	var results browserFlowResults
	if err := json.Unmarshal(output, &results); err != nil {
		t.Fatalf("browser flow printed %q: %v", output, err)
	}

	if b := results.Button; b.Background != "rgb(255, 255, 255)" || b.Height != 40 || b.Width != 280 || b.SVG != 4 {
		t.Errorf("button = %+v, want white 280x40 with the four-colour G", b)
	}
	if want := sim.URL + "/google/consent?client_id=drape-web.apps.example&origin=" + url.QueryEscape(shopURL) + "&nonce=nonce-browser"; results.PopupURL != want {
		t.Errorf("popup URL = %s, want %s", results.PopupURL, want)
	}
	if !results.PopupClosed || !results.TypedClosed || results.ModalFramesLeft != 0 {
		t.Errorf("popups closed %v %v, modal iframes left %d", results.PopupClosed, results.TypedClosed, results.ModalFramesLeft)
	}

	keys := fetchGoogleKeys(t, sim.URL)
	for _, flow := range []struct {
		name, selectBy, email string
		verified              bool
		response              map[string]string
	}{
		{"popup", "btn", "aarav.sharma@gmail.example", true, results.PopupResponse},
		{"keyboard", "btn", "Nisha.Rao@example.com", false, results.TypedResponse},
		{"modal", "user", "meera.iyer@gmail.example", true, results.ModalResponse},
	} {
		if len(flow.response) != 3 || flow.response["select_by"] != flow.selectBy || flow.response["clientId"] != "drape-web.apps.example" {
			t.Errorf("%s: CredentialResponse = %v", flow.name, flow.response)
			continue
		}
		_, claims := verifyGoogleToken(t, flow.response["credential"], keys)
		if claims["email"] != flow.email || claims["email_verified"] != flow.verified ||
			claims["aud"] != "drape-web.apps.example" || claims["nonce"] != "nonce-browser" {
			t.Errorf("%s: claims = %v", flow.name, claims)
		}
	}
	if want := "display:,dismissed:credential_returned,display:,skipped:user_cancel"; strings.Join(results.Moments, ",") != want || results.ResultAfterCancel != "" {
		t.Errorf("prompt moments %v, result after cancel %q; want %s and no result", results.Moments, results.ResultAfterCancel, want)
	}
}

// testChromium is the Chromium the browser flows drive: Debian's headless shell, the build
// without a desktop browser's layer that the client's browser tests drive too
// (scripts/ensure-chromium.sh installs it), else the whole browser. The two flows took 18
// CPU-s with the whole browser, which /usr/bin/chromium starts with a desktop's defaults, and
// 10 with the shell.
func testChromium(t *testing.T) string {
	t.Helper()
	for _, path := range []string{"/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium"} {
		if _, err := os.Stat(path); err == nil {
			return path
		}
	}
	t.Skip("no Chromium: scripts/ensure-chromium.sh installs it")
	return ""
}
