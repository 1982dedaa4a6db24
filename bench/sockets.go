package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"syscall"

	"golang.org/x/sys/unix"
)

// socketReaders read many client websockets with few goroutines: two wait in epoll for all of
// them and read whatever arrived, so that the clients of a delivery run cost this machine
// (whose CPUs the server under test shares) as little as they can, and an arrival is noticed
// as soon as a reader is free rather than once one of thousands of goroutines is scheduled.
// Each socket is watched one-shot, so one reader at a time handles it.
type socketReaders struct {
	epfd    int
	sockets []*readSocket
	onText  func(i int, payload []byte)
	stopped atomic.Bool
	running sync.WaitGroup
}

// readSocket is one client socket: its connection and the start of a frame not all arrived.
type readSocket struct {
	conn    net.Conn
	raw     syscall.RawConn
	partial []byte
}

// newSocketReaders starts readers that call onText(i, payload) for each text message the i-th
// of n sockets receives (pings are answered; every other frame is ignored).
func newSocketReaders(n, readers int, onText func(i int, payload []byte)) (*socketReaders, error) {
	epfd, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return nil, err
	}
	r := &socketReaders{epfd: epfd, sockets: make([]*readSocket, n), onText: onText}
	for range readers {
		r.running.Go(r.wait)
	}
	return r, nil
}

// add watches conn, which must have nothing buffered on its client side, as socket i.
func (r *socketReaders) add(i int, conn net.Conn) error {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return fmt.Errorf("socket %d is not a system socket", i)
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return err
	}
	r.sockets[i] = &readSocket{conn: conn, raw: raw}
	return r.arm(i, unix.EPOLL_CTL_ADD)
}

func (r *socketReaders) arm(i, op int) error {
	var err error
	if cerr := r.sockets[i].raw.Control(func(fd uintptr) {
		err = unix.EpollCtl(r.epfd, op, int(fd), &unix.EpollEvent{Events: unix.EPOLLIN | unix.EPOLLONESHOT, Fd: int32(i)})
	}); cerr != nil {
		return cerr
	}
	return err
}

// closeFrom closes the sockets from the i-th on (the kernel stops watching them).
func (r *socketReaders) closeFrom(i int) {
	for _, s := range r.sockets[i:] {
		if s != nil {
			s.conn.Close()
		}
	}
}

// stop closes every socket, ends the readers and closes the epoll descriptor.
func (r *socketReaders) stop() {
	r.closeFrom(0)
	r.stopped.Store(true)
	r.running.Wait()
	unix.Close(r.epfd)
}

var readBuffers = sync.Pool{New: func() any { b := make([]byte, 8192); return &b }}

func (r *socketReaders) wait() {
	events := make([]unix.EpollEvent, 128)
	for !r.stopped.Load() {
		n, err := unix.EpollWait(r.epfd, events, 100)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return
		}
		for _, ev := range events[:n] {
			if r.drain(int(ev.Fd)) {
				_ = r.arm(int(ev.Fd), unix.EPOLL_CTL_MOD)
			}
		}
	}
}

// drain reads what socket i has and reports whether it is still open.
func (r *socketReaders) drain(i int) bool {
	s := r.sockets[i]
	buf := readBuffers.Get().(*[]byte)
	defer readBuffers.Put(buf)
	for {
		var n int
		var err error
		if cerr := s.raw.Read(func(fd uintptr) bool {
			n, err = unix.Read(int(fd), *buf)
			return true
		}); cerr != nil {
			return false
		}
		switch {
		case errors.Is(err, unix.EAGAIN):
			return true
		case err != nil || n == 0:
			return false
		}
		s.partial = r.frames(i, append(s.partial, (*buf)[:n]...))
		if n < len(*buf) {
			return true // all there was, most likely; if not, the rearmed watch fires again
		}
	}
}

// frames handles the whole server frames at the start of data and returns the rest.
func (r *socketReaders) frames(i int, data []byte) []byte {
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
			r.onText(i, payload)
		case 0x9: // answer a ping, masked with a zero key
			pong := append([]byte{0x8A, 0x80 | byte(len(payload)), 0, 0, 0, 0}, payload...)
			_, _ = r.sockets[i].conn.Write(pong)
		}
		data = data[head+length:]
	}
	return keep(data)
}

// keep copies what is left of a read, so that the read buffer can go back to its pool.
func keep(data []byte) []byte {
	if len(data) == 0 {
		return nil
	}
	return append([]byte(nil), data...)
}
