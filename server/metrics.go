package main

import (
	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/adaptor"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"drape/internal/outbox"
	"drape/realtime"
)

// metrics are the server's Prometheus figures: requests by route, websocket connections and
// the outbox backlog. Each app has its own registry so tests can run several.
type metrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

func newMetrics(pool *pgxpool.Pool, hub *realtime.Hub) *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "drape_http_requests_total", Help: "HTTP requests by method, route and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "drape_http_request_duration_seconds",
			Help:    "HTTP request latency by method and route.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"method", "route"}),
	}
	m.registry.MustRegister(m.requests, m.latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "drape_ws_connections", Help: "Open websocket connections on this server.",
		}, func() float64 { return float64(hub.Connections()) }),
		outbox.NewCollector(pool),
	)
	return m
}

func (m *metrics) observe(method, route string, status int, elapsed time.Duration) {
	m.requests.WithLabelValues(method, route, strconv.Itoa(status)).Inc()
	m.latency.WithLabelValues(method, route).Observe(elapsed.Seconds())
}

// newMetricsApp serves /metrics on its own address (METRICS_ADDR), away from the shop's public
// port: route statistics are for the people running the shop.
func newMetricsApp(m *metrics) *fiber.App {
	app := fiber.New(fiber.Config{AppName: "drape metrics"})
	app.Get("/metrics", adaptor.HTTPHandler(promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})))
	return app
}
