package main

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

const defaultMSG91AuthKey = "drape-sim-msg91-authkey"

// msg91Flow is a Flow template in MSG91's panel: the DLT template it is mapped to and the
// registered text with {#var#} placeholders (filled by VAR1, VAR2… in order).
type msg91Flow struct {
	dltTemplateID string
	body          string
}

// msg91Flows are the Flow templates of sim's MSG91 account (the shop's order updates).
var msg91Flows = map[string]msg91Flow{
	"6561a1f0d6fc0530ae4b8f21": {"1107170000000000101", "drape: your order {#var#} of {#var#} is placed. Track it at {#var#}"},
	"6561a1f0d6fc0530ae4b8f22": {"1107170000000000102", "drape: your order {#var#} has shipped. Track it at {#var#}"},
	"6561a1f0d6fc0530ae4b8f23": {"1107170000000000103", "drape: your order {#var#} is out for delivery today."},
	"6561a1f0d6fc0530ae4b8f24": {"1107170000000000104", "drape: your order {#var#} is delivered. We hope it fits beautifully."},
	"6561a1f0d6fc0530ae4b8f25": {"1107170000000000105", "drape: please confirm your cash on delivery order {#var#} so we can ship it: {#var#}"},
	"6561a1f0d6fc0530ae4b8f27": {"1107170000000000107", "drape: our {#var#} is on, {#var#}% off. Shop it at {#var#} (reply STOP or turn it off in your account)"},
	"6561a1f0d6fc0530ae4b8f26": {"1107170000000000106", "drape: the courier could not deliver your order {#var#}. Choose a new date, fix the address or cancel: {#var#}"},
}

// msg91Sim plays MSG91's Flow API:
//
//	POST /msg91/api/v5/flow (and /flow/)   header authkey; {template_id, short_url, recipients:[{mobiles, VAR1…}]}
//	GET|POST /msg91/control, POST /msg91/control/reset   fault control and counters
//
// It answers as MSG91 does: 200 {"type":"success","message":"<24-hex request id>"}; errors
// {"type":"error","message":…,"code":…}: 401 for a bad authkey, 400 for an unknown template,
// missing or bad mobiles, or a variable missing; 503 when down and 500 for an injected error.
type msg91Sim struct {
	authKey string
	log     *messageLog
	faults  messagingFaults
}

func newMSG91Sim(getenv func(string) string, log *messageLog) *msg91Sim {
	return &msg91Sim{authKey: envOr(getenv, "SIM_MSG91_AUTHKEY", defaultMSG91AuthKey), log: log}
}

func registerMSG91(mux *http.ServeMux, s *msg91Sim) {
	mux.HandleFunc("POST /msg91/api/v5/flow", s.serveFlow)
	mux.HandleFunc("POST /msg91/api/v5/flow/", s.serveFlow)
	s.faults.register(mux, "/msg91")
}

var indianMobile = regexp.MustCompile(`^91[6-9][0-9]{9}$`)

func writeMSG91Error(w http.ResponseWriter, status int, message string) {
	writeJSON(w, status, map[string]string{"type": "error", "message": message, "code": strconv.Itoa(status)})
}

func (s *msg91Sim) serveFlow(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("authkey") != s.authKey {
		writeMSG91Error(w, http.StatusUnauthorized, "Authentication failure")
		return
	}
	refuse, delay := s.faults.next()
	wait(r, delay)
	switch refuse {
	case http.StatusServiceUnavailable:
		writeMSG91Error(w, refuse, "Service Unavailable")
		return
	case http.StatusInternalServerError:
		writeMSG91Error(w, refuse, "Something went wrong, please try again")
		return
	}
	var req struct {
		TemplateID string              `json:"template_id"`
		Recipients []map[string]string `json:"recipients"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&req); err != nil {
		writeMSG91Error(w, http.StatusBadRequest, "Invalid JSON")
		return
	}
	flow, ok := msg91Flows[req.TemplateID]
	if !ok {
		writeMSG91Error(w, http.StatusBadRequest, "Template ID is not valid")
		return
	}
	if len(req.Recipients) == 0 {
		writeMSG91Error(w, http.StatusBadRequest, "Mobile number is missing")
		return
	}
	want := strings.Count(flow.body, "{#var#}")
	for _, rcpt := range req.Recipients {
		if !indianMobile.MatchString(rcpt["mobiles"]) {
			writeMSG91Error(w, http.StatusBadRequest, "Mobile number is not valid: "+rcpt["mobiles"])
			return
		}
		for i := 1; i <= want; i++ {
			if rcpt["VAR"+strconv.Itoa(i)] == "" {
				writeMSG91Error(w, http.StatusBadRequest, "VAR"+strconv.Itoa(i)+" is missing for "+rcpt["mobiles"])
				return
			}
		}
	}
	id := randomHex(12)
	for _, rcpt := range req.Recipients {
		params := make([]string, want)
		for i := range params {
			params[i] = rcpt["VAR"+strconv.Itoa(i+1)]
		}
		s.log.add(loggedMessage{ID: id, Provider: "sms", To: rcpt["mobiles"], Template: req.TemplateID, DLTTemplateID: flow.dltTemplateID,
			Params: params, Text: fillTemplate(flow.body, params), ReceivedAt: time.Now().UTC()})
	}
	wait(r, s.faults.accept())
	writeJSON(w, http.StatusOK, map[string]string{"type": "success", "message": id})
}
