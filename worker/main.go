// Command worker runs drape's background work: the outbox relay, which turns committed
// outbox rows into asynq jobs and realtime events, and the asynq job handlers (mail,
// shipment pushes, payment checks, expiry). Run as many workers as you like: relays share the
// outbox through row locks and asynq hands each job to one worker.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/redis/go-redis/v9"

	"drape/internal/catalog"
	"drape/internal/company"
	"drape/internal/invoice"
	"drape/internal/mailqueue"
	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/provider/mail"
	"drape/internal/sale"
	"drape/jobs"
	"drape/migrations"
	"drape/realtime"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "worker:", err)
		os.Exit(1)
	}
}

// run is the whole program, parameterised for tests: config from getenv, logs to stdout.
func run(ctx context.Context, getenv func(string) string, stdout io.Writer) error {
	cfg, err := loadConfig(getenv)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewJSONHandler(stdout, &slog.HandlerOptions{Level: cfg.LogLevel}))
	log.Info("starting worker", "config", cfg)

	pool, err := postgres.Open(ctx, cfg.DatabaseURL, int32(cfg.Concurrency+4))
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := migrations.Up(ctx, pool); err != nil {
		return err
	}
	redisOpts, err := redis.ParseURL(cfg.RedisURL)
	if err != nil {
		return fmt.Errorf("REDIS_URL: %w", err)
	}
	rdb := redis.NewClient(redisOpts)
	defer rdb.Close()
	mailer, err := mail.New(cfg.Mail)
	if err != nil {
		return err
	}

	queue := asynq.NewClientFromRedisClient(rdb)
	defer queue.Close()
	orders, payments, shipments := newOrderServices(cfg, pool, rdb, log)
	requests := newReturns(cfg, pool, orders, payments)
	returnJobs := returnJobs{pickups: newReturnPickups(cfg, pool, rdb, requests), queue: jobs.NewClient(queue), log: log}
	relay := outbox.NewRelay(pool, jobs.NewClient(queue), returnReactions{next: realtime.NewBridge(rdb, cfg.RealtimeChannel), queue: returnJobs.queue}, log)

	mails := mailqueue.NewService(pool, mailer)
	invoices := invoice.NewService(pool, catalog.NewService(pool, sale.NewService(pool)), company.NewService(pool))
	mails.Attach(invoice.MailKind, invoices.MailFiles)
	h := &handlers{pool: pool, mails: mails, payments: payments, shipping: shipments, returns: requests, log: log}
	srv := asynq.NewServerFromRedisClient(rdb, asynq.Config{
		Concurrency:              cfg.Concurrency,
		Queues:                   jobs.Queues,
		ShutdownTimeout:          cfg.ShutdownTimeout,
		Logger:                   asynqLogger{log},
		LogLevel:                 asynq.WarnLevel,
		ErrorHandler:             asynq.ErrorHandlerFunc(h.jobFailed),
		RetryDelayFunc:           retryDelay(cfg.ShipmentRetryDelay, cfg.ShipmentRetryMaxDelay),
		DelayedTaskCheckInterval: cfg.JobPollInterval,
	})
	if err := srv.Start(returnJobs.register(h.mux())); err != nil {
		return fmt.Errorf("asynq: %w", err)
	}

	var wg sync.WaitGroup
	relayCtx, stopRelay := context.WithCancel(context.WithoutCancel(ctx))
	wg.Add(3)
	go func() {
		defer wg.Done()
		_ = relay.Run(relayCtx) // it ends when stopRelay cancels relayCtx
	}()
	go func() {
		defer wg.Done()
		sweeper{orders: orders, mails: mails, queue: jobs.NewClient(queue), trackAfter: cfg.TrackAfter,
			requeueAfter: cfg.RequeueAfter, log: log}.run(relayCtx, cfg.SweepInterval)
	}()
	go func() {
		defer wg.Done()
		returnJobs.run(relayCtx, cfg.SweepInterval, cfg.RequeueAfter, cfg.TrackAfter)
	}()

	var metricsServer *http.Server
	if cfg.MetricsAddr != "" {
		metricsServer, err = serveMetrics(cfg.MetricsAddr, pool, relay, log)
		if err != nil {
			stopRelay()
			srv.Shutdown()
			return err
		}
	}
	fmt.Fprintln(stdout, "drape worker running")

	<-ctx.Done()
	log.Info("shutting down: finishing running jobs", "timeout", cfg.ShutdownTimeout)
	srv.Shutdown()
	stopRelay()
	wg.Wait()
	if metricsServer != nil {
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_ = metricsServer.Shutdown(shutdownCtx)
		cancel()
	}
	log.Info("worker stopped")
	return nil
}

// serveMetrics answers /healthz and /metrics (relay counters, outbox backlog) on addr.
func serveMetrics(addr string, pool *pgxpool.Pool, relay *outbox.Relay, log *slog.Logger) (*http.Server, error) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		outbox.NewCollector(pool),
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
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("WORKER_METRICS_ADDR: %w", err)
	}
	s := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := s.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics server", "err", err)
		}
	}()
	log.Info("worker metrics listening", "addr", ln.Addr().String())
	return s, nil
}

// asynqLogger sends asynq's own log lines through slog as JSON.
type asynqLogger struct{ log *slog.Logger }

func (l asynqLogger) Debug(args ...any) { l.log.Debug(fmt.Sprint(args...)) }
func (l asynqLogger) Info(args ...any)  { l.log.Info(fmt.Sprint(args...)) }
func (l asynqLogger) Warn(args ...any)  { l.log.Warn(fmt.Sprint(args...)) }
func (l asynqLogger) Error(args ...any) { l.log.Error(fmt.Sprint(args...)) }
func (l asynqLogger) Fatal(args ...any) { l.log.Error(fmt.Sprint(args...)); os.Exit(1) }
