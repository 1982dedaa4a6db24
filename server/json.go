package main

import (
	"bytes"
	"encoding/json"
)

// jsonEncode is encoding/json without HTML escaping, so messages like "Add items worth ₹500
// more" and product names with '&' reach clients as written.
func jsonEncode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
