package sale

// The back office's use cases: every sale on or off, add, merge-update, switch, delete. Each
// change is one transaction that also writes sale.changed to the outbox (topic sales), so
// open storefronts reload their banner and prices, and every server expires its cached sales.

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"drape/internal/catalog"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/pricing"
	"drape/internal/sale/saledb"
	"drape/internal/shop"
	"drape/internal/shop/event"
	"drape/jobs"
	"drape/realtime"
)

// Bounds of a sale's fields.
const (
	MinDiscount      = 1
	MaxDiscount      = 90
	maxNameLength    = 80
	maxSubCategories = 50
)

var imageName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

// Genders a sale may be for.
var Genders = []string{pricing.All, "Men", "Women", "Unisex"}

// List is one page of every sale, on or off, in the order the shop applies them (the first
// running one is the storefront's banner).
func (s *Service) List(ctx context.Context, page shop.Page) (SalePage, error) {
	total, err := s.store.q.CountSales(ctx)
	if err != nil {
		return SalePage{}, err
	}
	out := SalePage{Items: []Sale{}, Total: total, Page: page.Number, Limit: page.Size, TotalPages: shop.TotalPages(total, page.Size)}
	rows, err := s.store.q.ListSales(ctx, saledb.ListSalesParams{PageSize: int32(page.Size), PageOffset: int32(page.Offset())})
	if err != nil {
		return SalePage{}, err
	}
	converted := make([]saleRow, len(rows))
	for i, r := range rows {
		converted[i] = saleRow(r)
	}
	sales, err := s.store.fill(ctx, converted)
	if err != nil {
		return SalePage{}, err
	}
	if out.Items, err = s.named(ctx, sales); err != nil {
		return SalePage{}, err
	}
	return out, nil
}

// Sale is one sale, on or off. Errors: NotFound.
func (s *Service) Sale(ctx context.Context, id string) (Sale, error) {
	if !shop.IsID(id) {
		return Sale{}, saleNotFound()
	}
	r, err := s.store.q.SaleByID(ctx, strings.ToLower(id))
	if shop.Is(err, shop.NotFound) {
		return Sale{}, saleNotFound()
	} else if err != nil {
		return Sale{}, err
	}
	sales, err := s.store.fill(ctx, []saleRow{saleRow(r)})
	if err != nil {
		return Sale{}, err
	}
	if sales, err = s.named(ctx, sales); err != nil {
		return Sale{}, err
	}
	return sales[0], nil
}

// Create adds a sale and announces it. Errors: Invalid (with the fields; also for an unknown
// category or sub-category, or a sub-category outside the sale's category).
func (s *Service) Create(ctx context.Context, in NewSale) (Sale, error) {
	f := fields{name: in.Name, discount: in.Discount, active: in.Active, gender: in.Gender, category: in.CategoryID,
		subs: in.SubCategoryIDs, image: in.Image, mobileImage: in.MobileImage}
	p := shop.Problems{}
	f.check(p, nil)
	if err := p.Err(); err != nil {
		return Sale{}, err
	}
	cats, err := s.categoryList(ctx)
	if err != nil {
		return Sale{}, err
	}
	id := shop.NewID()
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := saledb.New(tx)
		if err := f.resolve(cats); err != nil {
			return err
		}
		err := q.InsertSale(ctx, saledb.InsertSaleParams{
			ID: id, Name: f.name, Discount: int32(f.discount), Active: f.active, Gender: f.gender,
			CategoryID: f.categoryID, Image: f.image, MobileImage: f.mobileImage,
		})
		if err != nil {
			return err
		}
		if err := insertSubCategories(ctx, q, id, f.subs); err != nil {
			return err
		}
		if f.active {
			if err := outbox.Enqueue(ctx, tx, jobs.AnnounceSale(id)); err != nil {
				return err
			}
		}
		return announce(ctx, tx, id)
	})
	if err != nil {
		return Sale{}, err
	}
	s.forget()
	return s.Sale(ctx, id)
}

// Update changes the fields of a sale that ch sets (a merge: nil fields keep their values)
// and announces it. Asking for no change changes nothing. Errors: NotFound, Invalid as
// Create.
func (s *Service) Update(ctx context.Context, id string, ch SaleChanges) (Sale, error) {
	if !shop.IsID(id) {
		return Sale{}, saleNotFound()
	}
	id = strings.ToLower(id)
	if ch == (SaleChanges{}) {
		return s.Sale(ctx, id)
	}
	cats, err := s.categoryList(ctx)
	if err != nil {
		return Sale{}, err
	}
	err = postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := saledb.New(tx)
		r, err := q.LockSale(ctx, id)
		if shop.Is(err, shop.NotFound) {
			return saleNotFound()
		} else if err != nil {
			return err
		}
		subs, err := q.SaleSubCategoryIDs(ctx, id)
		if err != nil {
			return err
		}
		prior := fields{name: r.Name, discount: int(r.Discount), active: r.Active, gender: r.Gender, category: r.CategoryID.String,
			subs: subs, image: r.Image, mobileImage: r.MobileImage}
		f := prior
		setIf(&f.name, ch.Name)
		setIf(&f.discount, ch.Discount)
		setIf(&f.active, ch.Active)
		setIf(&f.gender, ch.Gender)
		setIf(&f.category, ch.CategoryID)
		setIf(&f.subs, ch.SubCategoryIDs)
		setIf(&f.image, ch.Image)
		setIf(&f.mobileImage, ch.MobileImage)
		p := shop.Problems{}
		f.check(p, &prior)
		if err := p.Err(); err != nil {
			return err
		}
		if err := f.resolve(cats); err != nil {
			return err
		}
		err = q.UpdateSale(ctx, saledb.UpdateSaleParams{ID: id, Name: f.name, Discount: int32(f.discount), Active: f.active,
			Gender: f.gender, CategoryID: f.categoryID, Image: f.image, MobileImage: f.mobileImage})
		if err != nil {
			return err
		}
		if ch.SubCategoryIDs != nil {
			if err := q.DeleteSaleSubCategories(ctx, id); err != nil {
				return err
			}
			if err := insertSubCategories(ctx, q, id, f.subs); err != nil {
				return err
			}
		}
		if f.active && !prior.active {
			// Switched on: the sale is announced to the shoppers who opted in to marketing
			// (package privacy's job; once per sale however often it is switched).
			if err := outbox.Enqueue(ctx, tx, jobs.AnnounceSale(id)); err != nil {
				return err
			}
		}
		return announce(ctx, tx, id)
	})
	if err != nil {
		return Sale{}, err
	}
	s.forget()
	return s.Sale(ctx, id)
}

// Switch turns a sale on or off and announces it. Errors: NotFound.
func (s *Service) Switch(ctx context.Context, id string, on bool) (Sale, error) {
	return s.Update(ctx, id, SaleChanges{Active: &on})
}

// Delete deletes a sale and announces it. Errors: NotFound.
func (s *Service) Delete(ctx context.Context, id string) error {
	if !shop.IsID(id) {
		return saleNotFound()
	}
	id = strings.ToLower(id)
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := saledb.New(tx)
		if _, err := q.LockSale(ctx, id); shop.Is(err, shop.NotFound) {
			return saleNotFound()
		} else if err != nil {
			return err
		}
		if err := q.DeleteSale(ctx, id); err != nil {
			return err
		}
		return outbox.Publish(ctx, tx, event.SaleChanged, realtime.TopicSales, event.SaleChange{SaleID: id, Deleted: true})
	})
	if err != nil {
		return err
	}
	s.forget()
	return nil
}

// fields are a sale's values while they are checked and written.
type fields struct {
	name        string
	discount    int
	active      bool
	gender      string
	category    string // as given: "", All, an id or a name
	subs        []string
	image       string
	mobileImage string

	categoryID pgtype.Text // category resolved
}

// check trims and spells the fields as stored and reports the bad ones. Images of prior (the
// sale before an edit) are kept as they are.
func (f *fields) check(p shop.Problems, prior *fields) {
	f.name = strings.TrimSpace(f.name)
	p.Check(f.name == "", "saleName", "saleName is required")
	p.Check(utf8.RuneCountInString(f.name) > maxNameLength || strings.ContainsFunc(f.name, unicode.IsControl), "saleName",
		fmt.Sprintf("saleName must be at most %d characters", maxNameLength))
	p.Check(f.discount < MinDiscount || f.discount > MaxDiscount, "discountPercentage",
		fmt.Sprintf("discountPercentage must be from %d to %d", MinDiscount, MaxDiscount))
	f.gender = strings.TrimSpace(f.gender)
	for _, g := range Genders {
		if strings.EqualFold(f.gender, g) {
			f.gender = g
		}
	}
	p.Check(!slices.Contains(Genders, f.gender), "gender", "gender must be All, Men, Women or Unisex")
	if f.category = strings.TrimSpace(f.category); strings.EqualFold(f.category, pricing.All) {
		f.category = ""
	}
	p.Check(utf8.RuneCountInString(f.category) > 60, "category", "category must be All, a category id or a category name")
	p.Check(len(f.subs) > maxSubCategories, "subCategories", fmt.Sprintf("A sale can cover at most %d sub-categories", maxSubCategories))
	subs := make([]string, 0, len(f.subs))
	for _, id := range f.subs {
		id = strings.ToLower(strings.TrimSpace(id))
		p.Check(!shop.IsID(id), "subCategories", "subCategories must be sub-category ids")
		if !slices.Contains(subs, id) {
			subs = append(subs, id)
		}
	}
	f.subs = subs
	var wasImage, wasMobile *string
	if prior != nil {
		wasImage, wasMobile = &prior.image, &prior.mobileImage
	}
	f.image = checkImage(p, "image", f.image, wasImage)
	f.mobileImage = checkImage(p, "mobileIamge", f.mobileImage, wasMobile)
}

// categoryList is the catalog's categories, to check a sale's against. Errors: as Categories.
func (s *Service) categoryList(ctx context.Context) ([]catalog.Category, error) {
	if s.categories == nil {
		return nil, errNoCategories
	}
	return s.categories.Categories(ctx)
}

// resolve finds the sale's category (by id, else by name ignoring case) among cats and checks
// its sub-categories. The database's foreign keys refuse a sale on one deleted meanwhile.
func (f *fields) resolve(cats []catalog.Category) error {
	f.categoryID = pgtype.Text{}
	if f.category != "" {
		var found *catalog.Category
		for i := range cats {
			if cats[i].ID == f.category {
				found = &cats[i]
				break
			}
		}
		for i := 0; found == nil && i < len(cats); i++ {
			if strings.EqualFold(cats[i].Name, f.category) {
				found = &cats[i]
			}
		}
		if found == nil {
			return fieldError("category", "No such category: "+f.category)
		}
		f.categoryID = pgtype.Text{String: found.ID, Valid: true}
	}
	if len(f.subs) == 0 {
		return nil
	}
	categoryOf := map[string]string{}
	for _, c := range cats {
		for _, sc := range c.SubCategories {
			categoryOf[sc.ID] = c.ID
		}
	}
	for _, id := range f.subs {
		category, ok := categoryOf[id]
		if !ok {
			return fieldError("subCategories", "No such sub-category")
		}
		if f.categoryID.Valid && category != f.categoryID.String {
			return fieldError("subCategories", "Every sub-category must belong to the sale's category")
		}
	}
	return nil
}

// insertSubCategories writes the sale's sub-categories. Errors: Invalid naming subCategories
// when one was deleted since it was checked.
func insertSubCategories(ctx context.Context, q *saledb.Queries, saleID string, ids []string) error {
	for _, sc := range ids {
		err := q.InsertSaleSubCategory(ctx, saledb.InsertSaleSubCategoryParams{SaleID: saleID, SubCategoryID: sc})
		if shop.Is(err, shop.Invalid) {
			return fieldError("subCategories", "No such sub-category")
		} else if err != nil {
			return err
		}
	}
	return nil
}

func announce(ctx context.Context, tx pgx.Tx, id string) error {
	return outbox.Publish(ctx, tx, event.SaleChanged, realtime.TopicSales, event.SaleChange{SaleID: id})
}

// checkImage is the stored name of a banner: a file uploaded to /uploads/sale/, given as its
// name or URL; prior (the stored value before an edit) is kept as it is.
func checkImage(p shop.Problems, field, value string, prior *string) string {
	v := strings.TrimSpace(value)
	if prior != nil && (v == *prior || v == saleImage(*prior)) {
		return *prior
	}
	v = strings.TrimPrefix(v, "/uploads/sale/")
	if v != "" && !imageName.MatchString(v) {
		p.Add(field, field+" must be an image uploaded to /api/admin/uploads/sale")
	}
	return v
}

func setIf[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

func fieldError(field, message string) error {
	return &shop.Error{Kind: shop.Invalid, Message: message, Fields: map[string]string{field: message}}
}

func saleNotFound() error { return shop.E(shop.NotFound, "Sale not found") }
