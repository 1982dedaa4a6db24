// Package catalog is what the shop sells: categories and their sub-categories, products with
// per-size stock, listings, product pages and search. Every product it returns is priced by
// package pricing against the running sales, so no caller computes money.
//
// It guarantees that listings are stable (newest first, ties broken by id), that a page beyond
// the end is empty rather than an error, and that hidden products never appear.
package catalog

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/catalog/catalogdb"
	"drape/internal/gst"
	"drape/internal/platform/postgres"
	"drape/internal/pricing"
	"drape/internal/shop"
	"drape/internal/shop/event"
)

// Sales is the sale package's service as the catalog uses it: the catalog reads no sale
// table.
type Sales interface {
	// PricingSales is the running sales, in the order the shop applies them.
	PricingSales(ctx context.Context) ([]pricing.Sale, error)
	// PricingVersion changes whenever the running sales may have: listing pages priced before
	// it changed are not served again.
	PricingVersion() uint64
	// Covering names the sales covering the category or one of the sub-categories.
	Covering(ctx context.Context, categoryID string, subCategoryIDs []string) ([]string, error)
}

// Service is the catalog's use cases.
type Service struct {
	pool       *pgxpool.Pool
	store      store
	reads      store // the storefront's lag-tolerant reads: store, or a replica's (ReadFrom)
	sales      Sales
	listings   *listingCache
	categories categoryCache
	indexes    filterIndexes
	// searches and suggestions keep answers to identical queries (answers).
	searches    answers[ProductPage]
	suggestions answers[Suggestions]
	terms       searchTerms // what words typed in searches mean
}

// Listing pages are served from memory: fresh for ListingFresh, then (stale) while they reload
// in the background, for up to ListingUsable. Changes made through this server clear them at
// once; changes announced by other servers (Expire) make them reload on their next request.
// A page priced before the running sales changed is never served (Sales.PricingVersion is
// part of its key). Stock is checked again when an order is placed.
const (
	ListingFresh  = 5 * time.Second
	ListingUsable = time.Minute
)

// NewService makes the catalog service; sales prices its products.
func NewService(pool *pgxpool.Pool, sales Sales) *Service {
	return NewServiceFresh(pool, sales, ListingFresh)
}

// NewServiceFresh is NewService with listing pages fresh in memory for fresh instead of
// ListingFresh; with 0 every listing is read from the database (requests for the same page at
// the same moment still share one read).
func NewServiceFresh(pool *pgxpool.Pool, sales Sales, fresh time.Duration) *Service {
	usable := ListingUsable
	if fresh <= 0 {
		fresh, usable = 0, 0
	}
	st := store{q: catalogdb.New(postgres.Translating(pool))}
	return &Service{pool: pool, store: st, reads: st, sales: sales, listings: newListingCache(fresh, usable, 10_000)}
}

// Categories lists every category with its sub-categories, in display order, from memory
// until the catalog changes (as listings are). The list is shared: do not modify it. Errors:
// Unavailable when the database is.
func (s *Service) Categories(ctx context.Context) ([]Category, error) {
	generation := s.listings.currentGeneration()
	if cats, ok := s.categories.get(generation); ok {
		return cats, nil
	}
	cats, err := s.readCategories(ctx)
	if err != nil {
		return nil, err
	}
	s.categories.put(generation, cats)
	return cats, nil
}

// readCategories reads every category with its sub-categories, in display order.
func (s *Service) readCategories(ctx context.Context) ([]Category, error) {
	cats, err := s.store.q.ListCategories(ctx)
	if err != nil {
		return nil, err
	}
	subs, err := s.store.q.ListSubCategories(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Category, len(cats))
	index := map[string]int{}
	for i, c := range cats {
		out[i] = Category{ID: c.ID, Name: c.Name, Gender: c.Gender, Image: uploadPath(subCategoryImages, c.Image), SubCategories: []SubCategory{}}
		index[c.ID] = i
	}
	for _, sc := range subs {
		if i, ok := index[sc.CategoryID]; ok {
			out[i].SubCategories = append(out[i].SubCategories, SubCategory{
				ID: sc.ID, CategoryID: sc.CategoryID, CategoryType: sc.CategoryType, Image: uploadPath("subCatrgory", sc.Image)})
		}
	}
	return out, nil
}

// SubCategoryByType finds a sub-category by its name, ignoring case. Errors: NotFound.
func (s *Service) SubCategoryByType(ctx context.Context, categoryType string) (SubCategory, error) {
	sc, err := s.store.q.SubCategoryByType(ctx, categoryType)
	if err != nil {
		return SubCategory{}, err
	}
	return SubCategory{ID: sc.ID, CategoryID: sc.CategoryID, CategoryType: sc.CategoryType, Image: uploadPath("subCatrgory", sc.Image)}, nil
}

// Expire makes cached listings and categories reload: another server changed the catalog or
// stock (server/caches.go calls it when the event says so).
func (s *Service) Expire() { s.listings.expire() }

// Products lists one page of a listing, newest first, from the listing cache. An
// unknown sub-category is an empty listing. The page is shared: do not modify it. Errors:
// Unavailable when the database is.
func (s *Service) Products(ctx context.Context, l Listing, page shop.Page) (ProductPage, error) {
	key := l.key(page.Number, page.Size) + "@" + strconv.FormatUint(s.sales.PricingVersion(), 10)
	return s.listings.get(key, func() (ProductPage, error) { return s.products(context.WithoutCancel(ctx), l, page) })
}

func (s *Service) products(ctx context.Context, l Listing, page shop.Page) (ProductPage, error) {
	q := s.reads.q
	limit, offset := int32(page.Size), int32(page.Offset())
	var rows []productRow
	var total int64
	var err error
	if l.CategoryName != "" {
		id, err := q.CategoryIDByName(ctx, l.CategoryName)
		if shop.Is(err, shop.NotFound) {
			return emptyPage(page), nil
		} else if err != nil {
			return ProductPage{}, err
		}
		l.CategoryID = id
	}
	switch {
	case l.SubCategoryType != "":
		sc, err := s.SubCategoryByType(ctx, l.SubCategoryType)
		if shop.Is(err, shop.NotFound) {
			return emptyPage(page), nil
		} else if err != nil {
			return ProductPage{}, err
		}
		l.SubCategoryIDs = []string{sc.ID}
	case len(l.SubCategoryIDs) == 0 && l.CategoryID != "":
		subs, err := q.SubCategoriesOf(ctx, l.CategoryID)
		if err != nil {
			return ProductPage{}, err
		}
		if len(subs) == 0 {
			return emptyPage(page), nil
		}
		l.SubCategoryIDs = subs
	}
	switch {
	case len(l.SubCategoryIDs) == 1 && l.Gender == "":
		var r []catalogdb.ProductsInSubCategoryRow
		in := l.SubCategoryIDs[0]
		if r, err = q.ProductsInSubCategory(ctx, catalogdb.ProductsInSubCategoryParams{SubCategoryID: in, PageSize: limit, PageOffset: offset}); err == nil {
			rows = convertRows(r, func(x catalogdb.ProductsInSubCategoryRow) productRow { return productRow(x) })
			total, err = q.CountInSubCategory(ctx, in)
		}
	case len(l.SubCategoryIDs) > 0:
		var r []catalogdb.ProductsBySubCategoryRow
		if r, err = q.ProductsBySubCategory(ctx, catalogdb.ProductsBySubCategoryParams{SubCategoryIds: l.SubCategoryIDs, Gender: l.Gender, PageSize: limit, PageOffset: offset}); err == nil {
			rows = convertRows(r, func(x catalogdb.ProductsBySubCategoryRow) productRow { return productRow(x) })
			total, err = q.CountBySubCategory(ctx, catalogdb.CountBySubCategoryParams{SubCategoryIds: l.SubCategoryIDs, Gender: l.Gender})
		}
	case l.BestSellers:
		var r []catalogdb.BestSellersRow
		if r, err = q.BestSellers(ctx, catalogdb.BestSellersParams{PageSize: limit, PageOffset: offset}); err == nil {
			rows = convertRows(r, func(x catalogdb.BestSellersRow) productRow { return productRow(x) })
			total, err = q.CountBestSellers(ctx)
		}
	case l.Gender != "":
		var r []catalogdb.ProductsByGenderRow
		if r, err = q.ProductsByGender(ctx, catalogdb.ProductsByGenderParams{Gender: l.Gender, PageSize: limit, PageOffset: offset}); err == nil {
			rows = convertRows(r, func(x catalogdb.ProductsByGenderRow) productRow { return productRow(x) })
			total, err = q.CountByGender(ctx, l.Gender)
		}
	default:
		var r []catalogdb.AllProductsRow
		if r, err = q.AllProducts(ctx, catalogdb.AllProductsParams{PageSize: limit, PageOffset: offset}); err == nil {
			rows = convertRows(r, func(x catalogdb.AllProductsRow) productRow { return productRow(x) })
			total, err = q.CountAll(ctx)
		}
	}
	if err != nil {
		return ProductPage{}, err
	}
	return s.page(ctx, rows, total, page)
}

// Product is one product, priced, by its id or its slug, as the primary database has it (what
// was just written is seen). Errors: NotFound (also for hidden products).
func (s *Service) Product(ctx context.Context, id string) (Product, error) {
	return s.product(ctx, s.store, id)
}

// ShopperProduct is Product for the storefront's product page, read from the replica when
// there is one (ReadFrom), so it may lag the primary by the replica's delay. Errors: NotFound
// (also for hidden products).
func (s *Service) ShopperProduct(ctx context.Context, id string) (Product, error) {
	return s.product(ctx, s.reads, id)
}

func (s *Service) product(ctx context.Context, st store, id string) (Product, error) {
	if !shop.IsID(id) {
		state, err := s.ProductState(ctx, id)
		if err != nil {
			return Product{}, err
		}
		id = state.ID
	}
	r, err := st.q.ProductByID(ctx, id)
	if err != nil {
		if shop.Is(err, shop.NotFound) {
			return Product{}, shop.E(shop.NotFound, "Product not found")
		}
		return Product{}, err
	}
	products := []Product{productFromRow(r)}
	if err := s.finishFrom(ctx, st, products); err != nil {
		return Product{}, err
	}
	return products[0], nil
}

// ProductsByIDs is the products with these ids, priced, in the order of ids; hidden and
// unknown ids are left out.
func (s *Service) ProductsByIDs(ctx context.Context, ids []string) ([]Product, error) {
	if len(ids) == 0 {
		return []Product{}, nil
	}
	rows, err := s.store.q.ProductsByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	byID := make(map[string]Product, len(rows))
	products := make([]Product, 0, len(rows))
	for _, r := range rows {
		products = append(products, productFromRow(productRow(r)))
	}
	if err := s.finish(ctx, products); err != nil {
		return nil, err
	}
	for _, p := range products {
		byID[p.ID] = p
	}
	out := make([]Product, 0, len(products))
	for _, id := range ids {
		if p, ok := byID[id]; ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// hsnOr is hsn, or when it is empty the default for a product of gender in subCategory.
func hsnOr(hsn, subCategory, gender string) string {
	if hsn != "" {
		return hsn
	}
	return gst.DefaultHSN(subCategory, gender)
}

// HSNs is the HSN code of each product in ids, hidden ones included: its own, or when it has
// none the default for its sub-category (gst.DefaultHSN; "" when there is none). Unknown ids
// are left out.
func (s *Service) HSNs(ctx context.Context, ids []string) (map[string]string, error) {
	return hsns(ctx, s.store.q, ids)
}

// HSNsInTx is HSNs read in tx, for a use case that holds locks and so must not wait for a
// second connection.
func (s *Service) HSNsInTx(ctx context.Context, tx pgx.Tx, ids []string) (map[string]string, error) {
	return hsns(ctx, s.store.q.WithTx(tx), ids)
}

func hsns(ctx context.Context, q *catalogdb.Queries, ids []string) (map[string]string, error) {
	rows, err := q.ProductHSNs(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		out[r.ID] = hsnOr(r.Hsn, r.CategoryType, r.Gender)
	}
	return out, nil
}

// page is a listing's or a search's page, its sizes read where the rows were (s.reads).
func (s *Service) page(ctx context.Context, rows []productRow, total int64, page shop.Page) (ProductPage, error) {
	products := make([]Product, len(rows))
	for i, r := range rows {
		products[i] = productFromRow(r)
	}
	if err := s.finishFrom(ctx, s.reads, products); err != nil {
		return ProductPage{}, err
	}
	return ProductPage{Items: products, Total: total, Page: page.Number, PageSize: page.Size, TotalPages: shop.TotalPages(total, page.Size)}, nil
}

// finish attaches sizes and prices products against the running sales.
func (s *Service) finish(ctx context.Context, products []Product) error {
	return s.finishFrom(ctx, s.store, products)
}

// finishFrom is finish with the sizes read from st.
func (s *Service) finishFrom(ctx context.Context, st store, products []Product) error {
	if err := st.attachSizes(ctx, products); err != nil {
		return err
	}
	return s.price(ctx, products)
}

// price sets each product's price and sale under the running sales.
func (s *Service) price(ctx context.Context, products []Product) error {
	sales, err := s.sales.PricingSales(ctx)
	if err != nil {
		return err
	}
	for i := range products {
		q := pricing.Price(products[i].PricingItem(), sales)
		products[i].DiscountedPrice = q.Unit
		if q.Sale != nil {
			products[i].Sale = []pricing.Applied{*q.Sale}
		}
	}
	return nil
}

func emptyPage(page shop.Page) ProductPage {
	return ProductPage{Items: []Product{}, Page: page.Number, PageSize: page.Size}
}

func convertRows[T any](rows []T, conv func(T) productRow) []productRow {
	out := make([]productRow, len(rows))
	for i, r := range rows {
		out[i] = conv(r)
	}
	return out
}

// IsEmpty reports whether the catalog has no products at all (demo data loads into an empty
// shop only).
func (s *Service) IsEmpty(ctx context.Context) (bool, error) {
	n, err := s.Count(ctx)
	return n == 0, err
}

// Count is how many products the catalog holds, hidden ones included.
func (s *Service) Count(ctx context.Context) (int64, error) {
	n, err := s.store.q.CountProducts(ctx)
	return n, err
}

// CreateCategory adds a category and tells open storefronts the catalog changed. Errors:
// Invalid (with the fields), Conflict for a duplicate name.
func (s *Service) CreateCategory(ctx context.Context, in NewCategory) (Category, error) {
	p := shop.Problems{}
	in.Name, in.Gender = strings.TrimSpace(in.Name), genderOf(in.Gender)
	checkCategory(p, in.Name, in.Gender, in.Position)
	in.Image = checkImage(p, "image", subCategoryImages, in.Image, nil)
	if err := p.Err(); err != nil {
		return Category{}, err
	}
	c := Category{ID: shop.NewID(), Name: in.Name, Gender: in.Gender, Image: uploadPath(subCategoryImages, in.Image), SubCategories: []SubCategory{}}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		err := catalogdb.New(tx).InsertCategory(ctx, catalogdb.InsertCategoryParams{ID: c.ID, Name: c.Name, Gender: c.Gender, Image: in.Image, Position: int32(in.Position)})
		if shop.Is(err, shop.Conflict) {
			return duplicateCategory(in.Name)
		} else if err != nil {
			return err
		}
		return publishCatalog(ctx, tx, event.CatalogChange{CategoryID: c.ID})
	})
	if err != nil {
		return Category{}, err
	}
	s.listings.clear()
	return c, nil
}

// CreateSubCategory adds a sub-category to a category and tells open storefronts the catalog
// changed. Errors: Invalid (with the fields; also for an unknown category), Conflict for a
// duplicate name.
func (s *Service) CreateSubCategory(ctx context.Context, in NewSubCategory) (SubCategory, error) {
	p := shop.Problems{}
	in.CategoryType = strings.TrimSpace(in.CategoryType)
	checkSubCategory(p, in.CategoryID, in.CategoryType, in.Position)
	in.Image = checkImage(p, "image", subCategoryImages, in.Image, nil)
	if err := p.Err(); err != nil {
		return SubCategory{}, err
	}
	sc := SubCategory{ID: shop.NewID(), CategoryID: in.CategoryID, CategoryType: in.CategoryType, Image: uploadPath(subCategoryImages, in.Image)}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := catalogdb.New(tx)
		if _, err := q.LockCategory(ctx, in.CategoryID); shop.Is(err, shop.NotFound) {
			return fieldError("categoryId", "No such category")
		} else if err != nil {
			return err
		}
		err := q.InsertSubCategory(ctx, catalogdb.InsertSubCategoryParams{
			ID: sc.ID, CategoryID: in.CategoryID, CategoryType: in.CategoryType, Image: in.Image, Position: int32(in.Position)})
		if shop.Is(err, shop.Conflict) {
			return duplicateSubCategory(in.CategoryType)
		} else if err != nil {
			return err
		}
		return publishCatalog(ctx, tx, event.CatalogChange{SubCategoryID: sc.ID})
	})
	if err != nil {
		return SubCategory{}, err
	}
	s.listings.clear()
	return sc, nil
}

// CreateProduct adds a product with its sizes and tells open storefronts the catalog changed.
// Image names are files under /uploads/products/ (their URLs are accepted too). Errors:
// Invalid (with the fields; also for an unknown sub-category), Conflict for a duplicate
// product code.
func (s *Service) CreateProduct(ctx context.Context, in NewProduct) (Product, error) {
	id, err := s.createProduct(ctx, in)
	if err != nil {
		return Product{}, err
	}
	if in.Hidden {
		p, err := s.AdminProduct(ctx, id)
		return p.Product, err
	}
	return s.Product(ctx, id)
}

func (s *Service) createProduct(ctx context.Context, in NewProduct) (string, error) {
	p := shop.Problems{}
	in.normalise(p, nil)
	in.check(p)
	p.Check(len(in.Sizes) == 0, "sizes", "Add at least one size")
	levels := make([]StockLevel, len(in.Sizes))
	for i, sz := range in.Sizes {
		levels[i] = StockLevel{Size: sz.Size, Stock: sz.Stock}
	}
	levels = checkLevels(p, levels)
	if err := p.Err(); err != nil {
		return "", err
	}
	if err := checkDeclarations(trimmedDeclarations(in.Declarations)); err != nil {
		return "", err
	}
	id := shop.NewID()
	created := in.CreatedAt
	if created.IsZero() {
		created = time.Now()
	}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := catalogdb.New(tx)
		sub, err := subCategoryFor(ctx, q, in.SubCategoryID)
		if err != nil {
			return err
		}
		err = q.InsertProduct(ctx, catalogdb.InsertProductParams{
			ID: id, Code: in.Code, Name: in.Name, Gender: in.Gender, Status: in.Status, SubCategoryID: in.SubCategoryID,
			Price: int64(in.Price), Discount: int32(in.Discount), Colour: in.Colour, Thumbnail: in.Thumbnail,
			Images: nonNil(in.Images), BasicDescription: in.BasicDescription, ReturnDescription: in.ReturnDescription,
			SizeChart: in.SizeChart, Fit: in.Fit, LengthCm: in.Length, WidthCm: in.Width, HeightCm: in.Height,
			WeightGrams: int32(in.WeightGrams), CreatedAt: created, SubCategoryName: sub.CategoryType,
			SearchText: searchText(in.Name, sub.CategoryType, in.Colour), Hsn: hsnOr(in.HSN, sub.CategoryType, in.Gender),
			Slug: Slug(in.Name, id),
		})
		if err == nil && in.Declarations != (Declarations{}) {
			err = saveDeclarations(ctx, q, id, trimmedDeclarations(in.Declarations))
		}
		if shop.Is(err, shop.Conflict) {
			return duplicateCode(in.Code)
		} else if err != nil {
			return err
		}
		for i, l := range levels {
			if err := q.InsertProductSize(ctx, catalogdb.InsertProductSizeParams{ProductID: id, Size: l.Size, Position: int32(i), Stock: int32(l.Stock)}); err != nil {
				return err
			}
		}
		if in.Hidden {
			if err := q.SetProductsActive(ctx, catalogdb.SetProductsActiveParams{Active: false, Ids: []string{id}}); err != nil {
				return err
			}
		}
		return publishCatalog(ctx, tx, event.CatalogChange{ProductID: id})
	})
	if err != nil {
		return "", err
	}
	s.listings.clear()
	return id, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
