package cart

import (
	"context"
	"testing"

	"drape/internal/catalog"
	"drape/internal/platform/dbtest"
	"drape/internal/sale"
	"drape/internal/shop"
)

// cartShop is a cart service on a fresh database holding one shirt (₹1,999, 10 % off: ₹1,799;
// three in S and M, none in L) and two shoppers.
type cartShop struct {
	carts        *Service
	shirt        catalog.Product
	riya, kabir  string
	stockOfShirt func(size string, stock int)
}

// newCartShop runs t beside the package's other tests: each has its own database.
func newCartShop(t *testing.T) cartShop {
	t.Helper()
	t.Parallel()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	products := catalog.NewServiceFresh(pool, sale.NewService(pool), 0)
	men, err := products.CreateCategory(ctx, catalog.NewCategory{Name: "Men", Gender: "Men", Position: 1})
	if err != nil {
		t.Fatal(err)
	}
	shirts, err := products.CreateSubCategory(ctx, catalog.NewSubCategory{CategoryID: men.ID, CategoryType: "Formal Shirts"})
	if err != nil {
		t.Fatal(err)
	}
	shirt, err := products.CreateProduct(ctx, catalog.NewProduct{Code: "JF-MSH-0001", Name: "Oxford Shirt", Gender: "Men",
		SubCategoryID: shirts.ID, Price: shop.Rupees(1999), Discount: 10, Colour: "navy",
		Sizes: []catalog.Size{{Size: "S", Stock: 3}, {Size: "M", Stock: 3}, {Size: "L", Stock: 0}}})
	if err != nil {
		t.Fatal(err)
	}
	s := cartShop{carts: NewService(pool, products), shirt: shirt, riya: shop.NewID(), kabir: shop.NewID()}
	for _, id := range []string{s.riya, s.kabir} {
		if _, err := pool.Exec(ctx, `INSERT INTO users (id, email) VALUES ($1, $2)`, id, id+"@example.in"); err != nil {
			t.Fatal(err)
		}
	}
	s.stockOfShirt = func(size string, stock int) {
		t.Helper()
		if _, err := pool.Exec(ctx, `UPDATE product_sizes SET stock = $3 WHERE product_id = $1 AND size = $2`, shirt.ID, size, stock); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func wantKind(t *testing.T, what string, err error, kind shop.Kind, message string) {
	t.Helper()
	if !shop.Is(err, kind) || err.Error() != message {
		t.Errorf("%s: %v, want %v %q", what, err, kind, message)
	}
}

// TestAddPricesAndAddsUp: a line is priced by the catalog, whatever was asked; the same size
// again adds up into one line; stock, sizes, quantities and unknown products are refused with
// the shopper's words, and a refusal changes nothing.
func TestAddPricesAndAddsUp(t *testing.T) {
	s := newCartShop(t)
	ctx := context.Background()
	c, err := s.carts.Add(ctx, s.riya, []Want{{ProductID: s.shirt.ID, Size: "M", Quantity: 1}})
	if err != nil {
		t.Fatal(err)
	}
	l := c.Lines[0]
	if len(c.Lines) != 1 || l.Price != shop.Rupees(1999) || l.Discount != 10 || l.DiscountedPrice != shop.Rupees(1799) ||
		l.Total != shop.Rupees(1799) || l.Available != 3 || l.SoldOut || c.Summary.Subtotal != shop.Rupees(1799) ||
		c.Summary.ListTotal != shop.Rupees(1999) || c.Summary.TotalItems != 1 || c.Summary.Blocked {
		t.Fatalf("one shirt: %+v", c)
	}
	c, err = s.carts.Add(ctx, s.riya, []Want{{ProductID: s.shirt.ID, Size: "M", Quantity: 2}})
	if err != nil || len(c.Lines) != 1 || c.Lines[0].Quantity != 3 || c.Lines[0].Total != shop.Rupees(3*1799) {
		t.Fatalf("the same size again: %+v, %v", c, err)
	}

	_, err = s.carts.Add(ctx, s.riya, []Want{{ProductID: s.shirt.ID, Size: "M", Quantity: 1}})
	wantKind(t, "more than in stock", err, shop.Conflict, "Only 3 left in size M of Oxford Shirt; your cart has 3")
	_, err = s.carts.Add(ctx, s.riya, []Want{{ProductID: s.shirt.ID, Size: "L", Quantity: 1}})
	wantKind(t, "a sold-out size", err, shop.Conflict, "Size L of Oxford Shirt is sold out")
	_, err = s.carts.Add(ctx, s.riya, []Want{{ProductID: s.shirt.ID, Size: "XS", Quantity: 1}})
	wantKind(t, "an unknown size", err, shop.Invalid, "Size XS is not available for Oxford Shirt")
	_, err = s.carts.Add(ctx, s.riya, []Want{{ProductID: shop.NewID(), Size: "M", Quantity: 1}})
	wantKind(t, "an unknown product", err, shop.NotFound, "Product not found")
	_, err = s.carts.Add(ctx, s.riya, []Want{{ProductID: s.shirt.ID, Size: "S", Quantity: 0}})
	wantKind(t, "quantity 0", err, shop.Invalid, "Quantity must be at least 1")
	_, err = s.carts.Add(ctx, s.riya, []Want{{ProductID: s.shirt.ID, Size: "S", Quantity: MaxQuantity + 1}})
	wantKind(t, "above the limit", err, shop.Invalid, "At most 10 of one size per order")
	_, err = s.carts.Add(ctx, s.riya, nil)
	wantKind(t, "nothing", err, shop.Invalid, "Nothing to add")

	if c, err := s.carts.Get(ctx, s.riya); err != nil || len(c.Lines) != 1 || c.Lines[0].Quantity != 3 {
		t.Fatalf("the refusals changed the cart: %+v, %v", c, err)
	}
	if c, err := s.carts.Get(ctx, s.kabir); err != nil || len(c.Lines) != 0 {
		t.Fatalf("another shopper's cart: %+v, %v", c, err)
	}
}

// TestMergeNotesWhatItCouldNotAdd: several lines (a guest cart merged after sign-in) go in as
// far as they can: a line beyond stock is capped, lines that cannot go in are skipped, and
// each is named in Notes.
func TestMergeNotesWhatItCouldNotAdd(t *testing.T) {
	s := newCartShop(t)
	ctx := context.Background()
	c, err := s.carts.Add(ctx, s.kabir, []Want{
		{ProductID: s.shirt.ID, Size: "S", Quantity: 9},
		{ProductID: s.shirt.ID, Size: "L", Quantity: 1},
		{ProductID: shop.NewID(), Size: "M", Quantity: 1},
		{ProductID: s.shirt.ID, Size: "M", Quantity: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Only 3 left in size S of Oxford Shirt; your cart has 3", "Size L of Oxford Shirt is sold out", "Product not found"}
	if len(c.Lines) != 2 || c.Summary.TotalItems != 4 || len(c.Notes) != len(want) {
		t.Fatalf("merged %+v", c)
	}
	for i, note := range want {
		if c.Notes[i] != note {
			t.Errorf("note %d = %q, want %q", i, c.Notes[i], note)
		}
	}
}

// TestLinesBelongToTheirShopper: a line can be changed and removed by its shopper only, within
// stock and the limits; another shopper's attempt is NotFound and changes nothing.
func TestLinesBelongToTheirShopper(t *testing.T) {
	s := newCartShop(t)
	ctx := context.Background()
	c, err := s.carts.Add(ctx, s.riya, []Want{{ProductID: s.shirt.ID, Size: "M", Quantity: 1}})
	if err != nil {
		t.Fatal(err)
	}
	id := c.Lines[0].ID
	if l, err := s.carts.SetQuantity(ctx, s.riya, id, 2); err != nil || l.Quantity != 2 || l.Total != shop.Rupees(2*1799) {
		t.Fatalf("set to 2: %+v, %v", l, err)
	}
	_, err = s.carts.SetQuantity(ctx, s.riya, id, 4)
	wantKind(t, "beyond stock", err, shop.Conflict, "Only 3 left in size M")
	_, err = s.carts.SetQuantity(ctx, s.riya, id, 0)
	wantKind(t, "to 0", err, shop.Invalid, "Quantity must be at least 1")
	_, err = s.carts.SetQuantity(ctx, s.kabir, id, 1)
	wantKind(t, "another shopper's line", err, shop.NotFound, "Cart item not found")
	wantKind(t, "another shopper removes it", s.carts.Remove(ctx, s.kabir, id), shop.NotFound, "Cart item not found")
	wantKind(t, "not an id", s.carts.Remove(ctx, s.riya, "'; drop table cart_items; --"), shop.NotFound, "Cart item not found")
	if c, _ := s.carts.Get(ctx, s.riya); len(c.Lines) != 1 || c.Lines[0].Quantity != 2 {
		t.Fatalf("the refusals changed the line: %+v", c)
	}
	if err := s.carts.Remove(ctx, s.riya, id); err != nil {
		t.Fatal(err)
	}
	wantKind(t, "removed twice", s.carts.Remove(ctx, s.riya, id), shop.NotFound, "Cart item not found")
	if _, err := s.carts.Add(ctx, s.riya, []Want{{ProductID: s.shirt.ID, Size: "S", Quantity: 1}}); err != nil {
		t.Fatal(err)
	}
	if err := s.carts.Clear(ctx, s.riya); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.carts.Get(ctx, s.riya); len(c.Lines) != 0 || c.Summary.Subtotal != 0 {
		t.Fatalf("a cleared cart: %+v", c)
	}
}

// TestFlagsLinesStockNoLongerCovers: a line that wanted more than is left after someone else
// bought is flagged with the size, and the cart is blocked; so is a size that sold out.
func TestFlagsLinesStockNoLongerCovers(t *testing.T) {
	s := newCartShop(t)
	ctx := context.Background()
	if _, err := s.carts.Add(ctx, s.riya, []Want{{ProductID: s.shirt.ID, Size: "M", Quantity: 3}, {ProductID: s.shirt.ID, Size: "S", Quantity: 1}}); err != nil {
		t.Fatal(err)
	}
	s.stockOfShirt("M", 1)
	c, err := s.carts.Get(ctx, s.riya)
	if err != nil {
		t.Fatal(err)
	}
	problems := map[string]string{}
	for _, l := range c.Lines {
		problems[l.Size] = l.Problem
		if l.Size == "M" && (!l.SoldOut || l.Available != 1) {
			t.Errorf("size M: %+v", l)
		}
	}
	if problems["M"] != "Only 1 left in size M" || problems["S"] != "" || !c.Blocked() {
		t.Fatalf("after M dropped to 1: %v, blocked %v", problems, c.Blocked())
	}
	s.stockOfShirt("S", 0)
	c, _ = s.carts.Get(ctx, s.riya)
	for _, l := range c.Lines {
		problems[l.Size] = l.Problem
	}
	if problems["M"] != "Only 1 left in size M" || problems["S"] != "Size S is sold out" || !c.Blocked() {
		t.Fatalf("after S sold out: %v, blocked %v", problems, c.Blocked())
	}
}
