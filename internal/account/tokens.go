package account

import (
	"errors"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"drape/internal/shop"
)

// tokenIssuer is the iss of every token drape signs.
const tokenIssuer = "drape"

// How long tokens last. Back-office tokens are short; both are revoked by a token version bump.
const (
	shopTokenTTL  = 7 * 24 * time.Hour
	adminTokenTTL = 12 * time.Hour
)

type claims struct {
	Role    string `json:"role"`
	Version int32  `json:"ver"`
	jwt.RegisteredClaims
}

// sign makes an HS256 token for u in audience aud.
func (s *Service) sign(userID, role string, version int32, aud string) (string, error) {
	ttl := shopTokenTTL
	if aud == AudienceAdmin {
		ttl = adminTokenTTL
	}
	now := s.now()
	c := claims{Role: role, Version: version, RegisteredClaims: jwt.RegisteredClaims{
		Issuer: tokenIssuer, Subject: userID, Audience: jwt.ClaimStrings{aud},
		IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(ttl)), ID: shop.NewID(),
	}}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(s.secret)
}

// parse checks a token's signature (HS256 only: "none" and every other algorithm are refused),
// issuer, audience and expiry.
func (s *Service) parse(token, aud string) (*claims, error) {
	var c claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return s.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithIssuer(tokenIssuer),
		jwt.WithAudience(aud), jwt.WithExpirationRequired(), jwt.WithTimeFunc(s.now))
	if err != nil {
		if errors.Is(err, jwt.ErrTokenExpired) {
			return nil, shop.Wrap(shop.Unauthorized, err, "Your session has expired. Please login again.")
		}
		return nil, shop.Wrap(shop.Unauthorized, err, "Unauthorized access. Please login again.")
	}
	return &c, nil
}
