package audit

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"drape/internal/audit/auditdb"
)

// erased is what a redacted value reads as.
const erased = "[erased]"

// Redact replaces in tx each of values (a shopper's name, e-mail, phone, address lines) by
// [erased] wherever an entry's before or after holds it, for the shopper's erasure (package
// privacy): who acted, on what and when stay. The entries are rewritten as JSON, not as text:
// a value inside a string is cut out of it, and a number that is the value (a courier payload's
// billing_phone) becomes the string [erased], so an entry stays valid JSON whatever it held.
// Values shorter than 3 characters are left, so a one-letter name cannot mangle the entries.
// Errors: those of the database.
func (s *Service) Redact(ctx context.Context, tx pgx.Tx, values []string) error {
	var kept, needles []string
	for _, v := range values {
		if v = strings.TrimSpace(v); utf8.RuneCountInString(v) >= 3 {
			kept = append(kept, v)
			needles = append(needles, "%"+likeEscaped(jsonText(v))+"%")
		}
	}
	if len(kept) == 0 {
		return nil
	}
	q := s.store.q.WithTx(tx)
	rows, err := q.EntriesHolding(ctx, needles)
	if err != nil {
		return err
	}
	for _, r := range rows {
		before, err := redactJSON(r.Before, kept)
		if err != nil {
			return err
		}
		after, err := redactJSON(r.After, kept)
		if err != nil {
			return err
		}
		if err := q.SetRedacted(ctx, auditdb.SetRedactedParams{ID: r.ID, Before: before, After: after}); err != nil {
			return err
		}
	}
	return nil
}

// jsonText is v as it appears inside a string of PostgreSQL's jsonb text (quotes, backslashes
// and control characters escaped; &, < and > as they are).
func jsonText(v string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSuffix(strings.TrimPrefix(strings.TrimSuffix(b.String(), "\n"), `"`), `"`)
}

// likeEscaped escapes LIKE's wildcards and its escape character in s.
func likeEscaped(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// redactJSON is doc with every string's occurrences of values cut to [erased] and every number
// equal to one of them made the string [erased]; nil stays nil.
func redactJSON(doc []byte, values []string) ([]byte, error) {
	if doc == nil {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return json.Marshal(redactValue(v, values))
}

func redactValue(v any, values []string) any {
	switch t := v.(type) {
	case string:
		for _, value := range values {
			t = strings.ReplaceAll(t, value, erased)
		}
		return t
	case json.Number:
		for _, value := range values {
			if strings.Contains(t.String(), value) {
				return erased
			}
		}
		return t
	case []any:
		for i := range t {
			t[i] = redactValue(t[i], values)
		}
		return t
	case map[string]any:
		for k := range t {
			t[k] = redactValue(t[k], values)
		}
		return t
	}
	return v
}
