package main

import (
	"math"
	"strings"

	"github.com/gofiber/fiber/v3"

	"drape/internal/account"
	"drape/internal/company"
	"drape/internal/coupon"
	"drape/internal/shop"
)

// The back office's shop settings: coupons, the company's details, content pages and the
// people list. Coupons, company and pages are admin-only; staff see and (de)activate
// shoppers, never back-office accounts.

// couponInput is a coupon as the back office sends it (SPEC §3 Coupon names, mimimumAmount
// included). Amounts are rupees; name is accepted for code; active (or status
// "active"/"inactive") switches it on, and a new coupon is active unless told otherwise.
type couponInput struct {
	Code          string   `json:"code"`
	Name          string   `json:"name"`
	Description   string   `json:"description"`
	Status        string   `json:"status"`
	Active        *bool    `json:"active"`
	MinimumAmount *float64 `json:"mimimumAmount"`
	Discount      int      `json:"discount"`
	MaxDiscount   *float64 `json:"maxDiscount"`
	FirstTime     bool     `json:"firstTime"`
	UsageLimit    *int     `json:"usageLimit"`
}

// coupon turns the input into the coupon's terms, or every field problem at once (its own and
// the terms').
func (in couponInput) coupon() (coupon.NewCoupon, error) {
	p := shop.Problems{}
	code := in.Code
	if strings.TrimSpace(code) == "" {
		code = in.Name
	}
	active := true
	switch status := strings.ToLower(strings.TrimSpace(in.Status)); {
	case in.Active != nil:
		active = *in.Active
	case status == coupon.StatusInactive:
		active = false
	case status != "" && status != coupon.StatusActive:
		p.Add("status", "status must be active or inactive")
	}
	c := coupon.NewCoupon{Code: code, Description: in.Description, Active: active, Discount: in.Discount,
		MinimumAmount: couponRupees(p, "mimimumAmount", in.MinimumAmount), MaxDiscount: couponRupees(p, "maxDiscount", in.MaxDiscount),
		FirstTime: in.FirstTime, UsageLimit: in.UsageLimit}
	coupon.CheckTerms(c, p)
	return c, p.Err()
}

// couponRupees reads an amount in rupees (at most two decimals) as Money; nil is 0.
func couponRupees(p shop.Problems, field string, rupees *float64) shop.Money {
	if rupees == nil {
		return 0
	}
	paise := *rupees * 100
	if math.IsNaN(paise) || math.IsInf(paise, 0) || math.Abs(paise) > 1e15 || math.Abs(paise-math.Round(paise)) > 1e-6 {
		p.Add(field, field+" must be an amount in rupees with at most two decimals")
		return 0
	}
	return shop.Money(math.Round(paise))
}

// adminCoupons answers GET /api/admin/coupons?page=&status=active|inactive&search=: every
// coupon, newest first, with its use count.
func (s *server) adminCoupons(c fiber.Ctx) error {
	page, err := shop.ParsePage(c.Query("page"), c.Query("limit"), 10, 50)
	if err != nil {
		return err
	}
	list, err := s.coupons.AdminList(c.Context(), c.Query("status"), c.Query("search"), page)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// createCoupon answers POST /api/admin/coupons.
func (s *server) createCoupon(c fiber.Ctx) error {
	var in couponInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	terms, err := in.coupon()
	if err != nil {
		return err
	}
	made, err := s.coupons.Create(c.Context(), terms)
	if err != nil {
		return err
	}
	return created(c, "Coupon "+made.Code+" created", made)
}

// updateCoupon answers PUT /api/admin/coupons/{id}: the coupon's terms replaced.
func (s *server) updateCoupon(c fiber.Ctx) error {
	var in couponInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	terms, err := in.coupon()
	if err != nil {
		return err
	}
	saved, err := s.coupons.Update(c.Context(), c.Params("id"), terms)
	if err != nil {
		return err
	}
	return ok(c, "Coupon "+saved.Code+" updated", saved)
}

// setCouponActive answers POST /api/admin/coupons/{id}/active {active}.
func (s *server) setCouponActive(c fiber.Ctx) error {
	var in struct {
		Active *bool `json:"active"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Active == nil {
		return &shop.Error{Kind: shop.Invalid, Message: "active must be true or false", Fields: map[string]string{"active": "active must be true or false"}}
	}
	saved, err := s.coupons.SetActive(c.Context(), c.Params("id"), *in.Active)
	if err != nil {
		return err
	}
	message := "Coupon " + saved.Code + " deactivated"
	if saved.Active() {
		message = "Coupon " + saved.Code + " activated"
	}
	return ok(c, message, saved)
}

// deleteCoupon answers DELETE /api/admin/coupons/{id}: only a coupon no order has used
// (409 otherwise: deactivate it instead).
func (s *server) deleteCoupon(c fiber.Ctx) error {
	if err := s.coupons.Delete(c.Context(), c.Params("id")); err != nil {
		return err
	}
	return ok(c, "Coupon deleted", nil)
}

// saveCompany answers POST /api/admin/addcompany (the /admin/addcompany screen): the company's
// details (SPEC §3 Company; name is accepted for companyName). The payment and shipping
// providers' credentials are not taken here: they live in the servers' configuration and
// never pass through the API, so such fields in the body are ignored.
func (s *server) saveCompany(c fiber.Ctx) error {
	var in struct {
		CompanyName  string `json:"companyName"`
		Name         string `json:"name"`
		Tagline      string `json:"tagline"`
		Description  string `json:"description"`
		AddressLine1 string `json:"addressLine1"`
		AddressLine2 string `json:"addressLine2"`
		City         string `json:"city"`
		State        string `json:"state"`
		Zip          string `json:"zip"`
		Contact1     string `json:"contact1"`
		Contact2     string `json:"contact2"`
		Email        string `json:"email"`
		VendorID     string `json:"vendorId"`
		// The tax settings: all absent keeps the stored ones (a form that does not show them).
		GSTRegistered *bool   `json:"gstRegistered"`
		GSTIN         *string `json:"gstin"`
		LegalName     *string `json:"legalName"`
		InvoicePrefix *string `json:"invoicePrefix"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	var tax *company.Tax
	if in.GSTRegistered != nil || in.GSTIN != nil || in.LegalName != nil || in.InvoicePrefix != nil {
		tax = &company.Tax{Registered: in.GSTRegistered != nil && *in.GSTRegistered, GSTIN: orEmpty(in.GSTIN),
			LegalName: orEmpty(in.LegalName), InvoicePrefix: orEmpty(in.InvoicePrefix)}
	}
	name := in.CompanyName
	if strings.TrimSpace(name) == "" {
		name = in.Name
	}
	firm, err := s.company.Save(c.Context(), company.Company{Name: name, Tagline: in.Tagline, Description: in.Description,
		AddressLine1: in.AddressLine1, AddressLine2: in.AddressLine2, City: in.City, State: in.State, Zip: in.Zip,
		Contact1: in.Contact1, Contact2: in.Contact2, Email: in.Email, VendorID: in.VendorID}, tax)
	if err != nil {
		return err
	}
	return ok(c, "Company details saved", firm)
}

// saveCMSPage answers PUT /api/admin/cms/{type} {title, description} for type terms or
// privacy: the page's HTML is sanitised as it is saved, and the answer is what was kept.
func (s *server) saveCMSPage(c fiber.Ctx) error {
	var in struct {
		Title       string `json:"title"`
		Description string `json:"description"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	page, err := s.cms.Save(c.Context(), c.Params("type"), in.Title, in.Description)
	if err != nil {
		return err
	}
	return ok(c, "Page saved", page)
}

// adminUsers answers GET /api/admin/users?page=&search=&role=user|staff|admin: shoppers and
// staff, newest first, with their orders and spend; never a password hash.
func (s *server) adminUsers(c fiber.Ctx) error {
	page, err := shop.ParsePage(c.Query("page"), c.Query("limit"), 10, 50)
	if err != nil {
		return err
	}
	list, err := s.accounts.AdminList(c.Context(), c.Query("role"), c.Query("search"), page)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// setUserActive answers POST /api/admin/users/{id}/active {active}: deactivate (the account
// can no longer sign in and its tokens stop working) or reactivate an account. Nobody changes
// their own; staff change shoppers only.
func (s *server) setUserActive(c fiber.Ctx) error {
	var in struct {
		Active *bool `json:"active"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Active == nil {
		return &shop.Error{Kind: shop.Invalid, Message: "active must be true or false", Fields: map[string]string{"active": "active must be true or false"}}
	}
	u, err := s.accounts.SetActive(c.Context(), caller(c), c.Params("id"), *in.Active)
	if err != nil {
		return err
	}
	message := "Account deactivated"
	if u.Active {
		message = "Account reactivated"
	}
	return ok(c, message, u)
}

// setTeamPassword answers POST /api/admin/users/{id}/password {newPassword} (admins): a
// colleague's back-office account gets a new password and is signed out everywhere.
func (s *server) setTeamPassword(c fiber.Ctx) error {
	var in struct {
		NewPassword string `json:"newPassword"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	u, err := s.accounts.SetTeamPassword(c.Context(), caller(c), c.Params("id"), in.NewPassword)
	if err != nil {
		return err
	}
	return ok(c, "Password set. "+u.Email+" is signed out everywhere and signs in with the new password", u)
}

// changeStaffPassword answers POST /api/admin/password {currentPassword, newPassword}: the
// signed-in staff member's own new password; every other device is signed out and the answer
// carries this one's new back-office token.
func (s *server) changeStaffPassword(c fiber.Ctx) error {
	var in struct {
		CurrentPassword string `json:"currentPassword"`
		NewPassword     string `json:"newPassword"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	sess, err := s.accounts.ChangePassword(c.Context(), caller(c).UserID, in.CurrentPassword, in.NewPassword, account.AudienceAdmin)
	if err != nil {
		return err
	}
	return answerSession(c, "Password updated successfully", sess)
}

// orEmpty is *s, or "" when the field was absent.
func orEmpty(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
