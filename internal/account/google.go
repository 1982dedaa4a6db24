package account

import (
	"context"
	"fmt"

	"github.com/coreos/go-oidc/v3/oidc"
)

// googleVerifier checks Google ID tokens with go-oidc: RS256 signature against the key set,
// issuer, audience (our client id) and expiry.
type googleVerifier struct {
	verifier *oidc.IDTokenVerifier
}

// NewGoogleVerifier verifies tokens issued by issuer for clientID with the keys at certsURL
// (Google's in production, sim's in development and tests).
func NewGoogleVerifier(ctx context.Context, issuer, certsURL, clientID string) GoogleVerifier {
	keys := oidc.NewRemoteKeySet(ctx, certsURL)
	return &googleVerifier{verifier: oidc.NewVerifier(issuer, keys, &oidc.Config{ClientID: clientID})}
}

// Verify implements GoogleVerifier.
func (g *googleVerifier) Verify(ctx context.Context, idToken string) (GoogleIdentity, error) {
	tok, err := g.verifier.Verify(ctx, idToken)
	if err != nil {
		return GoogleIdentity{}, err
	}
	var c struct {
		Email         string `json:"email"`
		EmailVerified bool   `json:"email_verified"`
		Name          string `json:"name"`
		GivenName     string `json:"given_name"`
		FamilyName    string `json:"family_name"`
		Picture       string `json:"picture"`
	}
	if err := tok.Claims(&c); err != nil {
		return GoogleIdentity{}, fmt.Errorf("google: claims: %w", err)
	}
	return GoogleIdentity{Subject: tok.Subject, Email: c.Email, EmailVerified: c.EmailVerified, Name: c.Name,
		GivenName: c.GivenName, FamilyName: c.FamilyName, Picture: c.Picture}, nil
}
