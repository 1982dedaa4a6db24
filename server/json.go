package main

import (
	"bytes"
	"encoding/json"
	"sync"
)

// jsonEncoder is a reusable encoder over its own buffer.
type jsonEncoder struct {
	buf bytes.Buffer
	enc *json.Encoder
}

var jsonEncoders = sync.Pool{New: func() any {
	e := &jsonEncoder{}
	e.enc = json.NewEncoder(&e.buf)
	e.enc.SetEscapeHTML(false)
	return e
}}

// jsonEncode is encoding/json without HTML escaping, so messages like "Add items worth ₹500
// more" and product names with '&' reach clients as written. Encoders and their buffers are
// reused; the answer is a copy the caller owns (Fiber keeps it as the response body).
func jsonEncode(v any) ([]byte, error) {
	e := jsonEncoders.Get().(*jsonEncoder)
	defer func() {
		if e.buf.Cap() <= 64<<10 { // an unusually big answer's buffer is not kept
			e.buf.Reset()
			jsonEncoders.Put(e)
		}
	}()
	if err := e.enc.Encode(v); err != nil {
		return nil, err
	}
	return append([]byte(nil), bytes.TrimRight(e.buf.Bytes(), "\n")...), nil
}
