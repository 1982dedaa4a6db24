package config

import (
	"strings"
	"testing"
	"time"
)

func TestReaderListsEveryProblem(t *testing.T) {
	env := map[string]string{"PORT": "eighty", "WAIT": "soon", "MODE": "fast", "DB": "not a url"}
	r := NewReader(func(k string) string { return env[k] })
	r.Int("PORT", 8080, 1, 65535)
	r.Duration("WAIT", time.Second, 0, time.Minute)
	r.OneOf("MODE", "dev", "dev", "prod")
	r.URL("DB", "", true, "postgres")
	r.Required("SECRET")
	err := r.Err()
	if err == nil {
		t.Fatal("want an error")
	}
	for _, key := range []string{"PORT", "WAIT", "MODE", "DB", "SECRET"} {
		if !strings.Contains(err.Error(), key+":") {
			t.Errorf("error does not name %s:\n%v", key, err)
		}
	}
}

func TestReaderDefaultsAndValues(t *testing.T) {
	env := map[string]string{"PORT": "9000", "ORIGINS": " a , ,b "}
	r := NewReader(func(k string) string { return env[k] })
	if r.Int("PORT", 8080, 1, 65535) != 9000 || r.Int("OTHER", 7, 1, 10) != 7 {
		t.Fatal("Int")
	}
	if got := r.List("ORIGINS", nil); len(got) != 2 || got[0] != "a" || got[1] != "b" {
		t.Fatalf("List = %q", got)
	}
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
}

func TestMask(t *testing.T) {
	if got := Mask("postgres://drape:hunter2@db:5432/drape"); strings.Contains(got, "hunter2") {
		t.Fatalf("Mask leaked the password: %s", got)
	}
	if got := Mask("postgres://drape@/drape?host=/run/postgresql&password=s3cret"); strings.Contains(got, "s3cret") {
		t.Fatalf("Mask leaked a password in the query: %s", got)
	}
	if got := Mask("rzp_secret_abcdef"); got != "rz******" {
		t.Fatalf("Mask = %q", got)
	}
}
