package sale

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"drape/internal/catalog"
	"drape/internal/pricing"
	"drape/internal/sale/saledb"
)

// store reads and writes sale rows: the sales and sale_sub_categories tables, no other.
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

// fill turns rows into sales with their sub-categories' ids (named by Service.named).
func (s store) fill(ctx context.Context, rows []saleRow) ([]Sale, error) {
	sales := make([]Sale, len(rows))
	ids := make([]string, len(rows))
	index := map[string]int{}
	for i, r := range rows {
		sales[i] = Sale{
			ID: r.ID, Name: r.Name, Discount: int(r.Discount), DiscountPercentage: int(r.Discount), Status: r.Active,
			Gender: r.Gender, CategoryID: r.CategoryID.String, SubCategories: []SubCategoryRef{},
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
		sales[i].SubCategories = append(sales[i].SubCategories, SubCategoryRef{ID: sc.SubCategoryID})
	}
	return sales, nil
}

func saleImage(name string) string {
	if name == "" || strings.HasPrefix(name, "/") || strings.Contains(name, "://") {
		return name
	}
	return "/uploads/sale/" + name
}

// named is sales (not modified) with the names of their categories and sub-categories from
// the catalog, each sale's sub-categories in the catalog's order. Errors: as Categories.
func (s *Service) named(ctx context.Context, sales []Sale) ([]Sale, error) {
	if len(sales) == 0 {
		return []Sale{}, nil
	}
	var cats []catalog.Category
	if s.categories != nil {
		var err error
		if cats, err = s.categories.Categories(ctx); err != nil {
			return nil, err
		}
	}
	names := map[string]string{}
	order := map[string]int{}
	for _, c := range cats {
		names[c.ID] = c.Name
		for _, sc := range c.SubCategories {
			names[sc.ID] = sc.CategoryType
			order[sc.ID] = len(order)
		}
	}
	out := make([]Sale, len(sales))
	for i, sl := range sales {
		sl.Category = pricing.All
		if sl.CategoryID != "" {
			sl.Category = names[sl.CategoryID]
		}
		sl.CategoryData = CategoryRef{CategoryType: sl.Category}
		subs := make([]SubCategoryRef, len(sl.SubCategories))
		for j, sc := range sl.SubCategories {
			subs[j] = SubCategoryRef{ID: sc.ID, CategoryType: names[sc.ID]}
		}
		slices.SortStableFunc(subs, func(a, b SubCategoryRef) int { return cmp.Compare(order[a.ID], order[b.ID]) })
		sl.SubCategories = subs
		out[i] = sl
	}
	return out, nil
}
