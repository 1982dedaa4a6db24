package company

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"drape/internal/company/companydb"
	"drape/internal/shop"
)

// GrievanceOfficer is the person the Consumer Protection (E-Commerce) Rules 2020 ask the shop
// to name for complaints: shown on the contact page and in the footer.
type GrievanceOfficer struct {
	Name        string `json:"name"`
	Designation string `json:"designation"`
	Email       string `json:"email"`
	Phone       string `json:"phone"`
}

// Grievance is the grievance officer. Errors: NotFound (NotSetUp) before the company details
// are saved.
func (s *Service) Grievance(ctx context.Context) (GrievanceOfficer, error) {
	c, err := s.Get(ctx)
	return c.Grievance, err
}

// SaveGrievance names the grievance officer, every field trimmed. Errors: Invalid naming the
// fields (name, designation, email, phone): each is required, within its length, the e-mail an
// e-mail address and the phone a phone number; NotFound (NotSetUp) before the company details
// are saved.
func (s *Service) SaveGrievance(ctx context.Context, g GrievanceOfficer) (GrievanceOfficer, error) {
	g = GrievanceOfficer{Name: strings.TrimSpace(g.Name), Designation: strings.TrimSpace(g.Designation),
		Email: strings.TrimSpace(g.Email), Phone: strings.TrimSpace(g.Phone)}
	p := shop.Problems{}
	p.Check(g.Name == "", "name", "Enter the grievance officer's name")
	p.Check(g.Designation == "", "designation", "Enter the grievance officer's designation")
	p.Check(g.Email == "", "email", "Enter the grievance officer's e-mail address")
	p.Check(g.Phone == "", "phone", "Enter the grievance officer's phone number")
	p.Check(utf8.RuneCountInString(g.Name) > nameMaxLength, "name", "Name must be at most 120 characters")
	p.Check(utf8.RuneCountInString(g.Designation) > nameMaxLength, "designation", "Designation must be at most 120 characters")
	if email, ok := shop.NormalEmail(g.Email); ok {
		g.Email = email
	} else {
		p.Check(g.Email != "", "email", "Enter a valid email address")
	}
	p.Check(g.Phone != "" && !isPhone(g.Phone), "phone", "Enter a valid phone number")
	for field, v := range map[string]string{"name": g.Name, "designation": g.Designation} {
		p.Check(strings.ContainsFunc(v, unicode.IsControl), field, field+" has characters that are not allowed")
	}
	if err := p.Err(); err != nil {
		return GrievanceOfficer{}, err
	}
	n, err := s.store.q.SaveGrievanceOfficer(ctx, companydb.SaveGrievanceOfficerParams{GrievanceName: g.Name,
		GrievanceDesignation: g.Designation, GrievanceEmail: g.Email, GrievancePhone: g.Phone})
	if err != nil {
		return GrievanceOfficer{}, err
	}
	if n == 0 {
		return GrievanceOfficer{}, shop.E(shop.NotFound, NotSetUp)
	}
	s.mu.Lock()
	s.kept = nil
	s.mu.Unlock()
	return s.Grievance(ctx)
}
