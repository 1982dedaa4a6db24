package main

import (
	"bytes"
	"image/png"
	"testing"
)

// TestBannerRoles: shoppers read the banners that are on; the back office needs a back-office
// token (a shopper's is refused with 401, as on every admin route); changing banners is for
// admins (staff get 403).
func TestBannerRoles(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, nil)
	status, body := send(t, s.app, "GET", "/api/banners", "", nil)
	expect(t, "public read, none stored", status, body, 200, map[string]any{"data.items.#": 0})
	hero := map[string]any{"place": "home", "title": "Linen for the monsoon", "image": "hero.jpg"}
	for _, c := range []struct {
		method, path, token string
		want                int
	}{
		{"GET", "/api/admin/banners", "", 401},
		{"GET", "/api/admin/banners", s.shopper, 401},
		{"POST", "/api/admin/banners", "", 401},
		{"POST", "/api/admin/banners", s.shopper, 401},
		{"POST", "/api/admin/banners", s.staff, 403},
		{"PUT", "/api/admin/banners/0123456789abcdef01234567", s.staff, 403},
		{"PATCH", "/api/admin/banners/0123456789abcdef01234567", s.shopper, 401},
		{"DELETE", "/api/admin/banners/0123456789abcdef01234567", s.staff, 403},
		{"DELETE", "/api/admin/banners/0123456789abcdef01234567", "", 401},
	} {
		status, body := send(t, s.app, c.method, c.path, c.token, hero)
		expect(t, c.method+" "+c.path, status, body, c.want, nil)
	}
	status, body = send(t, s.app, "GET", "/api/admin/banners", s.staff, nil)
	expect(t, "staff read the back office's list", status, body, 200, map[string]any{"data.items.#": 0})
	if n := countRows(t, s.d, `SELECT count(*) FROM banners`); n != 0 {
		t.Fatalf("refused writes stored %d banners", n)
	}
}

// TestBannerValidation: bad input is a 400 naming each field, and nothing is stored.
func TestBannerValidation(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, nil)
	for _, c := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"nothing", map[string]any{}, "errors.title"},
		{"unknown place", map[string]any{"place": "footer", "title": "x", "image": "a.jpg"}, "errors.place"},
		{"no image", map[string]any{"place": "home", "title": "x"}, "errors.image"},
		{"image outside the uploads", map[string]any{"place": "home", "title": "x", "image": "../../etc/passwd"}, "errors.image"},
		{"script link", map[string]any{"place": "home", "title": "x", "image": "a.jpg", "linkText": "Go", "link": "javascript:alert(1)"}, "errors.link"},
		{"link without words", map[string]any{"place": "home", "title": "x", "image": "a.jpg", "link": "/shop"}, "errors.linkText"},
		{"position", map[string]any{"place": "bestseller", "title": "x", "image": "a.jpg", "position": 10001}, "errors.position"},
	} {
		status, body := send(t, s.app, "POST", "/api/admin/banners", s.admin, c.body)
		expect(t, c.name, status, body, 400, map[string]any{"success": false})
		if msg, _ := jsonValue(t, body, c.field).(string); msg == "" {
			t.Errorf("%s: no %s in %s", c.name, c.field, body)
		}
	}
	status, body := send(t, s.app, "POST", "/api/admin/banners", s.admin, map[string]any{"place": "home", "title": 7})
	expect(t, "a number for a title", status, body, 400, nil)
	if n := countRows(t, s.d, `SELECT count(*) FROM banners`); n != 0 {
		t.Fatalf("refused banners were stored: %d", n)
	}
}

// TestBannerHappyPath: an admin uploads a banner image, adds the home hero, shoppers see it,
// the admin changes and switches it off, and deletes it; every change is announced.
func TestBannerHappyPath(t *testing.T) {
	t.Parallel()
	s := newCatalogAdminShop(t, nil)
	var pic bytes.Buffer
	if err := png.Encode(&pic, testPicture(320, 240)); err != nil {
		t.Fatal(err)
	}
	status, body := upload(t, s.app, s.admin, "banners", "file", "hero.png", "image/png", pic.Bytes())
	expect(t, "upload a banner image", status, body, 201, nil)
	url := jsonValue(t, body, "data.url").(string)
	status, _ = send(t, s.app, "GET", url, "", nil)
	if status != 200 {
		t.Fatalf("the uploaded banner is not served: %d", status)
	}
	status, body = upload(t, s.app, s.staff, "banners", "file", "hero.png", "image/png", pic.Bytes())
	expect(t, "staff upload", status, body, 403, nil)

	announced := s.events(t, "catalog.changed")
	status, body = send(t, s.app, "POST", "/api/admin/banners", s.admin, map[string]any{"place": "home", "title": " Linen for the monsoon ",
		"subtitle": "Cool cloth, cut in Jaipur", "linkText": "Shop linen", "link": "/products/Formal Shirts", "image": url, "mobileImage": url})
	expect(t, "create", status, body, 201, map[string]any{"message": "Banner added", "data.title": "Linen for the monsoon",
		"data.image": url, "data.mobileImage": url, "data.active": true, "data.place": "home", "data.position": 0.0})
	id := jsonValue(t, body, "data._id").(string)
	status, body = send(t, s.app, "GET", "/api/banners", "", nil)
	expect(t, "shoppers see it", status, body, 200, map[string]any{"data.items.#": 1, "data.items.0._id": id, "data.items.0.linkText": "Shop linen"})

	status, body = send(t, s.app, "PATCH", "/api/admin/banners/"+id, s.admin, map[string]any{"title": "Festive formals"})
	expect(t, "patch merges", status, body, 200, map[string]any{"data.title": "Festive formals", "data.subtitle": "Cool cloth, cut in Jaipur", "data.image": url})
	status, body = send(t, s.app, "PUT", "/api/admin/banners/"+id, s.admin, map[string]any{"active": false})
	expect(t, "switch off", status, body, 200, map[string]any{"data.active": false})
	status, body = send(t, s.app, "GET", "/api/banners", "", nil)
	expect(t, "off: not shown", status, body, 200, map[string]any{"data.items.#": 0})
	status, body = send(t, s.app, "GET", "/api/admin/banners", s.staff, nil)
	expect(t, "the back office still lists it", status, body, 200, map[string]any{"data.items.#": 1, "data.items.0.active": false})
	status, body = send(t, s.app, "PATCH", "/api/admin/banners/"+id, s.admin, map[string]any{"link": "//evil.example"})
	expect(t, "a bad change", status, body, 400, nil)
	if msg, _ := jsonValue(t, body, "errors.link").(string); msg == "" {
		t.Errorf("no errors.link: %s", body)
	}

	status, body = send(t, s.app, "DELETE", "/api/admin/banners/"+id, s.admin, nil)
	expect(t, "delete", status, body, 200, map[string]any{"message": "Banner deleted"})
	status, body = send(t, s.app, "DELETE", "/api/admin/banners/"+id, s.admin, nil)
	expect(t, "delete again", status, body, 404, map[string]any{"message": "Banner not found"})
	if got := s.events(t, "catalog.changed") - announced; got != 4 {
		t.Errorf("%d catalog.changed events, want 4 (create, two updates, delete)", got)
	}
	if n := countRows(t, s.d, `SELECT count(*) FROM audit_log WHERE entity_type = 'banner'`); n != 4 {
		t.Errorf("%d audit entries for banners, want 4", n)
	}
}
