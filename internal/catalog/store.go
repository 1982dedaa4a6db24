package catalog

import (
	"context"
	"strings"

	"drape/internal/catalog/catalogdb"
	"drape/internal/pricing"
	"drape/internal/shop"
)

// store reads and writes catalog rows; it converts generated rows into the model.
type store struct{ q *catalogdb.Queries }

// The listing queries return identical columns, so their row types convert to productRow.
type productRow = catalogdb.ProductByIDRow

func productFromRow(r productRow) Product {
	return Product{
		ID: r.ID, Code: r.Code, Name: r.Name, Gender: r.Gender, Status: r.Status,
		Thumbnail: uploadPath("products", r.Thumbnail), Images: uploadPaths("products", r.Images),
		Price: shop.Money(r.Price), Discount: int(r.Discount),
		BasicDescription: r.BasicDescription, ReturnDescription: r.ReturnDescription,
		SizeChart: sizeChartPath(r.SizeChart), Category: r.CategoryName, CategoryID: r.CategoryID,
		SubCategory: r.CategoryType, SubCategoryID: r.SubCategoryID, Colour: r.Colour, Fit: r.Fit,
		Length: r.LengthCm, Width: r.WidthCm, Height: r.HeightCm, Weight: int(r.WeightGrams),
		Slug: r.Slug, CreatedAt: r.CreatedAt, Sale: []pricing.Applied{}, Stock: map[string]int{}, Sizes: []Size{},
	}
}

// attachSizes reads the sizes of products in one query and fills Stock, Sizes and TotalStock.
func (s store) attachSizes(ctx context.Context, products []Product) error {
	if len(products) == 0 {
		return nil
	}
	ids := make([]string, len(products))
	index := make(map[string]int, len(products))
	for i, p := range products {
		ids[i] = p.ID
		index[p.ID] = i
	}
	rows, err := s.q.SizesOf(ctx, ids)
	if err != nil {
		return err
	}
	for _, r := range rows {
		p := &products[index[r.ProductID]]
		p.Sizes = append(p.Sizes, Size{Size: r.Size, Stock: int(r.Stock)})
		p.Stock[r.Size] = int(r.Stock)
		p.TotalStock += int(r.Stock)
	}
	return nil
}

// uploadPath is the URL of an uploaded file: names are stored bare and served under
// /uploads/<kind>/; absolute paths and URLs are kept as they are.
func uploadPath(kind, name string) string {
	if name == "" || strings.HasPrefix(name, "/") || strings.Contains(name, "://") {
		return name
	}
	return "/uploads/" + kind + "/" + name
}

func uploadPaths(kind string, names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = uploadPath(kind, n)
	}
	return out
}

// DefaultSizeChart is shown for products that have no size chart of their own.
const DefaultSizeChart = "/static/size-chart.svg"

func sizeChartPath(name string) string {
	if name == "" {
		return DefaultSizeChart
	}
	return uploadPath("products", name)
}
