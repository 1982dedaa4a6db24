package catalog

// The back office's use cases: the product list with hidden products, product edits, the
// stock editor, bulk status, categories and sub-categories. Each change is made in one
// transaction that also writes the realtime events announcing it (catalog.changed on the
// catalog topic; stock.changed with the new counts), and clears this server's listings.

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"drape/internal/catalog/catalogdb"
	"drape/internal/gst"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/realtime"
)

// Upload folders of catalog images (SPEC §7 names them, subCatrgory sic).
const (
	productImages     = "products"
	subCategoryImages = "subCatrgory"
)

// Limits of the back office's product fields.
const (
	MaxPrice       = shop.Money(10_00_000 * 100) // ₹10,00,000
	maxCodeLength  = 40
	maxNameLength  = 200
	maxShortText   = 40   // colour, fit
	maxDescription = 5000 // each description
	maxImages      = 12
	maxSizes       = 30
	maxSizeLength  = 20
	MaxStock       = 100_000
	maxDimension   = 1000    // cm
	maxWeight      = 100_000 // grams
	maxPosition    = 10_000
	maxBulk        = 100
	maxSearch      = 100
)

// imageName is an uploaded file's name as /uploads/{kind}/{file} serves it.
var imageName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

// AdminProducts lists one page of every product, hidden ones included, narrowed by f and
// priced like the storefront. An unknown sub-category is an empty list. Errors: Invalid for an
// unknown status, stock or sort value or an overlong search.
func (s *Service) AdminProducts(ctx context.Context, f AdminFilter, page shop.Page) (AdminProductPage, error) {
	p := shop.Problems{}
	f.Search = strings.TrimSpace(f.Search)
	p.Check(utf8.RuneCountInString(f.Search) > maxSearch, "search", fmt.Sprintf("Search for at most %d characters", maxSearch))
	p.Check(!slices.Contains([]string{"", ProductsActive, ProductsInactive, StatusBestSeller}, f.Status), "status", "status must be active, inactive or BestSeller")
	p.Check(!slices.Contains([]string{"", StockOut, StockIn, StockLow}, f.Stock), "stock", "stock must be low, out or in")
	if f.Sort == "newest" {
		f.Sort = ""
	}
	p.Check(!slices.Contains([]string{"", "oldest", "name", "price", "-price"}, f.Sort), "sort", "sort must be newest, oldest, name, price or -price")
	if err := p.Err(); err != nil {
		return AdminProductPage{}, err
	}
	empty := AdminProductPage{Items: []AdminProduct{}, Page: page.Number, Limit: page.Size}
	subID := strings.TrimSpace(f.SubCategory)
	if subID != "" && !shop.IsID(subID) {
		sc, err := s.SubCategoryByType(ctx, subID)
		if shop.Is(err, shop.NotFound) {
			return empty, nil
		} else if err != nil {
			return AdminProductPage{}, err
		}
		subID = sc.ID
	}
	filter := catalogdb.CountAdminProductsParams{Pattern: likePattern(f.Search), SubCategoryID: strings.ToLower(subID), Status: f.Status, Stock: f.Stock, LowAt: LowStockAt}
	total, err := s.store.q.CountAdminProducts(ctx, filter)
	if err != nil {
		return AdminProductPage{}, err
	}
	empty.Total, empty.TotalPages = total, shop.TotalPages(total, page.Size)
	if int64(page.Offset()) >= total {
		return empty, nil
	}
	rows, err := s.store.q.AdminProducts(ctx, catalogdb.AdminProductsParams{
		Pattern: filter.Pattern, SubCategoryID: filter.SubCategoryID, Status: filter.Status, Stock: filter.Stock, LowAt: filter.LowAt,
		Sort: f.Sort, PageSize: int32(page.Size), PageOffset: int32(page.Offset())})
	if err != nil {
		return AdminProductPage{}, err
	}
	items, err := s.adminProducts(ctx, convertAdmin(rows))
	if err != nil {
		return AdminProductPage{}, err
	}
	empty.Items = items
	return empty, nil
}

// AdminProduct is one product, hidden or not, priced like the storefront. Errors: NotFound.
func (s *Service) AdminProduct(ctx context.Context, id string) (AdminProduct, error) {
	if !shop.IsID(id) {
		return AdminProduct{}, productNotFound()
	}
	r, err := s.store.q.AdminProductByID(ctx, strings.ToLower(id))
	if shop.Is(err, shop.NotFound) {
		return AdminProduct{}, productNotFound()
	} else if err != nil {
		return AdminProduct{}, err
	}
	items, err := s.adminProducts(ctx, []adminRow{r})
	if err != nil {
		return AdminProduct{}, err
	}
	return items[0], nil
}

// CreateAdminProduct is CreateProduct answering the back office's view of the new product.
// Errors: as CreateProduct.
func (s *Service) CreateAdminProduct(ctx context.Context, in NewProduct) (AdminProduct, error) {
	id, err := s.createProduct(ctx, in)
	if err != nil {
		return AdminProduct{}, err
	}
	return s.AdminProduct(ctx, id)
}

// UpdateProduct changes the fields of a product that ch sets (a merge: nil fields keep their
// values), its sizes too when ch.Sizes is set (as SetStock), and announces the change. Asking
// for no change changes nothing. Errors: NotFound, Invalid (with the fields; also for an
// unknown sub-category), Conflict for a product code another product has or a size whose
// count changed since the editor read it.
func (s *Service) UpdateProduct(ctx context.Context, id string, ch ProductChanges) (AdminProduct, error) {
	if !shop.IsID(id) {
		return AdminProduct{}, productNotFound()
	}
	id = strings.ToLower(id)
	if ch == (ProductChanges{}) {
		return s.AdminProduct(ctx, id)
	}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := catalogdb.New(tx)
		row, err := q.LockProduct(ctx, id)
		if shop.Is(err, shop.NotFound) {
			return productNotFound()
		} else if err != nil {
			return err
		}
		prior := fieldsOf(row)
		next := prior
		next.Images = slices.Clone(prior.Images)
		active := ch.apply(&next, row.Active)
		p := shop.Problems{}
		next.normalise(p, &prior)
		next.check(p)
		var levels []StockLevel
		if ch.Sizes != nil {
			p.Check(len(*ch.Sizes) == 0, "sizes", "Keep at least one size")
			levels = checkLevels(p, *ch.Sizes)
		}
		if err := p.Err(); err != nil {
			return err
		}
		sub, err := subCategoryFor(ctx, q, next.SubCategoryID)
		if err != nil {
			return err
		}
		err = q.UpdateProduct(ctx, catalogdb.UpdateProductParams{
			ID: id, Code: next.Code, Name: next.Name, Gender: next.Gender, Status: next.Status, SubCategoryID: next.SubCategoryID,
			Price: int64(next.Price), Discount: int32(next.Discount), Colour: next.Colour, Thumbnail: next.Thumbnail,
			Images: nonNil(next.Images), BasicDescription: next.BasicDescription, ReturnDescription: next.ReturnDescription,
			SizeChart: next.SizeChart, Fit: next.Fit, LengthCm: next.Length, WidthCm: next.Width, HeightCm: next.Height,
			WeightGrams: int32(next.WeightGrams), Active: active, SubCategoryName: sub.CategoryType,
			SearchText: searchText(next.Name, sub.CategoryType, next.Colour), Hsn: next.HSN,
		})
		if shop.Is(err, shop.Conflict) {
			return duplicateCode(next.Code)
		} else if err != nil {
			return err
		}
		if ch.Sizes != nil {
			if err := writeSizes(ctx, tx, id, levels); err != nil {
				return err
			}
		}
		return publishCatalog(ctx, tx, event.CatalogChange{ProductID: id})
	})
	if err != nil {
		return AdminProduct{}, err
	}
	s.listings.clear()
	return s.AdminProduct(ctx, id)
}

// SetStock makes levels the product's sizes, in display order, with their counts: listed sizes
// get their new count (new ones are added), sizes not listed are removed. The counts are what
// is left to sell now; units held by unpaid online orders are not in them and come back if
// those orders expire. Announces stock.changed with the new counts (and catalog.changed when
// sizes were added, removed or reordered). Errors: NotFound, Invalid (with the fields),
// Conflict when a size's count is no longer the Was the editor read (nothing is written).
func (s *Service) SetStock(ctx context.Context, id string, levels []StockLevel) (AdminProduct, error) {
	if !shop.IsID(id) {
		return AdminProduct{}, productNotFound()
	}
	id = strings.ToLower(id)
	p := shop.Problems{}
	p.Check(len(levels) == 0, "sizes", "Keep at least one size")
	levels = checkLevels(p, levels)
	if err := p.Err(); err != nil {
		return AdminProduct{}, err
	}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := catalogdb.New(tx)
		if _, err := q.LockProduct(ctx, id); shop.Is(err, shop.NotFound) {
			return productNotFound()
		} else if err != nil {
			return err
		}
		if err := writeSizes(ctx, tx, id, levels); err != nil {
			return err
		}
		return q.TouchProduct(ctx, id)
	})
	if err != nil {
		return AdminProduct{}, err
	}
	s.listings.clear()
	return s.AdminProduct(ctx, id)
}

// writeSizes replaces a locked product's sizes with levels and announces the new counts and
// each rise (Restocked).
func writeSizes(ctx context.Context, tx pgx.Tx, productID string, levels []StockLevel) error {
	q := catalogdb.New(tx)
	current, err := q.LockSizes(ctx, productID)
	if err != nil {
		return err
	}
	before := make(map[string]catalogdb.LockSizesRow, len(current))
	for _, r := range current {
		before[r.Size] = r
	}
	for _, l := range levels {
		if l.Was == nil {
			continue
		}
		have := 0
		if r, ok := before[l.Size]; ok {
			have = int(r.Stock)
		}
		if have != *l.Was {
			return &shop.Error{Kind: shop.Conflict,
				Message: fmt.Sprintf("Size %s now has %d in stock, not %d: an order changed it. Reload and try again", l.Size, have, *l.Was),
				Fields:  map[string]string{"sizes": fmt.Sprintf("size %s changed to %d", l.Size, have)},
				Data:    map[string]any{"size": l.Size, "stock": have}}
		}
	}
	keep := make([]string, len(levels))
	counts := make(map[string]int, len(levels))
	layout := len(levels) != len(current)
	for i, l := range levels {
		keep[i] = l.Size
		counts[l.Size] = l.Stock
		if r, ok := before[l.Size]; !ok || int(r.Position) != i {
			layout = true
		}
	}
	if err := q.DeleteSizesExcept(ctx, catalogdb.DeleteSizesExceptParams{ProductID: productID, Keep: keep}); err != nil {
		return err
	}
	for i, l := range levels {
		if err := q.UpsertSize(ctx, catalogdb.UpsertSizeParams{ProductID: productID, Size: l.Size, Position: int32(i), Stock: int32(l.Stock)}); err != nil {
			return err
		}
		if err := Restocked(ctx, tx, productID, l.Size, l.Stock-int(before[l.Size].Stock)); err != nil {
			return err
		}
	}
	if layout {
		if err := publishCatalog(ctx, tx, event.CatalogChange{ProductID: productID}); err != nil {
			return err
		}
	}
	return publishStock(ctx, tx, map[string]map[string]int{productID: counts})
}

// SetProductsStatus changes products at once: ProductsActive shows them on the storefront,
// ProductsInactive hides them (orders keep their own copy of what was bought), StatusBestSeller
// marks them best sellers and ProductsRegular unmarks them. All or nothing; it answers how
// many products there were. Errors: Invalid (with the fields), NotFound naming an unknown id.
func (s *Service) SetProductsStatus(ctx context.Context, ids []string, status string) (int, error) {
	return s.setProductsStatus(ctx, ids, status, false)
}

// setProductsStatus is SetProductsStatus; deleted with ProductsInactive marks the products
// deleted (their pages answer 410 Gone rather than 404).
func (s *Service) setProductsStatus(ctx context.Context, ids []string, status string, deleted bool) (int, error) {
	p := shop.Problems{}
	p.Check(!slices.Contains([]string{ProductsActive, ProductsInactive, StatusBestSeller, ProductsRegular}, status),
		"status", "status must be active, inactive, BestSeller or regular")
	p.Check(len(ids) == 0, "ids", "Choose at least one product")
	p.Check(len(ids) > maxBulk, "ids", fmt.Sprintf("Change at most %d products at once", maxBulk))
	unique := make([]string, 0, len(ids))
	for _, id := range ids {
		p.Check(!shop.IsID(id), "ids", "ids must be product ids")
		if id = strings.ToLower(id); !slices.Contains(unique, id) {
			unique = append(unique, id)
		}
	}
	if err := p.Err(); err != nil {
		return 0, err
	}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := catalogdb.New(tx)
		found, err := q.LockProducts(ctx, unique)
		if err != nil {
			return err
		}
		for _, id := range unique {
			if !slices.Contains(found, id) {
				return shop.E(shop.NotFound, "No product with id %s", id)
			}
		}
		switch status {
		case ProductsActive, ProductsInactive:
			err = q.SetProductsActive(ctx, catalogdb.SetProductsActiveParams{Active: status == ProductsActive, Deleted: deleted, Ids: unique})
		case StatusBestSeller:
			err = q.SetProductsStatus(ctx, catalogdb.SetProductsStatusParams{Status: StatusBestSeller, Ids: unique})
		default:
			err = q.SetProductsStatus(ctx, catalogdb.SetProductsStatusParams{Status: "", Ids: unique})
		}
		if err != nil {
			return err
		}
		return publishCatalog(ctx, tx, event.CatalogChange{ProductIDs: unique})
	})
	if err != nil {
		return 0, err
	}
	s.listings.clear()
	return len(unique), nil
}

// DeactivateProduct hides a product from the storefront for good (the back office can show it
// again) and marks it deleted: its page answers 410 Gone until it is shown again. Rows that
// refer to it — orders' copies, reviews, carts — are kept. Errors: NotFound.
func (s *Service) DeactivateProduct(ctx context.Context, id string) (AdminProduct, error) {
	if !shop.IsID(id) {
		return AdminProduct{}, productNotFound()
	}
	if _, err := s.setProductsStatus(ctx, []string{id}, ProductsInactive, true); err != nil {
		if shop.Is(err, shop.NotFound) {
			return AdminProduct{}, productNotFound()
		}
		return AdminProduct{}, err
	}
	return s.AdminProduct(ctx, id)
}

// AdminCategories lists every category with its image, position, sub-categories and how many
// products each holds (hidden ones included, and how many of them shoppers see).
func (s *Service) AdminCategories(ctx context.Context) ([]AdminCategory, error) {
	q := s.store.q
	cats, err := q.ListCategories(ctx)
	if err != nil {
		return nil, err
	}
	subs, err := q.ListSubCategories(ctx)
	if err != nil {
		return nil, err
	}
	counts, err := q.CategoryCounts(ctx)
	if err != nil {
		return nil, err
	}
	bySub := make(map[string]catalogdb.CategoryCountsRow, len(counts))
	for _, c := range counts {
		bySub[c.SubCategoryID] = c
	}
	out := make([]AdminCategory, len(cats))
	index := make(map[string]int, len(cats))
	for i, c := range cats {
		out[i] = AdminCategory{ID: c.ID, Name: c.Name, Gender: c.Gender, Image: uploadPath(subCategoryImages, c.Image),
			Position: int(c.Position), SubCategories: []AdminSubCategory{}}
		index[c.ID] = i
	}
	for _, sc := range subs {
		i, ok := index[sc.CategoryID]
		if !ok {
			continue
		}
		n := bySub[sc.ID]
		out[i].SubCategories = append(out[i].SubCategories, AdminSubCategory{
			SubCategory: SubCategory{ID: sc.ID, CategoryID: sc.CategoryID, CategoryType: sc.CategoryType, Image: uploadPath(subCategoryImages, sc.Image)},
			Position:    int(sc.Position), Products: n.Total, VisibleProducts: n.Visible})
		out[i].Products += n.Total
		out[i].VisibleProducts += n.Visible
	}
	return out, nil
}

// UpdateCategory changes the fields of a category that ch sets and announces it (to the sale
// banner too, when a sale covers the category). Errors: NotFound, Invalid (with the fields),
// Conflict for a name another category has.
func (s *Service) UpdateCategory(ctx context.Context, id string, ch CategoryChanges) (Category, error) {
	if !shop.IsID(id) {
		return Category{}, categoryNotFound()
	}
	id = strings.ToLower(id)
	var out Category
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := catalogdb.New(tx)
		c, err := q.LockCategory(ctx, id)
		if shop.Is(err, shop.NotFound) {
			return categoryNotFound()
		} else if err != nil {
			return err
		}
		name, gender, image, position := c.Name, c.Gender, c.Image, int(c.Position)
		setIf(&name, ch.Name)
		setIf(&gender, ch.Gender)
		setIf(&position, ch.Position)
		p := shop.Problems{}
		name, gender = strings.TrimSpace(name), genderOf(gender)
		checkCategory(p, name, gender, position)
		if ch.Image != nil {
			image = checkImage(p, "image", subCategoryImages, *ch.Image, &c.Image)
		}
		if err := p.Err(); err != nil {
			return err
		}
		out = Category{ID: id, Name: name, Gender: gender, Image: uploadPath(subCategoryImages, image), SubCategories: []SubCategory{}}
		if ch == (CategoryChanges{}) {
			return nil
		}
		err = q.UpdateCategory(ctx, catalogdb.UpdateCategoryParams{ID: id, Name: name, Gender: gender, Image: image, Position: int32(position)})
		if shop.Is(err, shop.Conflict) {
			return duplicateCategory(name)
		} else if err != nil {
			return err
		}
		return publishCatalog(ctx, tx, event.CatalogChange{CategoryID: id})
	})
	if err != nil {
		return Category{}, err
	}
	s.listings.clear()
	return out, nil
}

// DeleteCategory deletes a category and its sub-categories. Errors: NotFound, Conflict when
// it still holds products (hidden ones too) or a sale covers it or one of its sub-categories.
func (s *Service) DeleteCategory(ctx context.Context, id string) error {
	if !shop.IsID(id) {
		return categoryNotFound()
	}
	id = strings.ToLower(id)
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := catalogdb.New(tx)
		c, err := q.LockCategory(ctx, id)
		if shop.Is(err, shop.NotFound) {
			return categoryNotFound()
		} else if err != nil {
			return err
		}
		n, err := q.CountProductsInCategory(ctx, id)
		if err != nil {
			return err
		}
		if n > 0 {
			return shop.E(shop.Conflict, "%s still has %s (hidden ones count too): move them to another category before deleting it", c.Name, plural(n, "product"))
		}
		subs, err := q.SubCategoriesOf(ctx, id)
		if err != nil {
			return err
		}
		sales, err := s.sales.Covering(ctx, id, subs)
		if err != nil {
			return err
		}
		if len(sales) > 0 {
			return shop.E(shop.Conflict, "The sale %s covers %s: change or delete the sale first", sales[0], c.Name)
		}
		if err := q.DeleteSubCategoriesOf(ctx, id); err != nil {
			return stillUsed(err, c.Name)
		}
		if err := q.DeleteCategory(ctx, id); err != nil {
			return stillUsed(err, c.Name)
		}
		return publishCatalog(ctx, tx, event.CatalogChange{CategoryID: id})
	})
	if err != nil {
		return err
	}
	s.listings.clear()
	return nil
}

// UpdateSubCategory changes the fields of a sub-category that ch sets (a new CategoryID moves
// it with its products) and announces it (to the sale banner too, when a sale covers it).
// Errors: NotFound, Invalid (with the fields; also for an unknown category), Conflict for a
// name another sub-category has.
func (s *Service) UpdateSubCategory(ctx context.Context, id string, ch SubCategoryChanges) (SubCategory, error) {
	if !shop.IsID(id) {
		return SubCategory{}, subCategoryNotFound()
	}
	id = strings.ToLower(id)
	var out SubCategory
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := catalogdb.New(tx)
		sc, err := q.LockSubCategory(ctx, id)
		if shop.Is(err, shop.NotFound) {
			return subCategoryNotFound()
		} else if err != nil {
			return err
		}
		categoryID, name, image, position := sc.CategoryID, sc.CategoryType, sc.Image, int(sc.Position)
		setIf(&categoryID, ch.CategoryID)
		setIf(&name, ch.CategoryType)
		setIf(&position, ch.Position)
		p := shop.Problems{}
		categoryID, name = strings.ToLower(strings.TrimSpace(categoryID)), strings.TrimSpace(name)
		checkSubCategory(p, categoryID, name, position)
		if ch.Image != nil {
			image = checkImage(p, "image", subCategoryImages, *ch.Image, &sc.Image)
		}
		if err := p.Err(); err != nil {
			return err
		}
		out = SubCategory{ID: id, CategoryID: categoryID, CategoryType: name, Image: uploadPath(subCategoryImages, image)}
		if ch == (SubCategoryChanges{}) {
			return nil
		}
		if categoryID != sc.CategoryID {
			if _, err := q.LockCategory(ctx, categoryID); shop.Is(err, shop.NotFound) {
				return fieldError("categoryId", "No such category")
			} else if err != nil {
				return err
			}
		}
		err = q.UpdateSubCategory(ctx, catalogdb.UpdateSubCategoryParams{ID: id, CategoryID: categoryID, CategoryType: name, Image: image, Position: int32(position)})
		if shop.Is(err, shop.Conflict) {
			return duplicateSubCategory(name)
		} else if err != nil {
			return err
		}
		if name != sc.CategoryType {
			if err := q.RenameInProductSearch(ctx, catalogdb.RenameInProductSearchParams{CategoryType: name, SubCategoryID: id}); err != nil {
				return err
			}
		}
		return publishCatalog(ctx, tx, event.CatalogChange{SubCategoryID: id})
	})
	if err != nil {
		return SubCategory{}, err
	}
	s.listings.clear()
	return out, nil
}

// DeleteSubCategory deletes a sub-category. Errors: NotFound, Conflict when it still holds
// products (hidden ones too) or a sale covers it.
func (s *Service) DeleteSubCategory(ctx context.Context, id string) error {
	if !shop.IsID(id) {
		return subCategoryNotFound()
	}
	id = strings.ToLower(id)
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := catalogdb.New(tx)
		sc, err := q.LockSubCategory(ctx, id)
		if shop.Is(err, shop.NotFound) {
			return subCategoryNotFound()
		} else if err != nil {
			return err
		}
		n, err := q.CountProductsInSubCategory(ctx, id)
		if err != nil {
			return err
		}
		if n > 0 {
			return shop.E(shop.Conflict, "%s still has %s (hidden ones count too): move them to another sub-category before deleting it", sc.CategoryType, plural(n, "product"))
		}
		sales, err := s.sales.Covering(ctx, "", []string{id})
		if err != nil {
			return err
		}
		if len(sales) > 0 {
			return shop.E(shop.Conflict, "The sale %s covers %s: change or delete the sale first", sales[0], sc.CategoryType)
		}
		if err := q.DeleteSubCategory(ctx, id); err != nil {
			return stillUsed(err, sc.CategoryType)
		}
		return publishCatalog(ctx, tx, event.CatalogChange{SubCategoryID: id})
	})
	if err != nil {
		return err
	}
	s.listings.clear()
	return nil
}

// adminRow is a product row of the back office (AdminProducts rows convert to it).
type adminRow = catalogdb.AdminProductByIDRow

func convertAdmin(rows []catalogdb.AdminProductsRow) []adminRow {
	out := make([]adminRow, len(rows))
	for i, r := range rows {
		out[i] = adminRow(r)
	}
	return out
}

// adminProducts turns rows into priced back-office products with their sizes.
func (s *Service) adminProducts(ctx context.Context, rows []adminRow) ([]AdminProduct, error) {
	products := make([]Product, len(rows))
	for i, r := range rows {
		products[i] = productFromRow(productRow{
			ID: r.ID, Code: r.Code, Name: r.Name, Gender: r.Gender, Status: r.Status, SubCategoryID: r.SubCategoryID,
			Price: r.Price, Discount: r.Discount, Colour: r.Colour, Thumbnail: r.Thumbnail, Images: r.Images,
			BasicDescription: r.BasicDescription, ReturnDescription: r.ReturnDescription, SizeChart: r.SizeChart,
			Fit: r.Fit, LengthCm: r.LengthCm, WidthCm: r.WidthCm, HeightCm: r.HeightCm, WeightGrams: r.WeightGrams,
			CreatedAt: r.CreatedAt, CategoryType: r.CategoryType, CategoryID: r.CategoryID, CategoryName: r.CategoryName, Slug: r.Slug,
		})
	}
	if err := s.finish(ctx, products); err != nil {
		return nil, err
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	hsns, err := s.HSNs(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]AdminProduct, len(rows))
	for i, r := range rows {
		out[i] = AdminProduct{Product: products[i], Active: r.Active, UpdatedAt: r.UpdatedAt, HSN: hsns[r.ID]}
	}
	return out, nil
}

// fieldsOf is a locked product's editable fields as stored (image names bare).
func fieldsOf(r catalogdb.LockProductRow) NewProduct {
	return NewProduct{
		Code: r.Code, Name: r.Name, Gender: r.Gender, Status: r.Status, SubCategoryID: r.SubCategoryID,
		Price: shop.Money(r.Price), Discount: int(r.Discount), Colour: r.Colour, Thumbnail: r.Thumbnail, Images: r.Images,
		BasicDescription: r.BasicDescription, ReturnDescription: r.ReturnDescription, SizeChart: r.SizeChart, Fit: r.Fit,
		Length: r.LengthCm, Width: r.WidthCm, Height: r.HeightCm, WeightGrams: int(r.WeightGrams), HSN: r.Hsn,
	}
}

// apply sets the fields ch names on in and answers whether the product is to be visible.
func (ch ProductChanges) apply(in *NewProduct, active bool) bool {
	setIf(&in.Code, ch.Code)
	setIf(&in.Name, ch.Name)
	setIf(&in.Gender, ch.Gender)
	setIf(&in.Status, ch.Status)
	setIf(&in.SubCategoryID, ch.SubCategoryID)
	setIf(&in.Price, ch.Price)
	setIf(&in.Discount, ch.Discount)
	setIf(&in.Colour, ch.Colour)
	setIf(&in.Thumbnail, ch.Thumbnail)
	setIf(&in.Images, ch.Images)
	setIf(&in.BasicDescription, ch.BasicDescription)
	setIf(&in.ReturnDescription, ch.ReturnDescription)
	setIf(&in.SizeChart, ch.SizeChart)
	setIf(&in.Fit, ch.Fit)
	setIf(&in.Length, ch.Length)
	setIf(&in.Width, ch.Width)
	setIf(&in.Height, ch.Height)
	setIf(&in.WeightGrams, ch.WeightGrams)
	setIf(&in.HSN, ch.HSN)
	setIf(&active, ch.Active)
	return active
}

func setIf[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// normalise trims a product's text, spells gender and status as stored and turns image URLs
// into file names, reporting images that are not uploads. Images of prior (the product before
// an edit) are kept as they are.
func (in *NewProduct) normalise(p shop.Problems, prior *NewProduct) {
	in.Code, in.Name = strings.TrimSpace(in.Code), strings.TrimSpace(in.Name)
	in.Colour, in.Fit = strings.TrimSpace(in.Colour), strings.TrimSpace(in.Fit)
	in.BasicDescription, in.ReturnDescription = strings.TrimSpace(in.BasicDescription), strings.TrimSpace(in.ReturnDescription)
	in.Gender = genderOf(in.Gender)
	in.HSN = strings.TrimSpace(in.HSN)
	in.SubCategoryID = strings.ToLower(strings.TrimSpace(in.SubCategoryID))
	if in.Status = strings.TrimSpace(in.Status); strings.EqualFold(in.Status, StatusBestSeller) {
		in.Status = StatusBestSeller
	}
	var was struct {
		thumbnail, sizeChart *string
		images               []string
	}
	if prior != nil {
		was.thumbnail, was.sizeChart, was.images = &prior.Thumbnail, &prior.SizeChart, prior.Images
	}
	in.Thumbnail = checkImage(p, "thumbnail", productImages, in.Thumbnail, was.thumbnail)
	if strings.TrimSpace(in.SizeChart) == DefaultSizeChart {
		in.SizeChart = ""
	}
	in.SizeChart = checkImage(p, "sizeChart", productImages, in.SizeChart, was.sizeChart)
	images := make([]string, 0, len(in.Images))
	for _, img := range in.Images {
		var known *string
		for i := range was.images {
			if img == was.images[i] || img == uploadPath(productImages, was.images[i]) {
				known = &was.images[i]
			}
		}
		if name := checkImage(p, "images", productImages, img, known); name != "" {
			images = append(images, name)
		}
	}
	in.Images = images
}

// check reports a product's fields that are out of bounds.
func (in *NewProduct) check(p shop.Problems) {
	p.Check(in.HSN != "" && !gst.ValidHSN(in.HSN), "hsn", "HSN code must be 4, 6 or 8 digits")
	p.Check(in.Code == "", "productId", "productId is required")
	p.Check(utf8.RuneCountInString(in.Code) > maxCodeLength, "productId", fmt.Sprintf("productId must be at most %d characters", maxCodeLength))
	p.Check(hasControl(in.Code), "productId", "productId cannot hold control characters")
	p.Check(in.Name == "", "productName", "productName is required")
	p.Check(utf8.RuneCountInString(in.Name) > maxNameLength, "productName", fmt.Sprintf("productName must be at most %d characters", maxNameLength))
	p.Check(hasControl(in.Name), "productName", "productName cannot hold control characters")
	p.Check(!slices.Contains(Genders, in.Gender), "gender", "gender must be Men, Women or Unisex")
	p.Check(in.Status != "" && in.Status != StatusBestSeller, "status", "status must be empty or BestSeller")
	p.Check(!shop.IsID(in.SubCategoryID), "subcategoryId", "subcategoryId must be a sub-category id")
	p.Check(in.Price <= 0, "price", "price must be more than 0")
	p.Check(in.Price > MaxPrice, "price", "price must be at most "+MaxPrice.String())
	p.Check(in.Discount < 0 || in.Discount > 100, "discount", "discount must be a percent from 0 to 100")
	p.Check(utf8.RuneCountInString(in.Colour) > maxShortText, "colour", fmt.Sprintf("colour must be at most %d characters", maxShortText))
	p.Check(utf8.RuneCountInString(in.Fit) > maxShortText, "size", fmt.Sprintf("size must be at most %d characters", maxShortText))
	p.Check(utf8.RuneCountInString(in.BasicDescription) > maxDescription, "basicProductDescription", fmt.Sprintf("basicProductDescription must be at most %d characters", maxDescription))
	p.Check(utf8.RuneCountInString(in.ReturnDescription) > maxDescription, "returnDescription", fmt.Sprintf("returnDescription must be at most %d characters", maxDescription))
	p.Check(len(in.Images) > maxImages, "images", fmt.Sprintf("A product can have at most %d images", maxImages))
	for field, v := range map[string]float64{"length": in.Length, "width": in.Width, "hight": in.Height} {
		p.Check(v < 0 || v > maxDimension, field, fmt.Sprintf("%s must be from 0 to %d cm", field, maxDimension))
	}
	p.Check(in.WeightGrams < 0 || in.WeightGrams > maxWeight, "weight", fmt.Sprintf("weight must be from 0 to %d grams", maxWeight))
}

// checkLevels trims sizes and reports bad ones (field "sizes").
func checkLevels(p shop.Problems, levels []StockLevel) []StockLevel {
	p.Check(len(levels) > maxSizes, "sizes", fmt.Sprintf("A product can have at most %d sizes", maxSizes))
	out := make([]StockLevel, len(levels))
	seen := map[string]bool{}
	for i, l := range levels {
		l.Size = strings.TrimSpace(l.Size)
		key := strings.ToLower(l.Size)
		p.Check(l.Size == "", "sizes", "Every size needs a name")
		p.Check(utf8.RuneCountInString(l.Size) > maxSizeLength || hasControl(l.Size), "sizes", fmt.Sprintf("Size names are at most %d characters", maxSizeLength))
		p.Check(l.Size != "" && seen[key], "sizes", "Size "+l.Size+" is listed twice")
		p.Check(l.Stock < 0 || l.Stock > MaxStock, "sizes", fmt.Sprintf("Stock must be from 0 to %d", MaxStock))
		p.Check(l.Was != nil && *l.Was < 0, "sizes", "was cannot be negative")
		seen[key] = true
		out[i] = l
	}
	return out
}

func checkCategory(p shop.Problems, name, gender string, position int) {
	p.Check(name == "", "name", "name is required")
	p.Check(utf8.RuneCountInString(name) > 60 || hasControl(name), "name", "name must be at most 60 characters")
	p.Check(!slices.Contains(Genders, gender), "gender", "gender must be Men, Women or Unisex")
	p.Check(position < 0 || position > maxPosition, "position", fmt.Sprintf("position must be from 0 to %d", maxPosition))
}

func checkSubCategory(p shop.Problems, categoryID, name string, position int) {
	p.Check(name == "", "categoryType", "categoryType is required")
	p.Check(utf8.RuneCountInString(name) > 60 || hasControl(name), "categoryType", "categoryType must be at most 60 characters")
	p.Check(!shop.IsID(categoryID), "categoryId", "categoryId must be a category id")
	p.Check(position < 0 || position > maxPosition, "position", fmt.Sprintf("position must be from 0 to %d", maxPosition))
}

// checkImage is the stored name of an image field: a file uploaded to kind, given as its name
// or its URL; prior (the stored value before an edit) is kept as it is. Anything else is
// reported on field.
func checkImage(p shop.Problems, field, kind, value string, prior *string) string {
	v := strings.TrimSpace(value)
	if prior != nil && (v == *prior || v == uploadPath(kind, *prior)) {
		return *prior
	}
	v = strings.TrimPrefix(v, "/uploads/"+kind+"/")
	if v != "" && !imageName.MatchString(v) {
		p.Add(field, field+" must be an image uploaded to /api/admin/uploads/"+kind)
	}
	return v
}

// genderOf spells a gender as stored ("men" → "Men"); unknown values stay as they are.
func genderOf(g string) string {
	g = strings.TrimSpace(g)
	for _, known := range Genders {
		if strings.EqualFold(g, known) {
			return known
		}
	}
	return g
}

func hasControl(s string) bool {
	return strings.ContainsFunc(s, unicode.IsControl)
}

// likePattern is search as a LIKE substring: lowercased, with LIKE's wildcards escaped.
func likePattern(search string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(search))
}

func searchText(name, subCategory, colour string) string {
	return strings.ToLower(strings.Join([]string{name, subCategory, colour}, " "))
}

// subCategoryFor is the sub-category a product is being put in. Errors: Invalid naming
// subcategoryId when there is none.
func subCategoryFor(ctx context.Context, q *catalogdb.Queries, id string) (catalogdb.SubCategoryByIDRow, error) {
	sub, err := q.SubCategoryByID(ctx, id)
	if shop.Is(err, shop.NotFound) {
		return sub, fieldError("subcategoryId", "No such sub-category")
	}
	return sub, err
}

// publishCatalog writes catalog.changed to the outbox in tx. Sale banners name categories
// through the catalog's service, so a rename reaches them through this event too.
func publishCatalog(ctx context.Context, tx pgx.Tx, change event.CatalogChange) error {
	return outbox.Publish(ctx, tx, event.CatalogChanged, realtime.TopicCatalog, change)
}

// stillUsed words a foreign-key refusal (something began to use the row meanwhile).
func stillUsed(err error, name string) error {
	if shop.Is(err, shop.Invalid) {
		return shop.Wrap(shop.Conflict, err, name+" is still in use: reload and try again")
	}
	return err
}

func fieldError(field, message string) error {
	return &shop.Error{Kind: shop.Invalid, Message: message, Fields: map[string]string{field: message}}
}

func productNotFound() error     { return shop.E(shop.NotFound, "Product not found") }
func categoryNotFound() error    { return shop.E(shop.NotFound, "Category not found") }
func subCategoryNotFound() error { return shop.E(shop.NotFound, "Sub-category not found") }

func duplicateCode(code string) error {
	return &shop.Error{Kind: shop.Conflict, Message: "A product with code " + code + " already exists", Fields: map[string]string{"productId": "already used"}}
}

func duplicateCategory(name string) error {
	return &shop.Error{Kind: shop.Conflict, Message: "A category named " + name + " already exists", Fields: map[string]string{"name": "already used"}}
}

func duplicateSubCategory(name string) error {
	return &shop.Error{Kind: shop.Conflict, Message: "A sub-category named " + name + " already exists", Fields: map[string]string{"categoryType": "already used"}}
}

func plural(n int64, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
