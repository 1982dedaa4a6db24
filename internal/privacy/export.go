package privacy

import (
	"context"
	"drape/internal/grievance"

	"drape/internal/backinstock"
	"drape/internal/returns"
	"drape/internal/review"
	"drape/internal/shop"
)

// Export is everything the shop keeps of userID, read through each domain's service, for their
// data download; the download is logged as a completed request (and is in the log it returns).
// Errors: NotFound for an unknown account; those of the domains and the database.
func (s *Service) Export(ctx context.Context, userID string) (Export, error) {
	d := s.d
	u, err := d.Accounts.Profile(ctx, userID)
	if err != nil {
		return Export{}, err
	}
	if err := s.store.logDone(ctx, s.store.q, userID, KindExport, "Data downloaded"); err != nil {
		return Export{}, err
	}
	out := Export{ExportedAt: s.now().UTC(), Profile: u, ReturnRequests: []returns.Request{}, Reviews: []review.Review{}}
	if out.Addresses, err = d.Addresses.List(ctx, userID); err != nil {
		return Export{}, err
	}
	if out.Orders, err = s.allOrders(ctx, userID); err != nil {
		return Export{}, err
	}
	for _, o := range out.Orders {
		rs, err := d.Returns.OfOrder(ctx, userID, o.Number)
		if err != nil {
			return Export{}, err
		}
		out.ReturnRequests = append(out.ReturnRequests, rs...)
	}
	for n := 1; ; n++ {
		page, err := d.Reviews.Mine(ctx, userID, shop.Page{Number: n, Size: 100})
		if err != nil {
			return Export{}, err
		}
		out.Reviews = append(out.Reviews, page.Items...)
		if n >= page.TotalPages {
			break
		}
	}
	if out.Wishlist, err = d.Wishlists.ProductIDs(ctx, userID); err != nil {
		return Export{}, err
	}
	emails := []string{u.Email}
	for _, a := range out.Addresses {
		emails = append(emails, a.Email)
	}
	if out.RestockAlerts, err = d.Restock.OfShopper(ctx, userID, emails); err != nil {
		return Export{}, err
	}
	if out.RestockAlerts == nil {
		out.RestockAlerts = []backinstock.Asked{}
	}
	channel, err := d.Messages.Preference(ctx, userID)
	if err != nil {
		return Export{}, err
	}
	out.OrderUpdates = string(channel)
	if out.Marketing, err = s.store.consents(ctx, s.store.q, userID); err != nil {
		return Export{}, err
	}
	if out.MarketingSent, err = s.store.sends(ctx, userID); err != nil {
		return Export{}, err
	}
	if out.Requests, err = s.Requests(ctx, userID); err != nil {
		return Export{}, err
	}
	if out.Complaints, err = d.Complaints.Mine(ctx, userID); err != nil {
		return Export{}, err
	}
	if out.Complaints == nil {
		out.Complaints = []grievance.Complaint{}
	}
	return out, nil
}
