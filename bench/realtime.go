package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	fws "github.com/fasthttp/websocket"
	"github.com/gofiber/contrib/v3/websocket"
	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/adaptor"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/redis/go-redis/v9"

	"drape/internal/outbox"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
	"drape/jobs"
	"drape/migrations"
	"drape/realtime"
)

// realtimeDB is the database the realtime benchmark builds from nothing (and drops after): the
// server under test and the relay share it, and no other benchmark's outbox rows reach the relay.
const realtimeDB = "drape_bench_realtime"

// runRealtime measures the websocket side of the shop on one real server process (the server
// binary, with its middleware, hub and Redis bridge) against a bare websocket server built on
// the same library (bench bare-websocket), each in its own process, one after the other:
//
//   - idle memory: -conns sockets each say hello and subscribe to sales, as DESIGN.md's protocol
//     requires, then idle; the server's live heap and goroutine stacks (after a garbage
//     collection) and its resident memory (VmRSS) grow by so much per socket.
//   - delivery: an event written with outbox.Publish in a committed transaction, picked up by
//     the real relay (wired as the worker wires it) and carried through Redis pub/sub to the
//     server's hub, timed from the commit to its arrival on every subscribed socket, with
//     -conns and then -small subscribers. The reference publishes the same event on Redis
//     itself and the bare server writes it to every socket in one loop.
func runRealtime(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("realtime", flag.ContinueOnError)
	conns := fs.Int("conns", 10_000, "sockets held idle, and subscribers of the large delivery run")
	small := fs.Int("small", 1_000, "subscribers of the small delivery run (the first of the sockets)")
	events := fs.Int("events", 50, "events timed per delivery run (after 5 not timed)")
	gap := fs.Duration("gap", 20*time.Millisecond, "pause between one event reaching every socket and the next")
	dialers := fs.Int("dialers", 32, "sockets opened at once")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *small < 1 || *conns < *small || *events < 1 {
		return fmt.Errorf("want 1 ≤ -small ≤ -conns and -events ≥ 1")
	}
	serverBin := os.Getenv("SERVER_BIN")
	baseURL := os.Getenv("DATABASE_URL")
	if serverBin == "" || baseURL == "" || os.Getenv("REDIS_URL") == "" {
		return fmt.Errorf("set SERVER_BIN, DATABASE_URL and REDIS_URL (scripts/bench.sh does)")
	}
	// Every socket is a file on both sides: the bench holds the clients, the server under test
	// the other ends. Raising the limit here (and not only at Go's start-up) also hands it to
	// the servers started below.
	limit, err := raiseFileLimit(uint64(*conns) + 2048)
	if err != nil {
		return err
	}
	if limit < uint64(*conns)+256 {
		return fmt.Errorf("open-file limit %d is too low for %d sockets (raise ulimit -n)", limit, *conns)
	}

	fmt.Printf("creating database %s…\n", realtimeDB)
	dbURL, drop, err := freshDatabase(ctx, baseURL, realtimeDB)
	if err != nil {
		return err
	}
	defer drop()
	pool, err := postgres.Open(ctx, dbURL, 4)
	if err != nil {
		return err
	}
	defer pool.Close()
	if _, err := migrations.Up(ctx, pool); err != nil {
		return err
	}
	rdb, err := benchRedis(0)
	if err != nil {
		return err
	}
	defer rdb.Close()
	channel := fmt.Sprintf("drape:bench:realtime:%d", time.Now().UnixNano())

	// The relay as worker/main.go wires it: jobs to asynq, events to the Redis bridge.
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	queue := asynq.NewClientFromRedisClient(rdb)
	defer queue.Close()
	relay := outbox.NewRelay(pool, jobs.NewClient(queue), realtime.NewBridge(rdb, channel), log)
	relayCtx, stopRelay := context.WithCancel(ctx)
	relayDone := make(chan struct{})
	go func() { defer close(relayDone); relay.Run(relayCtx) }()
	defer func() { stopRelay(); <-relayDone }()

	plan := socketPlan{conns: *conns, small: *small, events: *events, gap: *gap, dialers: *dialers}
	loadBefore := loadAverage()

	fmt.Println("reference: bare websocket server, events published straight on Redis…")
	self, _ := os.Executable()
	bareChannel := channel + ":bare"
	bare, err := startSocketServer(ctx, self, []string{"bare-websocket"}, "/healthz", "REALTIME_CHANNEL="+bareChannel)
	if err != nil {
		return err
	}
	ref, err := plan.run(ctx, bare, func(ctx context.Context, seq int) (time.Time, error) {
		msg, err := json.Marshal(benchEvent(seq))
		if err != nil {
			return time.Time{}, err
		}
		sent := time.Now()
		return sent, rdb.Publish(ctx, bareChannel, msg).Err()
	})
	bare.stop()
	if err != nil {
		return fmt.Errorf("reference: %w", err)
	}

	fmt.Println("ours: the server binary, events written to the outbox and carried by the relay…")
	metricsPort, err := freePort()
	if err != nil {
		return err
	}
	// Every socket comes from 127.0.0.1: the server's caps per address and in all are raised to
	// let them in (a shop keeps its defaults, WS_MAX_CONNECTIONS_PER_ADDRESS=50).
	socketCap := strconv.Itoa(*conns + 1024)
	server, err := startSocketServer(ctx, serverBin, nil, "/readyz",
		"DATABASE_URL="+dbURL, "REALTIME_CHANNEL="+channel, "METRICS_ADDR=127.0.0.1:"+strconv.Itoa(metricsPort),
		"WS_MAX_CONNECTIONS="+socketCap, "WS_MAX_CONNECTIONS_PER_ADDRESS="+socketCap)
	if err != nil {
		return err
	}
	server.metricsURL = "http://127.0.0.1:" + strconv.Itoa(metricsPort) + "/metrics"
	ours, err := plan.run(ctx, server, func(ctx context.Context, seq int) (time.Time, error) {
		var sent time.Time
		err := postgres.InTx(ctx, pool, func(tx pgx.Tx) error {
			if err := outbox.Publish(ctx, tx, "bench.ping", realtime.TopicSales, map[string]int{"seq": seq}); err != nil {
				return err
			}
			sent = time.Now() // what follows is the COMMIT
			return nil
		})
		return sent, err
	})
	server.stop()
	if err != nil {
		return fmt.Errorf("ours: %w", err)
	}

	t := table{title: fmt.Sprintf("Realtime: %d idle sockets on one server, and outbox events delivered to %d and %d subscribers", *conns, *small, *conns)}
	const kb = 1024.0
	t.row(fmt.Sprintf("idle memory per socket: live heap + goroutine stacks after a GC, growth / %d", *conns),
		fmt.Sprintf("%.1f KB", ours.livePerConn/kb), fmt.Sprintf("%.1f KB", ref.livePerConn/kb),
		fmt.Sprintf("%.2f×", ours.livePerConn/ref.livePerConn), "≤ 8 KB", ours.livePerConn <= 8*kb)
	t.row(fmt.Sprintf("idle memory per socket: VmRSS growth / %d (see below)", *conns),
		fmt.Sprintf("%.1f KB", ours.rssPerConn/kb), fmt.Sprintf("%.1f KB", ref.rssPerConn/kb),
		fmt.Sprintf("%.2f×", ours.rssPerConn/ref.rssPerConn), "", true)
	for _, d := range []struct {
		n         int
		ours, ref deliveryResult
		goal      time.Duration
	}{{*small, ours.small, ref.small, 20 * time.Millisecond}, {*conns, ours.large, ref.large, 100 * time.Millisecond}} {
		t.addDuration(fmt.Sprintf("delivery p50, commit → socket, %d subscribers", d.n), d.ours.p50, d.ref.p50, "", true)
		t.addDuration(fmt.Sprintf("delivery p99, commit → socket, %d subscribers", d.n), d.ours.p99, d.ref.p99,
			"≤ "+ms(d.goal), d.ours.p99 <= d.goal && d.ours.lost == 0)
	}
	lost := ours.small.lost + ours.large.lost
	t.row("deliveries lost (not on the socket within 5 s)", strconv.Itoa(lost), strconv.Itoa(ref.small.lost+ref.large.lost), "—", "0", lost == 0)

	t.note(fmt.Sprintf("Idle memory: each server is read before the first socket and 2 s after the last of %d, each welcomed and subscribed to sales. "+
		"Live heap is what a garbage collection marked, read from the server's GODEBUG=gctrace=1 trace after the bench makes it collect (it scrapes /metrics, which allocates, until one more cycle is traced); "+
		"stacks are go_memstats_stack_inuse_bytes read just after: ours %.1f → %.1f MB, bare %.1f → %.1f MB. This is what the sockets hold, and the goal's figure. "+
		"VmRSS (/proc/PID/status, read before each collection) is shown for completeness but does not measure the sockets: a Go heap grows to about twice its live data between collections and keeps the pages, "+
		"and sockets first fill pages freed after start-up (ours starts with its migrations' and caches' garbage): ours %.1f → %.1f MB, bare %.1f → %.1f MB. "+
		"Goroutines with every socket open: ours %.0f, bare %.0f. Kernel socket buffers are in neither figure.",
		*conns, (ours.before.live+ours.before.stacks)/kb/kb, (ours.after.live+ours.after.stacks)/kb/kb,
		(ref.before.live+ref.before.stacks)/kb/kb, (ref.after.live+ref.after.stacks)/kb/kb,
		ours.before.rss/kb/kb, ours.after.rss/kb/kb, ref.before.rss/kb/kb, ref.after.rss/kb/kb, ours.after.goroutines, ref.after.goroutines))
	t.note(fmt.Sprintf("Delivery: %d events per run, one at a time (the next %s after the last socket got the previous one), after 5 untimed; p50/p99 are over every (event, socket) pair. "+
		"Ours: outbox.Publish(…, \"bench.ping\", \"sales\", …) inside postgres.InTx, timed from just before the COMMIT; NOTIFY wakes the relay (outbox.NewRelay with jobs.NewClient and realtime.NewBridge, as worker/main.go wires it, running in the bench process), "+
		"which publishes on Redis; the server's bridge hands the event to its hub, which writes it to every subscriber. "+
		"Reference: the same event JSON published on Redis by the bench, timed from just before PUBLISH; the bare server (gofiber/contrib/v3/websocket, the server's buffer settings, one goroutine per socket reading) writes the payload to every socket in one loop. "+
		"Slowest socket per event (median over events): ours %s at %d, %s at %d; bare %s at %d, %s at %d.",
		*events, *gap, ms(ours.small.lastP50), *small, ms(ours.large.lastP50), *conns, ms(ref.small.lastP50), *small, ms(ref.large.lastP50), *conns))
	t.note(fmt.Sprintf("The clients (fasthttp/websocket for the handshake and the protocol; then each socket's descriptor leaves Go's poller and is read raw by two threads at the lowest priority, nice 19, each polling its own level-triggered epoll set every %s rather than sleeping in it, so that the server's writes neither wake them nor wait for their reading) "+
		"time each message by the kernel's receive timestamp (SO_TIMESTAMPNS), when it reached the client's socket. The relay, PostgreSQL, Redis, the clients and the server share this machine's %d CPUs: on loopback the server's write of a frame also does the receiving socket's kernel work, which a client machine would do; "+
		"load average %s at the start, %s at the end. Open-file limit %d. "+
		"Reproduce: `scripts/bench.sh realtime` (flags: -conns, -small, -events, -gap, -dialers).", readPause, runtime.NumCPU(), loadBefore, loadAverage(), limit))
	return t.write("realtime")
}

// socketPlan is what one server goes through: -conns idle sockets, memory read, deliveries to
// all of them, then to the first -small.
type socketPlan struct {
	conns, small, events, dialers int
	gap                           time.Duration
}

// socketRun is one server's figures.
type socketRun struct {
	before, after memoryReading
	rssPerConn    float64
	livePerConn   float64
	small, large  deliveryResult
}

// deliveryResult is one delivery run: latencies over every (event, socket) pair, the median of
// each event's slowest socket, and the deliveries that never came.
type deliveryResult struct {
	p50, p99, lastP50 time.Duration
	lost              int
}

// publishFunc sends event seq to the sales topic and returns when it was sent (committed).
type publishFunc func(ctx context.Context, seq int) (time.Time, error)

// untimedEvents go first in every delivery run: connections to warm, buffers to fill.
const untimedEvents = 5

// run takes srv through the plan: its memory before and after the sockets open, then
// deliveries to all of them and, once the others are closed, to the first p.small.
func (p socketPlan) run(ctx context.Context, srv *socketServer, publish publishFunc) (socketRun, error) {
	var r socketRun
	before, err := srv.readMemory(ctx)
	if err != nil {
		return r, err
	}
	perRun := untimedEvents + p.events
	clients, err := newSubscribers(p.conns, 2*perRun)
	if err != nil {
		return r, err
	}
	defer clients.readers.stop()
	started := time.Now()
	if err := clients.open(ctx, srv.wsURL, p.dialers); err != nil {
		return r, err
	}
	fmt.Printf("  %d sockets welcomed and subscribed in %s\n", p.conns, time.Since(started).Round(time.Millisecond))
	time.Sleep(2 * time.Second)
	after, err := srv.readMemory(ctx)
	if err != nil {
		return r, err
	}
	r.before, r.after = before, after
	r.rssPerConn = (after.rss - before.rss) / float64(p.conns)
	r.livePerConn = (after.live + after.stacks - before.live - before.stacks) / float64(p.conns)
	fmt.Printf("  idle: %.1f KB VmRSS, %.1f KB live heap + stacks per socket\n", r.rssPerConn/1024, r.livePerConn/1024)

	if r.large, err = clients.deliver(ctx, publish, 0, p.conns, perRun, p.gap); err != nil {
		return r, err
	}
	fmt.Printf("  %d subscribers: p50 %s, p99 %s, %d lost\n", p.conns, ms(r.large.p50), ms(r.large.p99), r.large.lost)
	clients.closeFrom(p.small)
	time.Sleep(time.Second)
	if r.small, err = clients.deliver(ctx, publish, perRun, p.small, perRun, p.gap); err != nil {
		return r, err
	}
	fmt.Printf("  %d subscribers: p50 %s, p99 %s, %d lost\n", p.small, ms(r.small.p50), ms(r.small.p99), r.small.lost)
	return r, nil
}

// subscribers are the client sockets of one run and, for every event sequence number, when
// each socket received it.
type subscribers struct {
	epoch   time.Time
	readers *socketReaders
	rounds  []*deliveryRound
}

// deliveryRound is one event on its way to the sockets: when it was sent and when each socket
// got it (time since epoch; 0 while it has not).
type deliveryRound struct {
	sent    time.Duration
	arrived []atomic.Int64
	want    atomic.Int32
	got     atomic.Int32
	all     chan struct{} // closed when want sockets have it
}

// newSubscribers makes room for n sockets and events events, and starts their readers.
func newSubscribers(n, events int) (*subscribers, error) {
	s := &subscribers{epoch: time.Now(), rounds: make([]*deliveryRound, events)}
	for i := range s.rounds {
		s.rounds[i] = &deliveryRound{arrived: make([]atomic.Int64, n), all: make(chan struct{})}
	}
	readers, err := newSocketReaders(n, 2, s.arrived)
	if err != nil {
		return nil, err
	}
	s.readers = readers
	return s, nil
}

// open dials every socket, says hello, subscribes to sales, and hands it to the readers.
func (s *subscribers) open(ctx context.Context, url string, dialers int) error {
	dialer := &fws.Dialer{HandshakeTimeout: 10 * time.Second, ReadBufferSize: 1024, WriteBufferSize: 256}
	n := len(s.readers.sockets)
	var next atomic.Int64
	var firstErr error
	var mu sync.Mutex
	var wg sync.WaitGroup
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
		next.Store(int64(n))
	}
	for range dialers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				ws, err := subscribeSales(ctx, dialer, url)
				if err != nil {
					fail(fmt.Errorf("socket %d: %w", i, err))
					return
				}
				// Nothing more comes until the first event, so the library's reader holds no
				// unread bytes: from here on the socket is read raw.
				if err := s.readers.add(i, ws.NetConn()); err != nil {
					fail(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if firstErr == nil {
		firstErr = ctx.Err()
	}
	return firstErr
}

// subscribeSales opens one socket and goes through the protocol: hello as a guest, welcome,
// subscribe to sales, subscribed with sales granted.
func subscribeSales(ctx context.Context, dialer *fws.Dialer, url string) (*fws.Conn, error) {
	ws, _, err := dialer.DialContext(ctx, url, nil)
	if err != nil {
		return nil, err
	}
	_ = ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	for _, step := range []struct{ send, want string }{
		{`{"type":"hello","token":""}`, `"type":"welcome"`},
		{`{"type":"subscribe","topics":["sales"]}`, `"topics":["sales"]`},
	} {
		if err := ws.WriteMessage(fws.TextMessage, []byte(step.send)); err != nil {
			ws.Close()
			return nil, err
		}
		_, reply, err := ws.ReadMessage()
		if err != nil {
			ws.Close()
			return nil, err
		}
		if !bytes.Contains(reply, []byte(step.want)) {
			ws.Close()
			return nil, fmt.Errorf("sent %s, got %s", step.send, reply)
		}
	}
	_ = ws.SetReadDeadline(time.Time{})
	return ws, nil
}

// arrived records the arrival of a benchmark event on socket i at wall-clock time received
// (the kernel's receive timestamp).
func (s *subscribers) arrived(i int, msg []byte, received time.Time) {
	at := received.Sub(s.epoch.Round(0))
	seq, ok := eventSeq(msg)
	if !ok || seq < 0 || seq >= len(s.rounds) {
		return
	}
	round := s.rounds[seq]
	if round.arrived[i].CompareAndSwap(0, int64(at)) && round.got.Add(1) == round.want.Load() {
		close(round.all)
	}
}

// closeFrom closes the sockets from the i-th on.
func (s *subscribers) closeFrom(i int) { s.readers.closeFrom(i) }

// deliver sends events first … first+n-1 one after the other, each once the previous one
// reached every one of the first subscribers sockets (or 5 s passed), and times all but the
// untimed first few.
func (s *subscribers) deliver(ctx context.Context, publish publishFunc, first, subscribers, n int, gap time.Duration) (deliveryResult, error) {
	var lat, last []time.Duration
	var r deliveryResult
	for seq := first; seq < first+n; seq++ {
		round := s.rounds[seq]
		round.want.Store(int32(subscribers))
		sent, err := publish(ctx, seq)
		if err != nil {
			return r, err
		}
		round.sent = sent.Round(0).Sub(s.epoch.Round(0)) // wall clock, as the kernel stamps arrivals
		select {
		case <-round.all:
		case <-time.After(5 * time.Second):
		case <-ctx.Done():
			return r, ctx.Err()
		}
		if seq-first < untimedEvents {
			time.Sleep(gap)
			continue
		}
		slowest := time.Duration(0)
		for i := range subscribers {
			at := time.Duration(round.arrived[i].Load())
			if at == 0 {
				r.lost++
				continue
			}
			lat = append(lat, at-round.sent)
			slowest = max(slowest, at-round.sent)
		}
		last = append(last, slowest)
		time.Sleep(gap)
	}
	r.p50, r.p99, r.lastP50 = percentile(lat, 50), percentile(lat, 99), percentile(last, 50)
	return r, nil
}

// benchEvent is event seq as the outbox would carry it.
func benchEvent(seq int) realtime.Event {
	return realtime.Event{ID: shop.NewID(), Type: "bench.ping", Topic: realtime.TopicSales,
		Data: json.RawMessage(`{"seq":` + strconv.Itoa(seq) + `}`), At: time.Now().UTC()}
}

// eventSeq finds data.seq in an event without decoding all of it.
func eventSeq(msg []byte) (int, bool) {
	_, rest, ok := bytes.Cut(msg, []byte(`"seq":`))
	if !ok {
		return 0, false
	}
	end := bytes.IndexAny(rest, ",}")
	if end < 0 {
		return 0, false
	}
	seq, err := strconv.Atoi(string(bytes.TrimSpace(rest[:end])))
	return seq, err == nil
}

// socketServer is a websocket server process under test, run with GODEBUG=gctrace=1 so that
// the live heap of each garbage collection can be read from its standard error.
type socketServer struct {
	wsURL      string
	metricsURL string
	pid        int
	stop       func()

	mu       sync.Mutex
	gcCycles int     // collections traced so far
	gcLive   float64 // bytes the last one marked live
}

// startSocketServer starts bin on a free loopback port with extra environment and waits until
// path answers 200. Unlike startProcess it keeps the process id and follows the GC trace.
func startSocketServer(ctx context.Context, bin string, args []string, path string, env ...string) (*socketServer, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, bin, args...)
	godebug := "gctrace=1"
	if v := os.Getenv("GODEBUG"); v != "" {
		godebug = v + "," + godebug
	}
	cmd.Env = append(append(os.Environ(), "PORT="+strconv.Itoa(port), "LOG_LEVEL=warn", "CLIENT_DIR="+os.TempDir(), "GODEBUG="+godebug), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	base := "127.0.0.1:" + strconv.Itoa(port)
	s := &socketServer{wsURL: "ws://" + base + "/api/ws", metricsURL: "http://" + base + "/metrics", pid: cmd.Process.Pid}
	traced := make(chan struct{})
	go func() { defer close(traced); s.followTrace(stderr) }()
	s.stop = func() { cmd.Process.Signal(os.Interrupt); <-traced; cmd.Wait() }
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if resp, err := http.Get("http://" + base + path); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s, nil
			}
		}
	}
	s.stop()
	return nil, fmt.Errorf("%s did not become ready", bin)
}

// gcTraceLine is one gctrace line; its third heap figure is the heap marked live.
var gcTraceLine = regexp.MustCompile(`^gc \d+ @.* \d+->\d+->(\d+) MB`)

// followTrace records the server's GC trace lines and passes its other output on.
func (s *socketServer) followTrace(r io.Reader) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		m := gcTraceLine.FindStringSubmatch(sc.Text())
		if m == nil {
			fmt.Fprintln(os.Stderr, sc.Text())
			continue
		}
		mb, _ := strconv.ParseFloat(m[1], 64)
		s.mu.Lock()
		s.gcCycles++
		s.gcLive = mb * (1 << 20)
		s.mu.Unlock()
	}
}

func (s *socketServer) lastGC() (cycles int, live float64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gcCycles, s.gcLive
}

// memoryReading is a server's memory: resident, and live right after a garbage collection.
type memoryReading struct {
	rss        float64 // VmRSS, before the collection
	live       float64 // heap the collection marked live
	stacks     float64 // goroutine stacks in use
	goroutines float64
}

// readMemory reads the server's VmRSS, then makes it collect garbage (by scraping its
// /metrics, which allocates, until one more cycle is traced) and reads its live heap and stacks.
func (s *socketServer) readMemory(ctx context.Context) (memoryReading, error) {
	var m memoryReading
	var err error
	if m.rss, err = processRSS(s.pid); err != nil {
		return m, err
	}
	start, _ := s.lastGC()
	for deadline := time.Now().Add(2 * time.Minute); ; {
		if cycles, live := s.lastGC(); cycles > start {
			m.live = live
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return m, fmt.Errorf("%s: no garbage collection traced", s.metricsURL)
		}
		if _, _, err := goStacks(s.metricsURL); err != nil {
			return m, err
		}
	}
	m.stacks, m.goroutines, err = goStacks(s.metricsURL)
	return m, err
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// processRSS is the resident memory of process pid in bytes (VmRSS).
func processRSS(pid int) (float64, error) {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 64)
			return kb * 1024, err
		}
	}
	return 0, fmt.Errorf("no VmRSS in /proc/%d/status", pid)
}

// goStacks reads the goroutine stack bytes in use and the goroutine count from a Prometheus
// /metrics page with the Go collector.
func goStacks(metricsURL string) (stacks, goroutines float64, err error) {
	resp, err := http.Get(metricsURL)
	if err != nil {
		return 0, 0, err
	}
	defer resp.Body.Close()
	found := 0
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok || (name != "go_memstats_stack_inuse_bytes" && name != "go_goroutines") {
			continue
		}
		v, err := strconv.ParseFloat(value, 64)
		if err != nil {
			return 0, 0, fmt.Errorf("%s: %s: %w", metricsURL, name, err)
		}
		if name == "go_goroutines" {
			goroutines = v
		} else {
			stacks = v
		}
		found++
	}
	if found < 2 {
		return 0, 0, fmt.Errorf("%s: no Go stack figures", metricsURL)
	}
	return stacks, goroutines, sc.Err()
}

// raiseFileLimit lifts this process's open-file limit to at least want where it may (root can
// lift the hard limit too) and returns the limit now in force. Processes started afterwards
// inherit it.
func raiseFileLimit(want uint64) (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, err
	}
	if lim.Cur >= want {
		return lim.Cur, syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	}
	raised := syscall.Rlimit{Cur: want, Max: max(lim.Max, want)}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err == nil {
		return want, nil
	}
	lim.Cur = lim.Max
	return lim.Cur, syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
}

// loadAverage is the machine's one-minute load average, as /proc/loadavg has it ("?" when it
// cannot be read): on a shared machine it says how much else was running.
func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(raw))[0]
}

// benchRedis connects to REDIS_URL's server on database db (0 keeps REDIS_URL's own).
func benchRedis(db int) (*redis.Client, error) {
	opts, err := redis.ParseURL(os.Getenv("REDIS_URL"))
	if err != nil {
		return nil, fmt.Errorf("REDIS_URL: %w", err)
	}
	if db > 0 {
		opts.DB = db
	}
	return redis.NewClient(opts), nil
}

// serveBareWebsocket is the realtime reference: Fiber and gofiber/contrib/v3/websocket with the
// server's buffer settings and nothing else. Each socket gets a canned welcome to its first
// message and a canned subscribed to the others, and every message on Redis channel
// REALTIME_CHANNEL is written as it came to every socket, in one loop. It serves /healthz and
// the Go collector's /metrics on the same port.
func serveBareWebsocket(ctx context.Context) error {
	rdb, err := benchRedis(0)
	if err != nil {
		return err
	}
	defer rdb.Close()
	type socket struct {
		mu sync.Mutex
		ws *websocket.Conn
	}
	var mu sync.Mutex
	sockets := map[*socket]struct{}{}
	app := fiber.New()
	app.Get("/healthz", func(c fiber.Ctx) error { return c.SendString("ok") })
	app.Get("/metrics", adaptor.HTTPHandler(promhttp.Handler()))
	app.Get("/api/ws", websocket.New(func(ws *websocket.Conn) {
		s := &socket{ws: ws}
		mu.Lock()
		sockets[s] = struct{}{}
		mu.Unlock()
		defer func() {
			mu.Lock()
			delete(sockets, s)
			mu.Unlock()
		}()
		reply := []byte(`{"type":"welcome","user":null}`)
		for {
			if _, _, err := ws.ReadMessage(); err != nil {
				return
			}
			s.mu.Lock()
			err := ws.WriteMessage(fws.TextMessage, reply)
			s.mu.Unlock()
			if err != nil {
				return
			}
			reply = []byte(`{"type":"subscribed","topics":["sales"],"denied":[]}`)
		}
	}, websocket.Config{ReadBufferSize: 1024, WriteBufferSize: 1024, WriteBufferPool: &sync.Pool{}}))

	sub := rdb.Subscribe(ctx, os.Getenv("REALTIME_CHANNEL"))
	defer sub.Close()
	if _, err := sub.Receive(ctx); err != nil {
		return err
	}
	go func() {
		for msg := range sub.Channel() {
			payload := []byte(msg.Payload)
			mu.Lock()
			for s := range sockets {
				s.mu.Lock()
				s.ws.WriteMessage(fws.TextMessage, payload)
				s.mu.Unlock()
			}
			mu.Unlock()
		}
	}()

	ln, err := net.Listen("tcp", "127.0.0.1:"+os.Getenv("PORT"))
	if err != nil {
		return err
	}
	go func() { <-ctx.Done(); app.Shutdown() }()
	err = app.Listener(ln, fiber.ListenConfig{DisableStartupMessage: true})
	if errors.Is(err, net.ErrClosed) {
		return nil
	}
	return err
}
