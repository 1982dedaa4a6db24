package realtime

import (
	"errors"
	"net"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// poller tells the hub when an idle connection has something to read, so that no goroutine
// waits on each of them: one goroutine waits in epoll_wait for all of them. A connection is
// watched one-shot: after it fires, it is not reported again until it is rearmed, so at most
// one reader runs per connection. Linux only; elsewhere every connection has a reading
// goroutine (poll_other.go).
type poller struct {
	epfd   int
	wakeFd int // an eventfd that wakes the waiting goroutine to stop

	mu      sync.Mutex
	next    uint64
	watched map[uint64]*watch
	stopped bool
	done    chan struct{}
}

// watch is one connection the poller reports on.
type watch struct {
	id  uint64
	raw syscall.RawConn
	fd  int
	// ready runs on a goroutine of its own each time the connection is readable (or hung up).
	// It reads what it can with read and then calls rearm, unless the connection is done.
	ready func(*watch)
}

const pollEvents = unix.EPOLLIN | unix.EPOLLRDHUP | unix.EPOLLONESHOT

// newPoller starts a poller, or returns nil when this system cannot (then connections read
// on goroutines of their own).
func newPoller() *poller {
	epfd, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return nil
	}
	wakeFd, err := unix.Eventfd(0, unix.EFD_CLOEXEC|unix.EFD_NONBLOCK)
	if err != nil {
		unix.Close(epfd)
		return nil
	}
	if err := unix.EpollCtl(epfd, unix.EPOLL_CTL_ADD, wakeFd, &unix.EpollEvent{Events: unix.EPOLLIN}); err != nil {
		unix.Close(epfd)
		unix.Close(wakeFd)
		return nil
	}
	p := &poller{epfd: epfd, wakeFd: wakeFd, watched: make(map[uint64]*watch), done: make(chan struct{}), next: 1}
	go p.wait()
	return p
}

// add watches conn and calls ready whenever it is readable. It returns nil (and watches
// nothing) when conn is not a plain socket the poller can watch: a TLS or in-memory connection.
func (p *poller) add(conn net.Conn, ready func(*watch)) *watch {
	sc, ok := conn.(syscall.Conn)
	if !ok || p == nil {
		return nil
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	w := &watch{raw: raw, fd: -1, ready: ready}
	if raw.Control(func(fd uintptr) { w.fd = int(fd) }) != nil || w.fd < 0 {
		return nil
	}
	p.mu.Lock()
	if p.stopped {
		p.mu.Unlock()
		return nil
	}
	w.id = p.next
	p.next++
	p.watched[w.id] = w
	p.mu.Unlock()
	if err := p.ctl(w, unix.EPOLL_CTL_ADD); err != nil {
		p.forget(w)
		return nil
	}
	return w
}

// rearm reports w again the next time it is readable (at once if it already is).
func (p *poller) rearm(w *watch) error { return p.ctl(w, unix.EPOLL_CTL_MOD) }

// remove stops watching w. Call it before closing w's connection.
func (p *poller) remove(w *watch) {
	_ = w.raw.Control(func(fd uintptr) { _ = unix.EpollCtl(p.epfd, unix.EPOLL_CTL_DEL, int(fd), nil) })
	p.forget(w)
}

func (p *poller) forget(w *watch) {
	p.mu.Lock()
	delete(p.watched, w.id)
	p.mu.Unlock()
}

// ctl adds or rearms w. Control holds the connection open meanwhile, so the descriptor is
// still w's own (a closed one's number may already belong to another connection).
func (p *poller) ctl(w *watch, op int) error {
	var err error
	if cerr := w.raw.Control(func(fd uintptr) {
		ev := unix.EpollEvent{Events: pollEvents}
		putWatchID(&ev, w.id)
		err = unix.EpollCtl(p.epfd, op, int(fd), &ev)
	}); cerr != nil {
		return cerr
	}
	return err
}

// read reads what has arrived on w into buf without waiting. It returns 0 and no error when
// nothing has, and io.EOF-like errClosed when the client has gone.
func (w *watch) read(buf []byte) (int, error) {
	var n int
	var err error
	if cerr := w.raw.Read(func(fd uintptr) bool {
		n, err = unix.Read(int(fd), buf)
		return true
	}); cerr != nil {
		return 0, cerr
	}
	switch {
	case errors.Is(err, unix.EAGAIN), errors.Is(err, unix.EINTR):
		return 0, nil
	case err != nil:
		return 0, err
	case n == 0:
		return 0, errClosed
	}
	return n, nil
}

// stop ends the waiting goroutine and releases the poller; watched connections stay open.
func (p *poller) stop() {
	if p == nil {
		return
	}
	p.mu.Lock()
	if p.stopped {
		p.mu.Unlock()
		return
	}
	p.stopped = true
	p.mu.Unlock()
	var one [8]byte
	one[0] = 1
	_, _ = unix.Write(p.wakeFd, one[:])
	<-p.done
	unix.Close(p.epfd)
	unix.Close(p.wakeFd)
}

// wait is the poller's goroutine: it hands each readable connection to a goroutine of its own.
func (p *poller) wait() {
	defer close(p.done)
	events := make([]unix.EpollEvent, 256)
	for {
		n, err := unix.EpollWait(p.epfd, events, -1)
		if err != nil {
			if errors.Is(err, unix.EINTR) {
				continue
			}
			return
		}
		for i := range events[:n] {
			if events[i].Fd == 0 && events[i].Pad == 0 {
				return // the wake descriptor, registered with all-zero data
			}
			p.mu.Lock()
			w := p.watched[watchID(&events[i])]
			p.mu.Unlock()
			if w != nil {
				go w.ready(w)
			}
		}
	}
}

// A watch's id travels in the event's 64 data bits (Fd and Pad in x/sys/unix), with Pad's top
// bit set so that no watch's data is zero, which is the wake descriptor's.
func putWatchID(ev *unix.EpollEvent, id uint64) {
	ev.Fd = int32(uint32(id))
	ev.Pad = int32(uint32(id>>32)) | -1<<31
}

func watchID(ev *unix.EpollEvent) uint64 {
	return uint64(uint32(ev.Fd)) | uint64(uint32(ev.Pad)&^(1<<31))<<32
}

// write writes what of frame and then payload the socket takes without waiting, and returns
// how many bytes that was (0 and no error when its buffer is full).
func (w *watch) write(frame, payload []byte) (int, error) {
	var n int
	var err error
	if cerr := w.raw.Write(func(fd uintptr) bool {
		n, err = unix.Writev(int(fd), [][]byte{frame, payload})
		return true
	}); cerr != nil {
		return 0, cerr
	}
	if errors.Is(err, unix.EAGAIN) || errors.Is(err, unix.EINTR) {
		return 0, nil
	}
	return max(n, 0), err
}
