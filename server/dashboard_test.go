package main

import (
	"context"
	"testing"
)

// TestAdminDashboardComparesPeriods: the dashboard's takings come with those of the span just
// before (yesterday, the 7 days before the last 7, the 30 before the last 30), and the average
// order is in whole rupees.
func TestAdminDashboardComparesPeriods(t *testing.T) {
	t.Parallel()
	s := newFulfilmentShop(t)
	ctx := context.Background()
	if _, err := s.d.pool.Exec(ctx, `UPDATE product_sizes SET stock = 50 WHERE product_id = $1 AND size = 'M'`, s.f.newestShirt.ID); err != nil {
		t.Fatal(err)
	}
	today, _ := s.place(t, 1)
	yesterday, _ := s.place(t, 1)
	lastWeek, _ := s.place(t, 1)
	lastMonth, _ := s.place(t, 1)
	for id, change := range map[string]string{
		today:     `UPDATE orders SET subtotal = subtotal + 100050 - total, total = 100050 WHERE id = $1`, // ₹1,000.50
		yesterday: `UPDATE orders SET created_at = now() - interval '1 day' WHERE id = $1`,
		lastWeek:  `UPDATE orders SET created_at = now() - interval '10 days' WHERE id = $1`,
		lastMonth: `UPDATE orders SET created_at = now() - interval '40 days' WHERE id = $1`,
	} {
		if _, err := s.d.pool.Exec(ctx, change, id); err != nil {
			t.Fatal(err)
		}
	}
	status, body := send(t, s.app, "GET", "/api/admin/dashboard", s.staff, nil)
	expect(t, "dashboard", status, body, 200, map[string]any{
		"data.today.orders": 1, "data.today.total": 1000.5, "data.today.averageOrder": 1001, "data.previous.today.orders": 1,
		"data.week.orders": 2, "data.previous.week.orders": 1, "data.month.orders": 3, "data.previous.month.orders": 1,
	})
}
