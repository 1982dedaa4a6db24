package main

// The grievance officer and shoppers' complaints (package grievance, issue 23): the public
// complaint form and status page, a shopper's own complaints, the back office's queue and its
// moves, and the officer's details in the company settings.

import (
	"github.com/gofiber/fiber/v3"

	"drape/internal/company"
	"drape/internal/grievance"
	"drape/internal/shop"
)

// complaintForm is the body of a complaint: for a signed-in shopper the e-mail is their
// account's, whatever the body says.
type complaintForm struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	Phone    string `json:"phone"`
	OrderRef string `json:"orderRef"`
	Subject  string `json:"subject"`
	Message  string `json:"message"`
}

// fileComplaint answers POST /api/complaints (anyone; a shop token makes it the shopper's):
// 201 with the complaint and its ticket; the acknowledgement mail is on its way.
func (s *server) fileComplaint(c fiber.Ctx) error {
	var in complaintForm
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	f := grievance.Filing{Name: in.Name, Email: in.Email, Phone: in.Phone, OrderRef: in.OrderRef, Subject: in.Subject, Message: in.Message}
	if userID := s.optionalUser(c); userID != "" {
		me, err := s.accounts.Profile(c.Context(), userID)
		if err != nil {
			return err
		}
		f.UserID, f.Email = me.ID, me.Email
	}
	complaint, err := s.grievance.File(c.Context(), f)
	if err != nil {
		return err
	}
	return created(c, "Your complaint is filed: ticket "+complaint.Ticket+". We have e-mailed you an acknowledgement.", complaint)
}

// complaintStatus answers GET /api/complaints/status?ticket=&email= (anyone): the complaint
// with its history when both match; 404 otherwise.
func (s *server) complaintStatus(c fiber.Ctx) error {
	complaint, err := s.grievance.Status(c.Context(), c.Query("ticket"), c.Query("email"))
	if err != nil {
		return err
	}
	return ok(c, "", complaint)
}

// myComplaints answers GET /api/complaints (shoppers): the complaints they filed signed in.
func (s *server) myComplaints(c fiber.Ctx) error {
	list, err := s.grievance.Mine(c.Context(), caller(c).UserID)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// adminComplaints answers GET /api/admin/complaints?status=&page= (staff): the queue, those
// due first first; without status, the unresolved ones.
func (s *server) adminComplaints(c fiber.Ctx) error {
	page, err := shop.ParsePage(c.Query("page"), c.Query("limit"), 20, 100)
	if err != nil {
		return err
	}
	q, err := s.grievance.List(c.Context(), c.Query("status"), page)
	if err != nil {
		return err
	}
	return ok(c, "", q)
}

// adminComplaint answers GET /api/admin/complaints/{id} (staff): the complaint and its history.
func (s *server) adminComplaint(c fiber.Ctx) error {
	complaint, err := s.grievance.Get(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return ok(c, "", complaint)
}

// moveComplaint answers POST /api/admin/complaints/{id}/status {status, note} (staff): the
// complaint moved, audited like every back-office change.
func (s *server) moveComplaint(c fiber.Ctx) error {
	var in struct {
		Status string `json:"status"`
		Note   string `json:"note"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	complaint, err := s.grievance.MoveTo(c.Context(), c.Params("id"), grievance.Move{Status: in.Status, Note: in.Note, ActorID: caller(c).UserID})
	if err != nil {
		return err
	}
	return ok(c, "Complaint "+complaint.Ticket+" is "+complaintLabel(complaint.Status), complaint)
}

// complaintLabel is a status as the back office says it.
func complaintLabel(status string) string {
	if status == grievance.InProgress {
		return "in progress"
	}
	return status
}

// complaintFigures answers GET /api/admin/complaint-figures (staff): the dashboard card's
// unresolved and overdue counts.
func (s *server) complaintFigures(c fiber.Ctx) error {
	f, err := s.grievance.Figures(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", f)
}

// grievanceOfficer answers GET /api/admin/grievance-officer (admins).
func (s *server) grievanceOfficer(c fiber.Ctx) error {
	g, err := s.company.Grievance(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", g)
}

// saveGrievanceOfficer answers PUT /api/admin/grievance-officer {name, designation, email,
// phone} (admins): the officer the contact page and footer name; audited.
func (s *server) saveGrievanceOfficer(c fiber.Ctx) error {
	var in company.GrievanceOfficer
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	g, err := s.company.SaveGrievance(c.Context(), in)
	if err != nil {
		return err
	}
	return ok(c, "Grievance officer saved", g)
}
