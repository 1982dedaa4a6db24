package demo

import (
	"context"
	"errors"
	"fmt"

	"drape/internal/company"
	"drape/internal/coupon"
	"drape/internal/shop"
)

// SellingDeps is what loading the demo's company and coupons needs.
type SellingDeps struct {
	Company *company.Service
	Coupons *coupon.Service
}

// demoCoupons are the codes a demo shopper can try: one for a first order, two for everyone
// and one switched off.
func demoCoupons() []coupon.NewCoupon {
	return []coupon.NewCoupon{
		{Code: "WELCOME15", Description: "15% off your first order above ₹999 (up to ₹750)", Active: true,
			MinimumAmount: shop.Rupees(999), Discount: 15, MaxDiscount: shop.Rupees(750), FirstTime: true},
		{Code: "FESTIVE10", Description: "10% off orders above ₹1,999 (up to ₹500)", Active: true,
			MinimumAmount: shop.Rupees(1999), Discount: 10, MaxDiscount: shop.Rupees(500)},
		{Code: "TAILOR5", Description: "5% off any order", Active: true, Discount: 5},
		{Code: "MONSOON25", Description: "25% off orders above ₹4,999 (ended)", Active: false,
			MinimumAmount: shop.Rupees(4999), Discount: 25},
	}
}

// DemoGSTIN is the demo shop's GSTIN: Rajasthan (08), a company's PAN, a valid check
// character. It belongs to no real business that we know of.
const DemoGSTIN = "08AAACJ4321K1ZO"

// demoGrievanceOfficer is the demo shop's grievance officer (E-Commerce Rules 2020, rule 4(4)).
var demoGrievanceOfficer = company.GrievanceOfficer{Name: "Meera Rathore", Designation: "Grievance Officer",
	Email: "grievance@jaipurformals.in", Phone: "+91 141 400 2025"}

// CompanyAdded is what LoadSelling says when it set the demo company up.
const CompanyAdded = "company details"

// LoadSelling sets up the demo company when none is set up and the demo coupons when there
// are none, and says what it added. It leaves what a shop owner already set up alone.
func LoadSelling(ctx context.Context, d SellingDeps) (added []string, err error) {
	if _, err := d.Company.Get(ctx); shop.Is(err, shop.NotFound) {
		_, err := d.Company.Save(ctx, company.Company{Name: shopName, Tagline: "Formal wear, cut in Jaipur",
			Description: "Shirts, trousers and blazers for the working week.", AddressLine1: "14 Mirza Ismail Road",
			City: "Jaipur", State: "Rajasthan", Zip: "302001", Contact1: "+91 141 400 2024", Email: "care@jaipurformals.in"},
			&company.Tax{Registered: true, GSTIN: DemoGSTIN, LegalName: "Jaipur Formals Private Limited", InvoicePrefix: "JF"})
		if err != nil {
			return nil, fmt.Errorf("demo: company: %w", err)
		}
		if _, err := d.Company.SaveGrievance(ctx, demoGrievanceOfficer); err != nil {
			return nil, fmt.Errorf("demo: grievance officer: %w", err)
		}
		added = append(added, CompanyAdded)
	} else if err != nil {
		return nil, fmt.Errorf("demo: company: %w", err)
	}
	n, err := d.Coupons.Count(ctx)
	if err != nil {
		return nil, fmt.Errorf("demo: coupons: %w", err)
	}
	if n > 0 {
		return added, nil
	}
	for _, c := range demoCoupons() {
		if _, err := d.Coupons.Create(ctx, c); err != nil && !errors.Is(err, context.Canceled) {
			return nil, fmt.Errorf("demo: coupon %s: %w", c.Code, err)
		}
	}
	return append(added, fmt.Sprintf("%d coupons", len(demoCoupons()))), nil
}

// ConfirmCODOrders has the demo shop ask for a confirmation of every cash-on-delivery order
// before it ships, cancelling one left unconfirmed for 24 hours, as a shop fighting returns
// to origin does (INDIA.md §4). The seed calls it after placing the demo month of orders,
// which were all confirmed at once.
func ConfirmCODOrders(ctx context.Context, companies *company.Service) error {
	d, err := companies.Delivery(ctx)
	if err != nil {
		return fmt.Errorf("demo: delivery settings: %w", err)
	}
	d.CODConfirmation = company.CODConfirmation{Required: true, Hours: 24}
	if _, err := companies.SaveDelivery(ctx, d); err != nil {
		return fmt.Errorf("demo: COD confirmation: %w", err)
	}
	return nil
}
