package main

// Shiprocket's NDR (non-delivery report) API (INDIA.md §3): a failed delivery attempt leaves a
// forward order UNDELIVERED (webhook current_status_id 36, shipment_status_id 21) with the
// courier's reason until the seller acts: POST /v1/external/ndr/{awb}/action {action,
// comments} (both required; action "re-attempt", "return" or "fake-attempt", with optional
// phone, address1, address2, deferred_date) answers 202 {"status":"Data Updated Sucessfully"}.
// A re-attempt puts the order back out for delivery and the driver's next step delivers it; a
// return sends RTO INITIATED. GET /v1/external/ndr/{awb} and /v1/external/ndr/all list the
// attempts with their history (ndr_attempt, ndr_reason, action_by).
//
// Tests raise a failed attempt with POST /shiprocket/control/ndr {order_id, reason}, and make
// the next action calls fail with POST /shiprocket/control/ndr {fail, failStatus}; GET
// /shiprocket/control/ndr counts the actions taken per AWB.

import (
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The NDR statuses sim reports.
var (
	shiprocketUndelivered  = shiprocketStage{name: "UNDELIVERED", label: "Undelivered", shipmentStatusID: 21, currentStatusID: 36, scanCode: "UD", atDestination: true}
	shiprocketRTOInitiated = shiprocketStage{name: "RTO INITIATED", label: "RTO Initiated", shipmentStatusID: 9, currentStatusID: 15, scanCode: "RTO", activity: "Return to origin initiated", atDestination: true}
)

// shiprocketNDRActions are the actions the NDR API takes.
var shiprocketNDRActions = []string{"re-attempt", "return", "fake-attempt"}

// shiprocketNDRAttempt is one failed attempt of an order and the action taken on it.
type shiprocketNDRAttempt struct {
	reason   string
	raisedAt time.Time
	action   string
	actionBy string
	comments string
}

// shiprocketNDR is an order's failed attempts: waiting while the last one has no action, rto
// once the seller asked for the parcel back.
type shiprocketNDR struct {
	attempts []shiprocketNDRAttempt
	waiting  bool
	rto      bool
}

// shiprocketNDRControl is the NDR API's fault control and counters.
type shiprocketNDRControl struct {
	Fail       int            `json:"fail"`
	FailStatus int            `json:"failStatus"`
	Requests   int            `json:"requests"`
	Actions    map[string]int `json:"actions"` // accepted actions per AWB
}

func registerShiprocketNDR(mux *http.ServeMux, s *shiprocketSim) {
	mux.HandleFunc("POST /shiprocket/v1/external/ndr/{awb}/action", s.authenticated(s.serveNDRAction))
	mux.HandleFunc("GET /shiprocket/v1/external/ndr/all", s.authenticated(s.serveNDRList))
	mux.HandleFunc("GET /shiprocket/v1/external/ndr/{awb}", s.authenticated(s.serveNDR))
	mux.HandleFunc("GET /shiprocket/control/ndr", s.serveNDRControl)
	mux.HandleFunc("POST /shiprocket/control/ndr", s.serveNDRControlUpdate)
}

// serveNDRAction is POST /v1/external/ndr/{awb}/action.
func (s *shiprocketSim) serveNDRAction(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, shiprocketRequestLimit))
	if err != nil {
		writeShiprocketError(w, http.StatusRequestEntityTooLarge, "The request body is too large.", nil)
		return
	}
	fields := &shiprocketFields{raw: map[string]json.RawMessage{}, errors: map[string][]string{}}
	json.Unmarshal(data, &fields.raw)
	if fields.raw == nil {
		fields.raw = map[string]json.RawMessage{}
	}
	action := fields.requiredText("action", 20)
	comments := fields.requiredText("comments", 500)
	if action != "" && !slices.Contains(shiprocketNDRActions, action) {
		fields.fail("action", "The selected action is invalid.")
	}
	if phone, ok := fields.text("phone"); ok && phone != "" && !validNDRPhone(phone) {
		fields.fail("phone", "The phone must be 10 digits.")
	}
	if date, ok := fields.text("deferred_date"); ok && date != "" {
		day, err := time.ParseInLocation(time.DateOnly, date, shiprocketIST)
		today := s.now().In(shiprocketIST).Format(time.DateOnly)
		if err != nil || day.Format(time.DateOnly) < today {
			fields.fail("deferred_date", "The deferred date must be a date after or equal to today.")
		}
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	s.ndrControl.Requests++
	if s.ndrControl.Fail > 0 {
		s.ndrControl.Fail--
		status := s.ndrControl.FailStatus
		s.logger.Warn("shiprocket ndr action fails on purpose", "awb", r.PathValue("awb"), "status", status)
		writeShiprocketError(w, status, http.StatusText(status), nil)
		return
	}
	if len(fields.errors) > 0 {
		writeShiprocketInvalid(w, fields.errors)
		return
	}
	order := s.awbs[r.PathValue("awb")]
	if order == nil || order.isReturn {
		writeShiprocketError(w, http.StatusNotFound, "AWB not found", nil)
		return
	}
	if !order.ndr.waiting {
		writeShiprocketError(w, http.StatusBadRequest, "Action can not be taken on this shipment: it has no open NDR.", nil)
		return
	}
	last := &order.ndr.attempts[len(order.ndr.attempts)-1]
	last.action, last.actionBy, last.comments = action, "Seller (API)", comments
	order.ndr.waiting = false
	s.ndrControl.Actions[order.awb]++
	s.logger.Info("shiprocket ndr action", "awb", order.awb, "order_id", order.channelOrderID, "action", action)
	switch action {
	case "return":
		order.ndr.rto = true
		s.scanLocked(order, shiprocketRTOInitiated, shiprocketRTOInitiated.activity)
		s.queueWebhookLocked(order, s.now(), nil)
	default:
		// Back out for delivery: the driver's next step delivers it.
		if s.step > 0 {
			s.scheduleLocked(order, s.step)
		}
	}
	writeJSON(w, http.StatusAccepted, map[string]string{"status": "Data Updated Sucessfully"})
}

// serveNDR is GET /v1/external/ndr/{awb}.
func (s *shiprocketSim) serveNDR(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rows := []map[string]any{}
	if order := s.awbs[r.PathValue("awb")]; order != nil && len(order.ndr.attempts) > 0 {
		rows = append(rows, s.ndrEntryLocked(order))
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": rows})
}

// serveNDRList is GET /v1/external/ndr/all?search=<awb>&page=&per_page=.
func (s *shiprocketSim) serveNDRList(w http.ResponseWriter, r *http.Request) {
	search := strings.TrimSpace(r.URL.Query().Get("search"))
	s.mu.Lock()
	defer s.mu.Unlock()
	rows := []map[string]any{}
	for _, order := range s.orders {
		if len(order.ndr.attempts) == 0 || (search != "" && order.awb != search && order.channelOrderID != search) {
			continue
		}
		rows = append(rows, s.ndrEntryLocked(order))
	}
	writeJSON(w, http.StatusOK, map[string]any{"data": rows, "meta": map[string]any{"pagination": map[string]any{"total": len(rows)}}})
}

// ndrEntryLocked is order's NDR row as the NDR API lists it. The caller holds mu.
func (s *shiprocketSim) ndrEntryLocked(order *shiprocketOrder) map[string]any {
	history := make([]map[string]any, len(order.ndr.attempts))
	for i, a := range order.ndr.attempts {
		history[i] = map[string]any{"ndr_attempt": i + 1, "ndr_reason": a.reason, "ndr_raised_at": shiprocketDate(a.raisedAt),
			"action_by": a.actionBy, "action": a.action, "comments": a.comments}
	}
	last := order.ndr.attempts[len(order.ndr.attempts)-1]
	return map[string]any{"awb_code": order.awb, "channel_order_id": order.channelOrderID, "courier_name": order.courier.name,
		"status": "UNDELIVERED", "status_code": 36, "reason": last.reason, "attempts": len(order.ndr.attempts),
		"ndr_raised_at": shiprocketDate(last.raisedAt), "history": history}
}

// scanLocked adds stage's scan with activity to order. The caller holds mu.
func (s *shiprocketSim) scanLocked(order *shiprocketOrder, stage shiprocketStage, activity string) {
	location := order.origin
	if stage.atDestination {
		location = order.destination
	}
	order.scans = append(order.scans, shiprocketScan{Date: shiprocketDate(s.now()), Status: stage.scanCode, Activity: activity,
		Location: location, SRStatus: strconv.Itoa(stage.shipmentStatusID), SRStatusLabel: stage.name})
}

// serveNDRControl is GET /shiprocket/control/ndr.
func (s *shiprocketSim) serveNDRControl(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	writeJSON(w, http.StatusOK, s.ndrControlLocked())
}

func (s *shiprocketSim) ndrControlLocked() shiprocketNDRControl {
	c := s.ndrControl
	c.Actions = make(map[string]int, len(s.ndrControl.Actions))
	for awb, n := range s.ndrControl.Actions {
		c.Actions[awb] = n
	}
	return c
}

// serveNDRControlUpdate is POST /shiprocket/control/ndr: {order_id, reason} makes the order's
// delivery attempt fail now (it must be out for delivery, or in transit), sending the
// UNDELIVERED webhook; {fail, failStatus} makes the next action calls answer failStatus (429
// or 5xx).
func (s *shiprocketSim) serveNDRControlUpdate(w http.ResponseWriter, r *http.Request) {
	var in struct {
		OrderID    string `json:"order_id"`
		Reason     string `json:"reason"`
		Fail       *int   `json:"fail"`
		FailStatus *int   `json:"failStatus"`
	}
	decoder := json.NewDecoder(http.MaxBytesReader(w, r.Body, shiprocketRequestLimit))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&in); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": `body must be {"order_id","reason"} or {"fail","failStatus"}: ` + err.Error()})
		return
	}
	if in.Fail != nil && *in.Fail < 0 || in.FailStatus != nil && *in.FailStatus != 429 && (*in.FailStatus < 500 || *in.FailStatus > 599) {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "fail must not be negative; failStatus must be 429 or 5xx"})
		return
	}
	s.mu.Lock()
	if in.Fail != nil {
		s.ndrControl.Fail = *in.Fail
	}
	if in.FailStatus != nil {
		s.ndrControl.FailStatus = *in.FailStatus
	}
	if in.OrderID == "" {
		c := s.ndrControlLocked()
		s.mu.Unlock()
		writeJSON(w, http.StatusOK, c)
		return
	}
	order := s.channelOrders[in.OrderID]
	if order == nil || order.isReturn {
		s.mu.Unlock()
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "no such order"})
		return
	}
	if status := order.current().name; status != "OUT FOR DELIVERY" && status != "IN TRANSIT" {
		s.mu.Unlock()
		writeJSON(w, http.StatusConflict, map[string]string{"error": "the order is " + status + ": only an order in transit or out for delivery can fail a delivery"})
		return
	}
	reason := strings.TrimSpace(in.Reason)
	if reason == "" {
		reason = "Consignee not available"
	}
	now := s.now()
	order.ndr.attempts = append(order.ndr.attempts, shiprocketNDRAttempt{reason: reason, raisedAt: now})
	order.ndr.waiting = true
	if order.timer != nil {
		order.timer.Stop()
		order.timerGeneration++
	}
	s.scanLocked(order, shiprocketUndelivered, reason)
	firstTry := make(chan error, 1)
	s.queueWebhookLocked(order, now, firstTry)
	answer := map[string]any{"order_id": order.channelOrderID, "awb": order.awb, "status": order.current().name,
		"attempts": len(order.ndr.attempts)}
	s.mu.Unlock()
	select {
	case err := <-firstTry:
		answer["webhook"] = "delivered"
		if err != nil {
			answer["webhook"] = err.Error()
		}
	case <-time.After(shiprocketAdvanceWait):
		answer["webhook"] = "queued"
	}
	writeJSON(w, http.StatusOK, answer)
}

// validNDRPhone reports whether phone is a 10-digit number.
func validNDRPhone(phone string) bool {
	if len(phone) != 10 {
		return false
	}
	for _, c := range phone {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
