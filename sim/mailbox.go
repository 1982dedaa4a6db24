package main

import (
	"encoding/json"
	"html/template"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// mailboxCapacity is how many messages sim keeps; older ones are dropped.
const mailboxCapacity = 1000

// mailbox keeps the newest messages in memory. It is safe for concurrent use;
// stored messages are never modified.
type mailbox struct {
	mu       sync.RWMutex
	capacity int
	messages []*message // oldest first
}

func newMailbox(capacity int) *mailbox {
	return &mailbox{capacity: capacity}
}

// add keeps msg, unless the mailbox holds a message with its Message-ID already: as Gmail does,
// a message delivered twice (a sender that retried after its record of the first was lost) is
// shown once.
func (b *mailbox) add(msg *message) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if id := messageIDOf(msg); id != "" {
		for _, kept := range b.messages {
			if messageIDOf(kept) == id && slices.Equal(kept.To, msg.To) {
				return
			}
		}
	}
	b.messages = append(b.messages, msg)
	if over := len(b.messages) - b.capacity; over > 0 {
		b.messages = slices.Delete(b.messages, 0, over)
	}
}

// list returns messages newest first; a non-empty recipient keeps only
// messages with that envelope recipient, compared case-insensitively.
func (b *mailbox) list(recipient string) []*message {
	b.mu.RLock()
	defer b.mu.RUnlock()
	recipient = strings.TrimSpace(recipient)
	found := make([]*message, 0, len(b.messages))
	for _, msg := range slices.Backward(b.messages) {
		if recipient == "" || slices.ContainsFunc(msg.To, func(to string) bool { return strings.EqualFold(to, recipient) }) {
			found = append(found, msg)
		}
	}
	return found
}

func (b *mailbox) get(id string) (*message, bool) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	for _, msg := range b.messages {
		if msg.ID == id {
			return msg, true
		}
	}
	return nil, false
}

func (b *mailbox) clear() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.messages = nil
}

// messageSummary is a message as listed by GET /mail/api/messages: without headers and raw.
type messageSummary struct {
	ID         string    `json:"id"`
	From       string    `json:"from"`
	To         []string  `json:"to"`
	Subject    string    `json:"subject"`
	Text       string    `json:"text"`
	HTML       string    `json:"html"`
	ReceivedAt time.Time `json:"receivedAt"`
}

// registerMailbox adds the mailbox page and its JSON API:
//
//	GET    /mail                      HTML list, newest first, refreshing itself
//	GET    /mail/{id}                 HTML view of one message
//	GET    /mail/api/messages?to=     {"messages":[messageSummary…]} newest first
//	GET    /mail/api/messages/{id}    one message with headers and raw
//	DELETE /mail/api/messages         empty the mailbox (204)
func registerMailbox(mux *http.ServeMux, box *mailbox) {
	mux.HandleFunc("GET /mail", func(w http.ResponseWriter, r *http.Request) {
		renderPage(w, http.StatusOK, mailListPage, box.list(r.URL.Query().Get("to")))
	})
	mux.HandleFunc("GET /mail/{id}", func(w http.ResponseWriter, r *http.Request) {
		msg, ok := box.get(r.PathValue("id"))
		if !ok {
			renderPage(w, http.StatusNotFound, mailMissingPage, r.PathValue("id"))
			return
		}
		renderPage(w, http.StatusOK, mailMessagePage, msg)
	})
	mux.HandleFunc("GET /mail/api/messages", func(w http.ResponseWriter, r *http.Request) {
		found := box.list(r.URL.Query().Get("to"))
		summaries := make([]messageSummary, len(found))
		for i, msg := range found {
			summaries[i] = messageSummary{
				ID: msg.ID, From: msg.From, To: msg.To, Subject: msg.Subject,
				Text: msg.Text, HTML: msg.HTML, ReceivedAt: msg.ReceivedAt,
			}
		}
		writeJSON(w, http.StatusOK, map[string]any{"messages": summaries})
	})
	mux.HandleFunc("GET /mail/api/messages/{id}", func(w http.ResponseWriter, r *http.Request) {
		msg, ok := box.get(r.PathValue("id"))
		if !ok {
			writeJSON(w, http.StatusNotFound, map[string]string{"error": "message not found"})
			return
		}
		writeJSON(w, http.StatusOK, msg)
	})
	mux.HandleFunc("DELETE /mail/api/messages", func(w http.ResponseWriter, r *http.Request) {
		box.clear()
		w.WriteHeader(http.StatusNoContent)
	})
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	encoder := json.NewEncoder(w)
	encoder.SetEscapeHTML(false)
	encoder.Encode(body)
}

func renderPage(w http.ResponseWriter, status int, page *template.Template, data any) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	page.Execute(w, data)
}

var pageFuncs = template.FuncMap{
	"join": strings.Join,
	"when": func(t time.Time) string { return t.Format("2006-01-02 15:04:05 UTC") },
}

const pageStyle = `<style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222;background:#fdfcf8}
h1{font-size:1.4rem}a{color:#1d3557}table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #ddd;vertical-align:top}
pre{white-space:pre-wrap;background:#f3f1ea;padding:1rem;overflow:auto}
iframe{width:100%;height:32rem;border:1px solid #ccc;background:#fff}
.muted{color:#666}button{font:inherit;padding:.3rem .8rem}
</style>`

var mailListPage = template.Must(template.New("list").Funcs(pageFuncs).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<title>sim mailbox</title>` + pageStyle + `</head><body>
<h1>sim mailbox</h1>
<p class="muted">{{len .}} message(s), newest first; refreshes every 3 s.
<button type="button" onclick="fetch('/mail/api/messages',{method:'DELETE'}).then(()=>location.reload())">Clear</button></p>
<table><thead><tr><th>To</th><th>Subject</th><th>Received</th></tr></thead><tbody>
{{range .}}<tr><td>{{join .To ", "}}</td><td><a href="/mail/{{.ID}}">{{or .Subject "(no subject)"}}</a></td><td>{{when .ReceivedAt}}</td></tr>
{{else}}<tr><td colspan="3" class="muted">No mail yet.</td></tr>
{{end}}</tbody></table>
</body></html>
`))

var mailMessagePage = template.Must(template.New("message").Funcs(pageFuncs).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{{or .Subject "(no subject)"}} · sim mailbox</title>` + pageStyle + `</head><body>
<p><a href="/mail">← mailbox</a></p>
<h1>{{or .Subject "(no subject)"}}</h1>
<table>
<tr><th>From</th><td>{{.From}}</td></tr>
<tr><th>To</th><td>{{join .To ", "}}</td></tr>
<tr><th>Received</th><td>{{when .ReceivedAt}}</td></tr>
</table>
{{if .HTML}}<h2>HTML</h2>
<iframe sandbox="" title="HTML body" srcdoc="{{.HTML}}"></iframe>{{end}}
{{if .Text}}<h2>Text</h2>
<pre>{{.Text}}</pre>{{end}}
<details><summary>Headers</summary><table>
{{range $name, $values := .Headers}}{{range $values}}<tr><th>{{$name}}</th><td>{{.}}</td></tr>{{end}}{{end}}
</table></details>
<details><summary>Raw</summary><pre>{{.Raw}}</pre></details>
</body></html>
`))

var mailMissingPage = template.Must(template.New("missing").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not found · sim mailbox</title>` + pageStyle + `</head><body>
<p><a href="/mail">← mailbox</a></p>
<h1>No message {{.}}</h1>
<p class="muted">It may have been cleared or pushed out by newer mail.</p>
</body></html>
`))

// messageIDOf is msg's Message-ID header, or "" without one.
func messageIDOf(msg *message) string {
	if ids := msg.Headers["Message-Id"]; len(ids) > 0 {
		return strings.TrimSpace(ids[0])
	}
	return ""
}
