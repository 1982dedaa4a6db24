package main

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"html/template"
	"io"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"net/mail"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Google sign-in's fixed values. googleSubjectSalt only namespaces the hash that
// turns an e-mail address into a subject; changing it changes every sub.
const (
	googleKeyBits         = 2048
	googleIDTokenLifetime = time.Hour
	googleKeySetMaxAge    = 3600
	googleRequestLimit    = 64 << 10
	googleSubjectSalt     = "drape-sim-google-sub:"
	googleMaxEmailLength  = 254
	googleMaxNameLength   = 200
	googleMaxNonceLength  = 512
)

// googleClientScript is the GIS look-alike served at /google/gsi/client.
//
//go:embed google_gsi_client.js
var googleClientScript []byte

// googleDemoAccounts are the accounts the chooser offers with one click.
var googleDemoAccounts = []googleAccount{
	{Name: "Aarav Sharma", Email: "aarav.sharma@gmail.example"},
	{Name: "Meera Iyer", Email: "meera.iyer@gmail.example"},
	{Name: "Kabir Singh", Email: "kabir.singh@gmail.example"},
}

// googleAvatarColors are the backgrounds of generated avatars, picked by subject.
var googleAvatarColors = []string{"#1a73e8", "#d93025", "#188038", "#e37400", "#9334e6", "#007b83", "#c5221f", "#185abc"}

// googleAccount is a person the chooser can sign in as.
type googleAccount struct {
	Name  string
	Email string
}

// googleSignIn plays Google Identity Services: it issues RS256 ID tokens for
// accounts picked in its chooser (or requested by tests) and publishes the
// public key that verifies them. Its key lives only as long as the process.
type googleSignIn struct {
	issuer string
	key    *rsa.PrivateKey
	keyID  string
	logger *slog.Logger
	now    func() time.Time
}

// newGoogleSigningKey generates the RSA key sim signs ID tokens with.
func newGoogleSigningKey() (*rsa.PrivateKey, error) {
	key, err := rsa.GenerateKey(rand.Reader, googleKeyBits)
	if err != nil {
		return nil, fmt.Errorf("google signing key: %w", err)
	}
	return key, nil
}

// newGoogleSignIn returns the provider for issuer, signing with key. The key id
// is base64url of the first 8 bytes of SHA-256 over the modulus.
func newGoogleSignIn(issuer string, key *rsa.PrivateKey, logger *slog.Logger) *googleSignIn {
	modulusHash := sha256.Sum256(key.N.Bytes())
	return &googleSignIn{
		issuer: issuer,
		key:    key,
		keyID:  base64.RawURLEncoding.EncodeToString(modulusHash[:8]),
		logger: logger,
		now:    time.Now,
	}
}

// defaultGoogleIssuer is http://<host>/google where host is SIM_ADDR's host
// (127.0.0.1 when it names no host or all interfaces) with the port actually
// listened on, so SIM_ADDR with port 0 still yields a reachable issuer.
func defaultGoogleIssuer(configuredAddr string, listening net.Addr) string {
	host, _, _ := net.SplitHostPort(configuredAddr)
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	_, port, _ := net.SplitHostPort(listening.String())
	return "http://" + net.JoinHostPort(host, port) + "/google"
}

// checkGoogleIssuer accepts Google's own scheme-less "accounts.google.com" or an
// absolute http(s) URL without query, fragment or trailing slash.
func checkGoogleIssuer(issuer string) error {
	if issuer == "accounts.google.com" {
		return nil
	}
	u, err := url.Parse(issuer)
	switch {
	case err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https"):
		return errors.New("want an http(s) URL such as http://127.0.0.1:9090/google")
	case u.RawQuery != "" || u.Fragment != "" || u.User != nil:
		return errors.New("must not carry user info, a query or a fragment")
	case strings.HasSuffix(issuer, "/"):
		return errors.New("must not end with a slash")
	}
	return nil
}

// googleIdentity is what an ID token is asked for: who signs in, to which client.
type googleIdentity struct {
	ClientID      string
	Email         string
	Name          string
	EmailVerified bool
	Nonce         string
}

// googleIDTokenClaims are the claims of a Google ID token, in Google's order.
type googleIDTokenClaims struct {
	Issuer          string `json:"iss"`
	AuthorizedParty string `json:"azp"`
	Audience        string `json:"aud"`
	Subject         string `json:"sub"`
	Email           string `json:"email"`
	EmailVerified   bool   `json:"email_verified"`
	Nonce           string `json:"nonce,omitempty"`
	NotBefore       int64  `json:"nbf"`
	Name            string `json:"name"`
	Picture         string `json:"picture"`
	GivenName       string `json:"given_name"`
	FamilyName      string `json:"family_name,omitempty"`
	IssuedAt        int64  `json:"iat"`
	Expires         int64  `json:"exp"`
	TokenID         string `json:"jti"`
}

// jwtHeader is the JOSE header of every token sim signs.
type jwtHeader struct {
	Algorithm string `json:"alg"`
	KeyID     string `json:"kid"`
	Type      string `json:"typ"`
}

// googleRequestError is a problem with what the caller asked for; its message is
// safe to show to the caller.
type googleRequestError struct{ reason string }

// Error returns the reason as shown to the caller.
func (e *googleRequestError) Error() string { return e.reason }

// checkIdentity trims who's fields and reports the first one that is unusable.
func checkIdentity(who googleIdentity) (googleIdentity, error) {
	who.ClientID = strings.TrimSpace(who.ClientID)
	who.Email = strings.TrimSpace(who.Email)
	who.Name = strings.Join(strings.Fields(who.Name), " ")
	switch {
	case who.ClientID == "":
		return who, &googleRequestError{"Missing required parameter: client_id"}
	case !isEmailAddress(who.Email):
		return who, &googleRequestError{"Enter a valid e-mail address"}
	case utf8.RuneCountInString(who.Name) > googleMaxNameLength:
		return who, &googleRequestError{fmt.Sprintf("The name is longer than %d characters", googleMaxNameLength)}
	case len(who.Nonce) > googleMaxNonceLength:
		return who, &googleRequestError{fmt.Sprintf("The nonce is longer than %d bytes", googleMaxNonceLength)}
	}
	if who.Name == "" {
		local, _, _ := strings.Cut(who.Email, "@")
		who.Name = local
	}
	return who, nil
}

// isEmailAddress accepts a bare address (no display name, no angle brackets).
func isEmailAddress(email string) bool {
	if email == "" || len(email) > googleMaxEmailLength {
		return false
	}
	parsed, err := mail.ParseAddress(email)
	return err == nil && parsed.Address == email && parsed.Name == ""
}

// googleSubject is the stable 21-digit sub for an e-mail address: it depends
// only on the lowercased address, so it survives restarts and key changes.
func googleSubject(email string) string {
	sum := sha256.Sum256([]byte(googleSubjectSalt + strings.ToLower(strings.TrimSpace(email))))
	high := binary.BigEndian.Uint64(sum[0:8]) % 1e10
	low := binary.BigEndian.Uint64(sum[8:16]) % 1e10
	return fmt.Sprintf("1%010d%010d", high, low)
}

// splitGoogleName splits a full name into given and family names the way
// Google's profile does for Western-style names: the family name is the last word.
func splitGoogleName(name string) (given, family string) {
	words := strings.Fields(name)
	if len(words) < 2 {
		return name, ""
	}
	return strings.Join(words[:len(words)-1], " "), words[len(words)-1]
}

// googleInitials is the first letter of the first and last words of name, uppercased.
func googleInitials(name string) string {
	words := strings.Fields(name)
	var initials []rune
	for i, word := range words {
		if i != 0 && i != len(words)-1 {
			continue
		}
		for _, r := range word {
			if unicode.IsLetter(r) {
				initials = append(initials, unicode.ToUpper(r))
				break
			}
		}
	}
	return string(initials)
}

// googleAvatarURL is the picture claim for sub: sim's generated avatar under publicBase.
func googleAvatarURL(publicBase, sub, name string) string {
	return publicBase + "/avatar/" + sub + ".svg?initials=" + url.QueryEscape(googleInitials(name))
}

// issueIDToken signs an ID token for who, issued at issuedAt and valid for an
// hour. publicBase is sim's Google base URL as the caller reached it (for picture).
func (g *googleSignIn) issueIDToken(who googleIdentity, publicBase string, issuedAt time.Time) (string, googleIDTokenClaims, error) {
	who, err := checkIdentity(who)
	if err != nil {
		return "", googleIDTokenClaims{}, err
	}
	tokenID := make([]byte, 16)
	rand.Read(tokenID)
	sub := googleSubject(who.Email)
	given, family := splitGoogleName(who.Name)
	claims := googleIDTokenClaims{
		Issuer:          g.issuer,
		AuthorizedParty: who.ClientID,
		Audience:        who.ClientID,
		Subject:         sub,
		Email:           who.Email,
		EmailVerified:   who.EmailVerified,
		Nonce:           who.Nonce,
		NotBefore:       issuedAt.Unix(),
		Name:            who.Name,
		Picture:         googleAvatarURL(publicBase, sub, who.Name),
		GivenName:       given,
		FamilyName:      family,
		IssuedAt:        issuedAt.Unix(),
		Expires:         issuedAt.Add(googleIDTokenLifetime).Unix(),
		TokenID:         hex.EncodeToString(tokenID),
	}
	token, err := g.sign(claims)
	if err != nil {
		return "", googleIDTokenClaims{}, err
	}
	return token, claims, nil
}

// sign encodes claims as an RS256 JWT under sim's key.
func (g *googleSignIn) sign(claims any) (string, error) {
	header, err := json.Marshal(jwtHeader{Algorithm: "RS256", KeyID: g.keyID, Type: "JWT"})
	if err != nil {
		return "", err
	}
	payload, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	signingInput := base64.RawURLEncoding.EncodeToString(header) + "." + base64.RawURLEncoding.EncodeToString(payload)
	digest := sha256.Sum256([]byte(signingInput))
	signature, err := rsa.SignPKCS1v15(nil, g.key, crypto.SHA256, digest[:])
	if err != nil {
		return "", fmt.Errorf("sign id token: %w", err)
	}
	return signingInput + "." + base64.RawURLEncoding.EncodeToString(signature), nil
}

// googleJWK is sim's public key as Google publishes its keys.
type googleJWK struct {
	KeyType   string `json:"kty"`
	Algorithm string `json:"alg"`
	Use       string `json:"use"`
	KeyID     string `json:"kid"`
	Modulus   string `json:"n"`
	Exponent  string `json:"e"`
}

// keySet is the JWKS document of GET /google/oauth2/v3/certs.
func (g *googleSignIn) keySet() map[string][]googleJWK {
	public := g.key.PublicKey
	return map[string][]googleJWK{"keys": {{
		KeyType:   "RSA",
		Algorithm: "RS256",
		Use:       "sig",
		KeyID:     g.keyID,
		Modulus:   base64.RawURLEncoding.EncodeToString(public.N.Bytes()),
		Exponent:  base64.RawURLEncoding.EncodeToString(big.NewInt(int64(public.E)).Bytes()),
	}}}
}

// googlePublicBase is sim's Google base URL as the client reached it.
func googlePublicBase(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	host := r.Host
	if host == "" {
		host = "127.0.0.1"
	}
	return scheme + "://" + host + "/google"
}

// webOrigin returns raw as a scheme://host[:port] origin, or false when raw is
// not the origin of an http(s) page.
func webOrigin(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return "", false
	}
	return u.Scheme + "://" + u.Host, true
}

// registerGoogle adds Google Identity Services sign-in:
//
//	GET  /google/gsi/client                       the GIS script look-alike (google.accounts.id)
//	GET  /google/consent?client_id=&origin=&nonce= account chooser page
//	POST /google/consent                          picks an account; the page posts the credential to its opener
//	GET  /google/oauth2/v3/certs                  JWKS of the signing key
//	GET  /google/.well-known/openid-configuration OpenID discovery document
//	POST /google/api/token                        {client_id,email,name,email_verified?,nonce?,expired?} → {"credential"}
//	GET  /google/avatar/{sub}.svg?initials=       generated avatar (the picture claim)
func registerGoogle(mux *http.ServeMux, g *googleSignIn) {
	mux.HandleFunc("GET /google/gsi/client", g.serveClientScript)
	mux.HandleFunc("GET /google/consent", g.serveChooser)
	mux.HandleFunc("POST /google/consent", g.serveChosenAccount)
	mux.HandleFunc("GET /google/oauth2/v3/certs", g.serveKeySet)
	mux.HandleFunc("GET /google/.well-known/openid-configuration", g.serveDiscovery)
	mux.HandleFunc("POST /google/api/token", g.serveTestToken)
	mux.HandleFunc("GET /google/avatar/{file}", g.serveAvatar)
}

// serveClientScript serves the GIS look-alike; it is always revalidated so an
// edited sim is picked up on reload.
func (g *googleSignIn) serveClientScript(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Write(googleClientScript)
}

// serveKeySet serves the JWKS that verifies every token this process signs.
func (g *googleSignIn) serveKeySet(w http.ResponseWriter, r *http.Request) {
	writeCacheableJSON(w, g.keySet())
}

// serveDiscovery serves the OpenID configuration, so go-oidc's NewProvider works
// against the issuer; its URLs use the host the caller reached sim on.
func (g *googleSignIn) serveDiscovery(w http.ResponseWriter, r *http.Request) {
	base := googlePublicBase(r)
	writeCacheableJSON(w, map[string]any{
		"issuer":                                g.issuer,
		"authorization_endpoint":                base + "/consent",
		"jwks_uri":                              base + "/oauth2/v3/certs",
		"response_types_supported":              []string{"id_token"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{"RS256"},
		"scopes_supported":                      []string{"openid", "email", "profile"},
		"claims_supported": []string{"aud", "azp", "email", "email_verified", "exp", "family_name", "given_name",
			"iat", "iss", "jti", "name", "nbf", "nonce", "picture", "sub"},
	})
}

// writeCacheableJSON answers body as JSON that clients may cache for an hour, as Google's certs are.
func writeCacheableJSON(w http.ResponseWriter, body any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", fmt.Sprintf("public, max-age=%d", googleKeySetMaxAge))
	encoder := json.NewEncoder(w)
	encoder.SetEscapeHTML(false)
	encoder.Encode(body)
}

// googleTokenRequest is the body of POST /google/api/token.
type googleTokenRequest struct {
	ClientID      string `json:"client_id"`
	Email         string `json:"email"`
	Name          string `json:"name"`
	EmailVerified *bool  `json:"email_verified"`
	Nonce         string `json:"nonce"`
	Expired       bool   `json:"expired"`
}

// serveTestToken mints a token without a browser. email_verified defaults to
// true; expired mints a token issued two hours ago, so it expired an hour ago.
func (g *googleSignIn) serveTestToken(w http.ResponseWriter, r *http.Request) {
	var request googleTokenRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, googleRequestLimit)).Decode(&request); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "body must be a JSON object: " + err.Error()})
		return
	}
	issuedAt := g.now()
	if request.Expired {
		issuedAt = issuedAt.Add(-2 * googleIDTokenLifetime)
	}
	who := googleIdentity{
		ClientID:      request.ClientID,
		Email:         request.Email,
		Name:          request.Name,
		EmailVerified: request.EmailVerified == nil || *request.EmailVerified,
		Nonce:         request.Nonce,
	}
	token, claims, err := g.issueIDToken(who, googlePublicBase(r), issuedAt)
	var requestErr *googleRequestError
	switch {
	case errors.As(err, &requestErr):
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": requestErr.Error()})
		return
	case err != nil:
		g.logger.Error("google id token failed", "err", err)
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "signing failed"})
		return
	}
	g.logIssued("api", claims)
	writeJSON(w, http.StatusOK, map[string]string{"credential": token})
}

// logIssued logs one issued token without the e-mail address or name.
func (g *googleSignIn) logIssued(via string, claims googleIDTokenClaims) {
	g.logger.Info("google id token issued", "via", via, "aud", claims.Audience, "sub", claims.Subject,
		"email_verified", claims.EmailVerified, "exp", time.Unix(claims.Expires, 0).UTC())
}

// googleChooser is what the account chooser page shows.
type googleChooser struct {
	ClientID   string
	Origin     string
	OriginHost string
	Nonce      string
	Accounts   []googleChooserAccount
	Verified   bool
	Email      string
	Name       string
	Error      string
}

// googleChooserAccount is one preset account row of the chooser.
type googleChooserAccount struct {
	googleAccount
	Avatar string
}

// googleConsentRequest reads client_id, origin and nonce from the query or form.
// A non-empty problem means the chooser cannot be shown at all.
func googleConsentRequest(r *http.Request) (chooser googleChooser, problem string) {
	chooser = googleChooser{
		ClientID: strings.TrimSpace(r.FormValue("client_id")),
		Nonce:    r.FormValue("nonce"),
		Verified: true,
	}
	origin, ok := webOrigin(r.FormValue("origin"))
	switch {
	case chooser.ClientID == "":
		return chooser, "Missing required parameter: client_id"
	case !ok:
		return chooser, "Missing or invalid parameter: origin (want the page's origin, such as http://127.0.0.1:5173)"
	case len(chooser.Nonce) > googleMaxNonceLength:
		return chooser, fmt.Sprintf("Parameter nonce is longer than %d bytes", googleMaxNonceLength)
	}
	chooser.Origin = origin
	chooser.OriginHost = strings.TrimPrefix(strings.TrimPrefix(origin, "https://"), "http://")
	for _, account := range googleDemoAccounts {
		chooser.Accounts = append(chooser.Accounts, googleChooserAccount{
			googleAccount: account,
			Avatar:        googleAvatarURL("/google", googleSubject(account.Email), account.Name),
		})
	}
	return chooser, ""
}

// serveChooser shows the account chooser, or Google's error page when the
// request names no client or no valid origin.
func (g *googleSignIn) serveChooser(w http.ResponseWriter, r *http.Request) {
	chooser, problem := googleConsentRequest(r)
	if problem != "" {
		renderPage(w, http.StatusBadRequest, googleErrorPage, problem)
		return
	}
	renderPage(w, http.StatusOK, googleChooserPage, chooser)
}

// serveChosenAccount signs in as the picked preset (field account) or the typed
// account (fields email and name) and answers a page that hands the credential
// to the page that opened the chooser.
func (g *googleSignIn) serveChosenAccount(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, googleRequestLimit)
	if err := r.ParseForm(); err != nil {
		renderPage(w, http.StatusBadRequest, googleErrorPage, "The form could not be read.")
		return
	}
	chooser, problem := googleConsentRequest(r)
	if problem != "" {
		renderPage(w, http.StatusBadRequest, googleErrorPage, problem)
		return
	}
	chooser.Verified = r.PostForm.Get("email_verified") == "true" || r.PostForm.Get("email_verified") == "on"
	who := googleIdentity{
		ClientID:      chooser.ClientID,
		Email:         r.PostForm.Get("email"),
		Name:          r.PostForm.Get("name"),
		EmailVerified: chooser.Verified,
		Nonce:         chooser.Nonce,
	}
	if preset := r.PostForm.Get("account"); preset != "" {
		who.Email, who.Name = preset, ""
		for _, account := range googleDemoAccounts {
			if account.Email == preset {
				who.Name = account.Name
			}
		}
		if who.Name == "" {
			renderPage(w, http.StatusBadRequest, googleErrorPage, "Unknown account: "+preset)
			return
		}
	}
	token, claims, err := g.issueIDToken(who, googlePublicBase(r), g.now())
	var requestErr *googleRequestError
	switch {
	case errors.As(err, &requestErr):
		chooser.Email, chooser.Name, chooser.Error = who.Email, who.Name, requestErr.Error()
		renderPage(w, http.StatusBadRequest, googleChooserPage, chooser)
		return
	case err != nil:
		g.logger.Error("google id token failed", "err", err)
		renderPage(w, http.StatusInternalServerError, googleErrorPage, "Signing the ID token failed.")
		return
	}
	g.logIssued("consent", claims)
	renderPage(w, http.StatusOK, googleChosenPage, map[string]string{
		"Credential": token,
		"Origin":     chooser.Origin,
		"Email":      claims.Email,
	})
}

// serveAvatar draws initials on a circle coloured by the subject, or a
// silhouette when there are no initials.
func (g *googleSignIn) serveAvatar(w http.ResponseWriter, r *http.Request) {
	sub, ok := strings.CutSuffix(r.PathValue("file"), ".svg")
	if !ok || sub == "" || len(sub) > 32 || strings.Trim(sub, "0123456789") != "" {
		http.NotFound(w, r)
		return
	}
	var initials []rune
	for _, letter := range r.URL.Query().Get("initials") {
		if unicode.IsLetter(letter) && len(initials) < 2 {
			initials = append(initials, unicode.ToUpper(letter))
		}
	}
	colorIndex := 0
	for _, digit := range sub {
		colorIndex += int(digit - '0')
	}
	figure := `<circle cx="48" cy="38" r="16" fill="#fff"/><path d="M18 82c3-17 15-26 30-26s27 9 30 26z" fill="#fff"/>`
	if len(initials) > 0 {
		figure = `<text x="48" y="48" dy=".35em" text-anchor="middle" fill="#fff" font-family="Roboto,Arial,sans-serif" font-size="40">` +
			html.EscapeString(string(initials)) + `</text>`
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	io.WriteString(w, `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">`+
		`<circle cx="48" cy="48" r="48" fill="`+googleAvatarColors[colorIndex%len(googleAvatarColors)]+`"/>`+figure+`</svg>`)
}

// googleMarkSVG is the four-colour G drawn on the chooser.
const googleMarkSVG = `<svg viewBox="0 0 48 48" width="20" height="20" aria-hidden="true" focusable="false">` +
	`<path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"/>` +
	`<path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"/>` +
	`<path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"/>` +
	`<path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"/></svg>`

// googlePageFuncs are the helpers of the Google page templates.
var googlePageFuncs = template.FuncMap{
	"googleMark": func() template.HTML { return template.HTML(googleMarkSVG) },
}

// googlePageStyle is the Google-like look shared by the chooser pages.
const googlePageStyle = `<style>
*{box-sizing:border-box}
body{margin:0;background:#fff;color:#202124;font:14px/1.45 "Google Sans",Roboto,Arial,sans-serif}
main{max-width:450px;margin:0 auto;padding:24px 28px 20px}
.brand{display:flex;align-items:center;gap:10px;padding-bottom:14px;margin:0 -28px 20px;padding-left:28px;border-bottom:1px solid #dadce0;color:#3c4043;font-size:14px}
h1{font-size:24px;font-weight:400;margin:0 0 6px;text-align:center}
h2{font-size:14px;font-weight:500;margin:20px 0 10px;color:#3c4043}
.lead{text-align:center;margin:0 0 20px;color:#202124;font-size:16px}
.lead strong{color:#1a73e8;font-weight:500}
ul{list-style:none;margin:0;padding:0;border-top:1px solid #e8eaed}
li{border-bottom:1px solid #e8eaed}
.account{display:flex;align-items:center;gap:12px;width:100%;padding:12px 8px;border:0;background:none;color:inherit;font:inherit;text-align:left;cursor:pointer}
.account:hover{background:#f8f9fa}
.account:focus-visible,button:focus-visible,input:focus-visible{outline:2px solid #1a73e8;outline-offset:1px}
.account img{border-radius:50%;flex:none}
.who{display:flex;flex-direction:column;min-width:0}
.who .name{font-weight:500;color:#3c4043}
.who .email{color:#5f6368;font-size:12px;overflow:hidden;text-overflow:ellipsis}
.option{display:flex;align-items:center;gap:8px;margin:14px 0 0;color:#3c4043}
.option input{width:18px;height:18px;accent-color:#1a73e8;margin:0}
label.field{display:block;margin:10px 0 4px;color:#5f6368;font-size:12px}
input[type=email],input[type=text]{width:100%;padding:10px 12px;border:1px solid #dadce0;border-radius:4px;font:inherit;font-size:16px;color:#202124}
input[type=email]:focus,input[type=text]:focus{border-color:#1a73e8}
.actions{display:flex;justify-content:space-between;align-items:center;margin-top:20px}
.primary{padding:9px 24px;border:0;border-radius:4px;background:#1a73e8;color:#fff;font-family:inherit;font-size:14px;font-weight:500;cursor:pointer}
.primary:hover{background:#1b66c9}
.text{padding:9px 8px;border:0;background:none;color:#1a73e8;font-family:inherit;font-size:14px;font-weight:500;cursor:pointer}
.error{margin:0 0 14px;padding:8px 12px;border-radius:4px;background:#fce8e6;color:#c5221f}
.note{margin:22px 0 0;color:#5f6368;font-size:12px;text-align:center}
textarea{width:100%;height:8rem;font:12px/1.4 monospace}
</style>`

// googleChooserPage is the account chooser. The e-mail-verified checkbox lives
// outside both forms; a submit handler copies it into each form's hidden field,
// so pressing Enter in the typed-account form never picks a preset.
var googleChooserPage = template.Must(template.New("chooser").Funcs(googlePageFuncs).Parse(`{{define "hidden"}}
<input type="hidden" name="client_id" value="{{.ClientID}}">
<input type="hidden" name="origin" value="{{.Origin}}">
{{if .Nonce}}<input type="hidden" name="nonce" value="{{.Nonce}}">{{end}}
<input type="hidden" name="email_verified" value="{{.Verified}}">{{end}}<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in - Google Accounts (sim)</title>` + googlePageStyle + `</head><body>
<main>
<div class="brand">{{googleMark}}<span>Sign in with Google</span></div>
<h1>Choose an account</h1>
<p class="lead">to continue to <strong>{{.OriginHost}}</strong></p>
{{if .Error}}<p class="error" role="alert">{{.Error}}</p>{{end}}
<form method="post" action="/google/consent" data-account-form>{{template "hidden" .}}
<ul aria-label="Accounts">
{{range .Accounts}}<li><button type="submit" class="account" name="account" value="{{.Email}}"><img src="{{.Avatar}}" alt="" width="32" height="32"><span class="who"><span class="name">{{.Name}}</span> <span class="email">{{.Email}}</span></span></button></li>
{{end}}</ul>
</form>
<p class="option"><input type="checkbox" id="email-verified"{{if .Verified}} checked{{end}}><label for="email-verified">E-mail verified</label></p>
<form method="post" action="/google/consent" data-account-form>{{template "hidden" .}}
<h2>Use another account</h2>
<label class="field" for="another-email">Email</label>
<input id="another-email" name="email" type="email" autocomplete="email" required value="{{.Email}}">
<label class="field" for="another-name">Full name</label>
<input id="another-name" name="name" type="text" autocomplete="name" value="{{.Name}}">
<div class="actions"><button type="button" class="text" id="cancel">Cancel</button><button type="submit" class="primary">Continue</button></div>
</form>
<p class="note">Simulated by drape sim for development and tests. No real Google account is used.</p>
</main>
<script>
(function () {
  var origin = {{.Origin}};
  var target = window.opener || (window.parent !== window ? window.parent : null);
  var verified = document.getElementById('email-verified');
  document.querySelectorAll('form[data-account-form]').forEach(function (form) {
    form.addEventListener('submit', function () {
      form.elements.email_verified.value = verified.checked ? 'true' : 'false';
    });
  });
  function cancel() {
    if (target) {
      target.postMessage({type: 'sim-gis-cancel'}, origin);
    }
    if (window.opener) {
      window.close();
    }
  }
  document.getElementById('cancel').addEventListener('click', cancel);
  document.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') {
      cancel();
    }
  });
})();
</script>
</body></html>
`))

// googleChosenPage hands the credential to the chooser's opener (popup) or
// parent (modal iframe) and closes the popup. Opened directly, it shows the token.
var googleChosenPage = template.Must(template.New("chosen").Funcs(googlePageFuncs).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Signed in - Google Accounts (sim)</title>` + googlePageStyle + `</head><body>
<main>
<div class="brand">{{googleMark}}<span>Sign in with Google</span></div>
<h1>Signed in</h1>
<p class="lead">as <strong>{{.Email}}</strong>. You can close this window.</p>
<details><summary>ID token</summary><textarea readonly aria-label="ID token">{{.Credential}}</textarea></details>
</main>
<script>
(function () {
  var message = {type: 'sim-gis-credential', credential: {{.Credential}}};
  var origin = {{.Origin}};
  var target = window.opener || (window.parent !== window ? window.parent : null);
  if (target) {
    target.postMessage(message, origin);
  }
  if (window.opener) {
    window.close();
  }
})();
</script>
</body></html>
`))

// googleErrorPage explains why the chooser cannot be shown, like Google's
// "Access blocked" page.
var googleErrorPage = template.Must(template.New("error").Funcs(googlePageFuncs).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Error 400 - Google Accounts (sim)</title>` + googlePageStyle + `</head><body>
<main>
<div class="brand">{{googleMark}}<span>Sign in with Google</span></div>
<h1>Access blocked: Authorization Error</h1>
<p class="error" role="alert">Error 400: invalid_request. {{.}}</p>
</main>
</body></html>
`))
