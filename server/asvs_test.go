package main

// The security suite of issue 8: one test per applicable OWASP ASVS 5.0 requirement of level
// 1 or 2, named after it (TestASVS_<chapter>_<section>_<item>_...), each checking through the
// real HTTP app (PostgreSQL and Redis) what a shopper or an attacker would notice. The
// requirement's words are quoted from the 5.0 chapters (github.com/OWASP/ASVS, 5.0/en/).
//
// This table maps every applicable item to the test that covers it; items tested elsewhere
// are not tested twice. "GAP" marks an item the shop does not meet; see the notes below.
//
//	ASVS item                                         → test that covers it
//	1.2.1  output encoded for its context             → TestReviewsOverHTTP (review markup is data, kept literal in JSON), TestASVS_3_2_2_TextIsNeverRenderedAsHTML
//	1.2.2  URLs built from untrusted data, safe schemes → TestAdminProductCreateAndUpdate (foreign and javascript: image URLs refused)
//	1.2.4  parameterised database queries             → TestASVS_1_2_4_SQLMetacharactersInSearchAndFilters; TestCatalogCalls, TestCartCalls, TestAdminUsers (one case each)
//	1.3.1  WYSIWYG HTML sanitised by a library        → TestAdminCMSPages, TestCatalogCalls ("terms, sanitised")
//	1.3.4  user-supplied SVG                          → TestAdminUploads (SVG refused, also renamed .png)
//	1.5.2  safe deserialisation                       → TestBadInputNeverAnswers5xx, TestBadBodiesAreExplained, FuzzRequests
//	2.2.1  input validated against expectations       → TestBadInputNeverAnswers5xx (every route, every field of the wrong type)
//	2.2.2  validation at a trusted service layer      → TestCartCalls, TestCashOnDelivery (forged prices ignored, the server prices)
//	2.3.1  business flows in order, no step skipped   → TestPasswordReset (no new password before the code), TestEveryTransition, TestPayOnline (a webhook replayed changes nothing)
//	2.3.3  all-or-nothing transactions                → TestCheckoutRefusals, TestAdminCatalogRoles (refusals change nothing)
//	2.3.4  no double-booking of limited stock         → TestNoOversellInAFlashSale, TestOneKeyOneOrder
//	2.4.1  anti-automation                            → TestBareResetCodesCannotBeBruteForced (per-address limits), TestPasswordReset (per e-mail), TestASVS_4_1_3_ForwardedForIsIgnoredWithoutATrustedProxy
//	3.2.1  content not rendered in the wrong context  → TestASVS_3_4_4_EveryAnswerSaysNoSniff, TestAdminUploads (only re-encoded JPEG/PNG are served)
//	3.2.2  text rendered with safe functions          → TestASVS_3_2_2_TextIsNeverRenderedAsHTML
//	3.3.1  cookies Secure and __Secure-/__Host-       → TestASVS_3_3_1_ResetCookieIsSecureOverHTTPS (Secure); GAP: the name has no __Secure- prefix
//	3.3.2  SameSite set for the cookie's purpose      → TestBareResetCodesCannotBeBruteForced (SameSite=Strict)
//	3.3.4  HttpOnly for cookies scripts need not read → TestBareResetCodesCannotBeBruteForced (HttpOnly); sessions are bearer tokens, never cookies
//	3.4.1  HSTS, a year, subdomains (L2)              → TestASVS_3_4_1_HTTPSShopsSendHSTS (fixed in this change: the header was missing)
//	3.4.2  CORS origin fixed or allowlisted           → TestASVS_3_4_2_NoForeignOriginIsAllowedByCORS
//	3.4.3  CSP on every answer, object-src, base-uri  → TestASVS_3_4_3_EveryAnswerCarriesTheCSP
//	3.4.4  X-Content-Type-Options: nosniff            → TestASVS_3_4_4_EveryAnswerSaysNoSniff
//	3.4.5  a suitable Referrer-Policy                 → TestASVS_3_4_5_EveryAnswerLimitsTheReferrer
//	3.4.6  CSP frame-ancestors                        → TestASVS_3_4_6_NoAnswerMayBeFramed
//	3.5.1  forged cross-site requests refused         → TestASVS_3_5_2_CORSSafelistedRequestsReachNoHandler (tokens travel in Authorization, which no form can set)
//	3.5.2  no sensitive call as a safelisted request  → TestASVS_3_5_2_CORSSafelistedRequestsReachNoHandler
//	3.5.3  state changes never on GET                 → TestEveryRouteHasItsAccessRule (routes.go: every change is POST/PUT/PATCH/DELETE)
//	3.7.2  redirects only to allowlisted URLs         → the server sends no redirects (no route answers 3xx)
//	4.1.1  Content-Type with charset                  → TestASVS_4_1_1_AnswersNameTheirTypeAndCharset
//	4.1.3  proxy headers cannot be overridden         → TestASVS_4_1_3_ForwardedForIsIgnoredWithoutATrustedProxy, TestBareResetCodesCannotBeBruteForced (trusted balancer)
//	4.2.1  request boundaries (smuggling)             → TestHugeBodiesAre413 (the declared length rules, before any handler)
//	4.4.2  websocket Origin checked                   → TestASVS_4_4_2_WebsocketHandshakeChecksTheOrigin, TestScenarios
//	4.4.3  websocket uses the app's sessions          → TestASVS_4_4_4_WebsocketTopicsFollowTheHTTPSession
//	4.4.4  websocket session from the HTTPS session   → TestASVS_4_4_4_WebsocketTopicsFollowTheHTTPSession; realtime TestSubscribeAuthorisesTopics, TestBadHelloIsRefusedWith4401
//	5.2.1  file size limits                           → TestAdminUploadSizeLimit, TestAdminUploads (over the request limit), TestHugeBodiesAre413
//	5.2.2  extension and content (magic bytes) agree  → TestAdminUploads (text renamed .png, SVG renamed .png, GIF, half a PNG)
//	5.3.1  uploads never executed                     → TestAdminUploads (re-encoded images, served as image/png)
//	5.3.2  file paths from trusted data only          → TestAdminUploads (stored under a generated name), TestScenarios (path traversal), TestAdminProductCreateAndUpdate ("../../etc/passwd")
//	6.1.1/6.3.1 brute force and credential stuffing   → TestOnlyWrongPasswordsUseUpTheLoginLimit, TestBareResetCodesCannotBeBruteForced
//	6.2.1  passwords of at least 8 characters         → TestRegisterAndLogin ("short password")
//	6.2.2/6.2.3 change with current and new password  → TestProfileChanges, TestTokens, TestTeamPasswords
//	6.2.4  top 3000 passwords refused                 → TestCommonPasswordsAreRefused (17,950 common passwords, every way to set one)
//	6.2.5  passwords of any composition               → TestASVS_6_2_5_PasswordsOfAnyCompositionAreAccepted
//	6.2.8  verified exactly as received               → TestASVS_6_2_8_PasswordsAreVerifiedExactlyAsTyped; account TestPasswordHashes
//	6.2.9  64+ characters permitted                   → TestASVS_6_2_9_LongPasswordsArePermitted
//	6.3.2  multi-factor authentication (L2)           → GAP: sign-in is a single factor (password or Google)
//	6.3.3  no undocumented authentication pathways    → TestEveryRouteHasItsAccessRule (every route's rule decided)
//	6.4.2  no secret questions                        → none exist (routes.go)
//	6.5.1  one-time codes usable once                 → TestPasswordReset ("the code works once", "a used code")
//	6.5.2  stored codes hashed                        → TestASVS_6_5_2_ResetCodesAreNotStoredInTheClear
//	6.5.3/6.5.4 codes from a CSPRNG, ≥ 20 bits        → account newResetCode (crypto/rand, 6 digits); TestPasswordReset
//	6.5.5  out-of-band codes live ≤ 10 minutes        → TestASVS_6_5_5_ResetCodesLiveAtMostTenMinutes, TestPasswordReset ("expired code")
//	6.6.2  codes bound to their request               → TestPasswordReset ("another e-mail's code"), TestBareResetCodesCannotBeBruteForced (old cookie, new code)
//	6.6.3  code brute force limited                   → TestBareResetCodesCannotBeBruteForced, TestPasswordReset (five wrong tries burn the code)
//	6.8.2  identity provider signatures validated     → TestGoogleSignIn
//	7.2.1  tokens verified by the backend             → TestTokens, TestASVS_9_1_2_OnlyAllowlistedTokenAlgorithms
//	7.2.4  a new token at every sign-in               → TestASVS_7_2_4_EverySignInIssuesANewToken
//	7.3.2  absolute session lifetime                  → TestASVS_7_3_2_TokensHaveAnAbsoluteLifetime
//	7.4.1  logout terminates the session              → TestLogoutRevokesThatToken, TestTokens (logout-everywhere)
//	7.4.2  disabled accounts lose their sessions      → TestAdminUsers (deactivation), TestRegisterAndLogin
//	7.4.3  other sessions end after a password change → TestTokens, TestPasswordReset, TestTeamPasswords
//	7.4.5  admins end a user's sessions               → TestAdminUsers, TestTeamPasswords
//	7.5.1  re-authentication before e-mail changes    → TestProfileChanges ("e-mail change needs the password"), TestEmailChangeNeedsTheCodeSentToTheNewAddress
//	8.2.1  function-level access                      → TestEveryRouteHasItsAccessRule (webhooks: their signature or token; TestPayOnline, TestCourierWebhook)
//	8.2.2  data-level access (IDOR)                   → TestCashOnDelivery, TestCartCalls, TestAddresses (another shopper's things are 404)
//	8.2.3  field-level access (mass assignment)       → TestASVS_8_2_3_ClientsCannotSetFieldsTheyDoNotOwn; TestRegisterAndLogin ("role":"admin"), TestCartCalls, TestCashOnDelivery (forged money)
//	8.3.1  authorisation on the server                → TestEveryRouteHasItsAccessRule
//	9.1.1  tokens validated by their MAC              → TestTokens ("forged secret")
//	9.1.2  allowlisted algorithms only, never none    → TestASVS_9_1_2_OnlyAllowlistedTokenAlgorithms
//	9.1.3  keys from trusted sources (jwk, jku, kid)  → TestASVS_9_1_3_TokensCannotNameTheirOwnKey
//	9.2.1  exp and nbf verified                       → TestASVS_9_2_1_TokensOutsideTheirValidityAreRefused
//	9.2.2/9.2.3 token type and audience               → TestEveryRouteHasItsAccessRule, TestTokens ("admin audience", "other issuer"), TestBackOffice
//	11.4.2 passwords stored with a current KDF        → TestASVS_11_4_2_PasswordsAreStoredWithArgon2idAboveOWASPMinimums
//	11.5.1 CSPRNG for unguessable values              → TestPasswordHashes (salts), TestASVS_7_2_4_EverySignInIssuesANewToken
//	13.3.2 least privilege to secrets                 → TestASVS_13_3_2_NoAnswerCarriesABackendSecret, TestPaymentSettings
//	13.4.1 no source control metadata served          → TestASVS_13_4_1_NoSourceControlMetadataIsServed (fixed in this change: hidden files of the client folder were served)
//	13.4.2 no debug modes                             → TestFaultsAnswer500WithoutInternals
//	13.4.3 no directory listings                      → TestASVS_13_4_3_NoDirectoryIsListed
//	13.4.4 TRACE not supported                        → TestASVS_13_4_4_TraceIsNotSupported
//	13.4.5 monitoring endpoints not exposed           → TestMetricsCountRequestsByRoute (/metrics only on its own port); /api/openapi.yaml is public on purpose
//	14.2.1 no secrets in URLs                         → TestASVS_4_4_4_WebsocketTopicsFollowTheHTTPSession (the socket's token travels in the hello, not the URL)
//	14.3.2 Cache-Control: no-store                    → TestASVS_14_3_2_AnswersAreNotCachedByBrowsers (fixed in this change: the header was missing)
//	16.2.5 sensitive data kept out of logs            → TestASVS_16_2_5_NoCredentialsInTheLog
//	16.4.1 log injection prevented                    → TestASVS_16_4_1_LogsCannotBeForged
//	16.5.1 generic error messages                     → TestFaultsAnswer500WithoutInternals
//	16.5.3 fail securely                              → TestBadInputNeverAnswers5xx, TestCheckoutRefusals
//
// Not applicable: 1.2.5–1.2.8 and 1.3.8 (no OS commands, LDAP, XPath, LaTeX or JNDI), 4.3
// (no GraphQL), 5.2.3 (no archives), 6.6.1 (no SMS), 6.8.1/6.8.3 (one IdP, no SAML).
//
// Fixed in this change (server/middleware.go, server/app.go, server/static.go): HSTS on HTTPS
// shops (3.4.1), Cache-Control: no-store by default (14.3.2), hidden files of the client
// folder no longer served (13.4.1; the real build's .vite/manifest.json was public).
//
// GAPS not fixed here (each needs a decision, not a one-line fix): 6.3.2 (multi-factor sign-in
// at level 2), 3.3.1 (the reset cookie lacks the __Secure- prefix: it would need the name to
// follow PUBLIC_URL's scheme) and 6.5.2 in its letter (reset codes are kept as an HMAC keyed
// with the server secret, not salted with a password hash; a stolen table alone does not
// reveal them).

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/gofiber/fiber/v3"
	"github.com/golang-jwt/jwt/v5"
)

// resign re-signs the claims of a token the server issued, changed by change, with the
// server's own secret (HS256), with extra header fields.
func resign(t testing.TB, token string, header map[string]any, change func(jwt.MapClaims)) string {
	t.Helper()
	claims := tokenClaims(t, token)
	if change != nil {
		change(claims)
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, claims)
	for k, v := range header {
		tok.Header[k] = v
	}
	s, err := tok.SignedString([]byte(testJWTSecret))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// tokenClaims reads a token's claims without checking it.
func tokenClaims(t testing.TB, token string) jwt.MapClaims {
	t.Helper()
	claims := jwt.MapClaims{}
	if _, _, err := jwt.NewParser().ParseUnverified(token, claims); err != nil {
		t.Fatalf("token %q: %v", token, err)
	}
	return claims
}

// handMadeToken is header.payload.signature built by hand, for algorithms no library signs.
func handMadeToken(t testing.TB, header map[string]any, claims jwt.MapClaims, sign func(signingInput string) []byte) string {
	t.Helper()
	h, _ := json.Marshal(header)
	c, _ := json.Marshal(claims)
	input := base64.RawURLEncoding.EncodeToString(h) + "." + base64.RawURLEncoding.EncodeToString(c)
	return input + "." + base64.RawURLEncoding.EncodeToString(sign(input))
}

// refusedEverywhere requires a 401 for token on a shop route and on a back-office route.
func refusedEverywhere(t testing.TB, app *fiber.App, what, token string) {
	t.Helper()
	for _, path := range []string{"/api/getProfile", "/api/admin/profile"} {
		status, body := send(t, app, "GET", path, token, nil)
		if status != http.StatusUnauthorized {
			t.Errorf("%s on %s: status %d, want 401: %.200s", what, path, status, body)
		}
	}
}

// TestASVS_9_1_2_OnlyAllowlistedTokenAlgorithms proves that only HS256 tokens are accepted:
// "none" in any spelling, other HMAC sizes under the real secret, RS256, ES256 and an RS256
// header over an HMAC of the secret (key confusion) are all 401, on shop and back-office
// routes. ASVS 9.1.2: "only algorithms on an allowlist can be used to create and verify
// self-contained tokens ... must not include the 'None' algorithm".
func TestASVS_9_1_2_OnlyAllowlistedTokenAlgorithms(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	for name, real := range map[string]string{"shop": s.shopper, "admin": s.admin} {
		claims := tokenClaims(t, real)
		if got := strings.Split(real, ".")[0]; !strings.Contains(string(must64(t, got)), `"HS256"`) {
			t.Fatalf("the server signs %s tokens with %s, not HS256", name, must64(t, got))
		}
		rsaKey, _ := rsa.GenerateKey(rand.Reader, 2048)
		ecKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		signed := func(method jwt.SigningMethod, key any) string {
			s, err := jwt.NewWithClaims(method, claims).SignedString(key)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		hmacOfSecret := func(input string) []byte {
			m := hmac.New(sha256.New, []byte(testJWTSecret))
			m.Write([]byte(input))
			return m.Sum(nil)
		}
		nothing := func(string) []byte { return nil }
		forged := map[string]string{
			"alg none":                        handMadeToken(t, map[string]any{"alg": "none", "typ": "JWT"}, claims, nothing),
			"alg None":                        handMadeToken(t, map[string]any{"alg": "None", "typ": "JWT"}, claims, nothing),
			"alg NONE":                        handMadeToken(t, map[string]any{"alg": "NONE", "typ": "JWT"}, claims, nothing),
			"no alg":                          handMadeToken(t, map[string]any{"typ": "JWT"}, claims, hmacOfSecret),
			"HS256 without a signature":       handMadeToken(t, map[string]any{"alg": "HS256", "typ": "JWT"}, claims, nothing),
			"HS384 under the secret":          signed(jwt.SigningMethodHS384, []byte(testJWTSecret)),
			"HS512 under the secret":          signed(jwt.SigningMethodHS512, []byte(testJWTSecret)),
			"HS256 under another key":         signed(jwt.SigningMethodHS256, []byte("another-secret-another-secret-0123")),
			"RS256 under an attacker's key":   signed(jwt.SigningMethodRS256, rsaKey),
			"ES256 under an attacker's key":   signed(jwt.SigningMethodES256, ecKey),
			"RS256 header over the secret":    handMadeToken(t, map[string]any{"alg": "RS256", "typ": "JWT"}, claims, hmacOfSecret),
			"PS256 header over the secret":    handMadeToken(t, map[string]any{"alg": "PS256", "typ": "JWT"}, claims, hmacOfSecret),
			"EdDSA header over the secret":    handMadeToken(t, map[string]any{"alg": "EdDSA", "typ": "JWT"}, claims, hmacOfSecret),
			"HS256 header, lower-case hs256":  handMadeToken(t, map[string]any{"alg": "hs256", "typ": "JWT"}, claims, hmacOfSecret),
			"a JWE-shaped token (5 segments)": real + ".x.y",
		}
		for what, token := range forged {
			refusedEverywhere(t, s.app, name+" token, "+what, token)
		}
		// Control: the same claims, HS256 under the secret, by hand, are accepted where they belong.
		path := map[string]string{"shop": "/api/getProfile", "admin": "/api/admin/profile"}[name]
		status, body := send(t, s.app, "GET", path, handMadeToken(t, map[string]any{"alg": "HS256", "typ": "JWT"}, claims, hmacOfSecret), nil)
		expect(t, name+" control: HS256 under the secret", status, body, 200, nil)
	}
}

func must64(t testing.TB, segment string) []byte {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(segment)
	if err != nil {
		t.Fatalf("segment %q: %v", segment, err)
	}
	return b
}

// TestASVS_9_1_3_TokensCannotNameTheirOwnKey proves that a token's header cannot choose the
// key it is checked with: tokens signed with an attacker's key and carrying that key (jwk), a
// URL for it (jku, x5u) or a key id (kid) are 401, while the server's own token with such
// headers still verifies against its secret alone. ASVS 9.1.3: "key material that is used to
// validate self-contained tokens is from trusted pre-configured sources ... 'jku', 'x5u', and
// 'jwk' must be validated against an allowlist".
func TestASVS_9_1_3_TokensCannotNameTheirOwnKey(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	token, _ := signUp(t, app, "Meera", "meera@example.in")
	claims := tokenClaims(t, token)
	attackerKey := []byte("attacker-chosen-key-attacker-chosen-key")
	jwk := map[string]any{"kty": "oct", "k": base64.RawURLEncoding.EncodeToString(attackerKey)}
	for what, header := range map[string]map[string]any{
		"an embedded jwk":          {"jwk": jwk},
		"a jku URL":                {"jku": "https://evil.example/keys.json"},
		"an x5u URL":               {"x5u": "https://evil.example/cert.pem"},
		"a kid naming another key": {"kid": "../../dev/null"},
		"an empty kid":             {"kid": ""},
	} {
		tok := jwt.NewWithClaims(jwt.SigningMethodHS256, claims)
		for k, v := range header {
			tok.Header[k] = v
		}
		forged, err := tok.SignedString(attackerKey)
		if err != nil {
			t.Fatal(err)
		}
		status, body := send(t, app, "GET", "/api/getProfile", forged, nil)
		expect(t, "signed with the attacker's key, "+what, status, body, 401, nil)
		status, body = send(t, app, "GET", "/api/getProfile", resign(t, token, header, nil), nil)
		expect(t, "signed with the server's secret, "+what, status, body, 200, nil)
	}
}

// TestASVS_9_2_1_TokensOutsideTheirValidityAreRefused proves that exp and nbf are checked: a
// token that expired a second ago, one without exp and one not valid before an hour from now
// are 401 on shop and back-office routes, and the expired one says the session expired.
// ASVS 9.2.1: "the token and its content are accepted only if the verification time is within
// this validity time span ... the claims 'nbf' and 'exp' must be verified".
func TestASVS_9_2_1_TokensOutsideTheirValidityAreRefused(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	now := time.Now()
	for name, real := range map[string]string{"shop": s.shopper, "admin": s.admin} {
		path := map[string]string{"shop": "/api/getProfile", "admin": "/api/admin/profile"}[name]
		expired := resign(t, real, nil, func(c jwt.MapClaims) { c["exp"] = now.Add(-2 * time.Second).Unix() })
		status, body := send(t, s.app, "GET", path, expired, nil)
		expect(t, name+" token expired two seconds ago", status, body, 401,
			map[string]any{"message": "Your session has expired. Please login again."})
		for what, change := range map[string]func(jwt.MapClaims){
			"without exp":           func(c jwt.MapClaims) { delete(c, "exp") },
			"valid only in an hour": func(c jwt.MapClaims) { c["nbf"] = now.Add(time.Hour).Unix() },
			"exp as text":           func(c jwt.MapClaims) { c["exp"] = "tomorrow" },
		} {
			status, body := send(t, s.app, "GET", path, resign(t, real, nil, change), nil)
			expect(t, name+" token "+what, status, body, 401, nil)
		}
		status, body = send(t, s.app, "GET", path, resign(t, real, nil, func(c jwt.MapClaims) { c["nbf"] = now.Add(-time.Minute).Unix() }), nil)
		expect(t, name+" control: nbf a minute ago", status, body, 200, nil)
	}
}

// TestASVS_7_3_2_TokensHaveAnAbsoluteLifetime proves that every token the server issues ends:
// a shopper's within 7 days of its issue, a back-office one within 12 hours, and not a
// token lives longer whatever it is used for. ASVS 7.3.2: "there is an absolute maximum
// session lifetime such that re-authentication is enforced".
func TestASVS_7_3_2_TokensHaveAnAbsoluteLifetime(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	for name, c := range map[string]struct {
		token string
		most  time.Duration
	}{"shop": {s.shopper, 7 * 24 * time.Hour}, "admin": {s.admin, 12 * time.Hour}} {
		claims := tokenClaims(t, c.token)
		iat, err1 := claims.GetIssuedAt()
		exp, err2 := claims.GetExpirationTime()
		if err1 != nil || err2 != nil || iat == nil || exp == nil {
			t.Fatalf("%s token without iat or exp: %v", name, claims)
		}
		if life := exp.Sub(iat.Time); life <= 0 || life > c.most {
			t.Errorf("%s token lives %s, want at most %s", name, life, c.most)
		}
	}
}

// TestASVS_7_2_4_EverySignInIssuesANewToken proves that signing in mints a fresh token with
// its own random id each time, never handing back a session an attacker could have planted
// or seen. ASVS 7.2.4: "the application generates a new session token on user
// authentication, including re-authentication".
func TestASVS_7_2_4_EverySignInIssuesANewToken(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	first, _ := signUp(t, app, "Meera", "meera@example.in")
	seen := map[string]bool{first: true}
	ids := map[any]bool{tokenClaims(t, first)["jti"]: true}
	for i := range 2 {
		status, body := send(t, app, "POST", "/api/login", "", map[string]any{"email": "meera@example.in", "password": "tailored-fit-42"})
		expect(t, fmt.Sprintf("sign-in %d", i+1), status, body, 200, nil)
		token := jsonValue(t, body, "token").(string)
		jti := tokenClaims(t, token)["jti"]
		if seen[token] || ids[jti] || fmt.Sprint(jti) == "" {
			t.Fatalf("sign-in %d handed back a token (or id %v) already issued", i+1, jti)
		}
		seen[token], ids[jti] = true, true
	}
}

// TestASVS_11_4_2_PasswordsAreStoredWithArgon2idAboveOWASPMinimums proves that a registered
// password is stored only as an argon2id PHC string whose parameters are at least the
// OWASP minimums (Appendix V / Password Storage Cheat Sheet: m = 19 MiB, t = 2, p = 1) with a
// random salt of 16+ bytes and a 32-byte key. ASVS 11.4.2: "passwords are stored using an
// approved, computationally intensive, key derivation function ... with parameter settings
// configured based on current guidance".
func TestASVS_11_4_2_PasswordsAreStoredWithArgon2idAboveOWASPMinimums(t *testing.T) {
	t.Parallel()
	app, d := testAppWith(t, map[string]string{"PASSWORD_COST": ""}) // production's: not the test stacks' cheap cost
	signUp(t, app, "Meera", "meera@example.in")
	signUp(t, app, "Kabir", "kabir@example.in") // the same password: the hashes must differ
	rows, err := d.pool.Query(context.Background(), `SELECT password_hash FROM users ORDER BY email`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	phc := regexp.MustCompile(`^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$`)
	hashes := map[string]bool{}
	for rows.Next() {
		var hash string
		if err := rows.Scan(&hash); err != nil {
			t.Fatal(err)
		}
		m := phc.FindStringSubmatch(hash)
		if m == nil {
			t.Fatalf("stored password %q is not an argon2id PHC string", hash)
		}
		var memory, passes, lanes int
		fmt.Sscan(m[1]+" "+m[2]+" "+m[3], &memory, &passes, &lanes)
		if memory < 19*1024 || passes < 2 || lanes < 1 {
			t.Errorf("argon2id m=%d KiB, t=%d, p=%d: below m=19456, t=2, p=1", memory, passes, lanes)
		}
		salt, _ := base64.RawStdEncoding.DecodeString(m[4])
		key, _ := base64.RawStdEncoding.DecodeString(m[5])
		if len(salt) < 16 || len(key) < 32 {
			t.Errorf("salt of %d bytes, key of %d: want 16+ and 32+", len(salt), len(key))
		}
		if strings.Contains(hash, "tailored-fit-42") {
			t.Fatal("the password is in its hash")
		}
		hashes[hash] = true
	}
	if len(hashes) != 2 {
		t.Fatalf("%d distinct hashes for two accounts with one password: the salt is not random", len(hashes))
	}
}

// register signs a shopper up with password and reports the status and answer.
func register(t testing.TB, app *fiber.App, email, password string) (int, []byte) {
	t.Helper()
	return send(t, app, "POST", "/api/register", "", map[string]any{"firstName": "Asha", "email": email, "password": password})
}

// signInWith reports the status of a shopper sign-in with password.
func signInWith(t testing.TB, app *fiber.App, email, password string) int {
	t.Helper()
	status, _ := send(t, app, "POST", "/api/login", "", map[string]any{"email": email, "password": password})
	return status
}

// TestASVS_6_2_5_PasswordsOfAnyCompositionAreAccepted proves that no composition rule
// refuses a password of 8+ characters: only lower-case letters, only digits, spaces and
// non-Latin letters and emoji all register and sign in. ASVS 6.2.5: "passwords of any
// composition can be used, without rules limiting the type of characters permitted".
func TestASVS_6_2_5_PasswordsOfAnyCompositionAreAccepted(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	for i, password := range []string{"onlylowercase", "8362917450", "four words with spaces", "पासवर्ड सुरक्षित 🔐"} {
		email := fmt.Sprintf("asha%d@example.in", i)
		status, body := register(t, app, email, password)
		expect(t, fmt.Sprintf("register with %q", password), status, body, 200, nil)
		if got := signInWith(t, app, email, password); got != 200 {
			t.Errorf("sign-in with %q: %d", password, got)
		}
	}
}

// TestASVS_6_2_8_PasswordsAreVerifiedExactlyAsTyped proves that the password is compared as
// sent: leading and trailing spaces count, case counts, and a long password is not cut (its
// first 72 bytes, where bcrypt would stop, do not sign in). ASVS 6.2.8: "verifies the user's
// password exactly as received ... without any modifications such as truncation or case
// transformation".
func TestASVS_6_2_8_PasswordsAreVerifiedExactlyAsTyped(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	padded := "  Tailored Fit 42  "
	long := strings.Repeat("0123456789", 9) // 90 characters
	for email, password := range map[string]string{"padded@example.in": padded, "long@example.in": long} {
		status, body := register(t, app, email, password)
		expect(t, "register "+email, status, body, 200, nil)
	}
	for what, c := range map[string]struct {
		email, password string
		status          int
	}{
		"exactly as typed":     {"padded@example.in", padded, 200},
		"trimmed":              {"padded@example.in", strings.TrimSpace(padded), 400},
		"lower-cased":          {"padded@example.in", strings.ToLower(padded), 400},
		"upper-cased":          {"padded@example.in", strings.ToUpper(padded), 400},
		"the long one in full": {"long@example.in", long, 200},
		"its first 72 bytes":   {"long@example.in", long[:72], 400},
	} {
		if got := signInWith(t, app, c.email, c.password); got != c.status {
			t.Errorf("sign-in %s: %d, want %d", what, got, c.status)
		}
	}
}

// TestASVS_6_2_9_LongPasswordsArePermitted proves that passwords of 64 and of 128 characters
// register and sign in. ASVS 6.2.9: "passwords of at least 64 characters are permitted".
func TestASVS_6_2_9_LongPasswordsArePermitted(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	for _, n := range []int{64, 128} {
		password := strings.Repeat("correct horse battery staple ", 5)[:n]
		email := fmt.Sprintf("long%d@example.in", n)
		status, body := register(t, app, email, password)
		expect(t, fmt.Sprintf("register with %d characters", n), status, body, 200, nil)
		if got := signInWith(t, app, email, password); got != 200 {
			t.Errorf("sign-in with %d characters: %d", n, got)
		}
	}
}

// askReset asks for a password reset for email and returns the mailed code.
func askReset(t testing.TB, app *fiber.App, d deps, email string) string {
	t.Helper()
	status, body := send(t, app, "POST", "/api/forgotpassword", "", map[string]any{"email": email})
	expect(t, "forgotpassword "+email, status, body, 200, nil)
	return resetCode(t, d, email)
}

// TestASVS_6_5_2_ResetCodesAreNotStoredInTheClear proves that the database keeps only a keyed
// hash of a reset code: no column of the reset request holds the code. ASVS 6.5.2: "lookup
// secrets with less than 112 bits of entropy ... are hashed" (the code is kept as an
// HMAC-SHA256 keyed with the server secret; see the gaps in the header).
func TestASVS_6_5_2_ResetCodesAreNotStoredInTheClear(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	signUp(t, app, "Ira", "ira@example.in")
	code := askReset(t, app, d, "ira@example.in")
	if n := countRows(t, d, `SELECT count(*) FROM password_resets`); n != 1 {
		t.Fatalf("%d reset requests", n)
	}
	if n := countRows(t, d, `SELECT count(*) FROM password_resets r WHERE row_to_json(r)::text LIKE '%' || $1 || '%'`, code); n != 0 {
		t.Fatalf("the reset code %s is stored as it was sent", code)
	}
	if n := countRows(t, d, `SELECT count(*) FROM password_resets WHERE code_hash ~ '^[0-9a-f]{64}$'`); n != 1 {
		t.Fatal("the stored code is not a 256-bit hash")
	}
}

// TestASVS_6_5_5_ResetCodesLiveAtMostTenMinutes proves that a reset code's request expires at
// most ten minutes after it is made (a second's leeway: the row's created_at is the database's
// clock, its expiry the server's). ASVS 6.5.5: "out of band
// requests must have a maximum lifetime of 10 minutes".
func TestASVS_6_5_5_ResetCodesLiveAtMostTenMinutes(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	signUp(t, app, "Ira", "ira@example.in")
	askReset(t, app, d, "ira@example.in")
	if n := countRows(t, d, `SELECT count(*) FROM password_resets WHERE expires_at > created_at AND expires_at <= created_at + interval '10 minutes 1 second'`); n != 1 {
		t.Fatal("the reset request lives longer than ten minutes")
	}
}

// TestASVS_3_3_1_ResetCookieIsSecureOverHTTPS proves that the one cookie the server sets (the
// reset request's handle) is Secure when shoppers reach the shop over HTTPS. ASVS 3.3.1:
// "cookies have the 'Secure' attribute set" (the __Secure- prefix is a gap: see the header).
func TestASVS_3_3_1_ResetCookieIsSecureOverHTTPS(t *testing.T) {
	t.Parallel()
	app, _ := testAppWith(t, map[string]string{"PUBLIC_URL": "https://shop.example.in"})
	resp, body := call(t, app, "POST", "/api/forgotpassword", jsonHeaders, []byte(`{"email":"nobody@example.in"}`))
	expect(t, "forgotpassword", resp.StatusCode, body, 200, nil)
	cookies := resp.Cookies()
	if len(cookies) == 0 {
		t.Fatal("no cookie set")
	}
	for _, c := range cookies {
		if !c.Secure || !c.HttpOnly {
			t.Errorf("cookie %s: Secure %v, HttpOnly %v; want both", c.Name, c.Secure, c.HttpOnly)
		}
	}
}

// TestASVS_8_2_3_ClientsCannotSetFieldsTheyDoNotOwn proves that fields a caller may not write
// are ignored wherever they are sent (mass assignment): a profile update naming a role, an id,
// an e-mail, a token version or the active flag changes only the name; an address sent with
// another shopper's userId is the sender's own; a review sent as "approved" waits for
// moderation; an admin's new product and coupon sent with ids, prices, use counts and dates
// get the server's. ASVS 8.2.3: "field-level access is restricted to consumers with explicit
// permissions to specific fields to mitigate broken object property level authorization".
func TestASVS_8_2_3_ClientsCannotSetFieldsTheyDoNotOwn(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	other, otherID := signUp(t, s.app, "Kabir", "kabir@example.in")
	status, body := send(t, s.app, "GET", "/api/getProfile", s.shopper, nil)
	meera := jsonValue(t, body, "data._id").(string)

	status, body = send(t, s.app, "POST", "/api/profile", s.shopper, map[string]any{"firstName": "Meera", "lastName": "Rao",
		"role": "admin", "_id": otherID, "id": otherID, "userId": otherID, "email": "takeover@evil.example", "active": false,
		"tokenVersion": 99, "ver": 99, "password": "owned-owned-owned", "passwordHash": "$argon2id$x"})
	expect(t, "profile with foreign fields", status, body, 200, map[string]any{"data._id": meera, "data.role": "user",
		"data.email": "meera@example.in", "data.lastName": "Rao"})
	status, body = send(t, s.app, "GET", "/api/getProfile", s.shopper, nil)
	expect(t, "the same token still works and nothing else changed", status, body, 200, map[string]any{"data._id": meera,
		"data.role": "user", "data.email": "meera@example.in"})
	status, body = send(t, s.app, "GET", "/api/getProfile", other, nil)
	expect(t, "the other shopper is untouched", status, body, 200, map[string]any{"data.firstName": "Kabir", "data.lastName": ""})
	if got := signInWith(t, s.app, "meera@example.in", "tailored-fit-42"); got != 200 {
		t.Fatalf("the password changed through the profile: sign-in %d", got)
	}

	status, body = send(t, s.app, "POST", "/api/addAddress", s.shopper, with(with(homeAddress(), "userId", otherID), "user", otherID))
	expect(t, "an address for someone else", status, body, 200, nil)
	planted := jsonValue(t, body, "data._id").(string)
	status, body = send(t, s.app, "GET", "/api/getAddress", other, nil)
	if status != 200 || strings.Contains(string(body), planted) {
		t.Fatalf("the address went to the other shopper: %d %s", status, body)
	}

	orderID, _ := s.place(t, 1)
	s.deliver(t, orderID)
	status, body = send(t, s.app, "POST", "/api/user/reviews", s.shopper, map[string]any{"productId": s.f.newestShirt.ID, "rating": 5,
		"title": "Mine", "text": "Approved by me.", "status": "approved", "verifiedPurchase": true, "userId": otherID})
	expect(t, "a review that approves itself", status, body, 201, map[string]any{"data.status": "pending"})
	status, body = send(t, s.app, "GET", "/api/products/"+s.f.newestShirt.ID+"/reviews", "", nil)
	expect(t, "not public before moderation", status, body, 200, map[string]any{"data.items.#": 0})

	product := newProductBody(&catalogAdminShop{f: s.f}, "JF-MA-0001")
	for k, v := range map[string]any{"_id": "0123456789abcdef01234567", "discountedPrice": 1, "totalStock": 9999,
		"createdAt": "2001-01-01T00:00:00Z", "sale": []any{map[string]any{"discount": 99}}} {
		product[k] = v
	}
	status, body = send(t, s.app, "POST", "/api/admin/products", s.admin, product)
	expect(t, "a product with server fields", status, body, 201, map[string]any{"data.discountedPrice": 1350, "data.totalStock": 10})
	if id := jsonValue(t, body, "data._id"); id == "0123456789abcdef01234567" {
		t.Error("the product took the id the client chose")
	}
	status, body = send(t, s.app, "POST", "/api/admin/coupons", s.admin, map[string]any{"name": "MASS10", "discount": 10,
		"used": 77, "_id": "0123456789abcdef01234567", "createdAt": "2001-01-01T00:00:00Z", "uses": 77})
	expect(t, "a coupon with server fields", status, body, 201, map[string]any{"data.used": 0})
	if id := jsonValue(t, body, "data._id"); id == "0123456789abcdef01234567" {
		t.Error("the coupon took the id the client chose")
	}
}

// TestASVS_1_2_4_SQLMetacharactersInSearchAndFilters proves that SQL metacharacters in the
// search and in every filter of the storefront and the back office are data: each answer is
// a 200 with no extra rows (a tautology finds nothing it would not find anyway; LIKE wildcards
// match only themselves) or a clean 4xx, never a 5xx, and the tables are intact afterwards.
// ASVS 1.2.4: "data selection or database queries ... use parameterized queries ... or are
// otherwise protected from SQL Injection".
func TestASVS_1_2_4_SQLMetacharactersInSearchAndFilters(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	s.place(t, 1)
	products := countRows(t, s.d, `SELECT count(*) FROM products`)
	users := countRows(t, s.d, `SELECT count(*) FROM users`)
	payloads := []string{`' OR 1=1 --`, `" OR ""="`, `%`, `_`, `\`, `%%`, `_%_`, `\%`, `'; DROP TABLE products; --`,
		`') OR ('1'='1`, `1; SELECT pg_sleep(5)`, `$1`, `' UNION SELECT password_hash FROM users --`, `*`, `[a-z]`, `.*`}
	type filter struct {
		path, param, token string
		all                int // the rows the list holds: a payload must never list them all
	}
	filters := []filter{
		{"/api/products/search", "q", "", products},
		{"/api/getproduct", "type", "", products},
		{"/api/getproduct", "gender", "", products},
		{"/api/getproduct", "category", "", products},
		{"/api/getproduct", "status", "", products},
		{"/api/getproduct", "sale", "", products},
		{"/api/getcms", "type", "", -1},
		{"/api/track", "orderId", "", -1},
		{"/api/admin/users", "search", s.staff, users},
		{"/api/admin/users", "role", s.staff, users},
		{"/api/admin/products", "search", s.staff, products},
		{"/api/admin/products", "status", s.staff, products},
		{"/api/admin/products", "sort", s.staff, products},
		{"/api/admin/products", "subCategory", s.staff, products},
		{"/api/admin/getalloder", "search", s.staff, 1},
		{"/api/admin/getalloder", "orderStatus", s.staff, 1},
		{"/api/admin/coupons", "search", s.admin, 4},
		{"/api/admin/coupons", "status", s.admin, 4},
		{"/api/admin/reviews", "productId", s.staff, -1},
		{"/api/admin/reviews", "sort", s.staff, -1},
		{"/api/admin/product-reviews", "search", s.staff, -1},
		{"/api/admin/audit", "entity", s.admin, -1},
	}
	for _, f := range filters {
		for _, p := range payloads {
			what := fmt.Sprintf("%s?%s=%s", f.path, f.param, p)
			status, body := send(t, s.app, "GET", f.path+"?"+f.param+"="+url.QueryEscape(p)+"&limit=48", f.token, nil)
			switch {
			case status >= 500:
				t.Errorf("%s: status %d: %.200s", what, status, body)
			case status == 401 || status == 403:
				t.Errorf("%s: the caller was refused (%d): fix the test", what, status)
			case status == 200 && f.all > 0:
				if n := listTotal(t, body); n >= f.all && f.all > 1 {
					t.Errorf("%s lists %d rows of %d: the payload widened the query", what, n, f.all)
				}
			}
		}
	}
	if countRows(t, s.d, `SELECT count(*) FROM products`) != products || countRows(t, s.d, `SELECT count(*) FROM users`) != users {
		t.Fatal("the payloads changed the tables")
	}
	// A LIKE wildcard is literal: % finds nothing among the people and products.
	for _, path := range []string{"/api/admin/users?search=%25", "/api/admin/products?search=%25", "/api/products/search?q=%25"} {
		status, body := send(t, s.app, "GET", path, s.staff, nil)
		if status != 200 || listTotal(t, body) != 0 {
			t.Errorf("%s: %d, %d rows; want 200 and none", path, status, listTotal(t, body))
		}
	}
}

// listTotal is the number of rows a list answer says it holds (data.total or
// data.metadata.total), or the length of data.items.
func listTotal(t testing.TB, body []byte) int {
	t.Helper()
	var answer struct {
		Data struct {
			Total    *float64 `json:"total"`
			Metadata struct {
				Total *float64 `json:"total"`
			} `json:"metadata"`
			Items []any `json:"items"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &answer); err != nil {
		return -1
	}
	switch {
	case answer.Data.Total != nil:
		return int(*answer.Data.Total)
	case answer.Data.Metadata.Total != nil:
		return int(*answer.Data.Metadata.Total)
	}
	return len(answer.Data.Items)
}

// answerOfEveryKind is one answer of each kind the server gives: JSON, an error, a page, a
// hashed asset, an upload, a built-in file, a health check, a method it does not serve.
type answerOfEveryKind struct {
	what string
	resp *http.Response
}

func answersOfEveryKind(t testing.TB, env map[string]string) []answerOfEveryKind {
	t.Helper()
	app, _ := testAppWith(t, env)
	var out []answerOfEveryKind
	for _, r := range []struct{ what, method, path string }{
		{"API JSON", "GET", "/api/getcategory"},
		{"API 401", "GET", "/api/getProfile"},
		{"API 404", "GET", "/api/nothing-here"},
		{"API 400", "POST", "/api/client-errors"},
		{"storefront page", "GET", "/"},
		{"deep page", "GET", "/user/orders/123"},
		{"hashed asset", "GET", "/assets/index-abc123.js"},
		{"missing asset", "GET", "/assets/gone.js"},
		{"upload", "GET", "/uploads/products/JF-1.svg"},
		{"built-in file", "GET", "/static/size-chart.svg"},
		{"health", "GET", "/healthz"},
		{"websocket without a handshake", "GET", "/api/ws"},
		{"TRACE", "TRACE", "/"},
	} {
		resp, _ := call(t, app, r.method, r.path, nil, nil)
		out = append(out, answerOfEveryKind{what: r.what + " " + r.path, resp: resp})
	}
	return out
}

// cspDirectives splits a Content-Security-Policy into its directives.
func cspDirectives(policy string) map[string][]string {
	out := map[string][]string{}
	for _, d := range strings.Split(policy, ";") {
		fields := strings.Fields(d)
		if len(fields) > 0 {
			out[strings.ToLower(fields[0])] = fields[1:]
		}
	}
	return out
}

// TestASVS_3_4_3_EveryAnswerCarriesTheCSP proves that every answer, API or page or file or
// error, carries a Content-Security-Policy with default-src 'self', object-src 'none' and
// base-uri 'none', that scripts come from the shop and named origins only (no
// 'unsafe-inline', no 'unsafe-eval'), and that the client's page loads no inline script, so
// the policy costs it nothing. ASVS 3.4.3: "every HTTP response includes a
// Content-Security-Policy header field ... The directives object-src 'none' and base-uri
// 'none' must be defined".
func TestASVS_3_4_3_EveryAnswerCarriesTheCSP(t *testing.T) {
	t.Parallel()
	for _, a := range answersOfEveryKind(t, nil) {
		csp := cspDirectives(a.resp.Header.Get("Content-Security-Policy"))
		for directive, want := range map[string]string{"default-src": "'self'", "object-src": "'none'", "base-uri": "'none'"} {
			if got := strings.Join(csp[directive], " "); got != want {
				t.Errorf("%s: %s is %q, want %q", a.what, directive, got, want)
			}
		}
		for _, unsafe := range []string{"'unsafe-inline'", "'unsafe-eval'", "*", "data:"} {
			if strings.Contains(" "+strings.Join(csp["script-src"], " ")+" ", " "+unsafe+" ") {
				t.Errorf("%s: script-src allows %s", a.what, unsafe)
			}
		}
	}
	page, err := os.ReadFile("../client/index.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range regexp.MustCompile(`(?is)<script\b[^>]*>(.*?)</script>`).FindAllStringSubmatch(string(page), -1) {
		if !strings.Contains(tag[0], "src=") || strings.TrimSpace(tag[1]) != "" {
			t.Errorf("client/index.html has an inline script, which the CSP blocks: %s", tag[0])
		}
	}
}

// TestASVS_3_4_6_NoAnswerMayBeFramed proves that every answer forbids framing by any site
// with CSP frame-ancestors 'none' (and X-Frame-Options: DENY for old browsers). ASVS 3.4.6:
// "uses the frame-ancestors directive of the Content-Security-Policy header field for every
// HTTP response to ensure that it cannot be embedded by default".
func TestASVS_3_4_6_NoAnswerMayBeFramed(t *testing.T) {
	t.Parallel()
	for _, a := range answersOfEveryKind(t, nil) {
		if got := strings.Join(cspDirectives(a.resp.Header.Get("Content-Security-Policy"))["frame-ancestors"], " "); got != "'none'" {
			t.Errorf("%s: frame-ancestors %q, want 'none'", a.what, got)
		}
		if got := a.resp.Header.Get("X-Frame-Options"); got != "DENY" {
			t.Errorf("%s: X-Frame-Options %q", a.what, got)
		}
	}
}

// TestASVS_3_4_4_EveryAnswerSaysNoSniff proves that every answer carries
// X-Content-Type-Options: nosniff, so no upload or API answer is sniffed into HTML or script.
// ASVS 3.4.4: "all responses contain a X-Content-Type-Options: nosniff header field".
func TestASVS_3_4_4_EveryAnswerSaysNoSniff(t *testing.T) {
	t.Parallel()
	for _, a := range answersOfEveryKind(t, nil) {
		if got := a.resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q", a.what, got)
		}
	}
}

// TestASVS_3_4_5_EveryAnswerLimitsTheReferrer proves that every answer sets a Referrer-Policy
// that never sends a path (order numbers, searches) to another origin. ASVS 3.4.5: "a suitable
// Referrer-Policy header field is included to prevent sensitive information in the URL from
// being exposed to untrusted parties".
func TestASVS_3_4_5_EveryAnswerLimitsTheReferrer(t *testing.T) {
	t.Parallel()
	suitable := map[string]bool{"no-referrer": true, "same-origin": true, "strict-origin": true, "strict-origin-when-cross-origin": true}
	for _, a := range answersOfEveryKind(t, nil) {
		if got := a.resp.Header.Get("Referrer-Policy"); !suitable[got] {
			t.Errorf("%s: Referrer-Policy %q", a.what, got)
		}
	}
}

// TestASVS_3_4_1_HTTPSShopsSendHSTS proves that a shop whose public address is HTTPS tells
// browsers, on every answer, to use HTTPS only for a year, subdomains included; a shop on
// plain HTTP (development) sends no such header. ASVS 3.4.1: "a Strict-Transport-Security
// header field is included on all responses ... A maximum age of at least 1 year must be
// defined, and for L2 and up, the policy must apply to all subdomains as well".
func TestASVS_3_4_1_HTTPSShopsSendHSTS(t *testing.T) {
	t.Parallel()
	maxAge := regexp.MustCompile(`(?i)(?:^|;)\s*max-age=(\d+)`)
	for _, a := range answersOfEveryKind(t, map[string]string{"PUBLIC_URL": "https://shop.example.in"}) {
		hsts := a.resp.Header.Get("Strict-Transport-Security")
		m := maxAge.FindStringSubmatch(hsts)
		var age int
		if m != nil {
			fmt.Sscan(m[1], &age)
		}
		if age < 31536000 || !strings.Contains(strings.ToLower(hsts), "includesubdomains") {
			t.Errorf("%s: Strict-Transport-Security %q, want max-age ≥ 31536000 and includeSubDomains", a.what, hsts)
		}
	}
	for _, a := range answersOfEveryKind(t, nil) {
		if hsts := a.resp.Header.Get("Strict-Transport-Security"); hsts != "" {
			t.Errorf("%s: a plain-HTTP shop sends HSTS %q", a.what, hsts)
		}
	}
}

// TestASVS_14_3_2_AnswersAreNotCachedByBrowsers proves that API answers, those with a
// shopper's data and the sign-in answer carrying a token included, say Cache-Control:
// no-store, while hashed assets keep their year-long caching. ASVS 14.3.2: "sets sufficient
// anti-caching HTTP response header fields (i.e., Cache-Control: no-store) so that sensitive
// data is not cached in browsers".
func TestASVS_14_3_2_AnswersAreNotCachedByBrowsers(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	token, _ := signUp(t, app, "Meera", "meera@example.in")
	login, _ := json.Marshal(map[string]any{"email": "meera@example.in", "password": "tailored-fit-42"})
	for what, r := range map[string]struct {
		method, path string
		headers      map[string]string
		body         []byte
	}{
		"profile":       {"GET", "/api/getProfile", map[string]string{"Authorization": "Bearer " + token}, nil},
		"addresses":     {"GET", "/api/getAddress", map[string]string{"Authorization": "Bearer " + token}, nil},
		"orders":        {"GET", "/api/getallorder", map[string]string{"Authorization": "Bearer " + token}, nil},
		"sign-in":       {"POST", "/api/login", jsonHeaders, login},
		"an API error":  {"GET", "/api/getProfile", nil, nil},
		"public config": {"GET", "/api/config", nil, nil},
	} {
		resp, body := call(t, app, r.method, r.path, r.headers, r.body)
		if resp.StatusCode >= 500 {
			t.Fatalf("%s: %d %s", what, resp.StatusCode, body)
		}
		if got := resp.Header.Get("Cache-Control"); !strings.Contains(got, "no-store") {
			t.Errorf("%s (%s %s): Cache-Control %q, want no-store", what, r.method, r.path, got)
		}
	}
	resp, _ := call(t, app, "GET", "/assets/index-abc123.js", nil, nil)
	if got := resp.Header.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
		t.Errorf("hashed asset: Cache-Control %q", got)
	}
}

// TestASVS_4_1_1_AnswersNameTheirTypeAndCharset proves that JSON and HTML answers name their
// media type with charset=utf-8 (errors too), and files their own image or script type.
// ASVS 4.1.1: "every HTTP response with a message body contains a Content-Type header field
// that matches the actual content of the response, including the charset parameter".
func TestASVS_4_1_1_AnswersNameTheirTypeAndCharset(t *testing.T) {
	t.Parallel()
	for _, a := range answersOfEveryKind(t, nil) {
		ct := strings.ToLower(a.resp.Header.Get("Content-Type"))
		switch {
		case strings.HasPrefix(a.what, "API"), strings.HasPrefix(a.what, "health"), strings.HasPrefix(a.what, "websocket"),
			strings.HasPrefix(a.what, "missing asset"):
			if ct != "application/json; charset=utf-8" {
				t.Errorf("%s: Content-Type %q", a.what, ct)
			}
		case strings.HasSuffix(a.what, "page /"), strings.HasPrefix(a.what, "deep page"):
			if ct != "text/html; charset=utf-8" {
				t.Errorf("%s: Content-Type %q", a.what, ct)
			}
		case strings.HasPrefix(a.what, "hashed asset"):
			if !strings.HasPrefix(ct, "text/javascript") && !strings.HasPrefix(ct, "application/javascript") {
				t.Errorf("%s: Content-Type %q", a.what, ct)
			}
		case strings.HasPrefix(a.what, "upload"), strings.HasPrefix(a.what, "built-in"):
			if !strings.HasPrefix(ct, "image/svg+xml") {
				t.Errorf("%s: Content-Type %q", a.what, ct)
			}
		}
	}
}

// TestASVS_3_4_2_NoForeignOriginIsAllowedByCORS proves that the API grants no cross-origin
// reads: neither a simple request nor a preflight from a foreign origin, nor one from the
// shop's own origin, gets an Access-Control-Allow-Origin (let alone "*" or credentials); the
// client is served from the shop's own origin and needs none. ASVS 3.4.2: "the
// Access-Control-Allow-Origin header field is a fixed value by the application, or if the
// Origin HTTP request header field value is used, it is validated against an allowlist".
func TestASVS_3_4_2_NoForeignOriginIsAllowedByCORS(t *testing.T) {
	t.Parallel()
	app, _ := testAppWith(t, map[string]string{"PUBLIC_URL": "https://shop.example.in", "ALLOWED_ORIGINS": "https://admin.shop.example.in"})
	token, _ := signUp(t, app, "Meera", "meera@example.in")
	for _, origin := range []string{"https://evil.example", "null", "https://shop.example.in.evil.example", "https://shop.example.in", "https://admin.shop.example.in"} {
		for _, r := range []struct {
			method, path string
			headers      map[string]string
		}{
			{"GET", "/api/getProfile", map[string]string{"Authorization": "Bearer " + token}},
			{"GET", "/api/getcategory", nil},
			{"OPTIONS", "/api/getProfile", map[string]string{"Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization"}},
			{"OPTIONS", "/api/createOrder", map[string]string{"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type"}},
		} {
			headers := map[string]string{"Origin": origin}
			for k, v := range r.headers {
				headers[k] = v
			}
			resp, _ := call(t, app, r.method, r.path, headers, nil)
			for _, h := range []string{"Access-Control-Allow-Origin", "Access-Control-Allow-Credentials", "Access-Control-Allow-Methods", "Access-Control-Allow-Headers"} {
				if got := resp.Header.Get(h); got != "" {
					t.Errorf("%s %s from %s: %s: %q", r.method, r.path, origin, h, got)
				}
			}
			if r.method == "OPTIONS" && resp.StatusCode < 400 {
				t.Errorf("%s %s from %s: a preflight answered %d", r.method, r.path, origin, resp.StatusCode)
			}
		}
	}
}

// TestASVS_3_5_2_CORSSafelistedRequestsReachNoHandler proves that no change can be made with a
// request a foreign page may send without a preflight: every POST, PUT, PATCH and DELETE route
// sent a form or text/plain body (a JSON text, as a CSRF form would), with a foreign Origin and
// no Authorization header, is refused with a 4xx. Sign-in, sign-up and the reset-code calls
// included, where the only credential is in the body or the SameSite reset cookie. ASVS 3.5.2:
// "it is not possible to call the functionality with a CORS-safelisted request".
func TestASVS_3_5_2_CORSSafelistedRequestsReachNoHandler(t *testing.T) {
	t.Parallel()
	app, _ := testAppWith(t, map[string]string{"SHIPROCKET_WEBHOOK_TOKEN": courierToken})
	signUp(t, app, "Meera", "meera@example.in")
	forms := map[string]string{
		"text/plain":                        `{"email":"meera@example.in","password":"tailored-fit-42","firstName":"X","otp":"123456","newPassword":"csrf-csrf-csrf","message":"x"}`,
		"application/x-www-form-urlencoded": `email=meera%40example.in&password=tailored-fit-42&firstName=X&message=x`,
		"multipart/form-data; boundary=b":   "--b\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\nmeera@example.in\r\n--b--\r\n",
	}
	for _, r := range registeredRoutes(app) {
		if r.method == "GET" {
			continue
		}
		for contentType, body := range forms {
			resp, answer := call(t, app, r.method, r.path, map[string]string{"Content-Type": contentType, "Origin": "https://evil.example"}, []byte(body))
			if resp.StatusCode < 400 || resp.StatusCode >= 500 {
				t.Errorf("%s %s as %s from a foreign page: %d %.200s", r.method, r.path, contentType, resp.StatusCode, answer)
			}
		}
	}
}

// TestASVS_4_1_3_ForwardedForIsIgnoredWithoutATrustedProxy proves that a caller cannot pose as
// many clients by writing X-Forwarded-For (or X-Real-IP) when no balancer is trusted: the
// per-address limit on reset codes (10 in 10 minutes) stops the 11th guess whatever address
// each guess claims. ASVS 4.1.3: "any HTTP header field used by the application and set by an
// intermediary layer ... cannot be overridden by the end-user".
func TestASVS_4_1_3_ForwardedForIsIgnoredWithoutATrustedProxy(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	for i := 1; i <= 11; i++ {
		addr := fmt.Sprintf("198.51.100.%d", i)
		resp, body := call(t, app, "POST", "/api/otpverify", map[string]string{"Content-Type": "application/json",
			"X-Forwarded-For": addr, "X-Real-IP": addr, "Forwarded": "for=" + addr}, []byte(`{"email":"nobody@example.in","otp":"000000"}`))
		want := 400
		if i == 11 {
			want = 429
		}
		if resp.StatusCode != want {
			t.Fatalf("guess %d claiming to come from %s: status %d, want %d: %s", i, addr, resp.StatusCode, want, body)
		}
	}
}

// dialShop opens the live socket of the app listening at base from a page of origin
// ("" sends no Origin, as a non-browser client does), and returns the handshake's status.
func dialShop(t testing.TB, base, origin string) (*websocket.Conn, int) {
	t.Helper()
	header := http.Header{}
	if origin != "" {
		header.Set("Origin", origin)
	}
	dialer := websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	conn, resp, err := dialer.Dial("ws"+strings.TrimPrefix(base, "http")+"/api/ws", header)
	if err != nil {
		if resp == nil {
			t.Fatalf("dial from %q: %v", origin, err)
		}
		return nil, resp.StatusCode
	}
	t.Cleanup(func() { conn.Close() })
	return conn, resp.StatusCode
}

// TestASVS_4_4_2_WebsocketHandshakeChecksTheOrigin proves that the live socket opens for pages
// of the shop's own origins (the public address and ALLOWED_ORIGINS, as browsers write them)
// and for clients that send no Origin, and is refused (403) before the upgrade for any other
// origin, look-alikes and "null" included. ASVS 4.4.2: "during the initial HTTP WebSocket
// handshake, the Origin header field is checked against a list of origins allowed".
func TestASVS_4_4_2_WebsocketHandshakeChecksTheOrigin(t *testing.T) {
	t.Parallel()
	app, _ := testAppWith(t, map[string]string{"PUBLIC_URL": "https://shop.example.in", "ALLOWED_ORIGINS": "https://admin.shop.example.in"})
	base := listen(t, app)
	for origin, want := range map[string]int{
		"https://shop.example.in":              101,
		"HTTPS://Shop.Example.in:443":          101,
		"https://admin.shop.example.in":        101,
		"":                                     101,
		"https://evil.example":                 403,
		"http://shop.example.in":               403,
		"https://shop.example.in.evil.example": 403,
		"https://evilshop.example.in":          403,
		"https://shop.example.in:8443":         403,
		"null":                                 403,
	} {
		if _, got := dialShop(t, base, origin); got != want {
			t.Errorf("handshake from %q: %d, want %d", origin, got, want)
		}
	}
}

// helloAs signs a live socket in with token and subscribes to topics; it returns the granted
// and denied topics, or the close code when the hello is refused.
func helloAs(t testing.TB, conn *websocket.Conn, token string, topics ...string) (granted, denied []string, closeCode int) {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	if err := conn.WriteJSON(map[string]any{"type": "hello", "token": token}); err != nil {
		t.Fatal(err)
	}
	var welcome map[string]any
	if err := conn.ReadJSON(&welcome); err != nil {
		if ce, ok := err.(*websocket.CloseError); ok {
			return nil, nil, ce.Code
		}
		t.Fatalf("hello: %v", err)
	}
	if welcome["type"] == "error" { // a refused hello is explained, then the socket is closed
		var next map[string]any
		if ce, ok := conn.ReadJSON(&next).(*websocket.CloseError); ok {
			return nil, nil, ce.Code
		}
		t.Fatalf("a refused hello (%v) did not close the socket", welcome)
	}
	if welcome["type"] != "welcome" {
		t.Fatalf("hello answered %v", welcome)
	}
	conn.WriteJSON(map[string]any{"type": "subscribe", "topics": topics})
	var subscribed struct {
		Type   string   `json:"type"`
		Topics []string `json:"topics"`
		Denied []string `json:"denied"`
	}
	if err := conn.ReadJSON(&subscribed); err != nil || subscribed.Type != "subscribed" {
		t.Fatalf("subscribe answered %+v, %v", subscribed, err)
	}
	return subscribed.Topics, subscribed.Denied, 0
}

// TestASVS_4_4_4_WebsocketTopicsFollowTheHTTPSession proves that the live socket trusts only
// the sessions of the HTTP API, sent in its first message (never in the URL): a shopper's
// token opens the shopper's own topic only, a staff token the back-office topics, a guest the
// public ones; a token revoked over HTTPS (sign out everywhere) is refused with 4401. ASVS
// 4.4.4: "dedicated WebSocket session management tokens are initially obtained or validated
// through the previously authenticated HTTPS session" (and 4.4.3, the app's own sessions).
func TestASVS_4_4_4_WebsocketTopicsFollowTheHTTPSession(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	base := listen(t, s.app)
	_, body := send(t, s.app, "GET", "/api/getProfile", s.shopper, nil)
	meera := jsonValue(t, body, "data._id").(string)
	kabir, kabirID := signUp(t, s.app, "Kabir", "kabir@example.in")
	topics := []string{"sales", "user:" + meera, "user:" + kabirID, "admin:orders", "admin:dashboard"}
	for who, c := range map[string]struct {
		token   string
		granted string
	}{
		"guest":   {"", "sales"},
		"shopper": {s.shopper, "sales user:" + meera},
		"staff":   {s.staff, "sales admin:orders admin:dashboard"},
		"admin":   {s.admin, "sales admin:orders admin:dashboard"},
	} {
		conn, status := dialShop(t, base, "http://127.0.0.1:8080")
		if status != 101 {
			t.Fatalf("%s: handshake %d", who, status)
		}
		granted, _, code := helloAs(t, conn, c.token, topics...)
		if code != 0 || strings.Join(granted, " ") != c.granted {
			t.Errorf("%s: granted %v (close %d), want %s", who, granted, code, c.granted)
		}
	}
	status, body := send(t, s.app, "POST", "/api/logout-everywhere", kabir, nil)
	expect(t, "kabir signs out everywhere", status, body, 200, nil)
	conn, _ := dialShop(t, base, "http://127.0.0.1:8080")
	if _, _, code := helloAs(t, conn, kabir, "user:"+kabirID); code != 4401 {
		t.Errorf("a revoked token's hello: close %d, want 4401", code)
	}
	conn, _ = dialShop(t, base, "http://127.0.0.1:8080")
	if _, _, code := helloAs(t, conn, resign(t, s.shopper, nil, func(c jwt.MapClaims) { c["sub"] = kabirID }), "user:"+kabirID); code != 4401 {
		t.Errorf("a token re-signed for another shopper (stale version): close %d, want 4401", code)
	}
}

// secretsEnv is a deployment's secrets, each a value that cannot appear by chance.
var secretsEnv = map[string]string{
	"RAZORPAY_KEY_ID": "rzp_test_secretsweep", "RAZORPAY_KEY_SECRET": "razorpay-key-secret-7f3c1a",
	"RAZORPAY_WEBHOOK_SECRET": "razorpay-webhook-secret-9b2e4d", "SHIPROCKET_EMAIL": "courier-login@drape.in",
	"SHIPROCKET_PASSWORD": "shiprocket-password-5d8a0c", "SHIPROCKET_WEBHOOK_TOKEN": "courier-webhook-token-1e6f2b",
}

// TestASVS_13_3_2_NoAnswerCarriesABackendSecret proves that no answer of any GET route, asked
// by an admin (and by staff and a shopper where they may), carries a backend secret: the
// Razorpay key secret and webhook secret, the courier's login and webhook token, the JWT
// secret, a password hash or the hash of a reset code, a password an admin set for a
// colleague, or a pending reset code. ASVS 13.3.2: "access to secret assets adheres to the
// principle of least privilege" (nobody, not even an admin, reads them through the API).
func TestASVS_13_3_2_NoAnswerCarriesABackendSecret(t *testing.T) {
	t.Parallel()
	app, d := testAppWith(t, secretsEnv)
	f := checkoutFixture(t, d)
	svc := newServices(d)
	for _, who := range []struct{ email, role string }{{"owner@drape.in", "admin"}, {"packer@drape.in", "staff"}} {
		if _, err := svc.accounts.CreateStaff(context.Background(), accountStaff(who.email, who.role)); err != nil {
			t.Fatal(err)
		}
	}
	backOffice := func(email, password string) string {
		status, body := send(t, app, "POST", "/api/admin/login", "", map[string]any{"email": email, "password": password})
		expect(t, "back-office sign-in "+email, status, body, 200, nil)
		return jsonValue(t, body, "token").(string)
	}
	admin := backOffice("owner@drape.in", "back-office-1")
	shopperToken, addressID := shopper(t, app, "Meera", "meera@example.in")
	send(t, app, "POST", "/api/addToCart", shopperToken, map[string]any{"productId": f.newestShirt.ID, "size": "M", "quantity": 1})
	status, body := send(t, app, "POST", "/api/createOrder", shopperToken, map[string]any{"paymentMode": "cod", "address": addressID})
	expect(t, "an order", status, body, 201, nil)
	orderID, orderNumber := jsonValue(t, body, "data._id").(string), jsonValue(t, body, "data.orderId").(string)
	// An admin gives a colleague a new password and makes a new colleague: both are audited.
	_, body = send(t, app, "GET", "/api/admin/users?role=staff", admin, nil)
	packer := jsonValue(t, body, "data.items.0._id").(string)
	status, body = send(t, app, "POST", "/api/admin/users/"+packer+"/password", admin, map[string]any{"newPassword": "colleague-password-4c9e"})
	expect(t, "a colleague's new password", status, body, 200, nil)
	status, body = send(t, app, "POST", "/api/admin/register", admin, map[string]any{"firstName": "New", "email": "new@drape.in",
		"password": "new-colleague-password-2a7d", "role": "staff"})
	expect(t, "a new colleague", status, body, 200, nil)
	staff := backOffice("packer@drape.in", "colleague-password-4c9e")
	code := askReset(t, app, d, "meera@example.in")

	var secrets []string
	for _, v := range secretsEnv {
		if !strings.HasPrefix(v, "rzp_test_") { // the key id is public: checkout needs it
			secrets = append(secrets, v)
		}
	}
	secrets = append(secrets, testJWTSecret, "$argon2id$", "colleague-password-4c9e", "new-colleague-password-2a7d",
		"back-office-1", "tailored-fit-42", `"`+code+`"`, "code is "+code)
	rows, err := d.pool.Query(context.Background(), `SELECT code_hash FROM password_resets UNION ALL SELECT password_hash FROM users WHERE password_hash <> ''`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var h string
		rows.Scan(&h)
		secrets = append(secrets, h)
	}
	rows.Close()

	ids := map[string]string{"id": orderID, "orderId": orderNumber, "kind": "products", "file": "JF-1.svg", "type": "terms"}
	walked := 0
	for _, r := range app.GetRoutes(true) {
		if r.Method != "GET" || r.Path == "/api/ws" {
			continue
		}
		path := strings.ReplaceAll(r.Path, "*", "anything")
		for _, p := range r.Params {
			path = strings.ReplaceAll(path, ":"+p, ids[p])
		}
		if strings.Contains(path, "/products/") && strings.HasPrefix(path, "/api/admin") || strings.HasPrefix(path, "/api/getproduct/") {
			path = strings.ReplaceAll(path, orderID, f.newestShirt.ID)
		}
		for _, query := range []string{"", "?format=csv"} {
			for who, token := range map[string]string{"admin": admin, "staff": staff, "shopper": shopperToken, "guest": ""} {
				resp, body := call(t, app, "GET", path+query, map[string]string{"Authorization": "Bearer " + token}, nil)
				if resp.StatusCode >= 500 {
					t.Errorf("GET %s%s as %s: %d", path, query, who, resp.StatusCode)
				}
				walked++
				answer := string(body) + fmt.Sprint(resp.Header)
				for _, secret := range secrets {
					if strings.Contains(answer, secret) {
						t.Errorf("GET %s%s as %s carries the secret %q", path, query, who, secret)
					}
				}
			}
		}
	}
	if walked < 100 {
		t.Fatalf("only %d answers walked", walked)
	}
}

// appWithCapturedLog is the test app logging everything, at debug level, as JSON lines into
// the buffer it returns.
func appWithCapturedLog(t testing.TB, env map[string]string) (*fiber.App, deps, *lockedBuffer) {
	t.Helper()
	_, d := testAppWith(t, env)
	log := &lockedBuffer{}
	d.log = slog.New(slog.NewJSONHandler(log, &slog.HandlerOptions{Level: slog.LevelDebug}))
	return newApp(d, newServices(d)), d, log
}

// TestASVS_16_2_5_NoCredentialsInTheLog proves that the server's log (debug level, every
// line) never holds a password, a reset code, the reset cookie's handle or a session token,
// through sign-up, right and wrong sign-ins, a reset and a password change, a request with
// the token in the query and a failing request; and that the configuration it logs at start
// masks every secret. ASVS 16.2.5: "it may not be allowed to log certain data, such as
// credentials or payment details. Other data, such as session tokens, may only be logged by
// being hashed or masked".
func TestASVS_16_2_5_NoCredentialsInTheLog(t *testing.T) {
	t.Parallel()
	app, d, log := appWithCapturedLog(t, secretsEnv)
	token, _ := signUp(t, app, "Ira", "ira@example.in") // password tailored-fit-42
	status, body := send(t, app, "POST", "/api/login", "", map[string]any{"email": "ira@example.in", "password": "wrong-guess-3f9a"})
	expect(t, "a wrong password", status, body, 400, nil)
	status, body = send(t, app, "POST", "/api/login", "", map[string]any{"email": "ira@example.in", "password": "tailored-fit-42"})
	expect(t, "sign-in", status, body, 200, nil)
	second := jsonValue(t, body, "token").(string)
	resp, body := call(t, app, "POST", "/api/forgotpassword", jsonHeaders, []byte(`{"email":"ira@example.in"}`))
	expect(t, "forgot", resp.StatusCode, body, 200, nil)
	var handle string
	for _, c := range resp.Cookies() {
		handle = c.Value
	}
	code := resetCode(t, d, "ira@example.in")
	status, body = send(t, app, "POST", "/api/otpverify", "", map[string]any{"email": "ira@example.in", "otp": code})
	expect(t, "the code", status, body, 200, nil)
	status, body = send(t, app, "POST", "/api/updatepassword", "", map[string]any{"email": "ira@example.in", "newPassword": "reset-password-8e1b"})
	expect(t, "reset", status, body, 200, nil)
	status, body = send(t, app, "POST", "/api/login", "", map[string]any{"email": "ira@example.in", "password": "reset-password-8e1b"})
	third := jsonValue(t, body, "token").(string)
	status, body = send(t, app, "POST", "/api/profile/password", third, map[string]any{"currentPassword": "reset-password-8e1b", "newPassword": "changed-password-6c2d"})
	expect(t, "change", status, body, 200, nil)
	call(t, app, "GET", "/api/getProfile?token="+third+"&password=query-password-0a4f", map[string]string{"Authorization": "Bearer " + token}, nil)
	call(t, app, "POST", "/api/client-errors", jsonHeaders, []byte(`{"message":"TypeError","url":"/reset"}`))
	d.log.Info("starting server", "config", d.cfg) // as serve does at start

	logged := log.String()
	if !strings.Contains(logged, `"path":"/api/login"`) || !strings.Contains(logged, "starting server") {
		t.Fatalf("the log was not captured:\n%.500s", logged)
	}
	for what, secret := range map[string]string{
		"the password": "tailored-fit-42", "a wrong password": "wrong-guess-3f9a", "the reset password": "reset-password-8e1b",
		"the changed password": "changed-password-6c2d", "a password in a query": "query-password-0a4f", "the reset code": `"` + code + `"`,
		"the reset cookie": handle, "the first token": token, "the second token": second, "the third token": third,
		"the JWT secret": testJWTSecret, "the Razorpay secret": secretsEnv["RAZORPAY_KEY_SECRET"],
		"the Razorpay webhook secret": secretsEnv["RAZORPAY_WEBHOOK_SECRET"], "the courier password": secretsEnv["SHIPROCKET_PASSWORD"],
		"the courier webhook token": secretsEnv["SHIPROCKET_WEBHOOK_TOKEN"],
	} {
		if secret != "" && strings.Contains(logged, secret) {
			t.Errorf("the log holds %s", what)
		}
	}
	for _, part := range strings.Split(token, ".") {
		if len(part) > 20 && strings.Contains(logged, part) {
			t.Errorf("the log holds part of a token: %s", part)
		}
	}
}

// TestASVS_16_4_1_LogsCannotBeForged proves that text a client controls (a reported client
// error, a path, a request id) cannot add or break log lines: every line stays one JSON
// record, and a forged record's message never appears as a record of its own. ASVS 16.4.1:
// "all logging components appropriately encode data to prevent log injection".
func TestASVS_16_4_1_LogsCannotBeForged(t *testing.T) {
	t.Parallel()
	app, _, log := appWithCapturedLog(t, nil)
	forged := "\n{\"time\":\"2026-01-01T00:00:00Z\",\"level\":\"ERROR\",\"msg\":\"forged-admin-login\"}\r\n"
	body, _ := json.Marshal(map[string]any{"message": "boom" + forged, "stack": forged, "url": "/x" + forged})
	resp, answer := call(t, app, "POST", "/api/client-errors", map[string]string{"Content-Type": "application/json",
		"X-Request-Id": "abc\r\nforged-admin-login", "User-Agent": "ua" + forged}, body)
	expect(t, "client error", resp.StatusCode, answer, 202, nil)
	call(t, app, "GET", "/api/nothing%0A%7B%22msg%22%3A%22forged-admin-login%22%7D", nil, nil)
	lines := 0
	scanner := bufio.NewScanner(strings.NewReader(log.String()))
	scanner.Buffer(make([]byte, 1<<20), 1<<20)
	for scanner.Scan() {
		lines++
		var record map[string]any
		if err := json.Unmarshal(scanner.Bytes(), &record); err != nil {
			t.Fatalf("a log line is not one JSON record: %v\n%s", err, scanner.Text())
		}
		if record["msg"] == "forged-admin-login" || record["level"] == "ERROR" {
			t.Errorf("a forged record: %s", scanner.Text())
		}
	}
	if lines < 2 || !strings.Contains(log.String(), "forged-admin-login") {
		t.Fatalf("the client's text did not reach the log (%d lines): the test proves nothing", lines)
	}
}

// TestASVS_13_4_1_NoSourceControlMetadataIsServed proves that no hidden file under the built
// client is served: .git, .svn, .env and Vite's .vite/manifest.json answer the page or a 404,
// never their content (the server served every file of the client folder, hidden ones too,
// until this change). ASVS 13.4.1: "deployed either without any source control metadata ...
// or in a way that these folders are inaccessible".
func TestASVS_13_4_1_NoSourceControlMetadataIsServed(t *testing.T) {
	t.Parallel()
	app, d := testApp(t)
	// Even were the built client a git checkout, its metadata would stay unserved.
	os.MkdirAll(filepath.Join(d.cfg.ClientDir, ".git"), 0o755)
	os.WriteFile(filepath.Join(d.cfg.ClientDir, ".git", "config"), []byte("[core]\n\trepositoryformatversion = 0\n"), 0o644)
	os.WriteFile(filepath.Join(d.cfg.ClientDir, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644)
	os.WriteFile(filepath.Join(d.cfg.ClientDir, ".env"), []byte("JWT_SECRET=leaked\n"), 0o644)
	os.MkdirAll(filepath.Join(d.cfg.ClientDir, ".vite"), 0o755) // Vite's build manifest: every chunk, admin screens too
	os.WriteFile(filepath.Join(d.cfg.ClientDir, ".vite", "manifest.json"), []byte(`{"_admin.js":{"file":"assets/admin.js"}}`), 0o644)
	app = newApp(d, newServices(d))
	for _, path := range []string{"/.git/config", "/.git/HEAD", "/.svn/entries", "/.env", "/.vite/manifest.json", "/uploads/products/.git", "/assets/../.git/config", "/%2egit/config"} {
		resp, body := call(t, app, "GET", path, nil, nil)
		if resp.StatusCode >= 500 {
			t.Errorf("%s: %d", path, resp.StatusCode)
		}
		for _, leak := range []string{"[core]", "ref: refs/", "JWT_SECRET", "assets/admin.js"} {
			if strings.Contains(string(body), leak) {
				t.Errorf("%s serves %q", path, leak)
			}
		}
	}
}

// TestASVS_13_4_3_NoDirectoryIsListed proves that folders answer a 404 or the page, never a
// list of their files. ASVS 13.4.3: "web servers do not expose directory listings to clients
// unless explicitly intended".
func TestASVS_13_4_3_NoDirectoryIsListed(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	for _, path := range []string{"/assets/", "/assets", "/uploads/", "/uploads/products/", "/uploads/products", "/static/", "/api/"} {
		resp, body := call(t, app, "GET", path, nil, nil)
		if resp.StatusCode >= 500 {
			t.Errorf("%s: %d", path, resp.StatusCode)
		}
		for _, file := range []string{"index-abc123.js", "JF-1.svg", "size-chart.svg"} {
			if strings.Contains(string(body), file) {
				t.Errorf("%s lists %s: %.200s", path, file, body)
			}
		}
	}
}

// TestASVS_13_4_4_TraceIsNotSupported proves that TRACE is refused everywhere and never
// echoes the request (where a cookie or token would be read back by a script). ASVS 13.4.4:
// "using the HTTP TRACE method is not supported in production environments".
func TestASVS_13_4_4_TraceIsNotSupported(t *testing.T) {
	t.Parallel()
	app, _ := testApp(t)
	for _, path := range []string{"/", "/api/getproduct", "/api/login", "/healthz", "/uploads/products/JF-1.svg"} {
		resp, body := call(t, app, "TRACE", path, map[string]string{"Authorization": "Bearer echo-me-if-you-can", "Cookie": "drape_reset=echo-me-too"}, nil)
		if resp.StatusCode != http.StatusMethodNotAllowed && resp.StatusCode != http.StatusNotFound {
			t.Errorf("TRACE %s: %d", path, resp.StatusCode)
		}
		if strings.Contains(string(body), "echo-me") {
			t.Errorf("TRACE %s echoed the request: %s", path, body)
		}
	}
}

// TestASVS_3_2_2_TextIsNeverRenderedAsHTML proves that the client renders shoppers' text
// (reviews, names, addresses) as text: the only places that set HTML are the CMS page and its
// editor, whose HTML the server sanitises (TestAdminCMSPages) and the client sanitises again
// (features/content/sanitise.ts); no code evaluates strings. ASVS 3.2.2: "content intended to
// be displayed as text, rather than rendered as HTML, is handled using safe rendering
// functions (such as createTextNode or textContent)".
func TestASVS_3_2_2_TextIsNeverRenderedAsHTML(t *testing.T) {
	t.Parallel()
	htmlSinks := regexp.MustCompile(`dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write|\beval\(|new Function\(|createContextualFragment`)
	allowed := map[string]bool{
		"features/content/components/CmsContent.tsx":          true, // the sanitised CMS page
		"features/content/admin/components/ContentEditor.tsx": true, // the CMS editor (admins only)
		"features/content/sanitise.ts":                        true, // the sanitiser's own template element
	}
	root := "../client/src"
	scanned := 0
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !regexp.MustCompile(`\.(ts|tsx|js|jsx)$`).MatchString(path) || regexp.MustCompile(`\.test\.|\.spec\.`).MatchString(path) {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		scanned++
		rel, _ := filepath.Rel(root, path)
		if sink := htmlSinks.FindString(string(src)); sink != "" && !allowed[filepath.ToSlash(rel)] {
			t.Errorf("%s uses %s: render text as text", rel, sink)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if scanned < 20 {
		t.Fatalf("only %d client sources scanned", scanned)
	}
}
