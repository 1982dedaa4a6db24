package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"time"

	"drape/internal/demo"
	"drape/internal/order"
	"drape/internal/platform/postgres"
	"drape/migrations"
)

// seed loads the demo shop into an empty catalog (`server seed`), with its month of orders
// unless --orders=false (the browser tests' stack: their shop starts without orders), and with
// --products N tops the catalog up to N generated products for benchmarks.
func seed(ctx context.Context, cfg Config, log *slog.Logger, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	products := fs.Int("products", 0, "top the catalog up to this many products (benchmarks)")
	orders := fs.Bool("orders", true, "place the demo month of orders in the demo shop when it has none")
	codConfirm := fs.Bool("cod-confirm", true, "have a demo shop set up now ask for a confirmation of COD orders before they ship")
	if err := fs.Parse(args); err != nil {
		return err
	}
	pool, err := postgres.Open(ctx, cfg.DatabaseURL, 8)
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := migrations.Up(ctx, pool); err != nil {
		return err
	}
	uploads, err := cfg.S3.Open(ctx, cfg.UploadsDir)
	if err != nil {
		return err
	}
	svc := newServices(deps{cfg: cfg, pool: pool})
	d := demo.Deps{Catalog: svc.catalog, Sales: svc.sales, CMS: svc.cms, Banners: svc.banners, Uploads: uploads, Log: log}
	loaded, err := demo.Load(ctx, d)
	if err != nil {
		return err
	}
	if loaded {
		fmt.Fprintln(stdout, "demo shop loaded")
	}
	added, err := demo.LoadSelling(ctx, demo.SellingDeps{Company: svc.company, Coupons: svc.coupons})
	if err != nil {
		return err
	}
	if len(added) > 0 {
		fmt.Fprintf(stdout, "demo %s added\n", strings.Join(added, " and "))
	}
	if *orders {
		// The demo's orders are dated through the month by a clock of their own.
		clock := &demo.Clock{}
		dated := order.NewService(pool, order.Config{PublicURL: cfg.PublicURL, PickupLocation: cfg.PickupLocation, Now: clock.Now},
			svc.catalog, svc.carts, svc.coupons, svc.addresses, svc.company)
		placed, err := demo.LoadOrders(ctx, demo.OrdersDeps{Accounts: svc.accounts, Addresses: svc.addresses, Carts: svc.carts,
			Catalog: svc.catalog, Company: svc.company, Orders: dated, Clock: clock})
		if err != nil {
			return err
		}
		if placed > 0 {
			fmt.Fprintf(stdout, "demo month of %d orders placed (%s)\n", placed, demo.DemoMonth(time.Now()).Format("January 2006"))
		}
	}
	if *codConfirm && slices.Contains(added, demo.CompanyAdded) {
		if err := demo.ConfirmCODOrders(ctx, svc.company); err != nil {
			return err
		}
	}
	if *products > 0 {
		have, err := svc.catalog.Count(ctx)
		if err != nil {
			return err
		}
		if missing := int64(*products) - have; missing > 0 {
			if err := demo.Bulk(ctx, d, int(missing)); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "added %d generated products\n", missing)
		}
	}
	return nil
}
