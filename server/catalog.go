package main

import (
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"drape/internal/catalog"
	"drape/internal/pricing"
	"drape/internal/sale"
	"drape/internal/shop"
)

// Listing page sizes: SPEC §9 fetches 12; clients may ask for up to 48.
const (
	productPageSize    = 12
	productPageSizeMax = 48
)

// productPage is the SPEC §7 answer of GET /api/getproduct: data.items and
// data.metadata.totalPages.
type productPage struct {
	Items    []catalog.Product `json:"items"`
	Metadata pageMetadata      `json:"metadata"`
}

type pageMetadata struct {
	Total      int64 `json:"total"`
	Page       int   `json:"page"`
	Limit      int   `json:"limit"`
	TotalPages int   `json:"totalPages"`
}

func pageAnswer(p catalog.ProductPage) productPage {
	return productPage{Items: p.Items, Metadata: pageMetadata{Total: p.Total, Page: p.Page, Limit: p.PageSize, TotalPages: p.TotalPages}}
}

func answerPage(c fiber.Ctx, p catalog.ProductPage) error {
	return ok(c, "", pageAnswer(p))
}

// getCategories answers GET /api/getcategory: data.items, each with its subCategory list.
func (s *server) getCategories(c fiber.Ctx) error {
	cats, err := s.catalog.Categories(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", fiber.Map{"items": cats})
}

// filteredPage is GET /api/getproduct's answer when a filter or sort is given: the SPEC §7
// page and data.facets.
type filteredPage struct {
	productPage
	Facets catalog.Facets `json:"facets"`
}

// getProducts answers GET /api/getproduct: type={sub-category}, status=BestSeller,
// sale={sale id}, gender={Men|Women} or category={category name}; page and limit. With any of
// size, color, fit, price, onsale or sort (catalog.ParseFilter) the listing is filtered and
// sorted and the answer carries the facets; without them it is the cached listing. With q the
// listing is the search results of q (catalog.FilteredSearch: by relevance unless sorted),
// always with the facets.
func (s *server) getProducts(c fiber.Ctx) error {
	page, err := shop.ParsePage(c.Query("page"), c.Query("limit"), productPageSize, productPageSizeMax)
	if err != nil {
		return err
	}
	filtered := slices.ContainsFunc(catalog.FilterParams, func(name string) bool { return c.Query(name) != "" })
	filter, err := catalog.ParseFilter(func(name string) []string {
		var values []string
		for _, v := range c.RequestCtx().QueryArgs().PeekMulti(name) {
			values = append(values, string(v))
		}
		return values
	})
	if err != nil {
		return err
	}
	if c.Query("q") != "" {
		p, err := s.catalog.FilteredSearch(c.Context(), c.Query("q"), filter, page)
		if err != nil {
			return err
		}
		return s.answerFiltered(c, p)
	}
	var listing catalog.Listing
	switch status := c.Query("status"); {
	case c.Query("type") != "":
		listing.SubCategoryType = c.Query("type")
	case status != "":
		if !strings.EqualFold(status, catalog.StatusBestSeller) {
			return &shop.Error{Kind: shop.Invalid, Message: "status must be BestSeller", Fields: map[string]string{"status": "status must be BestSeller"}}
		}
		listing.BestSellers = true
	case c.Query("sale") != "":
		sl, err := s.sales.RunningSale(c.Context(), c.Query("sale"))
		if err != nil {
			return err
		}
		listing = saleListing(sl)
	case c.Query("gender") != "":
		listing.Gender = c.Query("gender")
	case c.Query("category") != "":
		listing.CategoryName = c.Query("category")
	}
	if filtered {
		p, err := s.catalog.FilteredProducts(c.Context(), listing, filter, page)
		if err != nil {
			return err
		}
		return s.answerFiltered(c, p)
	}
	p, err := s.catalog.Products(c.Context(), listing, page)
	if err != nil {
		return err
	}
	return s.listingAnswers.answer(c, string(c.RequestCtx().QueryArgs().QueryString()), p)
}

// answerFiltered sends a filtered page (kept by the catalog, so encoded once while it is).
func (s *server) answerFiltered(c fiber.Ctx, p catalog.FilteredPage) error {
	data := filteredPage{productPage: pageAnswer(p.ProductPage), Facets: p.Facets}
	if len(p.Items) == 0 {
		return ok(c, "", data)
	}
	return s.listingAnswers.send(c, "filtered?"+string(c.RequestCtx().QueryArgs().QueryString()), &p.Items[0], data)
}

// saleListing is what the sale page lists: exactly the products the sale discounts — its
// sub-categories (or every sub-category of its category), for its gender.
func saleListing(sl sale.Sale) catalog.Listing {
	l := catalog.Listing{SubCategoryIDs: sl.Pricing().SubCategoryIDs, CategoryID: sl.CategoryID}
	if sl.Gender != pricing.All {
		l.Gender = sl.Gender
	}
	return l
}

// getProduct answers GET /api/getproduct/{_id}: the product as JSON, or the client's product
// page for a browser navigating there (SPEC §2 uses the API path as a page link).
func (s *server) getProduct(c fiber.Ctx) error {
	if prefersHTML(c) {
		return s.client.serve(c)
	}
	p, err := s.catalog.ShopperProduct(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	if err := s.declare(c.Context(), &p); err != nil {
		return err
	}
	return ok(c, "", p)
}

// prefersHTML reports whether the request is a browser navigation rather than an API call.
func prefersHTML(c fiber.Ctx) bool {
	return c.Get("Sec-Fetch-Mode") == "navigate" ||
		(strings.Contains(c.Get(fiber.HeaderAccept), "text/html") && !strings.Contains(c.Get(fiber.HeaderAccept), "application/json"))
}

// searchProducts answers GET /api/products/search?q=: ranked matches, paged like getproduct.
func (s *server) searchProducts(c fiber.Ctx) error {
	page, err := shop.ParsePage(c.Query("page"), c.Query("limit"), productPageSize, productPageSizeMax)
	if err != nil {
		return err
	}
	p, err := s.catalog.Search(c.Context(), c.Query("q"), page)
	if err != nil {
		return err
	}
	return s.listingAnswers.answer(c, "search?"+string(c.RequestCtx().QueryArgs().QueryString()), p)
}

// suggestProducts answers GET /api/products/suggest?q=: what the search box offers while a
// shopper types, data = {products: [{_id, productId, productName, slug, thumbnail,
// subCategory}], categories: [{_id, categoryType, category}]}.
func (s *server) suggestProducts(c fiber.Ctx) error {
	suggestions, err := s.catalog.Suggest(c.Context(), c.Query("q"))
	if err != nil {
		return err
	}
	key := "suggest?" + string(c.RequestCtx().QueryArgs().QueryString())
	switch {
	case len(suggestions.Products) > 0:
		return s.listingAnswers.send(c, key, &suggestions.Products[0], suggestions)
	case len(suggestions.Categories) > 0:
		return s.listingAnswers.send(c, key, &suggestions.Categories[0], suggestions)
	}
	return ok(c, "", suggestions)
}

// getSales answers GET /api/getsale: data is the list of running sales, first first.
func (s *server) getSales(c fiber.Ctx) error {
	sales, err := s.sales.Running(c.Context())
	if err != nil {
		return err
	}
	return ok(c, "", sales)
}

// getCMS answers GET /api/getcms?type=terms|privacy: data.description is sanitised HTML.
func (s *server) getCMS(c fiber.Ctx) error {
	page, err := s.cms.Page(c.Context(), c.Query("type"))
	if err != nil {
		return err
	}
	return ok(c, "", page)
}
