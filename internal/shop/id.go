package shop

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"time"
)

// NewID makes a wire id: 24 lowercase hex characters, a 4-byte big-endian Unix time followed
// by 8 random bytes, so ids sort roughly by creation and are unguessable.
func NewID() string {
	var b [12]byte
	binary.BigEndian.PutUint32(b[:4], uint32(time.Now().Unix()))
	if _, err := rand.Read(b[4:]); err != nil {
		panic("shop: no randomness: " + err.Error())
	}
	return hex.EncodeToString(b[:])
}

// IsID reports whether s has the shape of a wire id: exactly 24 hex characters.
func IsID(s string) bool {
	if len(s) != 24 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}
