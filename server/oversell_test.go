package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"drape/internal/catalog"
	"drape/internal/order"
	"drape/internal/shop"
)

// razorpaySim starts sim and returns the environment that points the server's Razorpay
// client at it (sim's default test keys).
func razorpaySim(t testing.TB) map[string]string {
	t.Helper()
	simAddr, _ := startSim(t)
	return map[string]string{"RAZORPAY_KEY_ID": "rzp_test_drape", "RAZORPAY_KEY_SECRET": "drape-sim-key-secret",
		"RAZORPAY_WEBHOOK_SECRET": "drape-sim-webhook-secret", "RAZORPAY_API_URL": "http://" + simAddr + "/razorpay",
		"RAZORPAY_CHECKOUT_URL": "http://" + simAddr + "/razorpay/checkout.js"}
}

// TestNoOversellInAFlashSale fires 200 concurrent checkouts — cash on delivery and online
// mixed, in a different order each round — at one size with 50 in stock, 20 rounds with
// different seeds (OVERSELL_ROUNDS changes the count): every round exactly 50 orders, stock
// 0 and never below, and every other shopper told the size is sold out.
func TestNoOversellInAFlashSale(t *testing.T) {
	t.Parallel()
	const shoppers, stock = 200, 50
	rounds := 20
	if n, err := strconv.Atoi(os.Getenv("OVERSELL_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	_, d := testAppWith(t, razorpaySim(t))
	f := checkoutFixture(t, d)
	svc := newServices(d)
	ctx := context.Background()
	flash, err := svc.catalog.CreateProduct(ctx, catalog.NewProduct{Code: "JF-FLASH-1", Name: "Flash Sale Shirt", Gender: "Men",
		SubCategoryID: f.shirts.ID, Price: shop.Rupees(1499), Sizes: []catalog.Size{{Size: "M", Stock: stock}}})
	if err != nil {
		t.Fatal(err)
	}
	users, addresses := make([]string, shoppers), make([]string, shoppers)
	for i := range users {
		users[i], addresses[i] = shop.NewID(), shop.NewID()
		_, err := d.pool.Exec(ctx, `INSERT INTO users (id, email, first_name) VALUES ($1, $2, 'Flash')`, users[i], fmt.Sprintf("flash%d@example.in", i))
		if err == nil {
			_, err = d.pool.Exec(ctx, `INSERT INTO addresses (id, user_id, first_name, last_name, address1, address2, city, state, pincode, email, type, phone)
				VALUES ($1, $2, 'Flash', 'Buyer', '1 MI Road', 'Floor 2', 'Jaipur', 'Rajasthan', '302001', $3, 'home', '9829012345')`,
				addresses[i], users[i], fmt.Sprintf("flash%d@example.in", i))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	soldOut := "Size M of Flash Sale Shirt is sold out"
	for round := range rounds {
		seed := uint64(time.Now().UnixNano()) + uint64(round)
		rng := rand.New(rand.NewPCG(seed, uint64(round)))
		for _, q := range []string{`TRUNCATE orders CASCADE`, `DELETE FROM cart_items`, `UPDATE product_sizes SET stock = 50 WHERE product_id = '` + flash.ID + `'`} {
			if _, err := d.pool.Exec(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		for _, u := range users {
			if _, err := d.pool.Exec(ctx, `INSERT INTO cart_items (id, user_id, product_id, size, quantity) VALUES ($1, $2, $3, 'M', 1)`, shop.NewID(), u, flash.ID); err != nil {
				t.Fatal(err)
			}
		}
		online := make([]bool, shoppers)
		for i := range online {
			online[i] = rng.IntN(2) == 0
		}
		start := make(chan struct{})
		errs := make([]error, shoppers)
		var wg sync.WaitGroup
		for _, i := range rng.Perm(shoppers) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				p := order.Placement{UserID: users[i], AddressID: addresses[i], IdempotencyKey: fmt.Sprintf("round-%d-%d", round, i)}
				if online[i] {
					_, errs[i] = svc.payments.Start(ctx, p)
				} else {
					p.Mode = order.COD
					_, _, errs[i] = svc.orders.Place(ctx, p)
				}
			}()
		}
		close(start)
		wg.Wait()
		won, wonOnline := 0, 0
		for i, err := range errs {
			switch {
			case err == nil:
				won++
				if online[i] {
					wonOnline++
				}
			case !shop.Is(err, shop.Conflict) || err.Error() != soldOut:
				t.Fatalf("round %d (seed %d): shopper %d (online %v) got %v, want the sold-out conflict", round, seed, i, online[i], err)
			}
		}
		left := stockOf(t, d, flash.ID, "M")
		orders := countRows(t, d, `SELECT count(*) FROM orders WHERE order_status <> 'CANCELED'`)
		units := countRows(t, d, `SELECT coalesce(sum(quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.order_status <> 'CANCELED'`)
		if won != stock || orders != stock || units != stock || left != 0 {
			t.Fatalf("round %d (seed %d): %d checkouts won, %d orders holding %d units, stock left %d; want 50, 50, 50, 0",
				round, seed, won, orders, units, left)
		}
		if waiting := countRows(t, d, `SELECT count(*) FROM orders WHERE order_status = 'AWAITING_PAYMENT' AND gateway_order_id IS NOT NULL`); waiting != wonOnline {
			t.Fatalf("round %d: %d online orders won but %d have a Razorpay order", round, wonOnline, waiting)
		}
		t.Logf("round %d (seed %d): %d online and %d cash-on-delivery orders, %d refused", round, seed, wonOnline, won-wonOnline, shoppers-won)
	}
}
