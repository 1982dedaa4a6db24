package account

import (
	"strings"
	"testing"
)

func TestPasswordHashes(t *testing.T) {
	hash, err := hashPassword("tailored-fit-42", StrongPasswordCost)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$argon2id$v=19$m=65536,t=3,p=1$") {
		t.Fatalf("hash %q does not carry the expected argon2id parameters", hash)
	}
	if !passwordMatches(hash, "tailored-fit-42") {
		t.Fatal("the right password does not match")
	}
	for _, wrong := range []string{"", "tailored-fit-43", "Tailored-fit-42", "tailored-fit-42 "} {
		if passwordMatches(hash, wrong) {
			t.Fatalf("%q matched", wrong)
		}
	}
	again, _ := hashPassword("tailored-fit-42", StrongPasswordCost)
	if again == hash {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
	for _, broken := range []string{"", "plain", "$argon2i$v=19$m=65536,t=3,p=1$c2FsdA$a2V5", "$argon2id$v=19$bad$c2FsdA$a2V5"} {
		if passwordMatches(broken, "tailored-fit-42") {
			t.Fatalf("a malformed hash %q matched", broken)
		}
	}
}

// TestServiceHashesAtTheStrongCostUnlessTold proves that a service whose Config names no cost
// (production's) hashes at 64 MiB and 3 passes, and that the test cost is much cheaper but still
// argon2id that checks the password: the test stacks trade only time, not what is checked.
func TestServiceHashesAtTheStrongCostUnlessTold(t *testing.T) {
	secret := []byte(strings.Repeat("s", MinSecretLength))
	if got := NewService(nil, Config{Secret: secret}).cost; got != StrongPasswordCost {
		t.Fatalf("default cost %+v, want the strong one %+v", got, StrongPasswordCost)
	}
	if StrongPasswordCost != (PasswordCost{Passes: 3, MemoryKiB: 64 * 1024}) {
		t.Fatalf("the strong cost is %+v, want 3 passes over 64 MiB", StrongPasswordCost)
	}
	cheap := NewService(nil, Config{Secret: secret, PasswordCost: TestPasswordCost}).dummyHash()
	if !strings.HasPrefix(cheap, "$argon2id$v=19$m=1024,t=1,p=1$") {
		t.Fatalf("test-cost hash %q", cheap)
	}
	if !passwordMatches(cheap, "drape-timing-equaliser") || passwordMatches(cheap, "drape-timing-equaliseR") {
		t.Fatal("a test-cost hash does not check its password")
	}
}

func TestEmailsAreCheckedAndLowercased(t *testing.T) {
	for in, want := range map[string]string{"Aarav@Example.IN": "aarav@example.in", " ira@example.in ": "ira@example.in"} {
		if got, ok := normalEmail(in); !ok || got != want {
			t.Errorf("normalEmail(%q) = %q, %v", in, got, ok)
		}
	}
	for _, bad := range []string{"", "aarav", "aarav@", "@example.in", "Aarav <aarav@example.in>", "a@localhost", strings.Repeat("a", 250) + "@x.in"} {
		if _, ok := normalEmail(bad); ok {
			t.Errorf("normalEmail(%q) accepted", bad)
		}
	}
}
