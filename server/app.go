package main

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"drape/internal/account"
	"drape/internal/address"
	"drape/internal/analytics"
	"drape/internal/audit"
	"drape/internal/backinstock"
	"drape/internal/banner"
	"drape/internal/cart"
	"drape/internal/catalog"
	"drape/internal/cms"
	"drape/internal/company"
	"drape/internal/coupon"
	"drape/internal/delivery"
	"drape/internal/grievance"
	"drape/internal/invoice"
	"drape/internal/mailqueue"
	"drape/internal/ndr"
	"drape/internal/notify"
	"drape/internal/order"
	"drape/internal/payment"
	"drape/internal/platform/objectstore"
	"drape/internal/privacy"
	"drape/internal/returns"
	"drape/internal/review"
	"drape/internal/sale"
	"drape/internal/shipping"
	"drape/internal/wishlist"
	"drape/realtime"
)

// deps is everything the handlers need; main builds it, tests build their own.
type deps struct {
	cfg      Config
	log      *slog.Logger
	pool     *pgxpool.Pool
	readPool *pgxpool.Pool // DATABASE_READ_URL's replica for catalog reads; nil: pool
	redis    *redis.Client
	hub      *realtime.Hub
	draining *atomic.Bool      // set at shutdown: /readyz turns 503 so balancers stop sending
	metrics  *metrics          // nil: newApp makes its own
	uploads  objectstore.Store // where uploaded pictures are kept; nil: UPLOADS_DIR on this disk
}

// services are the domain use cases the handlers call.
type services struct {
	catalog   *catalog.Service
	sales     *sale.Service
	cms       *cms.Service
	banners   *banner.Service
	accounts  *account.Service
	addresses *address.Service
	wishlists *wishlist.Service
	carts     *cart.Service
	coupons   *coupon.Service
	company   *company.Service
	orders    *order.Service
	delivery  *delivery.Service
	payments  *payment.Service
	shipping  *shipping.Service
	analytics *analytics.Service
	invoices  *invoice.Service
	reviews   *review.Service
	audit     *audit.Service
	returns   *returns.Service
	pickups   *returns.Pickups
	messages  *notify.Service
	ndr       *ndr.Service
	restock   *backinstock.Service
	grievance *grievance.Service
	privacy   *privacy.Service
}

// newServices wires the domain services over one pool.
func newServices(d deps) services {
	sales := sale.NewService(d.pool)
	sales.CacheRunning() // caches.go drops them on every sale.changed
	var google account.GoogleVerifier
	if g := d.cfg.Google; g.ClientID != "" {
		google = account.NewGoogleVerifier(context.Background(), g.Issuer, g.CertsURL, g.ClientID)
	}
	products := catalog.NewServiceFresh(d.pool, sales, d.cfg.ListingFresh)
	if d.readPool != nil {
		products.ReadFrom(d.readPool)
	}
	svc := services{
		catalog: products, sales: sales, cms: cms.NewService(d.pool),
		banners:   banner.NewService(d.pool),
		accounts:  account.NewService(d.pool, account.Config{Secret: []byte(d.cfg.JWTSecret), Google: google, PasswordCost: d.cfg.PasswordCost}),
		addresses: address.NewService(d.pool), wishlists: wishlist.NewService(d.pool),
		coupons: coupon.NewService(d.pool), company: company.NewService(d.pool),
		messages: notify.NewService(d.pool, nil, nil), // the server only keeps choices; the worker sends
	}
	sales.NameCategoriesFrom(svc.catalog)
	svc.carts = cart.NewService(d.pool, svc.catalog)
	svc.orders = order.NewService(d.pool, order.Config{PublicURL: d.cfg.PublicURL, PickupLocation: d.cfg.PickupLocation,
		UnpaidUnitsPerSize: d.cfg.Unpaid.UnitsPerSize, UnpaidOrdersPerDay: d.cfg.Unpaid.OrdersPerDay},
		svc.catalog, svc.carts, svc.coupons, svc.addresses, svc.company)
	svc.delivery = newDelivery(d, svc.company)
	svc.orders.CheckRoutesWith(svc.delivery)
	svc.payments = newPayments(d, svc.orders)
	// The server only hears the courier's webhooks; pushes run in the worker.
	svc.analytics = analytics.NewService(d.pool)
	svc.invoices = invoice.NewService(d.pool, svc.catalog, svc.company)
	svc.reviews = review.NewService(d.pool)
	svc.audit = audit.NewService(d.pool)
	svc.returns = returns.NewService(d.pool, returns.Config{PublicURL: d.cfg.PublicURL, PayoutKey: returnPayoutKey(d.cfg)},
		svc.orders, svc.catalog)
	svc.payments.SetReturnRefunds(svc.returns)
	svc.shipping = shipping.NewService(svc.orders, nil, shipping.Config{WebhookToken: d.cfg.Shiprocket.WebhookToken})
	svc.pickups = returns.NewPickups(svc.returns, svc.company, nil, returns.PickupConfig{WebhookToken: d.cfg.Shiprocket.WebhookToken})
	svc.ndr = ndr.NewService(d.pool, ndr.Config{PublicURL: d.cfg.PublicURL, Secret: []byte(d.cfg.JWTSecret)}, svc.orders, nil)
	svc.shipping.ReportTo(svc.ndr)
	svc.restock = backinstock.NewService(d.pool, svc.catalog, backinstock.Config{PublicURL: d.cfg.PublicURL})
	svc.grievance = grievance.NewService(d.pool, grievance.Config{PublicURL: d.cfg.PublicURL})
	svc.privacy = privacy.NewService(d.pool, privacy.Domains{Accounts: svc.accounts, Addresses: svc.addresses, Carts: svc.carts,
		Wishlists: svc.wishlists, Orders: svc.orders, Returns: svc.returns, Reviews: svc.reviews, Restock: svc.restock,
		Messages: svc.messages, Mails: mailqueue.NewService(d.pool, nil), NDR: svc.ndr, Audit: svc.audit, Sales: svc.sales, Complaints: svc.grievance},
		privacy.Config{PublicURL: d.cfg.PublicURL})
	return svc
}

// newDelivery is the pincode check over the configured Shiprocket account (none: every answer
// neutral and every pincode taken), cached in the servers' Redis.
func newDelivery(d deps, companies *company.Service) *delivery.Service {
	var courier delivery.Courier
	var cache redis.Cmdable
	if d.redis != nil {
		cache = d.redis
		if session := d.cfg.Shiprocket.NewSession(d.redis); session != nil {
			courier = session
		}
	}
	return delivery.NewService(courier, cache, companies, delivery.Config{Credentials: d.cfg.Shiprocket.Credentials,
		Account: d.cfg.Shiprocket.APIURL + " " + d.cfg.Shiprocket.Credentials.Email})
}

// newPayments is the payment service over the configured Razorpay account (none: off).
func newPayments(d deps, orders *order.Service) *payment.Service {
	rp := d.cfg.Razorpay
	var gateway payment.Gateway
	if client := rp.NewClient(); client != nil {
		gateway = client
	}
	return payment.NewService(d.pool, payment.Config{KeyID: rp.KeyID, KeySecret: rp.KeySecret, WebhookSecret: rp.WebhookSecret},
		orders, gateway, d.log)
}

// server holds the dependencies the handlers share.
type server struct {
	deps
	services
	client         *clientFiles
	listingAnswers *encodedPages
	sitemaps       sitemapFiles
}

// newApp builds the whole HTTP application over svc without listening, so tests can drive it
// with app.Test.
func newApp(d deps, svc services) *fiber.App {
	if d.draining == nil {
		d.draining = new(atomic.Bool)
	}
	if d.metrics == nil {
		d.metrics = newMetrics(d.pool, d.hub)
	}
	if d.uploads == nil {
		d.uploads = objectstore.Disk{Root: d.cfg.UploadsDir}
	}
	s := &server{deps: d, services: svc, client: loadClient(d.cfg.ClientDir, d.log), listingAnswers: &encodedPages{}}
	s.client.extras = s.firstPaint
	handleError := errorHandler(d.log)
	app := fiber.New(fiber.Config{
		AppName:      "drape",
		ErrorHandler: handleError,
		BodyLimit:    d.cfg.BodyLimit,
		JSONEncoder:  jsonEncode,
		ReadTimeout:  15 * time.Second,
		WriteTimeout: 30 * time.Second,
		IdleTimeout:  60 * time.Second,
		// Strings read from a request (parameters, query, headers, cookies) are copies: by
		// default they are views of fasthttp's buffers, reused by the next request, and a
		// pincode kept by a lookup finishing after its request once changed under it.
		Immutable: true,
		// Behind a balancer, the client is the address it reports, for rate limits, socket caps
		// and logs: the right-most address of X-Forwarded-For that is not a trusted proxy, so
		// hops a client writes before it change nothing.
		TrustProxy:         len(d.cfg.TrustedProxies) > 0,
		TrustProxyConfig:   fiber.TrustProxyConfig{Proxies: d.cfg.TrustedProxies},
		ProxyHeader:        proxyHeader(d.cfg.TrustedProxies),
		EnableIPValidation: true,
	})
	// Websocket connections outlive their handshake's handler: the hub closes them, and no
	// goroutine waits on an idle one (realtime.Hub.Upgrade).
	app.Server().KeepHijackedConns = true
	app.Use(withRequestID, withDeadline(d.cfg.RequestTimeout), withAccessLog(d.log, s.metrics, handleError), withRecovery(d.log), withSecurityHeaders(contentSecurityPolicy(d.cfg.Google.ScriptURL, d.cfg.Razorpay.CheckoutURL, d.cfg.Razorpay.APIURL), strictTransportSecurity(d.cfg.PublicURL)), withSaneInput)
	s.routes(app)
	return app
}

func proxyHeader(trusted []string) string {
	if len(trusted) == 0 {
		return ""
	}
	return fiber.HeaderXForwardedFor
}
