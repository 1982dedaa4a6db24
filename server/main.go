// Command server is drape's HTTP API for the storefront and the back office, the websocket
// endpoint for live updates, and the host of the built client. It is stateless: run as many
// as you like behind a balancer; they share PostgreSQL and Redis.
//
//	server            serve (migrates the database first)
//	server migrate    apply pending migrations and exit
//	server seed       load the demo shop into an empty catalog (--products N tops it up to N)
//	server admin create --email E --password P   make a back-office account
//	server uploads migrate   copy UPLOADS_DIR's files into the S3_* bucket (skips those it holds)
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strconv"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/platform/postgres"
	"drape/migrations"
	"drape/realtime"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		os.Exit(1)
	}
}

// run is the whole program, parameterised for tests: it reads its config from getenv once
// and writes logs to stdout.
func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	cfg, err := loadConfig(getenv)
	if err != nil {
		return err
	}
	log := slog.New(slog.NewJSONHandler(stdout, &slog.HandlerOptions{Level: cfg.LogLevel}))
	command := "serve"
	if len(args) > 0 {
		command = args[0]
	}
	switch command {
	case "serve":
		return serve(ctx, cfg, log, stdout)
	case "migrate":
		return migrate(ctx, cfg, log)
	case "seed":
		return seed(ctx, cfg, log, args[1:], stdout)
	case "admin":
		return adminCommand(ctx, cfg, args[1:], stdout)
	case "uploads":
		return uploadsCommand(ctx, cfg, args[1:], stdout)
	}
	return fmt.Errorf("unknown command %q (want serve, migrate, seed, admin or uploads)", command)
}

func migrate(ctx context.Context, cfg Config, log *slog.Logger) error {
	pool, err := postgres.Open(ctx, cfg.DatabaseURL, 2)
	if err != nil {
		return err
	}
	defer pool.Close()
	n, err := migrations.Up(ctx, pool)
	if err != nil {
		return err
	}
	log.Info("migrated", "applied", n)
	return nil
}

func serve(ctx context.Context, cfg Config, log *slog.Logger, stdout io.Writer) error {
	log.Info("starting server", "config", cfg)
	pool, err := postgres.Open(ctx, cfg.DatabaseURL, int32(cfg.DatabaseConns))
	if err != nil {
		return err
	}
	defer pool.Close()
	if n, err := migrations.Up(ctx, pool); err != nil {
		return err
	} else if n > 0 {
		log.Info("migrated", "applied", n)
	}

	rdb, err := cfg.Redis.Open()
	if err != nil {
		return err
	}
	defer rdb.Close()
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	err = rdb.Ping(pingCtx).Err()
	cancel()
	if err != nil {
		return fmt.Errorf("redis: cannot reach %s: %w", cfg.Redis, err)
	}

	uploads, err := cfg.S3.Open(ctx, cfg.UploadsDir)
	if err != nil {
		return err
	}
	var readPool *pgxpool.Pool
	if cfg.DatabaseReadURL != "" {
		if readPool, err = postgres.Open(ctx, cfg.DatabaseReadURL, int32(cfg.DatabaseConns)); err != nil {
			return fmt.Errorf("DATABASE_READ_URL: %w", err)
		}
		defer readPool.Close()
	}

	hub := newHub(cfg, log)
	svc := newServices(deps{cfg: cfg, pool: pool, readPool: readPool, redis: rdb})
	go svc.accounts.PrepareTimingEqualiser()
	bridge := realtime.NewBridge(rdb, cfg.RealtimeChannel)
	bridgeCtx, stopBridge := context.WithCancel(context.WithoutCancel(ctx))
	bridgeDone := make(chan struct{})
	go func() {
		defer close(bridgeDone)
		_ = bridge.Run(bridgeCtx, realtime.Receivers{svc, hub}) // it ends when stopBridge cancels bridgeCtx
	}()

	var draining atomic.Bool
	m := newMetrics(pool, hub)
	app := newApp(deps{cfg: cfg, log: log, pool: pool, readPool: readPool, redis: rdb, hub: hub, draining: &draining, metrics: m, uploads: uploads}, svc)
	if cfg.MetricsAddr != "" {
		metricsLn, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			stopBridge()
			return fmt.Errorf("METRICS_ADDR: %w", err)
		}
		metricsApp := newMetricsApp(m)
		go func() {
			if err := metricsApp.Listener(metricsLn, fiber.ListenConfig{DisableStartupMessage: true}); err != nil {
				log.Error("metrics server", "err", err)
			}
		}()
		defer func() { _ = metricsApp.Shutdown() }()
		log.Info("metrics listening", "addr", metricsLn.Addr().String())
	}

	ln, err := net.Listen("tcp", net.JoinHostPort(cfg.BindAddr, strconv.Itoa(cfg.Port)))
	if err != nil {
		stopBridge()
		return err
	}
	served := make(chan error, 1)
	go func() {
		served <- app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true})
	}()
	fmt.Fprintf(stdout, "drape server listening on http://%s\n", ln.Addr())

	select {
	case err := <-served:
		stopBridge()
		return err
	case <-ctx.Done():
	}

	log.Info("shutting down: draining requests and sockets", "timeout", cfg.ShutdownTimeout)
	draining.Store(true)
	if cfg.DrainDelay > 0 {
		// Balancers poll /readyz: give them time to see the 503 before the listener closes.
		time.Sleep(cfg.DrainDelay)
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	_ = hub.Shutdown(shutdownCtx) // sockets still open at the deadline are dropped with the process
	if err := app.ShutdownWithContext(shutdownCtx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		log.Warn("shutdown", "err", err)
	}
	stopBridge()
	<-bridgeDone
	log.Info("server stopped")
	return nil
}
