package order

import (
	"context"

	"drape/internal/order/orderdb"
)

// cartItem is an order line as orderObj.cartData shows it.
func cartItem(it Item) CartItem {
	return CartItem{ProductID: it.ProductID, ProductDetails: ProductDetails{Thumbnail: it.Thumbnail, ProductName: it.ProductName},
		Size: it.Size, Quantity: it.Quantity, Price: it.Price, DiscountedPrice: it.DiscountedPrice, Total: it.Total}
}

// statusDetails is where o is now, from its timeline: the step that brought it to its status
// (placing or paying, for a PENDING order), or its placing when there is none.
func statusDetails(o Order) StatusDetails {
	d := StatusDetails{Status: o.Status, Label: statusLabels[o.Status]}
	for i := len(o.Timeline) - 1; i >= 0; i-- {
		st := o.Timeline[i]
		if Status(st.Status) == o.Status || (o.Status == Pending && (st.Status == "PLACED" || st.Status == "PAID")) {
			at := st.At
			d.Since, d.Actor, d.Note = &at, st.Actor, st.Note
			return d
		}
	}
	at := o.CreatedAt
	d.Since = &at
	return d
}

// withCustomers fills in the accounts that placed orders (their userdetails), for the back
// office.
func (s *Service) withCustomers(ctx context.Context, orders []Order) error {
	ids := make([]string, 0, len(orders))
	for _, o := range orders {
		ids = append(ids, o.UserID)
	}
	rows, err := s.store.q.CustomersOf(ctx, ids)
	if err != nil {
		return err
	}
	byID := make(map[string]orderdb.CustomersOfRow, len(rows))
	for _, r := range rows {
		byID[r.ID] = r
	}
	for i := range orders {
		if r, ok := byID[orders[i].UserID]; ok {
			orders[i].UserDetails = &Customer{ID: r.ID, FirstName: r.FirstName, LastName: r.LastName, Email: r.Email}
		}
	}
	return nil
}
