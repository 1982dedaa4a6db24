//go:build !linux

package realtime

import "net"

// poller is Linux-only (poll_linux.go); elsewhere every connection reads on a goroutine of its
// own, which costs a goroutine's stack per idle connection but behaves the same.
type poller struct{}

// watch is never made where there is no poller.
type watch struct{}

func newPoller() *poller                            { return nil }
func (p *poller) add(net.Conn, func(*watch)) *watch { return nil }
func (p *poller) rearm(*watch) error                { return nil }
func (p *poller) remove(*watch)                     {}
func (p *poller) stop()                             {}
func (w *watch) read([]byte) (int, error)           { return 0, errClosed }
func (w *watch) write(_, _ []byte) (int, error)     { return 0, errClosed }
