package main

import (
	"encoding/json"
	"html/template"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// messageLogCapacity bounds the message log; the oldest go first.
const messageLogCapacity = 5000

// loggedMessage is one WhatsApp or SMS message a simulated provider accepted.
type loggedMessage struct {
	ID            string   `json:"id"`       // the provider's id: wamid.… or MSG91's request id
	Provider      string   `json:"provider"` // "whatsapp" or "sms"
	To            string   `json:"to"`
	Template      string   `json:"template"`      // WhatsApp template name or MSG91 Flow template id
	DLTTemplateID string   `json:"dltTemplateId"` // SMS only: the DLT template the Flow is mapped to
	Params        []string `json:"params"`
	Text          string   `json:"text"` // the approved text with the params filled in
	// Buttons are a WhatsApp template's quick-reply buttons with the payloads the sender set.
	Buttons    []loggedButton `json:"buttons,omitempty"`
	ReceivedAt time.Time      `json:"receivedAt"`
}

// loggedButton is a quick-reply button of a logged message: its label and payload.
type loggedButton struct {
	Text    string `json:"text"`
	Payload string `json:"payload"`
}

// messageLog keeps the messages both messaging providers accepted, newest last.
type messageLog struct {
	mu       sync.Mutex
	messages []loggedMessage
}

// byID is the logged message with the provider's id.
func (l *messageLog) byID(id string) (loggedMessage, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, m := range l.messages {
		if m.ID == id {
			return m, true
		}
	}
	return loggedMessage{}, false
}

func (l *messageLog) add(m loggedMessage) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.messages = append(l.messages, m)
	if len(l.messages) > messageLogCapacity {
		l.messages = l.messages[len(l.messages)-messageLogCapacity:]
	}
}

// list is the messages to to (all when empty) of provider (both when empty), newest first.
func (l *messageLog) list(to, provider string) []loggedMessage {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := []loggedMessage{}
	for i := len(l.messages) - 1; i >= 0; i-- {
		m := l.messages[i]
		if (to == "" || m.To == to) && (provider == "" || m.Provider == provider) {
			out = append(out, m)
		}
	}
	return out
}

// fillTemplate is text with its placeholders ({{1}}… for WhatsApp, {#var#} in order for DLT
// SMS) replaced by params.
func fillTemplate(text string, params []string) string {
	for i, p := range params {
		text = strings.Replace(text, "{{"+strconv.Itoa(i+1)+"}}", p, 1)
		text = strings.Replace(text, "{#var#}", p, 1)
	}
	return text
}

// messagingControl is the fault control of POST /whatsapp/control and POST /msg91/control.
type messagingControl struct {
	// Down makes every send answer the provider's "service unavailable" (503) without sending.
	Down bool `json:"down"`
	// LatencyMs delays every answer (a slow provider).
	LatencyMs int `json:"latencyMs"`
	// ErrorRate is the share (0..1) of sends answered with a server error (500) without sending.
	ErrorRate float64 `json:"errorRate"`
	// Hang is how many of the next sends are accepted (sent, logged) and then answered only
	// after HangMs: a client that gives up first has lost the answer, not the message.
	Hang   int `json:"hang"`
	HangMs int `json:"hangMs"`
}

// messagingControlUpdate is a control body; absent fields stay as they are.
type messagingControlUpdate struct {
	Down      *bool    `json:"down"`
	LatencyMs *int     `json:"latencyMs"`
	ErrorRate *float64 `json:"errorRate"`
	Hang      *int     `json:"hang"`
	HangMs    *int     `json:"hangMs"`
}

// messagingFaults is one provider's fault control and counters.
type messagingFaults struct {
	mu       sync.Mutex
	control  messagingControl
	accepted int
	refused  int
}

// fault is how the next send goes: refused with a status (0: not refused), then the delay
// before answering.
func (f *messagingFaults) next() (refuse int, delay time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delay = time.Duration(f.control.LatencyMs) * time.Millisecond
	switch {
	case f.control.Down:
		refuse = http.StatusServiceUnavailable
	case f.control.ErrorRate > 0 && rand.Float64() < f.control.ErrorRate:
		refuse = http.StatusInternalServerError
	}
	if refuse != 0 {
		f.refused++
	}
	return refuse, delay
}

// accept counts an accepted send and says how long to hold its answer.
func (f *messagingFaults) accept() time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.accepted++
	if f.control.Hang > 0 {
		f.control.Hang--
		return time.Duration(f.control.HangMs) * time.Millisecond
	}
	return 0
}

func (f *messagingFaults) state() map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	return map[string]any{"control": f.control, "accepted": f.accepted, "refused": f.refused}
}

// register adds GET/POST {prefix}/control and POST {prefix}/control/reset to mux.
func (f *messagingFaults) register(mux *http.ServeMux, prefix string) {
	mux.HandleFunc("GET "+prefix+"/control", func(w http.ResponseWriter, r *http.Request) { writeJSON(w, http.StatusOK, f.state()) })
	mux.HandleFunc("POST "+prefix+"/control", func(w http.ResponseWriter, r *http.Request) {
		var u messagingControlUpdate
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&u); err != nil {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "body must be JSON: {down, latencyMs, errorRate, hang, hangMs}"})
			return
		}
		bad := (u.LatencyMs != nil && (*u.LatencyMs < 0 || *u.LatencyMs > 60000)) || (u.HangMs != nil && (*u.HangMs < 0 || *u.HangMs > 120000)) ||
			(u.ErrorRate != nil && (*u.ErrorRate < 0 || *u.ErrorRate > 1)) || (u.Hang != nil && *u.Hang < 0)
		if bad {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "latencyMs 0..60000, hangMs 0..120000, errorRate 0..1, hang ≥ 0"})
			return
		}
		f.mu.Lock()
		if u.Down != nil {
			f.control.Down = *u.Down
		}
		if u.LatencyMs != nil {
			f.control.LatencyMs = *u.LatencyMs
		}
		if u.ErrorRate != nil {
			f.control.ErrorRate = *u.ErrorRate
		}
		if u.Hang != nil {
			f.control.Hang = *u.Hang
		}
		if u.HangMs != nil {
			f.control.HangMs = *u.HangMs
		}
		f.mu.Unlock()
		writeJSON(w, http.StatusOK, f.state())
	})
	mux.HandleFunc("POST "+prefix+"/control/reset", func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		f.control, f.accepted, f.refused = messagingControl{}, 0, 0
		f.mu.Unlock()
		writeJSON(w, http.StatusOK, f.state())
	})
}

// wait sleeps d or until the request is abandoned.
func wait(r *http.Request, d time.Duration) {
	if d <= 0 {
		return
	}
	select {
	case <-time.After(d):
	case <-r.Context().Done():
	}
}

// registerMessaging adds WhatsApp's Cloud API (/whatsapp), MSG91's Flow API (/msg91), their
// fault controls and the message log of both to mux:
//
//	GET    /messages                       HTML log, newest first, refreshing itself
//	GET    /messages/api/messages?to=&provider=  {"messages":[…]} newest first
//	DELETE /messages/api/messages          clears the log
func registerMessaging(mux *http.ServeMux, getenv func(string) string) {
	log := &messageLog{}
	registerWhatsApp(mux, newWhatsAppSim(getenv, log))
	registerMSG91(mux, newMSG91Sim(getenv, log))
	mux.HandleFunc("GET /messages", func(w http.ResponseWriter, r *http.Request) {
		renderPage(w, http.StatusOK, messageListPage, log.list("", ""))
	})
	mux.HandleFunc("GET /messages/api/messages", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"messages": log.list(r.URL.Query().Get("to"), r.URL.Query().Get("provider"))})
	})
	mux.HandleFunc("DELETE /messages/api/messages", func(w http.ResponseWriter, r *http.Request) {
		log.mu.Lock()
		log.messages = nil
		log.mu.Unlock()
		w.WriteHeader(http.StatusNoContent)
	})
}

// envOr is getenv(key) trimmed, or fallback when empty.
func envOr(getenv func(string) string, key, fallback string) string {
	if v := strings.TrimSpace(getenv(key)); v != "" {
		return v
	}
	return fallback
}

var messageListPage = template.Must(template.New("messages").Funcs(pageFuncs).Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<title>sim messages</title>` + pageStyle + `
<script>
// reply taps a quick-reply button as the shopper: sim posts the signed webhook to the shop.
function reply(id, button) {
  fetch('/messages/api/messages/' + encodeURIComponent(id) + '/reply', {method: 'POST', headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({button: button})}).then(r => r.json()).then(a => alert(a.error || ('Replied ' + button + ': the shop answered ' + a.deliveries.join(', '))));
}
</script></head><body>
<h1>sim messages</h1>
<p class="muted">WhatsApp and SMS messages the simulated providers accepted: {{len .}}, newest first; refreshes every 3 s.
<a href="/mail">Mailbox</a>
<button type="button" onclick="fetch('/messages/api/messages',{method:'DELETE'}).then(()=>location.reload())">Clear</button></p>
<table><thead><tr><th>Channel</th><th>To</th><th>Template</th><th>Text</th><th>Received</th></tr></thead><tbody>
{{range .}}<tr><td>{{if eq .Provider "sms"}}SMS{{else}}WhatsApp{{end}}</td><td>+{{.To}}</td>
<td>{{.Template}}{{if .DLTTemplateID}}<br><span class="muted">DLT {{.DLTTemplateID}}</span>{{end}}</td>
<td>{{.Text}}<br><span class="muted">{{.ID}}</span>{{$id := .ID}}{{range .Buttons}}
<br><button type="button" onclick="reply({{$id}}, {{.Text}})">{{.Text}}</button>{{end}}</td><td>{{when .ReceivedAt}}</td></tr>
{{else}}<tr><td colspan="5" class="muted">No messages yet.</td></tr>
{{end}}</tbody></table>
</body></html>
`))
