// Command worker runs drape's background work: the outbox relay, which turns committed
// outbox rows into asynq jobs and realtime events, and the asynq job handlers (mail,
// shipment pushes, payment checks, expiry). Run as many workers as you like: relays share the
// outbox through row locks and asynq hands each job to one worker.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/hibiken/asynq"

	"drape/internal/backinstock"
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
	rdb, err := cfg.Redis.Open()
	if err != nil {
		return err
	}
	defer rdb.Close()
	mailer, err := mail.New(cfg.Mail)
	if err != nil {
		return err
	}

	queue := asynq.NewClientFromRedisClient(rdb)
	defer queue.Close()
	orders, payments, shipments := newOrderServices(cfg, pool, rdb, log)
	requests := newReturns(cfg, pool, orders, payments)
	answers := ndrJobs{ndr: newNDR(cfg, pool, rdb, orders, shipments), queue: jobs.NewClient(queue), log: log}
	returnJobs := returnJobs{pickups: newReturnPickups(cfg, pool, rdb, requests), requests: requests, queue: jobs.NewClient(queue), log: log}
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
	messageJobs := messageJobs{messages: newMessages(cfg, pool), queue: jobs.NewClient(queue), log: log}
	mux := answers.register(returnJobs.register(h.mux()))
	mux.HandleFunc(jobs.TypeSendMessage, messageJobs.send)
	restocks := restockJobs{alerts: backinstock.NewService(pool, catalog.NewService(pool, sale.NewService(pool)),
		backinstock.Config{PublicURL: cfg.PublicURL}), log: log}
	mux.HandleFunc(jobs.TypeTellRestock, restocks.tell)
	erasures := privacyJobs{privacy: newPrivacy(cfg, pool, orders, requests, answers.ndr, messageJobs.messages, mails),
		queue: jobs.NewClient(queue), retention: cfg.ShopperRetention, logRetention: cfg.MessageLogRetention, log: log}
	mux.HandleFunc(jobs.TypeEraseShopper, erasures.erase)
	mux.HandleFunc(jobs.TypeAnnounceSale, erasures.announce)
	if err := srv.Start(mux); err != nil {
		return fmt.Errorf("asynq: %w", err)
	}

	var wg sync.WaitGroup
	relayCtx, stopRelay := context.WithCancel(context.WithoutCancel(ctx))
	wg.Add(6)
	go func() {
		defer wg.Done()
		erasures.run(relayCtx, cfg.SweepInterval, cfg.RequeueAfter)
	}()
	go func() {
		defer wg.Done()
		messageJobs.run(relayCtx, cfg.SweepInterval, cfg.RequeueAfter)
	}()
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
	go func() {
		defer wg.Done()
		answers.run(relayCtx, cfg.SweepInterval, cfg.RequeueAfter)
	}()

	var metricsServer *http.Server
	if cfg.MetricsAddr != "" {
		metricsServer, err = serveOps(cfg.MetricsAddr, cfg.OpsToken, pool, rdb, relay, log)
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

// asynqLogger sends asynq's own log lines through slog as JSON.
type asynqLogger struct{ log *slog.Logger }

func (l asynqLogger) Debug(args ...any) { l.log.Debug(fmt.Sprint(args...)) }
func (l asynqLogger) Info(args ...any)  { l.log.Info(fmt.Sprint(args...)) }
func (l asynqLogger) Warn(args ...any)  { l.log.Warn(fmt.Sprint(args...)) }
func (l asynqLogger) Error(args ...any) { l.log.Error(fmt.Sprint(args...)) }
func (l asynqLogger) Fatal(args ...any) { l.log.Error(fmt.Sprint(args...)); os.Exit(1) }
