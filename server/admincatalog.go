package main

// The back office's catalog: products (hidden ones too), their stock, categories and
// sub-categories, sales, and image uploads. Staff edit the catalog; hiding or showing
// products, deleting categories and everything about sales is for admins (issue 7: staff do
// not run sales).

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"slices"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v3"

	"drape/internal/catalog"
	"drape/internal/platform/objectstore"
	"drape/internal/returns"
	"drape/internal/sale"
	"drape/internal/shop"
)

// Back-office lists show 10 to a page (SPEC §9) and at most 50.
const (
	adminPageSize    = 10
	adminPageSizeMax = 50
)

// productInput is a product as the back office sends it (SPEC §3 names, hight sic). Absent
// fields are nil: an update leaves them as they are. Sizes come as sizes [{size, stock}] in
// display order, or as SPEC's stock map {size: count}.
type productInput struct {
	Code              *string         `json:"productId"`
	Name              *string         `json:"productName"`
	Gender            *string         `json:"gender"`
	Status            *string         `json:"status"`
	SubCategoryID     *string         `json:"subcategoryId"`
	Price             json.RawMessage `json:"price"` // rupees
	Discount          *int            `json:"discount"`
	Colour            *string         `json:"colour"`
	Thumbnail         *string         `json:"thumbnail"`
	Images            *[]string       `json:"images"`
	BasicDescription  *string         `json:"basicProductDescription"`
	ReturnDescription *string         `json:"returnDescription"`
	SizeChart         *string         `json:"sizeChart"`
	Fit               *string         `json:"size"`
	Length            *float64        `json:"length"`
	Width             *float64        `json:"width"`
	Height            *float64        `json:"hight"`
	Weight            *int            `json:"weight"` // grams
	HSN               *string         `json:"hsn"`
	Sizes             *[]sizeInput    `json:"sizes"`
	Stock             map[string]int  `json:"stock"`
	Active            *bool           `json:"active"`
}

// sizeInput is one size in the stock editor; was is the count the editor showed.
type sizeInput struct {
	Size  string `json:"size"`
	Stock int    `json:"stock"`
	Was   *int   `json:"was"`
}

// changes is the input as the catalog takes an update.
func (in productInput) changes() (catalog.ProductChanges, error) {
	ch := catalog.ProductChanges{
		Code: in.Code, Name: in.Name, Gender: in.Gender, Status: in.Status, SubCategoryID: in.SubCategoryID,
		Discount: in.Discount, Colour: in.Colour, Thumbnail: in.Thumbnail, Images: in.Images,
		BasicDescription: in.BasicDescription, ReturnDescription: in.ReturnDescription, SizeChart: in.SizeChart,
		Fit: in.Fit, Length: in.Length, Width: in.Width, Height: in.Height, WeightGrams: in.Weight, Active: in.Active,
		HSN: in.HSN,
	}
	price, err := priceInRupees("price", in.Price)
	if err != nil {
		return ch, err
	}
	ch.Price = price
	switch {
	case in.Sizes != nil && in.Stock != nil:
		// An editor sending back the product it read has both: they must say the same.
		levels := stockLevels(*in.Sizes)
		same := len(levels) == len(in.Stock)
		for _, l := range levels {
			n, ok := in.Stock[l.Size]
			same = same && ok && n == l.Stock
		}
		if !same {
			return ch, catalogFieldError("sizes", "sizes and stock disagree: send one of them")
		}
		ch.Sizes = &levels
	case in.Sizes != nil:
		levels := stockLevels(*in.Sizes)
		ch.Sizes = &levels
	case in.Stock != nil:
		levels := stockMapLevels(in.Stock)
		ch.Sizes = &levels
	}
	return ch, nil
}

// newProduct is the input as the catalog takes a new product (absent fields empty).
func (in productInput) newProduct() (catalog.NewProduct, error) {
	ch, err := in.changes()
	if err != nil {
		return catalog.NewProduct{}, err
	}
	var p catalog.NewProduct
	putIf(&p.Code, ch.Code)
	putIf(&p.Name, ch.Name)
	putIf(&p.Gender, ch.Gender)
	putIf(&p.Status, ch.Status)
	putIf(&p.SubCategoryID, ch.SubCategoryID)
	putIf(&p.Price, ch.Price)
	putIf(&p.Discount, ch.Discount)
	putIf(&p.Colour, ch.Colour)
	putIf(&p.Thumbnail, ch.Thumbnail)
	putIf(&p.Images, ch.Images)
	putIf(&p.BasicDescription, ch.BasicDescription)
	putIf(&p.ReturnDescription, ch.ReturnDescription)
	putIf(&p.SizeChart, ch.SizeChart)
	putIf(&p.Fit, ch.Fit)
	putIf(&p.Length, ch.Length)
	putIf(&p.Width, ch.Width)
	putIf(&p.Height, ch.Height)
	putIf(&p.WeightGrams, ch.WeightGrams)
	putIf(&p.HSN, ch.HSN)
	p.Hidden = in.Active != nil && !*in.Active
	if ch.Sizes != nil {
		for _, l := range *ch.Sizes {
			p.Sizes = append(p.Sizes, catalog.Size{Size: l.Size, Stock: l.Stock})
		}
	}
	return p, nil
}

func putIf[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// priceInRupees reads an amount of rupees (a JSON number) into paise; nil when absent or null.
func priceInRupees(field string, raw json.RawMessage) (*shop.Money, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var m shop.Money
	if err := m.UnmarshalJSON(raw); err != nil {
		return nil, catalogFieldError(field, field+" must be a number of rupees")
	}
	return &m, nil
}

func stockLevels(sizes []sizeInput) []catalog.StockLevel {
	out := make([]catalog.StockLevel, len(sizes))
	for i, s := range sizes {
		out[i] = catalog.StockLevel{Size: s.Size, Stock: s.Stock, Was: s.Was}
	}
	return out
}

// stockMapLevels orders SPEC's stock map as sizes are worn: XS S M L XL XXL…, then numbers,
// then anything else alphabetically.
func stockMapLevels(stock map[string]int) []catalog.StockLevel {
	out := make([]catalog.StockLevel, 0, len(stock))
	for size, n := range stock {
		out = append(out, catalog.StockLevel{Size: size, Stock: n})
	}
	slices.SortFunc(out, func(a, b catalog.StockLevel) int { return sizeOrderOf(a.Size).compare(sizeOrderOf(b.Size)) })
	return out
}

var wornSizes = []string{"XXS", "XS", "S", "M", "L", "XL", "XXL", "2XL", "XXXL", "3XL", "4XL", "5XL"}

type sizeOrder struct {
	group int
	n     float64
	name  string
}

func sizeOrderOf(size string) sizeOrder {
	s := strings.ToUpper(strings.TrimSpace(size))
	if i := slices.Index(wornSizes, s); i >= 0 {
		return sizeOrder{group: 0, n: float64(i), name: s}
	}
	if n, err := strconv.ParseFloat(s, 64); err == nil {
		return sizeOrder{group: 1, n: n, name: s}
	}
	return sizeOrder{group: 2, name: s}
}

func (a sizeOrder) compare(b sizeOrder) int {
	switch {
	case a.group != b.group:
		return a.group - b.group
	case a.n < b.n:
		return -1
	case a.n > b.n:
		return 1
	}
	return strings.Compare(a.name, b.name)
}

func catalogFieldError(field, message string) error {
	return &shop.Error{Kind: shop.Invalid, Message: message, Fields: map[string]string{field: message}}
}

// adminListProducts answers GET /api/admin/products: every product, hidden ones included,
// 10 to a page, with search (code or name), subCategory (id or name), status
// (active|inactive|BestSeller), stock (low|out|in) and sort.
func (s *server) adminListProducts(c fiber.Ctx) error {
	page, err := shop.ParsePage(c.Query("page"), c.Query("limit"), adminPageSize, adminPageSizeMax)
	if err != nil {
		return err
	}
	list, err := s.catalog.AdminProducts(c.Context(), catalog.AdminFilter{Search: c.Query("search"), SubCategory: c.Query("subCategory"),
		Status: c.Query("status"), Stock: c.Query("stock"), Sort: c.Query("sort")}, page)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// adminGetProduct answers GET /api/admin/products/{id}: one product, hidden or not.
func (s *server) adminGetProduct(c fiber.Ctx) error {
	p, err := s.catalog.AdminProduct(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return ok(c, "", p)
}

// adminCreateProduct answers POST /api/admin/products: a new product with its sizes.
func (s *server) adminCreateProduct(c fiber.Ctx) error {
	var in productInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	np, err := in.newProduct()
	if err != nil {
		return err
	}
	p, err := s.catalog.CreateAdminProduct(c.Context(), np)
	if err != nil {
		return err
	}
	return created(c, "Product added", p)
}

// adminUpdateProduct answers PUT and PATCH /api/admin/products/{id}: both merge (absent fields
// keep their values). Showing or hiding (active) is for admins.
func (s *server) adminUpdateProduct(c fiber.Ctx) error {
	var in productInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	ch, err := in.changes()
	if err != nil {
		return err
	}
	p, err := s.catalog.UpdateProduct(c.Context(), c.Params("id"), ch)
	if err != nil {
		return err
	}
	return ok(c, "Product updated", p)
}

// adminSetStock answers PUT /api/admin/products/{id}/stock {sizes: [{size, stock, was?}]}: the
// product's whole size list, in order, with absolute counts.
func (s *server) adminSetStock(c fiber.Ctx) error {
	var in struct {
		Sizes *[]sizeInput `json:"sizes"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Sizes == nil {
		return catalogFieldError("sizes", "sizes is required: the product's sizes with their stock")
	}
	p, err := s.catalog.SetStock(c.Context(), c.Params("id"), stockLevels(*in.Sizes))
	if err != nil {
		return err
	}
	return ok(c, "Stock updated", p)
}

// adminSetProductsStatus answers POST /api/admin/products/status {ids, status}: BestSeller or
// regular for staff; active or inactive (show or hide) for admins.
func (s *server) adminSetProductsStatus(c fiber.Ctx) error {
	var in struct {
		IDs    []string `json:"ids"`
		Status string   `json:"status"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	n, err := s.catalog.SetProductsStatus(c.Context(), in.IDs, in.Status)
	if err != nil {
		return err
	}
	return ok(c, fmt.Sprintf("%d products updated", n), fiber.Map{"updated": n, "status": in.Status})
}

// adminDeleteProduct answers DELETE /api/admin/products/{id}: admins hide the product for good
// (it stays in orders, reviews and the back office, and can be shown again).
func (s *server) adminDeleteProduct(c fiber.Ctx) error {
	p, err := s.catalog.DeactivateProduct(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return ok(c, "Product removed from the shop", p)
}

// adminUploadImage answers POST /api/admin/uploads/{kind} with the image in the multipart
// field file: it is checked, re-encoded and stored under a new name; the answer is
// {url, file, width, height}. Sale banners are for admins.
func (s *server) adminUploadImage(c fiber.Ctx) error {
	kind := c.Params("kind")
	if !uploadKinds[kind] || kind == returns.PhotoFolder {
		return shop.E(shop.NotFound, "Images go to products, subCatrgory, sale or banners")
	}
	return s.receiveImage(c, kind)
}

// receiveImage takes the image in the multipart field file, checks and re-encodes it
// (catalog.PrepareImage: metadata such as a photo's location is dropped), stores it in the
// uploads store under kind/ with a new name and answers 201 {url, file, width, height}.
func (s *server) receiveImage(c fiber.Ctx, kind string) error {
	const howTo = "Send the image as multipart/form-data in the field file"
	if mediaType, _, err := mime.ParseMediaType(c.Get(fiber.HeaderContentType)); err != nil || mediaType != fiber.MIMEMultipartForm {
		return catalogFieldError("file", howTo)
	}
	fh, err := c.FormFile("file")
	if err != nil {
		return catalogFieldError("file", howTo)
	}
	if fh.Size > catalog.MaxImageBytes {
		return shop.E(shop.TooLarge, "Images can be at most %d MB", catalog.MaxImageBytes>>20)
	}
	f, err := fh.Open()
	if err != nil {
		return catalogFieldError("file", howTo)
	}
	data, err := io.ReadAll(io.LimitReader(f, catalog.MaxImageBytes+1))
	f.Close()
	if err != nil {
		return catalogFieldError("file", howTo)
	}
	img, err := catalog.PrepareImage(c.Context(), data)
	if err != nil {
		return err
	}
	name, err := s.storeUpload(c.Context(), kind, img)
	if err != nil {
		return err
	}
	return created(c, "Image uploaded", fiber.Map{"url": "/uploads/" + kind + "/" + name, "file": name, "width": img.Width, "height": img.Height})
}

// storeUpload puts img into the uploads store (UPLOADS_DIR or the bucket) under kind/ with a
// new random name, whole or not at all.
func (s *server) storeUpload(ctx context.Context, kind string, img catalog.Image) (string, error) {
	name := shop.NewID() + img.Ext
	if err := s.uploads.Put(ctx, kind+"/"+name, img.Data, objectstore.ContentType(name)); err != nil {
		return "", shop.Wrap(shop.Internal, err, "cannot store the image")
	}
	return name, nil
}

// categoryInput is a category as the back office sends it; absent fields are nil.
type categoryInput struct {
	Name     *string `json:"name"`
	Gender   *string `json:"gender"`
	Image    *string `json:"image"`
	Position *int    `json:"position"`
}

// subCategoryInput is a sub-category as the back office sends it; absent fields are nil.
type subCategoryInput struct {
	CategoryID   *string `json:"categoryId"`
	CategoryType *string `json:"categoryType"`
	Image        *string `json:"image"`
	Position     *int    `json:"position"`
}

// adminListCategories answers GET /api/admin/categories: every category with its
// sub-categories, images, positions and product counts.
func (s *server) adminListCategories(c fiber.Ctx) error {
	cats, err := s.catalog.AdminCategories(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", fiber.Map{"items": cats})
}

// adminCreateCategory answers POST /api/admin/categories {name, gender, image, position}.
func (s *server) adminCreateCategory(c fiber.Ctx) error {
	var in categoryInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	var nc catalog.NewCategory
	putIf(&nc.Name, in.Name)
	putIf(&nc.Gender, in.Gender)
	putIf(&nc.Image, in.Image)
	putIf(&nc.Position, in.Position)
	cat, err := s.catalog.CreateCategory(c.Context(), nc)
	if err != nil {
		return err
	}
	return created(c, "Category added", cat)
}

// adminUpdateCategory answers PUT and PATCH /api/admin/categories/{id} (merge).
func (s *server) adminUpdateCategory(c fiber.Ctx) error {
	var in categoryInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	cat, err := s.catalog.UpdateCategory(c.Context(), c.Params("id"), catalog.CategoryChanges{Name: in.Name, Gender: in.Gender, Image: in.Image, Position: in.Position})
	if err != nil {
		return err
	}
	return ok(c, "Category updated", cat)
}

// adminDeleteCategory answers DELETE /api/admin/categories/{id}: admins delete a category
// holding no products, with its sub-categories.
func (s *server) adminDeleteCategory(c fiber.Ctx) error {
	if err := s.catalog.DeleteCategory(c.Context(), c.Params("id")); err != nil {
		return err
	}
	return ok(c, "Category deleted", nil)
}

// adminCreateSubCategory answers POST /api/admin/subcategories {categoryId, categoryType,
// image, position}.
func (s *server) adminCreateSubCategory(c fiber.Ctx) error {
	var in subCategoryInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	var ns catalog.NewSubCategory
	putIf(&ns.CategoryID, in.CategoryID)
	putIf(&ns.CategoryType, in.CategoryType)
	putIf(&ns.Image, in.Image)
	putIf(&ns.Position, in.Position)
	sc, err := s.catalog.CreateSubCategory(c.Context(), ns)
	if err != nil {
		return err
	}
	return created(c, "Sub-category added", sc)
}

// adminUpdateSubCategory answers PUT and PATCH /api/admin/subcategories/{id} (merge; a new
// categoryId moves it with its products).
func (s *server) adminUpdateSubCategory(c fiber.Ctx) error {
	var in subCategoryInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	sc, err := s.catalog.UpdateSubCategory(c.Context(), c.Params("id"), catalog.SubCategoryChanges{
		CategoryID: in.CategoryID, CategoryType: in.CategoryType, Image: in.Image, Position: in.Position})
	if err != nil {
		return err
	}
	return ok(c, "Sub-category updated", sc)
}

// adminDeleteSubCategory answers DELETE /api/admin/subcategories/{id}: admins delete a
// sub-category holding no products.
func (s *server) adminDeleteSubCategory(c fiber.Ctx) error {
	if err := s.catalog.DeleteSubCategory(c.Context(), c.Params("id")); err != nil {
		return err
	}
	return ok(c, "Sub-category deleted", nil)
}

// saleInput is a sale as the back office sends it (SPEC §3's admin shape, mobileIamge sic);
// absent fields are nil. subCategories are ids or objects with _id; category is All, a
// category id or a category name.
type saleInput struct {
	Name               *string            `json:"saleName"`
	DiscountPercentage *int               `json:"discountPercentage"`
	Discount           *int               `json:"discount"`
	Status             *bool              `json:"saleStatus"`
	Gender             *string            `json:"gender"`
	Category           *string            `json:"category"`
	SubCategories      *[]json.RawMessage `json:"subCategories"`
	Image              *string            `json:"image"`
	MobileImage        *string            `json:"mobileIamge"`
}

// changes is the input as the sale service takes it.
func (in saleInput) changes() (sale.SaleChanges, error) {
	ch := sale.SaleChanges{Name: in.Name, Discount: in.DiscountPercentage, Active: in.Status, Gender: in.Gender,
		CategoryID: in.Category, Image: in.Image, MobileImage: in.MobileImage}
	if ch.Discount == nil {
		ch.Discount = in.Discount
	}
	if in.SubCategories != nil {
		ids := make([]string, 0, len(*in.SubCategories))
		for _, raw := range *in.SubCategories {
			var id string
			if err := json.Unmarshal(raw, &id); err != nil {
				var ref struct {
					ID string `json:"_id"`
				}
				if err := json.Unmarshal(raw, &ref); err != nil || ref.ID == "" {
					return ch, catalogFieldError("subCategories", "subCategories must be sub-category ids (or objects with _id)")
				}
				id = ref.ID
			}
			ids = append(ids, id)
		}
		ch.SubCategoryIDs = &ids
	}
	return ch, nil
}

// adminListSales answers GET /api/admin/sales: every sale, on or off, in the order the shop
// applies them, 10 to a page.
func (s *server) adminListSales(c fiber.Ctx) error {
	page, err := shop.ParsePage(c.Query("page"), c.Query("limit"), adminPageSize, adminPageSizeMax)
	if err != nil {
		return err
	}
	list, err := s.sales.List(c.Context(), page)
	if err != nil {
		return err
	}
	return ok(c, "", list)
}

// adminGetSale answers GET /api/admin/sales/{id}.
func (s *server) adminGetSale(c fiber.Ctx) error {
	sl, err := s.sales.Sale(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return ok(c, "", sl)
}

// adminCreateSale answers POST /api/admin/sales.
func (s *server) adminCreateSale(c fiber.Ctx) error {
	var in saleInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	ch, err := in.changes()
	if err != nil {
		return err
	}
	var ns sale.NewSale
	putIf(&ns.Name, ch.Name)
	putIf(&ns.Discount, ch.Discount)
	putIf(&ns.Active, ch.Active)
	putIf(&ns.Gender, ch.Gender)
	putIf(&ns.CategoryID, ch.CategoryID)
	putIf(&ns.SubCategoryIDs, ch.SubCategoryIDs)
	putIf(&ns.Image, ch.Image)
	putIf(&ns.MobileImage, ch.MobileImage)
	if ns.Gender == "" {
		ns.Gender = "All"
	}
	sl, err := s.sales.Create(c.Context(), ns)
	if err != nil {
		return err
	}
	return created(c, "Sale added", sl)
}

// adminUpdateSale answers PUT and PATCH /api/admin/sales/{id}: a merge (absent fields keep
// their values).
func (s *server) adminUpdateSale(c fiber.Ctx) error {
	var in saleInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	ch, err := in.changes()
	if err != nil {
		return err
	}
	sl, err := s.sales.Update(c.Context(), c.Params("id"), ch)
	if err != nil {
		return err
	}
	return ok(c, "Sale updated", sl)
}

// adminSwitchSale answers PUT /api/admin/sales/{id}/status {saleStatus}: on or off.
func (s *server) adminSwitchSale(c fiber.Ctx) error {
	var in struct {
		Status *bool `json:"saleStatus"`
	}
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	if in.Status == nil {
		return catalogFieldError("saleStatus", "saleStatus is required: true to switch the sale on, false to switch it off")
	}
	sl, err := s.sales.Switch(c.Context(), c.Params("id"), *in.Status)
	if err != nil {
		return err
	}
	message := "Sale switched off"
	if sl.Status {
		message = "Sale switched on"
	}
	return ok(c, message, sl)
}

// adminDeleteSale answers DELETE /api/admin/sales/{id}.
func (s *server) adminDeleteSale(c fiber.Ctx) error {
	if err := s.sales.Delete(c.Context(), c.Params("id")); err != nil {
		return err
	}
	return ok(c, "Sale deleted", nil)
}
