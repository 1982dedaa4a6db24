// Package analytics is the shop's figures for the back office: what orders brought in (online
// and cash on delivery kept apart), orders by status, best-selling products and sizes, sizes
// running out, new customers and takings day by day, over any window of Indian days; and cash
// on delivery's share and cost (RTO in all and by state and pincode, COD confirmations, the
// failed deliveries waiting: cod.go).
//
// It only reads. Its figures follow the order state machine: an order still waiting for its
// payment is not an order yet, a cancelled one or one sent back brings nothing in, and refunded
// money is not income.
package analytics

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/analytics/analyticsdb"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

// India is the shop's time zone: days start at midnight in India.
var India = time.FixedZone("IST", 5*3600+30*60)

// Limits of a report.
const (
	topRows      = 5
	lowStockRows = 20
	// LowStockAt is the count at and below which a size is listed as running out.
	LowStockAt = 5
	// MaxDays is the longest window a report covers.
	MaxDays = 366
)

// Service is the analytics use cases.
type Service struct {
	q   *analyticsdb.Queries
	now func() time.Time
}

// NewService makes the analytics service.
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{q: analyticsdb.New(postgres.Translating(pool)), now: time.Now}
}

// Dashboard is today's, the last 7 days' and the last 30 days' takings, those of the spans
// just before them, the 30 days' report and the sizes running out. Errors: Unavailable when the
// database is.
func (s *Service) Dashboard(ctx context.Context) (Dashboard, error) {
	tomorrow := startOfDay(s.now()).AddDate(0, 0, 1)
	var d Dashboard
	var err error
	for _, span := range []struct {
		days          int
		now, previous *Takings
	}{{1, &d.Today, &d.Previous.Today}, {7, &d.Week, &d.Previous.Week}, {30, nil, &d.Previous.Month}} {
		from := tomorrow.AddDate(0, 0, -span.days)
		if span.now != nil {
			if *span.now, err = s.takings(ctx, from, tomorrow); err != nil {
				return Dashboard{}, err
			}
		}
		if *span.previous, err = s.takings(ctx, from.AddDate(0, 0, -span.days), from); err != nil {
			return Dashboard{}, err
		}
	}
	if d.Report, err = s.report(ctx, tomorrow.AddDate(0, 0, -30), tomorrow); err != nil {
		return Dashboard{}, err
	}
	d.Month = d.Report.Takings
	rows, err := s.q.LowStock(ctx, analyticsdb.LowStockParams{AtMost: LowStockAt, MaxRows: lowStockRows})
	if err != nil {
		return Dashboard{}, err
	}
	d.LowStock = make([]LowStock, len(rows))
	for i, r := range rows {
		d.LowStock[i] = LowStock{ProductID: r.ProductID, ProductName: r.ProductName, Size: r.Size, Stock: int(r.Stock)}
	}
	return d, nil
}

// Range is the report over the Indian days from first to last, both included. Errors: Invalid
// when last is before first or the window is longer than MaxDays.
func (s *Service) Range(ctx context.Context, first, last time.Time) (Report, error) {
	from, before := startOfDay(first), startOfDay(last).AddDate(0, 0, 1)
	switch {
	case before.Before(from) || before.Equal(from):
		return Report{}, &shop.Error{Kind: shop.Invalid, Message: "The end date is before the start date",
			Fields: map[string]string{"endDate": "The end date is before the start date"}}
	case before.Sub(from) > MaxDays*24*time.Hour:
		return Report{}, &shop.Error{Kind: shop.Invalid, Message: fmt.Sprintf("Choose at most %d days", MaxDays),
			Fields: map[string]string{"endDate": fmt.Sprintf("Choose at most %d days", MaxDays)}}
	}
	return s.report(ctx, from, before)
}

func (s *Service) report(ctx context.Context, from, before time.Time) (Report, error) {
	r := Report{From: from, Before: before}
	var err error
	if r.Takings, err = s.takings(ctx, from, before); err != nil {
		return Report{}, err
	}
	statuses, err := s.q.OrdersByStatus(ctx, analyticsdb.OrdersByStatusParams{PlacedFrom: from, PlacedBefore: before})
	if err != nil {
		return Report{}, err
	}
	r.ByStatus = make([]StatusCount, len(statuses))
	for i, st := range statuses {
		r.ByStatus[i] = StatusCount{Status: st.OrderStatus, Orders: st.Orders}
	}
	products, err := s.q.TopProducts(ctx, analyticsdb.TopProductsParams{PlacedFrom: from, PlacedBefore: before, MaxRows: topRows})
	if err != nil {
		return Report{}, err
	}
	r.TopProducts = make([]ProductSales, len(products))
	for i, p := range products {
		r.TopProducts[i] = ProductSales{ProductID: p.ProductID, ProductName: p.ProductName, Units: p.Units, Revenue: shop.Money(p.Revenue)}
	}
	sizes, err := s.q.TopSizes(ctx, analyticsdb.TopSizesParams{PlacedFrom: from, PlacedBefore: before, MaxRows: topRows})
	if err != nil {
		return Report{}, err
	}
	r.TopSizes = make([]SizeSales, len(sizes))
	for i, z := range sizes {
		r.TopSizes[i] = SizeSales{Size: z.Size, Units: z.Units}
	}
	if r.NewCustomers, err = s.q.NewCustomers(ctx, analyticsdb.NewCustomersParams{JoinedFrom: from, JoinedBefore: before}); err != nil {
		return Report{}, err
	}
	days, err := s.q.DailyTakings(ctx, analyticsdb.DailyTakingsParams{PlacedFrom: from, PlacedBefore: before})
	if err != nil {
		return Report{}, err
	}
	byDate := make(map[string]analyticsdb.DailyTakingsRow, len(days))
	for _, d := range days {
		byDate[d.Day.Time.Format("2006-01-02")] = d
	}
	for day := from; day.Before(before); day = day.AddDate(0, 0, 1) {
		date := day.Format("2006-01-02")
		d := byDate[date]
		r.Days = append(r.Days, Day{Date: date, Orders: d.Orders, Online: shop.Money(d.OnlinePaid), CODBooked: shop.Money(d.CodBooked),
			Total: shop.Money(d.OnlinePaid + d.CodBooked)})
	}
	return r, nil
}

func (s *Service) takings(ctx context.Context, from, before time.Time) (Takings, error) {
	row, err := s.q.Takings(ctx, analyticsdb.TakingsParams{PlacedFrom: from, PlacedBefore: before})
	if err != nil {
		return Takings{}, err
	}
	t := Takings{Online: shop.Money(row.OnlinePaid), CODBooked: shop.Money(row.CodBooked), CODCollected: shop.Money(row.CodCollected),
		Total: shop.Money(row.OnlinePaid + row.CodBooked), Orders: row.Orders}
	if t.Orders > 0 {
		// In whole rupees, rounded half up: an average is read at a glance, its paise are noise.
		t.AverageOrder = shop.Money((int64(t.Total)+t.Orders*50)/(t.Orders*100)) * 100
	}
	return t, nil
}

// WriteCSV writes r's days as CSV (date, orders, online, cash on delivery, total, in rupees),
// for a spreadsheet.
func WriteCSV(w io.Writer, r Report) error {
	out := csv.NewWriter(w)
	out.Write([]string{"date", "orders", "online_inr", "cod_inr", "total_inr"})
	for _, d := range r.Days {
		out.Write([]string{d.Date, fmt.Sprint(d.Orders), d.Online.RupeesString(), d.CODBooked.RupeesString(), d.Total.RupeesString()})
	}
	out.Flush()
	return out.Error()
}

// startOfDay is midnight in India of t's Indian day.
func startOfDay(t time.Time) time.Time {
	y, m, d := t.In(India).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, India)
}
