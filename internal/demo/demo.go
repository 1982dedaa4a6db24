// Package demo fills an empty drape shop with Jaipur Formals, a believable formal-wear shop in
// Jaipur, Rajasthan: the Men and Women categories and their sub-categories with tiles, 95
// products with sizes, stock and drawn product photographs, a running sale with its banners,
// an inactive sale, the home hero and best-seller banners, and the terms and return policy
// pages. Bulk adds many more generated products for benchmarks.
//
// It guarantees that the demo shop is the same every time it loads (a fixed seed; only the
// dates follow the clock), that Load never touches a shop that already has products, and that
// every image a product, tile, sale or banner names exists in the uploads store as small,
// self-contained SVG drawn by this package.
package demo

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"drape/internal/banner"
	"drape/internal/catalog"
	"drape/internal/cms"
	"drape/internal/platform/objectstore"
	"drape/internal/sale"
	"drape/internal/shop"
)

// Deps is what loading the demo needs: the services it writes through and the store that
// the server serves /uploads from.
type Deps struct {
	Catalog    *catalog.Service
	Sales      *sale.Service
	CMS        *cms.Service
	Banners    *banner.Service   // the home hero and best-seller banners; nil: none stored
	Uploads    objectstore.Store // where the art goes (the bucket when S3_* is set); nil: UploadsDir on disk
	UploadsDir string
	Log        *slog.Logger
}

// store is where the demo's art goes: Uploads, or the folder UploadsDir.
func (d Deps) store() objectstore.Store {
	if d.Uploads != nil {
		return d.Uploads
	}
	return objectstore.Disk{Root: d.UploadsDir}
}

// putArt stores one picture of the demo under folder/file.
func putArt(ctx context.Context, d Deps, folder, file string, art []byte) error {
	if err := d.store().Put(ctx, folder+"/"+file, art, "image/svg+xml"); err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	return nil
}

// Upload folders of the store, as the server serves them (subCatrgory is the wire's
// spelling).
const (
	productsFolder   = "products"
	subCategoriesDir = "subCatrgory"
	salesFolder      = "sale"
)

// How the demo is generated.
const (
	demoSeed, bulkSeed = 20241107, 20241108
	bestSellersInDemo  = 15
	soldOutInDemo      = 2 // products with every size at 0
	creators           = 6 // products created at the same time
	bulkProgressEvery  = 5000
)

// The running sale and the inactive one.
const (
	festiveSaleName  = "Festive Formals"
	festiveDiscount  = 20
	monsoonSaleName  = "Monsoon Linen Week"
	monsoonDiscount  = 15
	festiveSaleCover = "Formal Shirts & Formal Trousers · Men"
)

func (d Deps) logger() *slog.Logger {
	if d.Log == nil {
		return slog.Default()
	}
	return d.Log
}

// Load fills an empty shop with the Jaipur Formals demo and writes its art to the uploads store. It
// returns loaded=false and changes nothing when the catalogue already has products.
func Load(ctx context.Context, d Deps) (loaded bool, err error) {
	log := d.logger()
	empty, err := d.Catalog.IsEmpty(ctx)
	if err != nil {
		return false, fmt.Errorf("demo: %w", err)
	}
	if !empty {
		log.Info("demo: the catalogue already has products; leaving it as it is")
		return false, nil
	}
	started := time.Now()
	layout, err := prepareShop(ctx, d)
	if err != nil {
		return false, err
	}
	plans := demoPlans(started)
	for i := range plans {
		p := &plans[i]
		p.Product.SubCategoryID = layout.subCategoryIDs[p.Spec.Name]
		p.Product.Thumbnail, p.Product.Images, err = writeProductArt(ctx, d, p.Product.Code, p.Product.Name, p.Colour, p.Style.Look)
		if err != nil {
			return false, err
		}
	}
	err = createProducts(ctx, d, len(plans), func(i int) catalog.NewProduct { return plans[i].Product }, func(int) {})
	if err != nil {
		return false, err
	}
	if err := createSales(ctx, d, layout); err != nil {
		return false, err
	}
	if err := createBanners(ctx, d); err != nil {
		return false, err
	}
	if _, err := d.CMS.Save(ctx, cms.TypeTerms, termsTitle, termsHTML); err != nil {
		return false, fmt.Errorf("demo: terms page: %w", err)
	}
	if _, err := d.CMS.Save(ctx, cms.TypePrivacy, returnsTitle, returnsHTML); err != nil {
		return false, fmt.Errorf("demo: return policy page: %w", err)
	}
	log.Info("demo: loaded "+shopName, "products", len(plans), "took", time.Since(started).Round(time.Millisecond))
	return true, nil
}

// Bulk adds n generated products for benchmarks, spread over the demo sub-categories (created
// when missing), with codes that follow the products already there (JF-MSH-B000123). Their art
// is a shared set of files, one per sub-category and colour.
func Bulk(ctx context.Context, d Deps, n int) error {
	log := d.logger()
	started := time.Now()
	layout, err := prepareShop(ctx, d)
	if err != nil {
		return err
	}
	existing, err := d.Catalog.Products(ctx, catalog.Listing{}, shop.Page{Number: 1, Size: 1})
	if err != nil {
		return fmt.Errorf("demo: count products: %w", err)
	}
	first := int(existing.Total)
	art := map[string][2]string{} // sub-category and colour → thumbnail and detail file
	weights := 0
	for i := range subCategories {
		spec := &subCategories[i]
		weights += spec.Count
		for c, colour := range spec.Colours {
			st := spec.Styles[c%len(spec.Styles)]
			name := "bulk-" + strings.ToLower(spec.Prefix) + "-" + slug(colour.Name)
			thumb, images, err := writeProductArt(ctx, d, name, colour.Name+" "+st.Name, colour, st.Look)
			if err != nil {
				return err
			}
			art[spec.Name+"/"+colour.Name] = [2]string{thumb, images[1]}
		}
	}
	now := time.Now()
	product := func(i int) catalog.NewProduct {
		serial := first + i
		rng := rand.New(rand.NewPCG(bulkSeed, uint64(serial)))
		pick := rng.IntN(weights)
		spec := &subCategories[0]
		for j := range subCategories {
			if pick < subCategories[j].Count {
				spec = &subCategories[j]
				break
			}
			pick -= subCategories[j].Count
		}
		colour := rng.IntN(len(spec.Colours))
		plan := planProduct(rng, spec, colour%len(spec.Styles), colour, fmt.Sprintf("JF-%s-B%06d", spec.Prefix, serial), now)
		p := plan.Product
		p.SubCategoryID = layout.subCategoryIDs[spec.Name]
		files := art[spec.Name+"/"+plan.Colour.Name]
		p.Thumbnail, p.Images = files[0], []string{files[0], files[1]}
		if rng.IntN(100) < 5 {
			p.Status = catalog.StatusBestSeller
		}
		if rng.IntN(100) < 2 {
			for s := range p.Sizes {
				p.Sizes[s].Stock = 0
			}
		}
		return p
	}
	progress := func(done int) {
		if done%bulkProgressEvery == 0 || done == n {
			log.Info("demo: bulk products", "done", done, "of", n, "took", time.Since(started).Round(time.Millisecond))
		}
	}
	return createProducts(ctx, d, n, product, progress)
}

// shopLayout is the ids of the demo categories and sub-categories, by name.
type shopLayout struct {
	categoryIDs    map[string]string
	subCategoryIDs map[string]string
}

// prepareShop writes the sub-category tiles and creates whichever
// demo categories and sub-categories do not exist yet.
func prepareShop(ctx context.Context, d Deps) (shopLayout, error) {
	existing, err := d.Catalog.Categories(ctx)
	if err != nil {
		return shopLayout{}, fmt.Errorf("demo: read categories: %w", err)
	}
	layout := shopLayout{categoryIDs: map[string]string{}, subCategoryIDs: map[string]string{}}
	for _, c := range existing {
		layout.categoryIDs[c.Name] = c.ID
		for _, sc := range c.SubCategories {
			layout.subCategoryIDs[strings.ToLower(sc.CategoryType)] = sc.ID
		}
	}
	for position, name := range []string{"Men", "Women"} {
		if layout.categoryIDs[name] != "" {
			continue
		}
		c, err := d.Catalog.CreateCategory(ctx, catalog.NewCategory{Name: name, Gender: name, Position: position + 1})
		if err != nil {
			return shopLayout{}, fmt.Errorf("demo: category %s: %w", name, err)
		}
		layout.categoryIDs[name] = c.ID
	}
	for position, spec := range subCategories {
		tile := "tile-" + spec.Slug + ".svg"
		ground := "#E6E0D4"
		if spec.Category == "Women" {
			ground = "#EADFD8"
		}
		art := tileArt(spec.Name, spec.Tile.Hex, spec.Styles[0].Look, ground)
		if err := putArt(ctx, d, subCategoriesDir, tile, art); err != nil {
			return shopLayout{}, err
		}
		if id := layout.subCategoryIDs[strings.ToLower(spec.Name)]; id != "" {
			layout.subCategoryIDs[spec.Name] = id
			continue
		}
		sc, err := d.Catalog.CreateSubCategory(ctx, catalog.NewSubCategory{
			CategoryID: layout.categoryIDs[spec.Category], CategoryType: spec.Name, Image: tile, Position: position + 1})
		if err != nil {
			return shopLayout{}, fmt.Errorf("demo: sub-category %s: %w", spec.Name, err)
		}
		layout.subCategoryIDs[spec.Name] = sc.ID
	}
	return layout, nil
}

// demoPlans is the demo shop's products: the same every time, dated back from now.
func demoPlans(now time.Time) []productPlan {
	rng := rand.New(rand.NewPCG(demoSeed, demoSeed))
	var plans []productPlan
	for s := range subCategories {
		spec := &subCategories[s]
		serial := 10
		styles := len(spec.Styles)
		for i := range spec.Count {
			serial += 1 + rng.IntN(3)
			colour := (i%styles)*3 + i/styles
			plans = append(plans, planProduct(rng, spec, i%styles, colour, productCode(spec.Prefix, serial), now))
		}
	}
	order := rng.Perm(len(plans))
	for _, i := range order[:bestSellersInDemo] {
		plans[i].Product.Status = catalog.StatusBestSeller
	}
	for _, i := range order[bestSellersInDemo : bestSellersInDemo+soldOutInDemo] {
		for s := range plans[i].Product.Sizes {
			plans[i].Product.Sizes[s].Stock = 0
		}
	}
	return plans
}

// writeProductArt writes a product's photograph and its close-up as <name>.svg and
// <name>-2.svg, and returns the thumbnail's file name and the gallery's.
func writeProductArt(ctx context.Context, d Deps, name, title string, colour shade, lk look) (string, []string, error) {
	thumb, detail := name+".svg", name+"-2.svg"
	files := map[string][]byte{
		thumb:  productArt(title, colour.Hex, lk, false),
		detail: productArt(title+", close-up", colour.Hex, lk, true),
	}
	for file, art := range files {
		if err := putArt(ctx, d, productsFolder, file, art); err != nil {
			return "", nil, err
		}
	}
	return thumb, []string{thumb, detail}, nil
}

// createProducts creates products 0..n-1 through the catalogue with a few workers, calling
// progress after each; the first error stops the rest.
func createProducts(parent context.Context, d Deps, n int, product func(i int) catalog.NewProduct, progress func(done int)) error {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	var (
		next, done atomic.Int64
		firstErr   error
		once       sync.Once
		wg         sync.WaitGroup
	)
	for range min(creators, max(n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				p := product(i)
				if _, err := d.Catalog.CreateProduct(ctx, p); err != nil {
					once.Do(func() {
						firstErr = fmt.Errorf("demo: product %s: %w", p.Code, err)
						cancel()
					})
					return
				}
				progress(int(done.Add(1)))
			}
		}()
	}
	wg.Wait()
	if firstErr == nil {
		return parent.Err()
	}
	return firstErr
}

// createSales adds the running Festive Formals sale with its banners, and an inactive sale.
func createSales(ctx context.Context, d Deps, layout shopLayout) error {
	banners := []struct {
		file     string
		name     string
		discount int
		covers   string
		mobile   bool
	}{
		{"sale-festive-formals.svg", festiveSaleName, festiveDiscount, festiveSaleCover, false},
		{"sale-festive-formals-mobile.svg", festiveSaleName, festiveDiscount, festiveSaleCover, true},
		{"sale-monsoon-linen-week.svg", monsoonSaleName, monsoonDiscount, "Women's Shirts & Women's Trousers", false},
		{"sale-monsoon-linen-week-mobile.svg", monsoonSaleName, monsoonDiscount, "Women's Shirts & Women's Trousers", true},
	}
	for _, b := range banners {
		if err := putArt(ctx, d, salesFolder, b.file, saleBanner(b.name, b.discount, b.covers, b.mobile)); err != nil {
			return err
		}
	}
	sales := []sale.NewSale{
		{
			Name: festiveSaleName, Discount: festiveDiscount, Active: true, Gender: "Men", CategoryID: layout.categoryIDs["Men"],
			SubCategoryIDs: []string{layout.subCategoryIDs["Formal Shirts"], layout.subCategoryIDs["Formal Trousers"]},
			Image:          banners[0].file, MobileImage: banners[1].file,
		},
		{
			Name: monsoonSaleName, Discount: monsoonDiscount, Active: false, Gender: "Women", CategoryID: layout.categoryIDs["Women"],
			SubCategoryIDs: []string{layout.subCategoryIDs["Women's Shirts"], layout.subCategoryIDs["Women's Trousers"]},
			Image:          banners[2].file, MobileImage: banners[3].file,
		},
	}
	for _, s := range sales {
		if _, err := d.Sales.Create(ctx, s); err != nil {
			return fmt.Errorf("demo: sale %s: %w", s.Name, err)
		}
	}
	return nil
}
