package sale

import (
	"context"
	"strings"

	"drape/internal/pricing"
	"drape/internal/sale/saledb"
)

// store reads and writes sale rows.
type store struct{ q *saledb.Queries }

// saleRow is a sale as the reading queries return it (their row types convert to it).
type saleRow = saledb.RunningSalesRow

// running reads the running sales with their sub-categories, in the shop's order.
func (s store) running(ctx context.Context) ([]Sale, error) {
	rows, err := s.q.RunningSales(ctx)
	if err != nil {
		return nil, err
	}
	return s.fill(ctx, rows)
}

// fill turns rows into sales with their sub-categories.
func (s store) fill(ctx context.Context, rows []saleRow) ([]Sale, error) {
	sales := make([]Sale, len(rows))
	ids := make([]string, len(rows))
	index := map[string]int{}
	for i, r := range rows {
		category := r.CategoryName
		if !r.CategoryID.Valid {
			category = pricing.All
		}
		sales[i] = Sale{
			ID: r.ID, Name: r.Name, Discount: int(r.Discount), DiscountPercentage: int(r.Discount), Status: r.Active,
			Gender: r.Gender, Category: category, CategoryID: r.CategoryID.String,
			CategoryData: CategoryRef{CategoryType: category}, SubCategories: []SubCategoryRef{},
			Image: saleImage(r.Image), MobileImage: saleImage(r.MobileImage),
		}
		ids[i] = r.ID
		index[r.ID] = i
	}
	if len(ids) == 0 {
		return sales, nil
	}
	subs, err := s.q.SubCategoriesOfSales(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, sc := range subs {
		i := index[sc.SaleID]
		sales[i].SubCategories = append(sales[i].SubCategories, SubCategoryRef{ID: sc.ID, CategoryType: sc.CategoryType})
	}
	return sales, nil
}

func saleImage(name string) string {
	if name == "" || strings.HasPrefix(name, "/") || strings.Contains(name, "://") {
		return name
	}
	return "/uploads/sale/" + name
}
