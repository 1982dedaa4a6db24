package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gofiber/fiber/v3"
)

// catalogAdminShop is the small shop of seedShop with an admin, a staff member and a shopper
// signed in.
type catalogAdminShop struct {
	app                   *fiber.App
	d                     deps
	f                     shopFixture
	admin, staff, shopper string // tokens
}

func newCatalogAdminShop(t testing.TB, env map[string]string) *catalogAdminShop {
	t.Helper()
	app, d := testAppWith(t, env)
	s := &catalogAdminShop{app: app, d: d, f: seedShop(t, d)}
	svc := newServices(d)
	for _, who := range []struct{ email, role string }{{"owner@drape.in", "admin"}, {"packer@drape.in", "staff"}} {
		if _, err := svc.accounts.CreateStaff(context.Background(), accountStaff(who.email, who.role)); err != nil {
			t.Fatal(err)
		}
	}
	login := func(email string) string {
		status, body := send(t, app, "POST", "/api/admin/login", "", map[string]any{"email": email, "password": "back-office-1"})
		expect(t, "admin login "+email, status, body, 200, nil)
		return jsonValue(t, body, "token").(string)
	}
	s.admin, s.staff = login("owner@drape.in"), login("packer@drape.in")
	s.shopper, _ = signUp(t, app, "Meera", "meera@example.in")
	return s
}

// events counts the outbox rows of one event type.
func (s *catalogAdminShop) events(t testing.TB, name string) int {
	t.Helper()
	return countRows(t, s.d, `SELECT count(*) FROM outbox WHERE name = $1`, name)
}

// productState is what a bad request must not change about a product.
func (s *catalogAdminShop) productState(t testing.TB, id string) string {
	t.Helper()
	var state string
	err := s.d.pool.QueryRow(context.Background(), `SELECT row_to_json(p)::text || coalesce((SELECT string_agg(size || '=' || stock || '@' || position, ',' ORDER BY size)
		FROM product_sizes WHERE product_id = p.id), '') FROM products p WHERE id = $1`, id).Scan(&state)
	if err != nil {
		t.Fatal(err)
	}
	return state
}

func (s *catalogAdminShop) saleState(t testing.TB) string {
	t.Helper()
	var state string
	err := s.d.pool.QueryRow(context.Background(), `SELECT coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY x.id), '') FROM
		(SELECT s.*, (SELECT string_agg(sub_category_id, ',' ORDER BY sub_category_id) FROM sale_sub_categories WHERE sale_id = s.id) AS subs FROM sales s) x`).Scan(&state)
	if err != nil {
		t.Fatal(err)
	}
	return state
}

func TestAdminCatalogRoles(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, nil)
	shirt := s.f.newestShirt.ID
	routes := []struct {
		method, path string
		body         any
		adminOnly    bool
	}{
		{"GET", "/api/admin/products", nil, false},
		{"GET", "/api/admin/products/" + shirt, nil, false},
		{"POST", "/api/admin/products", map[string]any{"productName": "X"}, true},
		{"PATCH", "/api/admin/products/" + shirt, map[string]any{"colour": "white"}, true},
		{"PUT", "/api/admin/products/" + shirt, map[string]any{"colour": "white"}, true},
		{"PUT", "/api/admin/products/" + shirt + "/stock", map[string]any{"sizes": []any{map[string]any{"size": "M", "stock": 9}}}, true},
		{"POST", "/api/admin/products/status", map[string]any{"ids": []string{shirt}, "status": "regular"}, true},
		{"GET", "/api/admin/categories", nil, false},
		{"POST", "/api/admin/categories", map[string]any{"name": "Kids", "gender": "Unisex"}, true},
		{"PATCH", "/api/admin/categories/" + s.f.women.ID, map[string]any{"position": 5}, true},
		{"POST", "/api/admin/subcategories", map[string]any{"categoryId": s.f.women.ID, "categoryType": "Blazers"}, true},
		{"PATCH", "/api/admin/subcategories/" + s.f.tops.ID, map[string]any{"position": 3}, true},
		{"DELETE", "/api/admin/products/" + shirt, nil, true},
		{"DELETE", "/api/admin/categories/" + s.f.women.ID, nil, true},
		{"DELETE", "/api/admin/subcategories/" + s.f.tops.ID, nil, true},
		{"POST", "/api/admin/products/status", map[string]any{"ids": []string{shirt}, "status": "inactive"}, true},
		{"PATCH", "/api/admin/products/" + shirt, map[string]any{"active": false}, true},
		{"GET", "/api/admin/sales", nil, true},
		{"GET", "/api/admin/sales/" + s.f.sale.ID, nil, true},
		{"POST", "/api/admin/sales", map[string]any{"saleName": "Staff Sale", "discountPercentage": 10}, true},
		{"PATCH", "/api/admin/sales/" + s.f.sale.ID, map[string]any{"discountPercentage": 70}, true},
		{"PUT", "/api/admin/sales/" + s.f.sale.ID + "/status", map[string]any{"saleStatus": false}, true},
		{"DELETE", "/api/admin/sales/" + s.f.sale.ID, nil, true},
	}
	productBefore, salesBefore := s.productState(t, shirt), s.saleState(t)
	categories := countRows(t, s.d, `SELECT count(*) FROM categories`) + countRows(t, s.d, `SELECT count(*) FROM sub_categories`)
	for _, r := range routes {
		what := r.method + " " + r.path
		status, body := send(t, s.app, r.method, r.path, "", r.body)
		expect(t, what+" without a token", status, body, 401, map[string]any{"success": false})
		status, body = send(t, s.app, r.method, r.path, s.shopper, r.body)
		expect(t, what+" with a shopper's token", status, body, 401, map[string]any{"success": false})
		if r.adminOnly {
			status, body = send(t, s.app, r.method, r.path, s.staff, r.body)
			expect(t, what+" by staff", status, body, 403, map[string]any{"success": false})
		}
	}
	if s.productState(t, shirt) != productBefore || s.saleState(t) != salesBefore {
		t.Error("a refused request changed the product or the sales")
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM categories`) + countRows(t, s.d, `SELECT count(*) FROM sub_categories`); n != categories {
		t.Error("a refused request changed the categories")
	}
	// Staff read the catalog (to handle orders); changing it is for admins (issue 7: staff
	// handle orders and customers only).
	for _, r := range routes {
		if r.method != "GET" || r.adminOnly {
			continue
		}
		status, body := send(t, s.app, r.method, r.path, s.staff, r.body)
		if status == 401 || status == 403 {
			t.Errorf("%s %s by staff: %d %.200s", r.method, r.path, status, body)
		}
	}
}

func TestAdminProductList(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, nil)
	var blouseID string
	s.d.pool.QueryRow(context.Background(), `SELECT id FROM products WHERE code = 'JF-WSH-0001'`).Scan(&blouseID)
	status, body := send(t, s.app, "POST", "/api/admin/products/status", s.admin, map[string]any{"ids": []string{blouseID}, "status": "inactive"})
	expect(t, "hide a blouse", status, body, 200, map[string]any{"data.updated": 1})
	status, body = send(t, s.app, "PUT", "/api/admin/products/"+s.f.newestShirt.ID+"/stock", s.admin,
		map[string]any{"sizes": []any{map[string]any{"size": "M", "stock": 40}, map[string]any{"size": "L", "stock": 40}}})
	expect(t, "restock the newest shirt", status, body, 200, nil)

	list := func(query string) []byte {
		t.Helper()
		status, body := send(t, s.app, "GET", "/api/admin/products"+query, s.staff, nil)
		expect(t, "list "+query, status, body, 200, nil)
		return body
	}
	cases := []struct {
		query string
		want  map[string]any
	}{
		{"", map[string]any{"data.total": 37, "data.items.#": 10, "data.totalPages": 4, "data.page": 1, "data.limit": 10,
			"data.items.0.productId": "JF-WSH-0002", "data.items.2.productId": "JF-MTR-0005", "data.items.7._id": s.f.newestShirt.ID}},
		{"?page=4", map[string]any{"data.items.#": 7}},
		{"?page=9", map[string]any{"data.items.#": 0, "data.total": 37}},
		{"?search=msh-000", map[string]any{"data.total": 9}},
		{"?search=OXFORD%20SHIRT%201", map[string]any{"data.total": 11}},
		{"?search=silk", map[string]any{"data.total": 2}},
		{"?search=50%25", map[string]any{"data.total": 0}},
		{"?search=_", map[string]any{"data.total": 0}},
		{"?subCategory=" + s.f.trousers.ID, map[string]any{"data.total": 5}},
		{"?subCategory=formal%20trousers", map[string]any{"data.total": 5}},
		{"?subCategory=Kilts", map[string]any{"data.total": 0, "data.items.#": 0}},
		{"?status=inactive", map[string]any{"data.total": 1, "data.items.0._id": blouseID, "data.items.0.active": false}},
		{"?status=active", map[string]any{"data.total": 36}},
		{"?status=BestSeller", map[string]any{"data.total": 8}},
		{"?stock=out", map[string]any{"data.total": 1, "data.items.0._id": s.f.soldOut.ID}},
		{"?stock=in", map[string]any{"data.total": 36}},
		{"?stock=low", map[string]any{"data.total": 35}},
		{"?stock=low&subCategory=Formal%20Shirts&search=oxford", map[string]any{"data.total": 29}},
		{"?sort=price", map[string]any{"data.items.0.price": 1999}},
		{"?sort=-price", map[string]any{"data.items.0.price": 2499}},
		{"?sort=name", map[string]any{"data.items.0.productName": "Oxford Shirt 1"}},
		{"?sort=oldest&limit=50", map[string]any{"data.items.#": 37, "data.items.0.productName": "Oxford Shirt 1"}},
	}
	for _, c := range cases {
		body := list(c.query)
		expect(t, "list "+c.query, 200, body, 200, c.want)
	}
	// Admin items carry the storefront's prices and the stock.
	body = list("?search=JF-MSH-0030")
	expect(t, "priced", 200, body, 200, map[string]any{"data.items.0.discountedPrice": 1439, // 1999 less 10 %, less the sale's 20 %
		"data.items.0.sale.0.saleName": "Festive Formals", "data.items.0.stock.M": 40, "data.items.0.active": true})

	for _, bad := range []struct{ query, field string }{
		{"?status=gone", "status"}, {"?stock=many", "stock"}, {"?sort=random", "sort"}, {"?page=0", "page"},
		{"?limit=51", "limit"}, {"?search=" + strings.Repeat("a", 101), "search"},
	} {
		status, body := send(t, s.app, "GET", "/api/admin/products"+bad.query, s.staff, nil)
		expect(t, "bad "+bad.query, status, body, 400, nil)
		jsonValue(t, body, "errors."+bad.field)
	}
	status, body = send(t, s.app, "GET", "/api/admin/products/"+blouseID, s.staff, nil)
	expect(t, "a hidden product in the back office", status, body, 200, map[string]any{"data.active": false, "data.productId": "JF-WSH-0001"})
	status, body = send(t, s.app, "GET", "/api/getproduct/"+blouseID, "", nil)
	expect(t, "a hidden product on the storefront", status, body, 404, nil)
	for _, id := range []string{"000000000000000000000000", "nope"} {
		status, body = send(t, s.app, "GET", "/api/admin/products/"+id, s.staff, nil)
		expect(t, "unknown product "+id, status, body, 404, map[string]any{"message": "Product not found"})
	}
}

// newProductBody is a complete product in the Formal Trousers sub-category (no sale there).
func newProductBody(s *catalogAdminShop, code string) map[string]any {
	return map[string]any{
		"productId": code, "productName": "Stretch Chinos", "gender": "men", "status": "BestSeller",
		"subcategoryId": s.f.trousers.ID, "price": 1499.5, "discount": 10, "colour": "khaki",
		"thumbnail": "/uploads/products/chinos.jpg", "images": []string{"chinos.jpg", "/uploads/products/chinos-2.jpg"},
		"basicProductDescription": "Cotton chinos with a little stretch.", "returnDescription": "Returns within 7 days.",
		"sizeChart": "/static/size-chart.svg", "size": "Slim", "length": 30, "width": 25, "hight": 2.5, "weight": 450,
		"sizes": []any{map[string]any{"size": "30", "stock": 4}, map[string]any{"size": "32", "stock": 0}, map[string]any{"size": "34", "stock": 6}},
	}
}

func TestAdminProductCreateAndUpdate(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, nil)
	changed := s.events(t, "catalog.changed")
	status, body := send(t, s.app, "POST", "/api/admin/products", s.admin, newProductBody(s, "JF-CHN-0001"))
	expect(t, "create", status, body, 201, map[string]any{"success": true, "message": "Product added",
		"data.productId": "JF-CHN-0001", "data.gender": "Men", "data.status": "BestSeller", "data.price": 1499.5,
		"data.discount": 10, "data.discountedPrice": 1350, "data.hight": 2.5, "data.weight": 450, "data.size": "Slim",
		"data.thumbnail": "/uploads/products/chinos.jpg", "data.images.1": "/uploads/products/chinos-2.jpg",
		"data.sizeChart": "/static/size-chart.svg", "data.subCategory": "Formal Trousers", "data.category": "Men",
		"data.sizes.#": 3, "data.sizes.2.size": "34", "data.stock.32": 0, "data.totalStock": 10, "data.active": true})
	id := jsonValue(t, body, "data._id").(string)
	if s.events(t, "catalog.changed") != changed+1 {
		t.Error("no catalog.changed for a new product")
	}
	var thumb, chart string
	s.d.pool.QueryRow(context.Background(), `SELECT thumbnail, size_chart FROM products WHERE id = $1`, id).Scan(&thumb, &chart)
	if thumb != "chinos.jpg" || chart != "" {
		t.Errorf("stored thumbnail %q, size chart %q: want bare names", thumb, chart)
	}
	status, body = send(t, s.app, "GET", "/api/getproduct/"+id, "", nil)
	expect(t, "on the storefront", status, body, 200, map[string]any{"data.discountedPrice": 1350})
	status, body = send(t, s.app, "GET", "/api/products/search?q=chinos", "", nil)
	expect(t, "found by search", status, body, 200, map[string]any{"data.items.0._id": id})

	stockMap := newProductBody(s, "JF-CHN-0002")
	delete(stockMap, "sizes")
	stockMap["stock"] = map[string]int{"XL": 1, "S": 2, "M": 3, "28": 4}
	stockMap["active"] = false
	status, body = send(t, s.app, "POST", "/api/admin/products", s.admin, stockMap)
	expect(t, "create hidden with SPEC's stock map", status, body, 201, map[string]any{"data.active": false,
		"data.sizes.0.size": "S", "data.sizes.1.size": "M", "data.sizes.2.size": "XL", "data.sizes.3.size": "28"})

	count := countRows(t, s.d, `SELECT count(*) FROM products`)
	events := s.events(t, "catalog.changed")
	bad := []struct {
		name   string
		change func(map[string]any)
		status int
		field  string
	}{
		{"nothing at all", func(b map[string]any) { clear(b) }, 400, "productName"},
		{"no price", func(b map[string]any) { delete(b, "price") }, 400, "price"},
		{"price as text", func(b map[string]any) { b["price"] = "1499" }, 400, "price"},
		{"negative price", func(b map[string]any) { b["price"] = -5 }, 400, "price"},
		{"price over the limit", func(b map[string]any) { b["price"] = 20_00_000 }, 400, "price"},
		{"discount over 100", func(b map[string]any) { b["discount"] = 101 }, 400, "discount"},
		{"discount with a fraction", func(b map[string]any) { b["discount"] = 12.5 }, 400, "discount"},
		{"unknown gender", func(b map[string]any) { b["gender"] = "Kids" }, 400, "gender"},
		{"unknown status", func(b map[string]any) { b["status"] = "Hot" }, 400, "status"},
		{"unknown sub-category", func(b map[string]any) { b["subcategoryId"] = "000000000000000000000000" }, 400, "subcategoryId"},
		{"foreign thumbnail", func(b map[string]any) { b["thumbnail"] = "https://evil.example/x.png" }, 400, "thumbnail"},
		{"script thumbnail", func(b map[string]any) { b["thumbnail"] = "javascript:alert(1)" }, 400, "thumbnail"},
		{"path in an image", func(b map[string]any) { b["images"] = []string{"../../etc/passwd"} }, 400, "images"},
		{"no sizes", func(b map[string]any) { b["sizes"] = []any{} }, 400, "sizes"},
		{"a size twice", func(b map[string]any) {
			b["sizes"] = []any{map[string]any{"size": "M", "stock": 1}, map[string]any{"size": "m", "stock": 1}}
		}, 400, "sizes"},
		{"negative stock", func(b map[string]any) { b["sizes"] = []any{map[string]any{"size": "M", "stock": -1}} }, 400, "sizes"},
		{"sizes and stock", func(b map[string]any) { b["stock"] = map[string]int{"M": 1} }, 400, "sizes"},
		{"negative hight", func(b map[string]any) { b["hight"] = -1 }, 400, "hight"},
		{"a code in use", func(b map[string]any) { b["productId"] = "JF-MSH-0001" }, 409, "productId"},
	}
	for _, c := range bad {
		b := newProductBody(s, "JF-CHN-0100")
		c.change(b)
		status, body := send(t, s.app, "POST", "/api/admin/products", s.admin, b)
		expect(t, "create with "+c.name, status, body, c.status, map[string]any{"success": false})
		jsonValue(t, body, "errors."+c.field)
	}
	if countRows(t, s.d, `SELECT count(*) FROM products`) != count || s.events(t, "catalog.changed") != events {
		t.Fatal("a refused product was written or announced")
	}

	// Updates merge: absent fields keep their values; PUT and PATCH alike.
	status, body = send(t, s.app, "PATCH", "/api/admin/products/"+id, s.admin, map[string]any{"price": 1799, "productName": "Travel Chinos"})
	expect(t, "patch", status, body, 200, map[string]any{"message": "Product updated", "data.price": 1799, "data.productName": "Travel Chinos",
		"data.colour": "khaki", "data.discount": 10, "data.discountedPrice": 1619, "data.thumbnail": "/uploads/products/chinos.jpg",
		"data.sizes.#": 3, "data.status": "BestSeller"})
	if s.events(t, "catalog.changed") != events+1 {
		t.Error("no catalog.changed for an edit")
	}
	status, body = send(t, s.app, "GET", "/api/products/search?q=travel", "", nil)
	expect(t, "the new name is searchable", status, body, 200, map[string]any{"data.items.0._id": id})
	// The editor sends back what it read: URLs and the fallback size chart mean "unchanged".
	status, body = send(t, s.app, "GET", "/api/admin/products/"+id, s.staff, nil)
	read, _ := jsonValue(t, body, "data").(map[string]any)
	read["colour"] = "stone"
	status, body = send(t, s.app, "PUT", "/api/admin/products/"+id, s.admin, read)
	expect(t, "put back what was read", status, body, 200, map[string]any{"data.colour": "stone", "data.thumbnail": "/uploads/products/chinos.jpg",
		"data.images.#": 2, "data.sizeChart": "/static/size-chart.svg", "data.sizes.#": 3, "data.stock.34": 6})
	read["stock"] = map[string]int{"30": 1}
	status, body = send(t, s.app, "PUT", "/api/admin/products/"+id, s.admin, read)
	expect(t, "sizes and stock that disagree", status, body, 400, map[string]any{"errors.sizes": "sizes and stock disagree: send one of them"})
	status, body = send(t, s.app, "PUT", "/api/admin/products/"+id, s.admin, map[string]any{"sizes": []any{map[string]any{"size": "36", "stock": 2}}})
	expect(t, "sizes through an edit", status, body, 200, map[string]any{"data.sizes.#": 1, "data.stock.36": 2})

	before := s.productState(t, id)
	status, body = send(t, s.app, "PATCH", "/api/admin/products/"+id, s.admin, map[string]any{})
	expect(t, "an empty patch", status, body, 200, map[string]any{"data._id": id})
	for _, c := range []struct {
		name   string
		body   map[string]any
		status int
		field  string
	}{
		{"negative discount", map[string]any{"discount": -1, "colour": "red"}, 400, "discount"},
		{"blank name", map[string]any{"productName": "  "}, 400, "productName"},
		{"another product's code", map[string]any{"productId": "JF-MSH-0001"}, 409, "productId"},
		{"unknown sub-category", map[string]any{"subcategoryId": "000000000000000000000000"}, 400, "subcategoryId"},
		{"a foreign image", map[string]any{"images": []string{"chinos.jpg", "https://evil.example/a.png"}}, 400, "images"},
		{"no sizes left", map[string]any{"sizes": []any{}}, 400, "sizes"},
		{"wrong type", map[string]any{"weight": "heavy"}, 400, "weight"},
	} {
		status, body := send(t, s.app, "PATCH", "/api/admin/products/"+id, s.admin, c.body)
		expect(t, "patch with "+c.name, status, body, c.status, nil)
		jsonValue(t, body, "errors."+c.field)
	}
	status, body = send(t, s.app, "PATCH", "/api/admin/products/"+id, s.staff, map[string]any{"active": false})
	expect(t, "staff hiding through an edit", status, body, 403, map[string]any{"message": "Only an admin can do this"})
	if s.productState(t, id) != before {
		t.Fatal("a refused edit changed the product")
	}
	for _, missing := range []string{"000000000000000000000000", "not-an-id"} {
		status, body = send(t, s.app, "PATCH", "/api/admin/products/"+missing, s.admin, map[string]any{"colour": "red"})
		expect(t, "patch "+missing, status, body, 404, map[string]any{"message": "Product not found"})
	}
	status, body = send(t, s.app, "PATCH", "/api/admin/products/"+id, s.admin, map[string]any{"active": false})
	expect(t, "an admin hides it", status, body, 200, map[string]any{"data.active": false})
	status, _ = send(t, s.app, "GET", "/api/getproduct/"+id, "", nil)
	if status != 404 {
		t.Errorf("a hidden product answers %d on the storefront", status)
	}
}

func TestAdminStockEditor(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, nil)
	id := s.f.newestShirt.ID // S 3, M 3, L 0, XL 3, XXL 3
	stockEvents, catalogEvents := s.events(t, "stock.changed"), s.events(t, "catalog.changed")
	status, body := send(t, s.app, "PUT", "/api/admin/products/"+id+"/stock", s.admin, map[string]any{"sizes": []any{
		map[string]any{"size": "M", "stock": 0, "was": 3}, map[string]any{"size": "S", "stock": 12}, map[string]any{"size": "XL", "stock": 7},
	}})
	expect(t, "set stock", status, body, 200, map[string]any{"message": "Stock updated", "data.sizes.#": 3,
		"data.sizes.0.size": "M", "data.sizes.1.size": "S", "data.stock.S": 12, "data.stock.M": 0, "data.totalStock": 19})
	if s.events(t, "stock.changed") != stockEvents+1 || s.events(t, "catalog.changed") != catalogEvents+1 {
		t.Error("stock.changed and catalog.changed (sizes removed) were not both written")
	}
	payload := countRows(t, s.d, `SELECT count(*) FROM outbox WHERE name = 'stock.changed' AND topic = 'catalog'
		AND payload->'data'->>'productId' = $1 AND payload->'data'->'sizes'->>'S' = '12' AND payload->'data'->'sizes'->>'M' = '0'`, id)
	if payload != 1 {
		t.Error("stock.changed does not carry the new counts")
	}
	status, body = send(t, s.app, "GET", "/api/getproduct/"+id, "", nil)
	expect(t, "the storefront sees it", status, body, 200, map[string]any{"data.stock.S": 12, "data.sizes.#": 3})

	// Counts only: no catalog.changed when the sizes stay the same.
	catalogEvents = s.events(t, "catalog.changed")
	status, body = send(t, s.app, "PUT", "/api/admin/products/"+id+"/stock", s.admin, map[string]any{"sizes": []any{
		map[string]any{"size": "M", "stock": 5}, map[string]any{"size": "S", "stock": 12}, map[string]any{"size": "XL", "stock": 7},
	}})
	expect(t, "counts only", status, body, 200, map[string]any{"data.stock.M": 5})
	if s.events(t, "catalog.changed") != catalogEvents {
		t.Error("a count change announced catalog.changed")
	}

	before, events := s.productState(t, id), s.events(t, "stock.changed")
	for _, c := range []struct {
		name   string
		body   any
		status int
		field  string
	}{
		{"an order changed it meanwhile", map[string]any{"sizes": []any{map[string]any{"size": "M", "stock": 9, "was": 3}}}, 409, "sizes"},
		{"negative", map[string]any{"sizes": []any{map[string]any{"size": "M", "stock": -2}}}, 400, "sizes"},
		{"too many", map[string]any{"sizes": []any{map[string]any{"size": "M", "stock": 100_001}}}, 400, "sizes"},
		{"twice", map[string]any{"sizes": []any{map[string]any{"size": "M", "stock": 1}, map[string]any{"size": " M ", "stock": 2}}}, 400, "sizes"},
		{"unnamed", map[string]any{"sizes": []any{map[string]any{"size": " ", "stock": 1}}}, 400, "sizes"},
		{"none", map[string]any{"sizes": []any{}}, 400, "sizes"},
		{"missing", map[string]any{}, 400, "sizes"},
		{"wrong type", map[string]any{"sizes": map[string]int{"M": 1}}, 400, "sizes"},
		{"fractional", map[string]any{"sizes": []any{map[string]any{"size": "M", "stock": 1.5}}}, 400, "sizes.stock"},
	} {
		status, body := send(t, s.app, "PUT", "/api/admin/products/"+id+"/stock", s.admin, c.body)
		expect(t, "stock "+c.name, status, body, c.status, nil)
		if errs, _ := jsonValue(t, body, "errors").(map[string]any); errs[c.field] == nil {
			t.Errorf("stock %s: no errors.%s in %s", c.name, c.field, body)
		}
	}
	if s.productState(t, id) != before || s.events(t, "stock.changed") != events {
		t.Fatal("refused stock edits changed something")
	}
	status, body = send(t, s.app, "PUT", "/api/admin/products/000000000000000000000000/stock", s.admin, map[string]any{"sizes": []any{map[string]any{"size": "M", "stock": 1}}})
	expect(t, "unknown product", status, body, 404, nil)
}

func TestAdminProductStatus(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, nil)
	var ids []string
	rows, _ := s.d.pool.Query(context.Background(), `SELECT id FROM products WHERE code IN ('JF-MSH-0001', 'JF-MSH-0002') ORDER BY code`)
	for rows.Next() {
		var id string
		rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	status, body := send(t, s.app, "POST", "/api/admin/products/status", s.admin, map[string]any{"ids": ids, "status": "BestSeller"})
	expect(t, "staff mark best sellers", status, body, 200, map[string]any{"data.updated": 2, "message": "2 products updated"})
	status, body = send(t, s.app, "GET", "/api/getproduct?status=BestSeller&limit=48", "", nil)
	expect(t, "storefront best sellers", status, body, 200, map[string]any{"data.metadata.total": 10})

	before := s.productState(t, ids[0]) + s.productState(t, ids[1])
	events := s.events(t, "catalog.changed")
	for _, c := range []struct {
		name   string
		token  string
		body   any
		status int
	}{
		{"staff hide", s.staff, map[string]any{"ids": ids, "status": "inactive"}, 403},
		{"an unknown id", s.admin, map[string]any{"ids": []string{ids[0], "000000000000000000000000"}, "status": "inactive"}, 404},
		{"a bad id", s.admin, map[string]any{"ids": []string{ids[0], "x"}, "status": "inactive"}, 400},
		{"no ids", s.admin, map[string]any{"ids": []string{}, "status": "inactive"}, 400},
		{"an unknown status", s.admin, map[string]any{"ids": ids, "status": "deleted"}, 400},
		{"too many", s.admin, map[string]any{"ids": slicesRepeat(ids[0], 101), "status": "inactive"}, 400},
	} {
		status, body := send(t, s.app, "POST", "/api/admin/products/status", c.token, c.body)
		expect(t, c.name, status, body, c.status, map[string]any{"success": false})
	}
	if s.productState(t, ids[0])+s.productState(t, ids[1]) != before || s.events(t, "catalog.changed") != events {
		t.Fatal("a refused bulk change changed something")
	}
	status, body = send(t, s.app, "POST", "/api/admin/products/status", s.admin, map[string]any{"ids": ids, "status": "inactive"})
	expect(t, "admin hides", status, body, 200, map[string]any{"data.updated": 2})
	status, body = send(t, s.app, "GET", "/api/getproduct?type=Formal%20Shirts", "", nil)
	expect(t, "hidden from the listing", status, body, 200, map[string]any{"data.metadata.total": 28})
	status, body = send(t, s.app, "POST", "/api/admin/products/status", s.admin, map[string]any{"ids": ids[:1], "status": "active"})
	expect(t, "admin shows one again", status, body, 200, nil)
	status, body = send(t, s.app, "POST", "/api/admin/products/status", s.admin, map[string]any{"ids": ids[:1], "status": "regular"})
	expect(t, "staff unmark", status, body, 200, nil)
	status, body = send(t, s.app, "GET", "/api/admin/products/"+ids[0], s.staff, nil)
	expect(t, "shown, not a best seller", status, body, 200, map[string]any{"data.active": true, "data.status": ""})

	// Delete hides for good: the back office still has it, and shoppers' orders keep theirs.
	status, body = send(t, s.app, "DELETE", "/api/admin/products/"+ids[0], s.admin, nil)
	expect(t, "delete", status, body, 200, map[string]any{"message": "Product removed from the shop", "data.active": false})
	status, _ = send(t, s.app, "GET", "/api/getproduct/"+ids[0], "", nil)
	if status != 404 {
		t.Errorf("a deleted product answers %d on the storefront", status)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM products WHERE id = $1`, ids[0]); n != 1 {
		t.Error("delete erased the row")
	}
	status, body = send(t, s.app, "DELETE", "/api/admin/products/000000000000000000000000", s.admin, nil)
	expect(t, "delete unknown", status, body, 404, map[string]any{"message": "Product not found"})
}

func slicesRepeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func TestAdminCategories(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, nil)
	status, body := send(t, s.app, "GET", "/api/admin/categories", s.staff, nil)
	expect(t, "list", status, body, 200, map[string]any{"data.items.#": 2, "data.items.0.name": "Men", "data.items.0.products": 35,
		"data.items.0.visibleProducts": 35, "data.items.0.subCategory.0.categoryType": "Formal Shirts", "data.items.0.subCategory.0.products": 30,
		"data.items.0.subCategory.0.image": "/uploads/subCatrgory/tile-shirts.svg"})

	changed := s.events(t, "catalog.changed")
	status, body = send(t, s.app, "POST", "/api/admin/categories", s.admin, map[string]any{"name": " Occasion ", "gender": "unisex",
		"image": "/uploads/subCatrgory/occasion.jpg", "position": 3})
	expect(t, "add a category", status, body, 201, map[string]any{"data.name": "Occasion", "data.gender": "Unisex", "data.image": "/uploads/subCatrgory/occasion.jpg"})
	occasion := jsonValue(t, body, "data._id").(string)
	status, body = send(t, s.app, "POST", "/api/admin/subcategories", s.admin, map[string]any{"categoryId": occasion, "categoryType": "Blazers", "image": "blazers.png"})
	expect(t, "add a sub-category", status, body, 201, map[string]any{"data.categoryType": "Blazers", "data.categoryId": occasion, "data.image": "/uploads/subCatrgory/blazers.png"})
	blazers := jsonValue(t, body, "data._id").(string)
	if s.events(t, "catalog.changed") != changed+2 {
		t.Error("category changes were not announced")
	}
	status, body = send(t, s.app, "GET", "/api/getcategory", "", nil)
	expect(t, "storefront categories", status, body, 200, map[string]any{"data.items.2.name": "Occasion", "data.items.2.image": "/uploads/subCatrgory/occasion.jpg",
		"data.items.2.subCategory.0.categoryType": "Blazers"})

	count := countRows(t, s.d, `SELECT count(*) FROM categories`) + countRows(t, s.d, `SELECT count(*) FROM sub_categories`)
	for _, c := range []struct {
		name, method, path string
		body               any
		status             int
		field              string
	}{
		{"a category without a name", "POST", "/api/admin/categories", map[string]any{"gender": "Men"}, 400, "name"},
		{"a category for kids", "POST", "/api/admin/categories", map[string]any{"name": "Kids", "gender": "Kids"}, 400, "gender"},
		{"a category named twice", "POST", "/api/admin/categories", map[string]any{"name": "Men", "gender": "Men"}, 409, "name"},
		{"a foreign image", "POST", "/api/admin/categories", map[string]any{"name": "Kids", "gender": "Unisex", "image": "http://x.example/a.png"}, 400, "image"},
		{"a negative position", "POST", "/api/admin/categories", map[string]any{"name": "Kids", "gender": "Unisex", "position": -1}, 400, "position"},
		{"a sub-category of nothing", "POST", "/api/admin/subcategories", map[string]any{"categoryId": "000000000000000000000000", "categoryType": "Kilts"}, 400, "categoryId"},
		{"a sub-category named twice", "POST", "/api/admin/subcategories", map[string]any{"categoryId": occasion, "categoryType": "formal shirts"}, 409, "categoryType"},
		{"a sub-category without a name", "POST", "/api/admin/subcategories", map[string]any{"categoryId": occasion}, 400, "categoryType"},
		{"renaming onto another", "PATCH", "/api/admin/categories/" + occasion, map[string]any{"name": "Women"}, 409, "name"},
		{"moving to nothing", "PATCH", "/api/admin/subcategories/" + blazers, map[string]any{"categoryId": "000000000000000000000000"}, 400, "categoryId"},
		{"a name of the wrong type", "PATCH", "/api/admin/subcategories/" + blazers, map[string]any{"categoryType": 7}, 400, "categoryType"},
	} {
		status, body := send(t, s.app, c.method, c.path, s.admin, c.body)
		expect(t, c.name, status, body, c.status, nil)
		jsonValue(t, body, "errors."+c.field)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM categories`) + countRows(t, s.d, `SELECT count(*) FROM sub_categories`); n != count {
		t.Fatal("a refused category change was written")
	}
	for _, path := range []string{"/api/admin/categories/000000000000000000000000", "/api/admin/subcategories/000000000000000000000000"} {
		status, body = send(t, s.app, "PATCH", path, s.admin, map[string]any{"position": 1})
		expect(t, "patch unknown "+path, status, body, 404, nil)
		status, body = send(t, s.app, "DELETE", path, s.admin, nil)
		expect(t, "delete unknown "+path, status, body, 404, nil)
	}

	// Renaming a sub-category renames its listing and its products' search; the sale covering
	// Formal Shirts names it anew at once (the sale banner refetches on catalog.changed).
	status, body = send(t, s.app, "PUT", "/api/admin/subcategories/"+s.f.trousers.ID, s.admin, map[string]any{"categoryType": "Dress Trousers"})
	expect(t, "rename", status, body, 200, map[string]any{"data.categoryType": "Dress Trousers", "data.categoryId": s.f.men.ID})
	status, body = send(t, s.app, "GET", "/api/getproduct?type=Dress%20Trousers", "", nil)
	expect(t, "the renamed listing", status, body, 200, map[string]any{"data.metadata.total": 5})
	status, body = send(t, s.app, "GET", "/api/products/search?q=dress", "", nil)
	expect(t, "search by the new name", status, body, 200, map[string]any{"data.metadata.total": 5})
	changed = s.events(t, "catalog.changed")
	status, body = send(t, s.app, "PATCH", "/api/admin/subcategories/"+s.f.shirts.ID, s.admin, map[string]any{"categoryType": "Office Shirts"})
	expect(t, "rename a sale's sub-category", status, body, 200, nil)
	if s.events(t, "catalog.changed") != changed+1 {
		t.Error("renaming a sub-category on sale was not announced")
	}
	status, body = send(t, s.app, "GET", "/api/getsale", "", nil)
	expect(t, "the banner's new name", status, body, 200, map[string]any{"data.0.subCategories.0.categoryType": "Office Shirts"})

	// Deleting: never a category or sub-category with products (hidden ones count), never one a sale covers.
	status, body = send(t, s.app, "DELETE", "/api/admin/categories/"+s.f.men.ID, s.admin, nil)
	expect(t, "delete a category with products", status, body, 409, map[string]any{
		"message": "Men still has 35 products (hidden ones count too): move them to another category before deleting it"})
	status, body = send(t, s.app, "DELETE", "/api/admin/subcategories/"+s.f.tops.ID, s.admin, nil)
	expect(t, "delete a sub-category with products", status, body, 409, nil)
	var saleID string
	status, body = send(t, s.app, "POST", "/api/admin/sales", s.admin, map[string]any{"saleName": "Blazer Week", "discountPercentage": 15,
		"category": "Occasion", "subCategories": []string{blazers}})
	expect(t, "a sale on blazers", status, body, 201, nil)
	saleID = jsonValue(t, body, "data._id").(string)
	status, body = send(t, s.app, "DELETE", "/api/admin/subcategories/"+blazers, s.admin, nil)
	expect(t, "delete a sub-category on sale", status, body, 409, map[string]any{"message": "The sale Blazer Week covers Blazers: change or delete the sale first"})
	status, body = send(t, s.app, "DELETE", "/api/admin/categories/"+occasion, s.admin, nil)
	expect(t, "delete a category on sale", status, body, 409, map[string]any{"message": "The sale Blazer Week covers Occasion: change or delete the sale first"})
	status, body = send(t, s.app, "DELETE", "/api/admin/sales/"+saleID, s.admin, nil)
	expect(t, "delete the sale", status, body, 200, nil)
	status, body = send(t, s.app, "DELETE", "/api/admin/categories/"+occasion, s.admin, nil)
	expect(t, "delete an empty category", status, body, 200, map[string]any{"message": "Category deleted"})
	if n := countRows(t, s.d, `SELECT count(*) FROM sub_categories WHERE id = $1`, blazers); n != 0 {
		t.Error("the category's sub-categories were left behind")
	}
	status, body = send(t, s.app, "GET", "/api/getcategory", "", nil)
	expect(t, "gone from the storefront", status, body, 200, map[string]any{"data.items.#": 2})
}

func TestAdminSales(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, nil)
	status, body := send(t, s.app, "GET", "/api/admin/sales", s.admin, nil)
	expect(t, "list", status, body, 200, map[string]any{"data.total": 2, "data.items.0.saleName": "Old Sale", "data.items.0.saleStatus": false,
		"data.items.1.saleName": "Festive Formals", "data.items.1.category": "Men", "data.items.1.subCategories.0._id": s.f.shirts.ID})

	announced := s.events(t, "sale.changed")
	status, body = send(t, s.app, "POST", "/api/admin/sales", s.admin, map[string]any{"saleName": "Silk Season", "discountPercentage": 30,
		"saleStatus": true, "gender": "women", "category": "Women", "subCategories": []any{map[string]any{"_id": s.f.tops.ID, "categoryType": "Women's Shirts"}},
		"image": "/uploads/sale/silk.jpg", "mobileIamge": "silk-mobile.jpg"})
	expect(t, "add", status, body, 201, map[string]any{"message": "Sale added", "data.saleName": "Silk Season", "data.discountPercentage": 30,
		"data.discount": 30, "data.saleStatus": true, "data.gender": "Women", "data.category": "Women", "data.categoryId": s.f.women.ID,
		"data.subCategories.0.categoryType": "Women's Shirts", "data.image": "/uploads/sale/silk.jpg", "data.mobileIamge": "/uploads/sale/silk-mobile.jpg"})
	id := jsonValue(t, body, "data._id").(string)
	if s.events(t, "sale.changed") != announced+1 || countRows(t, s.d, `SELECT count(*) FROM outbox WHERE name = 'sale.changed' AND topic = 'sales' AND payload->'data'->>'saleId' = $1`, id) != 1 {
		t.Error("the new sale was not announced on the sales topic")
	}
	status, body = send(t, s.app, "GET", "/api/getsale", "", nil)
	expect(t, "running on the storefront", status, body, 200, map[string]any{"data.#": 2, "data.1.saleName": "Silk Season"})
	status, body = send(t, s.app, "GET", "/api/getproduct?type=Women's%20Shirts", "", nil)
	expect(t, "blouses priced by it", status, body, 200, map[string]any{"data.items.0.discountedPrice": 1609, "data.items.0.sale.0.saleName": "Silk Season"})

	status, body = send(t, s.app, "PATCH", "/api/admin/sales/"+id, s.admin, map[string]any{"discountPercentage": 40})
	expect(t, "merge one field", status, body, 200, map[string]any{"data.discountPercentage": 40, "data.saleName": "Silk Season",
		"data.subCategories.#": 1, "data.mobileIamge": "/uploads/sale/silk-mobile.jpg", "data.gender": "Women"})
	status, body = send(t, s.app, "GET", "/api/getproduct?type=Women's%20Shirts", "", nil)
	expect(t, "prices follow at once", status, body, 200, map[string]any{"data.items.0.discountedPrice": 1379})
	status, body = send(t, s.app, "PUT", "/api/admin/sales/"+id, s.admin, map[string]any{"subCategories": []string{}, "discount": 25})
	expect(t, "every sub-category of the category", status, body, 200, map[string]any{"data.subCategories.#": 0, "data.discountPercentage": 25})

	before, announced := s.saleState(t), s.events(t, "sale.changed")
	for _, c := range []struct {
		name   string
		body   any
		status int
		field  string
	}{
		{"a discount over 90", map[string]any{"discountPercentage": 95}, 400, "discountPercentage"},
		{"no discount", map[string]any{"discountPercentage": 0}, 400, "discountPercentage"},
		{"a blank name", map[string]any{"saleName": " "}, 400, "saleName"},
		{"a gender for kids", map[string]any{"gender": "Kids"}, 400, "gender"},
		{"an unknown category", map[string]any{"category": "Accessories"}, 400, "category"},
		{"a sub-category elsewhere", map[string]any{"subCategories": []string{s.f.shirts.ID}}, 400, "subCategories"},
		{"an unknown sub-category", map[string]any{"subCategories": []string{"000000000000000000000000"}}, 400, "subCategories"},
		{"a sub-category that is no id", map[string]any{"subCategories": []any{7}}, 400, "subCategories"},
		{"a foreign banner", map[string]any{"image": "https://evil.example/banner.png"}, 400, "image"},
		{"a foreign mobile banner", map[string]any{"mobileIamge": "../secret"}, 400, "mobileIamge"},
		{"a status of the wrong type", map[string]any{"saleStatus": "on"}, 400, "saleStatus"},
	} {
		status, body := send(t, s.app, "PATCH", "/api/admin/sales/"+id, s.admin, c.body)
		expect(t, "update with "+c.name, status, body, c.status, nil)
		jsonValue(t, body, "errors."+c.field)
	}
	status, body = send(t, s.app, "POST", "/api/admin/sales", s.admin, map[string]any{"discountPercentage": 10})
	expect(t, "add without a name", status, body, 400, nil)
	jsonValue(t, body, "errors.saleName")
	status, body = send(t, s.app, "PUT", "/api/admin/sales/"+id+"/status", s.admin, map[string]any{})
	expect(t, "switch without saleStatus", status, body, 400, nil)
	if s.saleState(t) != before || s.events(t, "sale.changed") != announced {
		t.Fatal("a refused sale change was written or announced")
	}

	status, body = send(t, s.app, "PUT", "/api/admin/sales/"+id+"/status", s.admin, map[string]any{"saleStatus": false})
	expect(t, "switch off", status, body, 200, map[string]any{"message": "Sale switched off", "data.saleStatus": false})
	status, body = send(t, s.app, "GET", "/api/getsale", "", nil)
	expect(t, "off the storefront", status, body, 200, map[string]any{"data.#": 1})
	status, body = send(t, s.app, "PUT", "/api/admin/sales/"+s.f.sale.ID+"/status", s.admin, map[string]any{"saleStatus": false})
	expect(t, "the banner sale off", status, body, 200, nil)
	status, body = send(t, s.app, "PUT", "/api/admin/sales/"+id+"/status", s.admin, map[string]any{"saleStatus": true})
	expect(t, "switch on", status, body, 200, map[string]any{"message": "Sale switched on"})
	status, body = send(t, s.app, "GET", "/api/getsale", "", nil)
	expect(t, "the banner is the running one", status, body, 200, map[string]any{"data.#": 1, "data.0.saleName": "Silk Season"})
	if s.events(t, "sale.changed") != announced+3 {
		t.Error("switches were not announced")
	}

	status, body = send(t, s.app, "DELETE", "/api/admin/sales/"+id, s.admin, nil)
	expect(t, "delete", status, body, 200, map[string]any{"message": "Sale deleted"})
	for _, method := range []string{"GET", "DELETE", "PATCH"} {
		status, body = send(t, s.app, method, "/api/admin/sales/"+id, s.admin, map[string]any{"saleName": "Back"})
		expect(t, method+" a deleted sale", status, body, 404, map[string]any{"message": "Sale not found"})
	}
	status, body = send(t, s.app, "GET", "/api/getsale", "", nil)
	expect(t, "gone from the storefront", status, body, 200, map[string]any{"data.#": 0})
	if s.events(t, "sale.changed") != announced+4 {
		t.Error("the deletion was not announced")
	}
}

// multipartBody is a form with one file in field (or in "photo" when field is "").
func multipartBody(t testing.TB, field, filename, contentType string, data []byte) (map[string]string, []byte) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, field, filename))
	h.Set("Content-Type", contentType)
	part, err := w.CreatePart(h)
	if err != nil {
		t.Fatal(err)
	}
	part.Write(data)
	w.Close()
	return map[string]string{"Content-Type": w.FormDataContentType()}, b.Bytes()
}

func upload(t testing.TB, app *fiber.App, token, kind, field, filename, contentType string, data []byte) (int, []byte) {
	t.Helper()
	headers, body := multipartBody(t, field, filename, contentType, data)
	if token != "" {
		headers["Authorization"] = "Bearer " + token
	}
	resp, answer := call(t, app, "POST", "/api/admin/uploads/"+kind, headers, body)
	return resp.StatusCode, answer
}

func testPicture(w, h int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, color.NRGBA{R: uint8(x), G: uint8(y), B: 120, A: 255})
		}
	}
	return img
}

func filesIn(t testing.TB, dir string) int {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	return len(entries)
}

func TestAdminUploads(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, nil)
	var pngData, jpegData, gifData bytes.Buffer
	png.Encode(&pngData, testPicture(60, 40))
	jpeg.Encode(&jpegData, testPicture(60, 40), nil)
	gif.Encode(&gifData, testPicture(8, 8), nil)

	status, body := upload(t, s.app, s.admin, "products", "file", "shirt.png", "image/png", pngData.Bytes())
	expect(t, "a PNG", status, body, 201, map[string]any{"message": "Image uploaded", "data.width": 60, "data.height": 40})
	url, file := jsonValue(t, body, "data.url").(string), jsonValue(t, body, "data.file").(string)
	if !strings.HasSuffix(file, ".png") || url != "/uploads/products/"+file || strings.Contains(file, "shirt") {
		t.Fatalf("stored as %s at %s", file, url)
	}
	resp, served := call(t, s.app, "GET", url, nil, nil)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("serving the upload: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if _, err := png.Decode(bytes.NewReader(served)); err != nil {
		t.Fatalf("the served image does not decode: %v", err)
	}
	// The upload's URL goes straight into a product.
	status, body = send(t, s.app, "PATCH", "/api/admin/products/"+s.f.newestShirt.ID, s.admin, map[string]any{"thumbnail": url})
	expect(t, "use it", status, body, 200, map[string]any{"data.thumbnail": url})

	status, body = upload(t, s.app, s.admin, "subCatrgory", "file", "tile.jpg", "image/jpeg", jpegData.Bytes())
	expect(t, "a JPEG tile", status, body, 201, nil)
	if !strings.HasSuffix(jsonValue(t, body, "data.file").(string), ".jpg") {
		t.Errorf("a JPEG stored as %s", body)
	}
	status, body = upload(t, s.app, s.admin, "sale", "file", "banner.png", "image/png", pngData.Bytes())
	expect(t, "an admin's sale banner", status, body, 201, nil)
	var wide bytes.Buffer
	png.Encode(&wide, image.NewGray(image.Rect(0, 0, 2600, 40)))
	status, body = upload(t, s.app, s.admin, "products", "file", "wide.png", "image/png", wide.Bytes())
	expect(t, "a wide image is scaled", status, body, 201, map[string]any{"data.width": 2000, "data.height": 31})

	products := filepath.Join(s.d.cfg.UploadsDir, "products")
	stored := filesIn(t, products) + filesIn(t, filepath.Join(s.d.cfg.UploadsDir, "sale"))
	for _, c := range []struct {
		name                            string
		token, kind, field, file, ctype string
		data                            []byte
		status                          int
		message                         string
	}{
		{"text renamed .png", s.admin, "products", "file", "notes.png", "image/png", []byte("dear diary, today I renamed a text file"), 400, "The file is not an image: upload a JPEG or PNG"},
		{"an SVG", s.admin, "products", "file", "logo.svg", "image/svg+xml", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>`), 400, "SVG images are not accepted: upload a JPEG or PNG"},
		{"an SVG named .png", s.admin, "products", "file", "logo.png", "image/png", []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`), 400, "SVG images are not accepted: upload a JPEG or PNG"},
		{"a GIF", s.admin, "products", "file", "anim.gif", "image/gif", gifData.Bytes(), 400, "Upload a JPEG or PNG image (this one is gif)"},
		{"half a PNG", s.admin, "products", "file", "half.png", "image/png", pngData.Bytes()[:pngData.Len()/2], 400, "The image is damaged or incomplete"},
		{"an empty file", s.admin, "products", "file", "empty.png", "image/png", nil, 400, "The file is empty"},
		{"the wrong field", s.admin, "products", "photo", "shirt.png", "image/png", pngData.Bytes(), 400, "Send the image as multipart/form-data in the field file"},
		{"staff uploading a sale banner", s.staff, "sale", "file", "banner.png", "image/png", pngData.Bytes(), 403, "Only an admin can do this"},
		{"an unknown kind", s.admin, "avatars", "file", "me.png", "image/png", pngData.Bytes(), 404, "Images go to products, subCatrgory, sale or banners"},
		{"a shopper", s.shopper, "products", "file", "shirt.png", "image/png", pngData.Bytes(), 401, ""},
		{"nobody", "", "products", "file", "shirt.png", "image/png", pngData.Bytes(), 401, "Please login first"},
	} {
		status, body := upload(t, s.app, c.token, c.kind, c.field, c.file, c.ctype, c.data)
		expect(t, c.name, status, body, c.status, map[string]any{"success": false})
		if c.message != "" {
			expect(t, c.name, status, body, c.status, map[string]any{"message": c.message})
		}
		if c.status == 400 {
			jsonValue(t, body, "errors.file")
		}
	}
	resp, body = call(t, s.app, "POST", "/api/admin/uploads/products", map[string]string{"Authorization": "Bearer " + s.admin, "Content-Type": "application/json"}, []byte(`{"file":"x"}`))
	expect(t, "JSON instead of a form", resp.StatusCode, body, 400, map[string]any{"errors.file": "Send the image as multipart/form-data in the field file"})
	// Over the server's request limit (64 KiB here): refused while reading, through a real listener.
	// The server answers 413 as soon as it reads the length and closes without reading the body,
	// so a client still writing it may see its write fail (broken pipe, reset) before it reads the
	// answer: on a loaded machine that happens now and then, and the upload is sent again.
	headers, big := multipartBody(t, "file", "big.png", "image/png", append(pngData.Bytes(), make([]byte, 100_000)...))
	base := listen(t, s.app)
	for attempt := 1; ; attempt++ {
		req, _ := http.NewRequest("POST", base+"/api/admin/uploads/products", bytes.NewReader(big))
		req.Header.Set("Content-Type", headers["Content-Type"])
		req.Header.Set("Authorization", "Bearer "+s.staff)
		resp, err := http.DefaultClient.Do(req)
		if err != nil && attempt < 5 && (errors.Is(err, syscall.EPIPE) || errors.Is(err, syscall.ECONNRESET)) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		answer, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		expect(t, "over the request limit", resp.StatusCode, answer, 413, map[string]any{"message": "Request body is too large"})
		break
	}
	if n := filesIn(t, products) + filesIn(t, filepath.Join(s.d.cfg.UploadsDir, "sale")); n != stored {
		t.Errorf("refused uploads left %d files", n-stored)
	}
}

// TestAdminUploadSizeLimit runs with a request limit above 5 MB, so the image limit itself
// answers.
func TestAdminUploadSizeLimit(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, map[string]string{"BODY_LIMIT_BYTES": "8388608"})
	var pngData bytes.Buffer
	png.Encode(&pngData, testPicture(20, 20))
	big := append(pngData.Bytes(), make([]byte, 5<<20)...)
	status, body := upload(t, s.app, s.admin, "products", "file", "big.png", "image/png", big)
	expect(t, "over 5 MB", status, body, 413, map[string]any{"message": "Images can be at most 5 MB"})
	status, body = upload(t, s.app, s.admin, "products", "file", "fine.png", "image/png", pngData.Bytes())
	expect(t, "a small one", status, body, 201, nil)
}

// TestPagesCarryTheRunningSales: every storefront page carries the running sales in its head,
// exactly as GET /api/getsale answers them, so the sale banner is in the first render; a sale
// switched off leaves an empty list (sales are cached for a moment, as for the API).
func TestPagesCarryTheRunningSales(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, nil)
	seeded := func() any {
		t.Helper()
		resp, page := call(t, s.app, "GET", "/products/Formal%20Shirts", nil, nil)
		if resp.StatusCode != 200 {
			t.Fatalf("page: %d", resp.StatusCode)
		}
		m := regexp.MustCompile(`<meta name="drape-sales" content="([^"]*)">`).FindSubmatch(page)
		if m == nil {
			t.Fatalf("no sales in the page's head: %s", page)
		}
		var sales any
		if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &sales); err != nil {
			t.Fatalf("the sales are not JSON: %v", err)
		}
		return sales
	}
	status, body := send(t, s.app, "GET", "/api/getsale", "", nil)
	expect(t, "the running sale", status, body, 200, map[string]any{"data.#": 1})
	var answer struct{ Data any }
	json.Unmarshal(body, &answer)
	if got := seeded(); !reflect.DeepEqual(got, answer.Data) {
		t.Fatalf("the page carries %v, the API answers %v", got, answer.Data)
	}
	status, body = send(t, s.app, "PUT", "/api/admin/sales/"+s.f.sale.ID+"/status", s.admin, map[string]any{"saleStatus": false})
	expect(t, "switch the sale off", status, body, 200, nil)
	deadline := time.Now().Add(10 * time.Second)
	for fmt.Sprint(seeded()) != "[]" {
		if time.Now().After(deadline) {
			t.Fatalf("the page still carries a sale switched off: %v", seeded())
		}
		time.Sleep(100 * time.Millisecond)
	}
}
