package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"runtime"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2id with one lane (each hash on one core), 32-byte keys and 16-byte salts. Stored as a
// PHC string, which carries its cost: a password is checked at the cost it was hashed with.
const (
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// PasswordCost is the work of one argon2id hash: passes over memory.
type PasswordCost struct {
	Passes    uint32 // t
	MemoryKiB uint32 // m
}

// StrongPasswordCost is the cost of every password the shop stores, and a Service's unless
// its Config says otherwise: RFC 9106's second recommendation for memory, 64 MiB and 3 passes
// (about 70 ms of one core).
var StrongPasswordCost = PasswordCost{Passes: 3, MemoryKiB: 64 * 1024}

// TestPasswordCost is for test stacks only: 1 pass over 1 MiB, a few hundred times cheaper.
// Browser and Go tests sign up and sign in hundreds of shoppers, which at the strong cost was
// most of their server's CPU. The server takes it only from PASSWORD_COST=test and refuses it
// unless it listens and is addressed on loopback (server/config.go).
var TestPasswordCost = PasswordCost{Passes: 1, MemoryKiB: 1024}

// hashSlots bounds how many hashes run at once to all cores but one, so a wave of sign-ins
// (or guesses, before the limiter stops them) queues here instead of starving every other
// request of CPU.
var hashSlots = make(chan struct{}, max(1, runtime.NumCPU()-1))

func argonKey(password, salt []byte, time, memory uint32, threads uint8, keyLen uint32) []byte {
	hashSlots <- struct{}{}
	defer func() { <-hashSlots }()
	return argon2.IDKey(password, salt, time, memory, threads, keyLen)
}

// hashPassword makes the PHC string of password at cost.
func hashPassword(password string, cost PasswordCost) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argonKey([]byte(password), salt, cost.Passes, cost.MemoryKiB, argonThreads, argonKeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, cost.MemoryKiB, cost.Passes, argonThreads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// passwordMatches reports whether password hashes to encoded, in constant time.
func passwordMatches(encoded, password string) bool {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var memory, time uint32
	var threads uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &memory, &time, &threads); err != nil {
		return false
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil {
		return false
	}
	got := argonKey([]byte(password), salt, time, memory, threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}
