// Package ordertest gives the tests of order and of the packages built on it (payment,
// shipping) a shop on its own fresh database, through the services' public APIs only: a
// company set up, one shirt, and shoppers with an address and a cart.
package ordertest

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/address"
	"drape/internal/cart"
	"drape/internal/catalog"
	"drape/internal/company"
	"drape/internal/coupon"
	"drape/internal/order"
	"drape/internal/platform/dbtest"
	"drape/internal/sale"
	"drape/internal/shop"
)

// ShirtPrice is what one Shirt costs: ₹1,999 listed, 10 % off.
const ShirtPrice = shop.Money(179900)

// Shop is the order service and what it builds on, over one test's database.
type Shop struct {
	Pool      *pgxpool.Pool
	Orders    *order.Service
	Carts     *cart.Service
	Catalog   *catalog.Service
	Addresses *address.Service
	Company   *company.Service // not GST-registered until a test registers it
	// Shirt is an Oxford shirt at ShirtPrice, three in stock in each of S, M and XL.
	Shirt catalog.Product
}

// New makes the shop on a fresh database for t.
func New(t testing.TB) Shop {
	t.Helper()
	pool, _ := dbtest.New(t)
	ctx := context.Background()
	products := catalog.NewServiceFresh(pool, sale.NewService(pool), 0)
	companies := company.NewService(pool)
	if _, err := companies.Save(ctx, company.Company{Name: "Jaipur Formals", AddressLine1: "14 Mirza Ismail Road",
		City: "Jaipur", State: "Rajasthan", Zip: "302001", Contact1: "+91 141 400 2024", Email: "care@jaipurformals.in"}, nil); err != nil {
		t.Fatal(err)
	}
	men, err := products.CreateCategory(ctx, catalog.NewCategory{Name: "Men", Gender: "Men", Position: 1})
	if err != nil {
		t.Fatal(err)
	}
	shirts, err := products.CreateSubCategory(ctx, catalog.NewSubCategory{CategoryID: men.ID, CategoryType: "Formal Shirts"})
	if err != nil {
		t.Fatal(err)
	}
	shirt, err := products.CreateProduct(ctx, catalog.NewProduct{Code: "JF-MSH-0001", Name: "Oxford Shirt", Gender: "Men",
		SubCategoryID: shirts.ID, Price: shop.Rupees(1999), Discount: 10, Colour: "navy", WeightGrams: 300,
		Sizes: []catalog.Size{{Size: "S", Stock: 3}, {Size: "M", Stock: 3}, {Size: "XL", Stock: 3}}})
	if err != nil {
		t.Fatal(err)
	}
	carts := cart.NewService(pool, products)
	addresses := address.NewService(pool)
	orders := order.NewService(pool, order.Config{PublicURL: "http://shop.test"}, products, carts, coupon.NewService(pool),
		addresses, companies)
	return Shop{Pool: pool, Orders: orders, Carts: carts, Catalog: products, Addresses: addresses, Company: companies, Shirt: shirt}
}

// Shopper is a new shopper with email and a saved default address in Jaipur: their id and
// the address's.
func (s Shop) Shopper(t testing.TB, email string) (userID, addressID string) {
	t.Helper()
	ctx := context.Background()
	userID = shop.NewID()
	if _, err := s.Pool.Exec(ctx, `INSERT INTO users (id, email, first_name) VALUES ($1, $2, 'Aarav')`, userID, email); err != nil {
		t.Fatal(err)
	}
	a, err := s.Addresses.Add(ctx, userID, address.Input{FirstName: "Aarav", LastName: "Sharma", Address1: "14 Civil Lines",
		Address2: "Near Statue Circle", City: "Jaipur", State: "Rajasthan", Pincode: "302006", Email: email, Type: "home",
		Phone: "9829012345", IsDefault: true})
	if err != nil {
		t.Fatal(err)
	}
	return userID, a.ID
}

// Add puts quantity shirts of size into the shopper's cart.
func (s Shop) Add(t testing.TB, userID, size string, quantity int) {
	t.Helper()
	if _, err := s.Carts.Add(context.Background(), userID, []cart.Want{{ProductID: s.Shirt.ID, Size: size, Quantity: quantity}}); err != nil {
		t.Fatal(err)
	}
}

// Stock is how many shirts of size are in stock now.
func (s Shop) Stock(t testing.TB, size string) int {
	t.Helper()
	products, err := s.Catalog.ProductsByIDs(context.Background(), []string{s.Shirt.ID})
	if err != nil || len(products) != 1 {
		t.Fatalf("ordertest: the shirt: %v", err)
	}
	return products[0].Stock[size]
}

// Place places the shopper's cart, paid in mode, to their address.
func (s Shop) Place(t testing.TB, userID, addressID string, mode order.Mode) order.Order {
	t.Helper()
	o, _, err := s.Orders.Place(context.Background(), order.Placement{UserID: userID, Mode: mode, AddressID: addressID})
	if err != nil {
		t.Fatal(err)
	}
	return o
}
