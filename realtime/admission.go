package realtime

import (
	"errors"
	"time"
)

// Admit refuses a connection, before its handshake is answered, with ErrHubFull when the hub
// holds Options.MaxConnections and with ErrAddressFull when the client's address holds
// Options.MaxConnectionsPerAddress.
var (
	ErrHubFull     = errors.New("this server holds as many live connections as it may: try again later")
	ErrAddressFull = errors.New("too many live connections from your address: close some tabs and try again")
)

// admissionWait is how long an Admission holds its place before its connection is attached:
// a handshake whose answer could not be written never reaches Attach, and its place must not
// be lost for good.
const admissionWait = 30 * time.Second

// Admission is one connection's place in a hub, taken before its handshake is answered (so a
// burst of handshakes cannot all pass the caps) and held until the connection closes.
type Admission struct {
	hub   *Hub
	addr  string
	timer *time.Timer
	held  bool // guarded by hub.mu
}

// Admit takes a place for one connection from the client address addr (as the server
// established it, behind trusted proxies), or refuses with ErrHubFull or ErrAddressFull.
// Upgrade and Attach take the Admission over; a caller that goes no further calls Release.
func (h *Hub) Admit(addr string) (*Admission, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.shuttingDown || (h.opts.MaxConnections > 0 && h.admitted >= h.opts.MaxConnections):
		return nil, ErrHubFull
	case h.opts.MaxConnectionsPerAddress > 0 && h.perAddress[addr] >= h.opts.MaxConnectionsPerAddress:
		return nil, ErrAddressFull
	}
	a := &Admission{hub: h, addr: addr, held: true}
	h.countLocked(addr, 1)
	a.timer = time.AfterFunc(admissionWait, a.Release)
	return a, nil
}

// Release gives the place back. Only the first call counts; a nil Admission holds nothing.
func (a *Admission) Release() {
	if a == nil {
		return
	}
	a.timer.Stop()
	a.hub.mu.Lock()
	defer a.hub.mu.Unlock()
	if a.held {
		a.held = false
		a.hub.countLocked(a.addr, -1)
	}
}

// keep holds the place for the life of an attached connection, taking it again if it was
// given back meanwhile (an attach later than admissionWait).
func (a *Admission) keep() {
	if a == nil {
		return
	}
	a.timer.Stop()
	a.hub.mu.Lock()
	defer a.hub.mu.Unlock()
	if !a.held {
		a.held = true
		a.hub.countLocked(a.addr, 1)
	}
}

// countLocked moves the places held by addr and in all by delta; h.mu must be held.
func (h *Hub) countLocked(addr string, delta int) {
	h.admitted += delta
	if n := h.perAddress[addr] + delta; n > 0 {
		h.perAddress[addr] = n
	} else {
		delete(h.perAddress, addr)
	}
}
