// Package config reads a process's settings from its environment once, at start. A Reader
// collects every missing or malformed key, so a process that cannot start says everything
// that is wrong in one message, and Mask keeps secrets out of the config it logs.
package config

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Reader reads typed values from getenv and remembers every problem.
type Reader struct {
	getenv   func(string) string
	problems []string
}

// NewReader reads from getenv (os.Getenv in main, a map in tests).
func NewReader(getenv func(string) string) *Reader { return &Reader{getenv: getenv} }

func (r *Reader) raw(key string) string { return strings.TrimSpace(r.getenv(key)) }

func (r *Reader) fail(key, format string, args ...any) {
	r.problems = append(r.problems, key+": "+fmt.Sprintf(format, args...))
}

// String is the value of key, or def when it is unset.
func (r *Reader) String(key, def string) string {
	if v := r.raw(key); v != "" {
		return v
	}
	return def
}

// Required is the value of key, recording a problem when it is unset.
func (r *Reader) Required(key string) string {
	v := r.raw(key)
	if v == "" {
		r.fail(key, "is required")
	}
	return v
}

// URL is key parsed as an absolute URL with one of the schemes, or def when unset.
func (r *Reader) URL(key, def string, required bool, schemes ...string) string {
	v := r.raw(key)
	if v == "" {
		if required && def == "" {
			r.fail(key, "is required")
		}
		return def
	}
	u, err := url.Parse(v)
	if err != nil || (u.Host == "" && u.Query().Get("host") == "") {
		r.fail(key, "must be an absolute URL")
		return v
	}
	for _, s := range schemes {
		if u.Scheme == s {
			return v
		}
	}
	r.fail(key, "must use one of the schemes %s", strings.Join(schemes, ", "))
	return v
}

// Int is key as a whole number within [lo, hi], or def when unset.
func (r *Reader) Int(key string, def, lo, hi int) int {
	v := r.raw(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		r.fail(key, "must be a whole number from %d to %d", lo, hi)
		return def
	}
	return n
}

// Duration is key as a Go duration ("15s", "2m") within [lo, hi], or def when unset.
func (r *Reader) Duration(key string, def, lo, hi time.Duration) time.Duration {
	v := r.raw(key)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < lo || d > hi {
		r.fail(key, "must be a duration from %s to %s, like 15s", lo, hi)
		return def
	}
	return d
}

// OneOf is key when it is one of the allowed values, or def when unset.
func (r *Reader) OneOf(key, def string, allowed ...string) string {
	v := r.raw(key)
	if v == "" {
		return def
	}
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	r.fail(key, "must be one of %s", strings.Join(allowed, ", "))
	return v
}

// List is key split on commas, trimmed, empty items dropped; def when unset.
func (r *Reader) List(key string, def []string) []string {
	v := r.raw(key)
	if v == "" {
		return def
	}
	var out []string
	for _, item := range strings.Split(v, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// Check remembers problem with key when bad holds: for a rule across keys, or one a typed
// reader cannot say.
func (r *Reader) Check(bad bool, key, problem string) {
	if bad {
		r.fail(key, "%s", problem)
	}
}

// Err lists every problem found, or is nil.
func (r *Reader) Err() error {
	if len(r.problems) == 0 {
		return nil
	}
	return fmt.Errorf("bad configuration:\n  %s", strings.Join(r.problems, "\n  "))
}

// Mask hides the password of a URL ("postgres://u:xxxxx@h/db") and all but the first two
// characters of any other secret.
func Mask(secret string) string {
	if u, err := url.Parse(secret); err == nil && u.Scheme != "" && (u.Host != "" || u.RawQuery != "") {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
		}
		q := u.Query()
		for k := range q {
			if strings.Contains(strings.ToLower(k), "pass") || strings.Contains(strings.ToLower(k), "secret") {
				q.Set(k, "xxxxx")
			}
		}
		u.RawQuery = q.Encode()
		return u.Redacted()
	}
	if secret == "" {
		return ""
	}
	if len(secret) <= 4 {
		return "****"
	}
	return secret[:2] + strings.Repeat("*", 6)
}
