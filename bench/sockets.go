package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// socketReaders read many client websockets with few threads, so that the clients of a
// delivery run cost this machine (whose CPUs the server under test shares) as little as they
// can, and time each message by when it reached the socket rather than when a client got
// round to reading it.
//
//   - Each socket leaves Go's network poller once its handshake is done: a reader owns its
//     descriptor, watched level-triggered in that reader's own epoll set.
//   - A reader polls its set every readPause instead of sleeping in it. A sleeping reader would
//     be woken by each of the server's thousands of writes, and on a shared machine every such
//     wake-up is CPU taken from the server under test.
//   - The readers run at the lowest priority (nice 19), so that the server's writes go first,
//     and take each message's arrival from the kernel's receive timestamp (SO_TIMESTAMPNS):
//     the moment the message was on the client's socket, however late it is read.
//
// Browsers on machines of their own cost a server none of this; here the server, the relay,
// PostgreSQL, Redis and every client share two CPUs.
type socketReaders struct {
	pollers []int // one epoll set a reader
	sockets []readSocket
	onText  func(i int, payload []byte, at time.Time)
	// closing is held by the readers while they read a batch, and taken by closeFrom, so that
	// a descriptor is never closed (and its number reused) between its event and its read.
	closing sync.RWMutex
	stopped atomic.Bool
	running sync.WaitGroup
}

// readSocket is one client socket: its descriptor (-1 once closed) and the start of a frame
// not all arrived.
type readSocket struct {
	fd      int
	partial []byte
}

// readPause is how long a reader that found nothing waits before it looks again.
const readPause = 500 * time.Microsecond

// newSocketReaders starts readers that call onText(i, payload, at) for each text message the
// i-th of n sockets receives at time at (pings are answered; every other frame is ignored).
func newSocketReaders(n, readers int, onText func(i int, payload []byte, at time.Time)) (*socketReaders, error) {
	r := &socketReaders{sockets: make([]readSocket, n), onText: onText}
	for i := range r.sockets {
		r.sockets[i].fd = -1
	}
	for range readers {
		epfd, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
		if err != nil {
			r.stop()
			return nil, err
		}
		r.pollers = append(r.pollers, epfd)
	}
	for _, epfd := range r.pollers {
		r.running.Go(func() { r.wait(epfd) })
	}
	return r, nil
}

// add takes conn's socket, which must have nothing buffered on its client side, as socket i:
// conn is closed, and the reader of i owns a duplicate of its descriptor.
func (r *socketReaders) add(i int, conn net.Conn) error {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return fmt.Errorf("socket %d is not a system socket", i)
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return err
	}
	fd := -1
	if cerr := raw.Control(func(orig uintptr) {
		fd, err = unix.FcntlInt(orig, unix.F_DUPFD_CLOEXEC, 0)
	}); cerr != nil {
		return cerr
	}
	if err != nil {
		return err
	}
	conn.Close() // Go's poller forgets the socket; the duplicate keeps it open
	r.sockets[i].fd = fd
	// Non-blocking is the open file's flag, shared with the closed original; set it anyway.
	if err := unix.SetNonblock(fd, true); err != nil {
		return err
	}
	if err := unix.SetsockoptInt(fd, unix.SOL_SOCKET, unix.SO_TIMESTAMPNS, 1); err != nil {
		return err
	}
	return unix.EpollCtl(r.pollers[i%len(r.pollers)], unix.EPOLL_CTL_ADD, fd, &unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(i)})
}

// closeFrom closes the sockets from the i-th on (the kernel stops watching them).
func (r *socketReaders) closeFrom(i int) {
	r.closing.Lock()
	defer r.closing.Unlock()
	for j := i; j < len(r.sockets); j++ {
		r.closeSocket(j)
	}
}

func (r *socketReaders) closeSocket(i int) {
	if s := &r.sockets[i]; s.fd >= 0 {
		unix.Close(s.fd)
		s.fd = -1
	}
}

// stop ends the readers, closes every socket and the epoll sets.
func (r *socketReaders) stop() {
	r.stopped.Store(true)
	r.running.Wait()
	r.closeFrom(0)
	for _, epfd := range r.pollers {
		unix.Close(epfd)
	}
}

// wait is one reader: it polls its epoll set and reads each socket that has something.
func (r *socketReaders) wait(epfd int) {
	runtime.LockOSThread() // the thread ends with the reader, and its priority with it
	_ = unix.Setpriority(unix.PRIO_PROCESS, unix.Gettid(), 19)
	events := make([]unix.EpollEvent, 1024)
	buf, oob := make([]byte, 8192), make([]byte, 128)
	for !r.stopped.Load() {
		n, err := unix.EpollWait(epfd, events, 0)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return
		}
		if n == 0 {
			time.Sleep(readPause)
			continue
		}
		r.closing.RLock()
		for _, ev := range events[:n] {
			r.read(int(ev.Fd), buf, oob)
		}
		r.closing.RUnlock()
	}
}

// read reads what socket i has (level-triggered: what does not fit is reported again) and
// closes it when the server has. Its messages arrived when the kernel stamped the last of
// what was read (TCP's receive timestamp); one event is sent at a time, so that is its own.
func (r *socketReaders) read(i int, buf, oob []byte) {
	s := &r.sockets[i]
	if s.fd < 0 {
		return
	}
	n, oobn, _, _, err := unix.Recvmsg(s.fd, buf, oob, 0)
	switch {
	case errors.Is(err, unix.EAGAIN), errors.Is(err, unix.EINTR):
		return
	case err != nil || n == 0:
		r.closeSocket(i)
		return
	}
	s.partial = r.frames(i, append(s.partial, buf[:n]...), receivedAt(oob[:oobn]))
}

// receivedAt is the receive timestamp among a read's control messages, or now when there is
// none.
func receivedAt(oob []byte) time.Time {
	msgs, err := unix.ParseSocketControlMessage(oob)
	if err == nil {
		for _, m := range msgs {
			if m.Header.Level == unix.SOL_SOCKET && m.Header.Type == unix.SCM_TIMESTAMPNS && len(m.Data) >= int(unsafe.Sizeof(unix.Timespec{})) {
				ts := (*unix.Timespec)(unsafe.Pointer(&m.Data[0]))
				return time.Unix(ts.Unix())
			}
		}
	}
	return time.Now()
}

// frames handles the whole server frames at the start of data, received at at, and returns
// the rest.
func (r *socketReaders) frames(i int, data []byte, at time.Time) []byte {
	for len(data) >= 2 {
		op, length, head := data[0]&0x0F, int(data[1]&0x7F), 2
		switch length {
		case 126:
			if len(data) < 4 {
				return keep(data)
			}
			length, head = int(binary.BigEndian.Uint16(data[2:])), 4
		case 127:
			if len(data) < 10 {
				return keep(data)
			}
			length, head = int(binary.BigEndian.Uint64(data[2:])), 10
		}
		if len(data) < head+length {
			break
		}
		payload := data[head : head+length]
		switch op {
		case 0x1:
			r.onText(i, payload, at)
		case 0x9: // answer a ping, masked with a zero key
			pong := append([]byte{0x8A, 0x80 | byte(len(payload)), 0, 0, 0, 0}, payload...)
			_, _ = unix.Write(r.sockets[i].fd, pong)
		}
		data = data[head+length:]
	}
	return keep(data)
}

// keep copies what is left of a read, so that the read buffer can be used again.
func keep(data []byte) []byte {
	if len(data) == 0 {
		return nil
	}
	return append([]byte(nil), data...)
}
