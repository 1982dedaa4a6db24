// Command sim is drape's provider simulator, for development and tests only.
//
// sim stands in for the outside systems the shop talks to and speaks only their
// public protocols: it imports no drape domain package, and nothing imports it.
// Today it runs an SMTP sink (a real SMTP server that accepts any mail and keeps
// it in memory) with a mailbox page and JSON API, and Google Identity Services
// sign-in (a GIS script look-alike, an account chooser, RS256 ID tokens and their
// JWKS) under /google, Razorpay (orders, payments, refunds, a checkout.js
// look-alike with a payment page, signed webhooks and fault control) under
// /razorpay, and Shiprocket (auth tokens, adhoc orders, cancel, tracking,
// serviceability, a driver that walks orders to delivery with status webhooks,
// and fault control with create counters) under /shiprocket, WhatsApp's Cloud
// API under /whatsapp and MSG91's Flow API under /msg91 (template messages, fault
// control, and a message log of both at /messages) on the HTTP listener; each provider is one file that registers its routes on the same mux
// (see newMux and run).
//
// sim guarantees:
//   - Configuration is read once from the environment; every bad key is reported
//     together and sim exits non-zero before listening.
//   - The line "sim listening http=ADDR smtp=ADDR" is printed to stdout only once
//     both listeners accept connections, with the real addresses (port 0 works).
//   - GET /healthz answers 200 "ok" while sim runs.
//   - Mail accepted by the SMTP sink (250 after DATA) is readable through the
//     mailbox API before the 250 reply is sent.
//   - A Razorpay state change (payment, refund) is visible through its API
//     before its webhooks are sent; so is a Shiprocket status change through
//     tracking, and one order's Shiprocket webhooks go out in order.
//   - SIGINT or SIGTERM stops both listeners gracefully, cancels pending
//     Razorpay and Shiprocket webhook retries and the Shiprocket driver, and
//     exits 0.
//
// It keeps everything in memory and is never part of a production path.
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
	"strconv"
	"strings"
	"syscall"
	"time"
)

const (
	defaultHTTPAddr = "127.0.0.1:9090"
	defaultSMTPAddr = "127.0.0.1:2525"
	shutdownTimeout = 5 * time.Second
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "sim:", err)
		os.Exit(1)
	}
}

// config is everything sim reads from its environment.
type config struct {
	httpAddr string
	smtpAddr string
	// googleIssuer is the iss of Google ID tokens (SIM_GOOGLE_ISSUER); empty
	// means defaultGoogleIssuer of the HTTP listener.
	googleIssuer string
	// razorpay is the SIM_RAZORPAY_* keys: key pair, webhook secret and URL.
	razorpay razorpayConfig
	// shiprocket is the SIM_SHIPROCKET_* keys: API user, pickup location,
	// webhook URL and token, token lifetime and the driver's step.
	shiprocket shiprocketConfig
}

// loadConfig reads the environment once and reports every bad key in one error.
func loadConfig(getenv func(string) string) (config, error) {
	var problems []string
	listenAddr := func(key, fallback string) string {
		value := strings.TrimSpace(getenv(key))
		if value == "" {
			return fallback
		}
		if err := checkListenAddr(value); err != nil {
			problems = append(problems, fmt.Sprintf("%s=%q: %v", key, value, err))
		}
		return value
	}
	cfg := config{
		httpAddr:     listenAddr("SIM_ADDR", defaultHTTPAddr),
		smtpAddr:     listenAddr("SIM_SMTP_ADDR", defaultSMTPAddr),
		googleIssuer: strings.TrimSpace(getenv("SIM_GOOGLE_ISSUER")),
	}
	if cfg.googleIssuer != "" {
		if err := checkGoogleIssuer(cfg.googleIssuer); err != nil {
			problems = append(problems, fmt.Sprintf("SIM_GOOGLE_ISSUER=%q: %v", cfg.googleIssuer, err))
		}
	}
	var razorpayProblems []string
	cfg.razorpay, razorpayProblems = loadRazorpayConfig(getenv)
	problems = append(problems, razorpayProblems...)
	var shiprocketProblems []string
	cfg.shiprocket, shiprocketProblems = loadShiprocketConfig(getenv)
	problems = append(problems, shiprocketProblems...)
	if len(problems) > 0 {
		return config{}, fmt.Errorf("bad configuration: %s", strings.Join(problems, "; "))
	}
	return cfg, nil
}

// checkListenAddr accepts host:port with a numeric port in 0..65535 (0 picks a free port).
func checkListenAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return errors.New("want host:port")
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 0 || n > 65535 {
		return errors.New("port must be a number from 0 to 65535")
	}
	return nil
}

// run starts sim and blocks until ctx is cancelled or a listener fails.
func run(ctx context.Context, getenv func(string) string, stdout io.Writer) error {
	cfg, err := loadConfig(getenv)
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewJSONHandler(stdout, nil))
	googleKey, err := newGoogleSigningKey()
	if err != nil {
		return err
	}

	httpListener, err := net.Listen("tcp", cfg.httpAddr)
	if err != nil {
		return fmt.Errorf("listen http: %w", err)
	}
	smtpListener, err := net.Listen("tcp", cfg.smtpAddr)
	if err != nil {
		httpListener.Close()
		return fmt.Errorf("listen smtp: %w", err)
	}

	googleIssuer := cfg.googleIssuer
	if googleIssuer == "" {
		googleIssuer = defaultGoogleIssuer(cfg.httpAddr, httpListener.Addr())
	}
	google := newGoogleSignIn(googleIssuer, googleKey, logger)
	razorpay := newRazorpaySim(cfg.razorpay, logger)
	shiprocket := newShiprocketSim(cfg.shiprocket, logger)

	box := newMailbox(mailboxCapacity)
	smtp := newSMTPServer(box, logger)
	mux := newMux(box, google, razorpay)
	registerShiprocket(mux, shiprocket)
	registerMessaging(mux, getenv)
	web := &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}

	failed := make(chan error, 2)
	go func() {
		if err := web.Serve(httpListener); !errors.Is(err, http.ErrServerClosed) {
			failed <- fmt.Errorf("http: %w", err)
		}
	}()
	go func() {
		if err := smtp.serve(smtpListener); !errors.Is(err, net.ErrClosed) {
			failed <- fmt.Errorf("smtp: %w", err)
		}
	}()

	fmt.Fprintf(stdout, "sim listening http=%s smtp=%s\n", httpListener.Addr(), smtpListener.Addr())
	logger.Info("sim started", "http", httpListener.Addr().String(), "smtp", smtpListener.Addr().String(),
		"google_issuer", google.issuer, "google_kid", google.keyID,
		"razorpay_key_id", cfg.razorpay.keyID, "razorpay_webhook_url", cfg.razorpay.webhookURL,
		"shiprocket_email", cfg.shiprocket.email, "shiprocket_webhook_url", cfg.shiprocket.webhookURL,
		"shiprocket_step", formatShiprocketStep(cfg.shiprocket.step))

	var runErr error
	select {
	case <-ctx.Done():
	case runErr = <-failed:
	}

	stopCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	stopErr := errors.Join(web.Shutdown(stopCtx), smtp.shutdown(stopCtx))
	razorpay.close()
	shiprocket.close()
	logger.Info("sim stopped")
	return errors.Join(runErr, stopErr)
}

// newMux builds sim's HTTP routes. Each simulated provider lives in its own file
// and adds its routes here with one register call; run adds Shiprocket's
// (registerShiprocket) to the same mux.
func newMux(box *mailbox, google *googleSignIn, razorpay *razorpaySim) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		io.WriteString(w, "ok")
	})
	mux.Handle("GET /{$}", http.RedirectHandler("/mail", http.StatusFound))
	registerMailbox(mux, box)
	registerGoogle(mux, google)
	registerRazorpay(mux, razorpay)
	return mux
}
