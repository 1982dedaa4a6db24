package main

import (
	"strconv"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/adaptor"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"drape/internal/outbox"
	"drape/realtime"
)

// metrics are the server's Prometheus figures: requests by route, websocket connections and
// the outbox backlog. Each app has its own registry so tests can run several.
type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	// socketsRefused counts websocket handshakes refused by a cap: "address" or "server".
	socketsRefused *prometheus.CounterVec

	mu     sync.RWMutex
	routes map[routeKey]routeMetrics // each route's series, looked up once
}

// routeKey is one series of requests: a method, a route pattern and a status.
type routeKey struct {
	method, route string
	status        int
}

type routeMetrics struct {
	requests prometheus.Counter
	latency  prometheus.Observer
}

func newMetrics(pool *pgxpool.Pool, hub *realtime.Hub) *metrics {
	m := &metrics{
		routes:   map[routeKey]routeMetrics{},
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "drape_http_requests_total", Help: "HTTP requests by method, route and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "drape_http_request_duration_seconds",
			Help:    "HTTP request latency by method and route.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"method", "route"}),
		socketsRefused: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "drape_ws_refused_total", Help: "Websocket handshakes refused by a connection cap: per client address or on this server.",
		}, []string{"cap"}),
	}
	m.socketsRefused.WithLabelValues("address")
	m.socketsRefused.WithLabelValues("server")
	m.registry.MustRegister(m.requests, m.latency, m.socketsRefused,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "drape_ws_connections", Help: "Open websocket connections on this server.",
		}, func() float64 { return float64(hub.Connections()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "drape_ws_revoked_total", Help: "Websocket connections closed (4401) because their token stopped working.",
		}, func() float64 { return float64(hub.Revoked()) }),
		outbox.NewCollector(pool),
	)
	return m
}

// observe counts one request and its latency. Routes are patterns (a bounded set), so the
// series are looked up in the vectors once and kept.
func (m *metrics) observe(method, route string, status int, elapsed time.Duration) {
	switch method {
	case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS":
	default:
		method = "OTHER" // any token is a method to HTTP: keep the series bounded
	}
	key := routeKey{method, route, status}
	m.mu.RLock()
	series, ok := m.routes[key]
	m.mu.RUnlock()
	if !ok {
		series = routeMetrics{
			requests: m.requests.WithLabelValues(method, route, strconv.Itoa(status)),
			latency:  m.latency.WithLabelValues(method, route),
		}
		m.mu.Lock()
		m.routes[key] = series
		m.mu.Unlock()
	}
	series.requests.Inc()
	series.latency.Observe(elapsed.Seconds())
}

// newMetricsApp serves /metrics on its own address (METRICS_ADDR), away from the shop's public
// port: route statistics are for the people running the shop.
func newMetricsApp(m *metrics) *fiber.App {
	app := fiber.New(fiber.Config{AppName: "drape metrics"})
	app.Get("/metrics", adaptor.HTTPHandler(promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})))
	return app
}
