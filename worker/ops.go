package main

import (
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/hibiken/asynq"
	"github.com/hibiken/asynqmon"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/redis/go-redis/v9"

	"drape/internal/outbox"
	"drape/jobs"
)

// queuesPath is where the job queues' page (asynqmon) answers on the ops listener.
const queuesPath = "/queues"

// serveOps answers, on addr, what the people running the shop look at: /healthz, /metrics
// (relay counters, outbox backlog, each job queue's depth and latency) and, when opsToken is
// set, asynqmon's page of the job queues at /queues/ for whoever gives the token.
func serveOps(addr, opsToken string, pool *pgxpool.Pool, rdb redis.UniversalClient, relay *outbox.Relay, log *slog.Logger) (*http.Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("WORKER_METRICS_ADDR: %w", err)
	}
	s := &http.Server{Handler: opsHandler(opsToken, pool, rdb, relay, log), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := s.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("ops server", "err", err)
		}
	}()
	log.Info("worker ops listening", "addr", ln.Addr().String(), "queues_page", opsToken != "")
	return s, nil
}

// opsHandler is serveOps' routes.
func opsHandler(opsToken string, pool *pgxpool.Pool, rdb redis.UniversalClient, relay *outbox.Relay, log *slog.Logger) http.Handler {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		outbox.NewCollector(pool),
		jobs.NewQueueCollector(asynq.NewInspectorFromRedisClient(rdb), log),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "drape_outbox_delivered_total", Help: "Outbox rows delivered by this worker's relay.",
		}, func() float64 { return float64(relay.Delivered()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "drape_outbox_failed_total", Help: "Failed outbox delivery attempts by this worker's relay.",
		}, func() float64 { return float64(relay.Failed()) }),
	)
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) { _, _ = io.WriteString(w, "ok") })
	if opsToken != "" {
		queues := asynqmon.New(asynqmon.Options{RootPath: queuesPath, RedisConnOpt: sharedRedis{rdb}})
		mux.Handle(queuesPath+"/", requireOpsToken(opsToken, queues))
		mux.Handle(queuesPath, http.RedirectHandler(queuesPath+"/", http.StatusMovedPermanently))
	}
	return mux
}

// sharedRedis hands asynqmon the worker's own Redis client (asynq.RedisConnOpt), so the page
// follows whatever REDIS_URL points at without a second connection setup.
type sharedRedis struct{ client redis.UniversalClient }

// MakeRedisClient answers the shared client.
func (r sharedRedis) MakeRedisClient() any { return r.client }

// requireOpsToken lets a request through to next only with the ops token, given as the password
// of HTTP basic authentication (what a browser prompts for; any user name) or as a bearer
// token. Without it the answer is 401 and a browser asks for it. A request that changes
// something (asynqmon can retry, archive and delete tasks) must also come from the page itself:
// a browser sends remembered basic credentials along with a cross-site form, so a foreign
// page's request is refused with 403.
func requireOpsToken(token string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		given := ""
		if _, password, ok := r.BasicAuth(); ok {
			given = password
		} else if h := r.Header.Get("Authorization"); len(h) > 7 && h[:7] == "Bearer " {
			given = h[7:]
		}
		if subtle.ConstantTimeCompare([]byte(given), []byte(token)) != 1 {
			w.Header().Set("WWW-Authenticate", `Basic realm="drape job queues", charset="UTF-8"`)
			http.Error(w, "The job queues need the ops token (OPS_TOKEN).", http.StatusUnauthorized)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead && !sameOrigin(r) {
			http.Error(w, "Changes to the job queues are made from the queues page itself.", http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// sameOrigin says whether r came from a page on this very host: the browser's Sec-Fetch-Site
// says so, or its Origin names this host. A request with neither (a script, curl) carries the
// token on purpose and passes.
func sameOrigin(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin", "none":
		return true
	case "":
	default:
		return false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host == r.Host
}
