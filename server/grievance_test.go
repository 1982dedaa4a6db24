package main

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestComplaintsFromFormToQueue (issue 23): a guest's complaint answers 201 with a GRV ticket
// at once; bad input answers 400 naming the field and files nothing; the status page opens
// with the ticket and that e-mail only; a signed-in shopper's complaint is filed at their
// account's e-mail and listed in their account; staff see the queue with the overdue one
// first and flagged, move complaints (each move in the audit log, refused moves in neither),
// and the dashboard card counts them.
func TestComplaintsFromFormToQueue(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	count := func(table string) int { return countRows(t, s.d, "SELECT count(*) FROM "+table) }
	form := map[string]any{"name": "Asha Verma", "email": "Asha@Example.in", "subject": "Wrong size delivered",
		"message": "I ordered a 34 waist and got a 36.", "orderRef": "JF1001"}

	for field, bad := range map[string]any{"email": "asha@", "subject": "", "message": "  ", "name": "", "phone": "call me"} {
		status, body := send(t, s.app, "POST", "/api/complaints", "", with(form, field, bad))
		expect(t, "bad "+field, status, body, 400, nil)
		if jsonValue(t, body, "errors."+field) == "" {
			t.Errorf("bad %s: no field error in %s", field, body)
		}
	}
	resp, _ := call(t, s.app, "POST", "/api/complaints", map[string]string{"Content-Type": "application/json"}, []byte(`{"name":`))
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("malformed JSON: %d", resp.StatusCode)
	}
	if n := count("complaints") + countRows(t, s.d, "SELECT count(*) FROM mails WHERE kind = 'complaint_ack'"); n != 0 {
		t.Fatalf("bad complaints wrote %d rows", n)
	}

	status, body := send(t, s.app, "POST", "/api/complaints", "", form)
	expect(t, "guest files", status, body, 201, map[string]any{"data.status": "open", "data.email": "asha@example.in", "data.overdue": false})
	ticket := jsonValue(t, body, "data.ticket").(string)
	id := jsonValue(t, body, "data._id").(string)
	if !regexp.MustCompile(`^GRV-20[0-9]{2}-[0-9]{6}$`).MatchString(ticket) || !strings.Contains(jsonValue(t, body, "message").(string), ticket) {
		t.Fatalf("ticket %q in %s", ticket, body)
	}
	status, body = send(t, s.app, "GET", "/api/complaints/status?ticket="+strings.ToLower(ticket)+"&email=asha@example.in", "", nil)
	expect(t, "status page", status, body, 200, map[string]any{"data.ticket": ticket, "data.history.#": 1, "data.history.0.status": "open"})
	status, body = send(t, s.app, "GET", "/api/complaints/status?ticket="+ticket+"&email=meera@example.in", "", nil)
	expect(t, "someone else's e-mail", status, body, 404, map[string]any{"message": "No complaint has this ticket number and e-mail address"})

	status, body = send(t, s.app, "POST", "/api/complaints", s.shopper, with(form, "email", "someone@else.in"))
	expect(t, "shopper files", status, body, 201, map[string]any{"data.email": "meera@example.in"})
	status, body = send(t, s.app, "GET", "/api/complaints", s.shopper, nil)
	expect(t, "shopper's own", status, body, 200, map[string]any{"data.#": 1, "data.0.email": "meera@example.in"})

	if _, err := s.d.pool.Exec(t.Context(), "UPDATE complaints SET due_at = now() - interval '1 hour' WHERE id = $1", id); err != nil {
		t.Fatal(err)
	}
	status, body = send(t, s.app, "GET", "/api/admin/complaints", s.staff, nil)
	expect(t, "queue", status, body, 200, map[string]any{"data.total": 2, "data.items.0._id": id, "data.items.0.overdue": true,
		"data.items.1.overdue": false})
	status, body = send(t, s.app, "GET", "/api/admin/complaint-figures", s.staff, nil)
	expect(t, "card", status, body, 200, map[string]any{"data.unresolved": 2, "data.overdue": 1})
	status, body = send(t, s.app, "GET", "/api/admin/complaints", s.shopper, nil)
	expect(t, "a shopper reads the queue", status, body, 401, nil)

	audits := func() int { return countRows(t, s.d, "SELECT count(*) FROM audit_log WHERE entity_type = 'complaint'") }
	move := "/api/admin/complaints/" + id + "/status"
	status, body = send(t, s.app, "POST", move, s.staff, map[string]any{"status": "resolved"})
	expect(t, "resolve without a note", status, body, 400, map[string]any{"errors.note": "Say how it was resolved: the shopper reads this note"})
	status, body = send(t, s.app, "POST", move, s.staff, map[string]any{"status": "in_progress", "note": "Checking with the warehouse"})
	expect(t, "in progress", status, body, 200, map[string]any{"data.status": "in_progress"})
	status, body = send(t, s.app, "POST", move, s.staff, map[string]any{"status": "resolved", "note": "A 34 is on its way; keep the 36."})
	expect(t, "resolved", status, body, 200, map[string]any{"data.status": "resolved", "data.overdue": false, "data.history.#": 3,
		"data.history.2.byStaff": true})
	status, body = send(t, s.app, "POST", move, s.staff, map[string]any{"status": "closed", "note": "again"})
	expect(t, "move a resolved one", status, body, 409, nil)
	if n := audits(); n != 2 {
		t.Errorf("%d audit entries for complaints, want 2 (the two moves made)", n)
	}
	status, body = send(t, s.app, "GET", "/api/admin/audit?entityType=complaint&entityId="+id, s.admin, nil)
	expect(t, "the complaint's audit", status, body, 200, map[string]any{"data.items.0.before.status": "in_progress",
		"data.items.0.after.status": "resolved", "data.items.0.actorRole": "staff"})
	status, body = send(t, s.app, "GET", "/api/complaints/status?ticket="+ticket+"&email=asha@example.in", "", nil)
	expect(t, "the shopper reads the answer", status, body, 200, map[string]any{"data.status": "resolved", "data.note": "A 34 is on its way; keep the 36."})
	status, body = send(t, s.app, "GET", "/api/admin/complaint-figures", s.staff, nil)
	expect(t, "card after", status, body, 200, map[string]any{"data.unresolved": 1, "data.overdue": 0})
}

// TestGrievanceOfficerIsPublicAndAudited: admins name the grievance officer (all four fields
// required, checked), the public company answer shows them, staff may not change them, and the
// change is in the audit log with what was there before.
func TestGrievanceOfficerIsPublicAndAudited(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	officer := map[string]any{"name": "Anita Joshi", "designation": "Grievance Officer", "email": "Grievance@Jaipurformals.in", "phone": "+91 141 400 2025"}
	status, body := send(t, s.app, "PUT", "/api/admin/grievance-officer", s.staff, officer)
	expect(t, "staff", status, body, 403, nil)
	status, body = send(t, s.app, "PUT", "/api/admin/grievance-officer", s.admin, with(officer, "email", "not-mail"))
	expect(t, "bad e-mail", status, body, 400, map[string]any{"errors.email": "Enter a valid email address"})
	status, body = send(t, s.app, "PUT", "/api/admin/grievance-officer", s.admin, with(officer, "designation", " "))
	expect(t, "no designation", status, body, 400, map[string]any{"errors.designation": "Enter the grievance officer's designation"})

	status, body = send(t, s.app, "PUT", "/api/admin/grievance-officer", s.admin, officer)
	expect(t, "saved", status, body, 200, map[string]any{"data.email": "grievance@jaipurformals.in"})
	status, body = send(t, s.app, "GET", "/api/company", "", nil)
	expect(t, "public", status, body, 200, map[string]any{"data.grievanceOfficer.name": "Anita Joshi",
		"data.grievanceOfficer.designation": "Grievance Officer", "data.grievanceOfficer.phone": "+91 141 400 2025"})
	status, body = send(t, s.app, "PUT", "/api/admin/grievance-officer", s.admin, with(officer, "name", "Kabir Singh"))
	expect(t, "changed", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/admin/audit?entityType=grievance%20officer", s.admin, nil)
	expect(t, "audited", status, body, 200, map[string]any{"data.total": 2, "data.items.0.entityId": "company",
		"data.items.0.before.name": "Anita Joshi", "data.items.0.after.name": "Kabir Singh"})
}
