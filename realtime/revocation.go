package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"time"
)

// TopicSessions carries Revocations between processes, as events of type TypeRevocation on the
// bridge (or through an outbox that relays to it, like any event). A hub acts on them itself
// and sends them to no connection: nobody may subscribe to this topic.
const TopicSessions = "sessions"

// TypeRevocation is the type of the event that carries a Revocation as its data.
const TypeRevocation = "session.revoked"

// Revocation says that some of a user's tokens stopped working, so the connections that said
// hello with one of them must close. It names the tokens by what the Authenticator put in the
// connection's User:
//   - TokenID set: the connections of exactly that token (one signed-out device);
//   - otherwise Version above zero: every connection of the user whose token carries a lower
//     version (the user's valid tokens now carry Version, so a fresh token stays connected);
//   - neither: every connection of the user.
type Revocation struct {
	UserID  string `json:"userId"`
	Version int64  `json:"version,omitempty"`
	TokenID string `json:"tokenId,omitempty"`
}

// Covers reports whether u (nil for a guest) holds a token r revokes.
func (r Revocation) Covers(u *User) bool {
	switch {
	case u == nil || r.UserID == "" || u.ID != r.UserID:
		return false
	case r.TokenID != "":
		return u.TokenID == r.TokenID
	case r.Version > 0:
		return u.TokenVersion < r.Version
	}
	return true
}

// RevocationEvent is the event that carries r between processes.
func RevocationEvent(id string, r Revocation, at time.Time) (Event, error) {
	data, err := json.Marshal(r)
	return Event{ID: id, Type: TypeRevocation, Topic: TopicSessions, Data: data, At: at}, err
}

// Revoke closes, with CloseUnauthorized, every connection of this process that r covers, and
// returns how many it closed. It also remembers r for a HelloTimeout: a connection whose hello
// was being authenticated when r arrived (its token read as valid just before the change that
// revoked it) is refused when its hello completes.
func (h *Hub) Revoke(r Revocation) int {
	if r.UserID == "" {
		return 0
	}
	h.mu.Lock()
	h.recent.add(r, time.Now(), h.opts.HelloTimeout+time.Second)
	var ending []*session
	for s := range h.byUser[r.UserID] {
		if r.Covers(s.user) {
			ending = append(ending, s)
		}
	}
	h.mu.Unlock()
	closed := 0
	for _, s := range ending {
		if s.close(CloseUnauthorized, "session ended", false) {
			closed++
		}
	}
	h.revoked.Add(uint64(closed))
	return closed
}

// Revoked reports how many connections were closed because their token stopped working: by
// Revoke, or found by Recheck.
func (h *Hub) Revoked() uint64 { return h.revoked.Load() }

// revokeEvent acts on an event of TopicSessions.
func (h *Hub) revokeEvent(ev Event) {
	var r Revocation
	if ev.Type != TypeRevocation || json.Unmarshal(ev.Data, &r) != nil || r.UserID == "" {
		h.opts.Logger.Warn("realtime: dropped a malformed revocation", "id", ev.ID, "type", ev.Type)
		return
	}
	h.Revoke(r)
}

// identify makes u the user of s, a connection whose hello u's token authenticated, unless a
// revocation that covers u arrived meanwhile; it reports whether s may go on.
func (h *Hub) identify(s *session, u *User) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.recent.covers(u, time.Now()) {
		return false
	}
	s.user = u
	mine := h.byUser[u.ID]
	if mine == nil {
		mine = make(map[*session]struct{})
		h.byUser[u.ID] = mine
	}
	mine[s] = struct{}{}
	return true
}

// Resync implements Resyncer: after the bridge lost its subscription, revocations published
// meanwhile never arrived, so every signed-in connection's token is checked again (Recheck),
// in the background.
func (h *Hub) Resync() {
	go h.Recheck(context.Background())
}

// ErrCannotAuthenticate is what an Authenticator's error wraps when it could not tell whether a
// token works (its store is down): Recheck then keeps the connection rather than closing one
// whose token may be good.
var ErrCannotAuthenticate = errors.New("realtime: cannot check the token now")

// recheckParallel is how many tokens Recheck authenticates at once.
const recheckParallel = 4

// Recheck authenticates again the token of every signed-in connection of this process and
// closes, with CloseUnauthorized, those whose token no longer works or now names another user
// or role (an error wrapping ErrCannotAuthenticate closes nothing). It returns how many it
// closed.
func (h *Hub) Recheck(ctx context.Context) int {
	h.mu.RLock()
	var signedIn []*session
	for _, mine := range h.byUser {
		for s := range mine {
			signedIn = append(signedIn, s)
		}
	}
	h.mu.RUnlock()

	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		ending int
		next   = make(chan *session)
	)
	for range min(recheckParallel, len(signedIn)) {
		wg.Go(func() {
			for s := range next {
				authCtx, cancel := context.WithTimeout(ctx, h.opts.HelloTimeout)
				u, err := s.auth(authCtx, s.token)
				cancel()
				if ctx.Err() != nil || errors.Is(err, ErrCannotAuthenticate) {
					continue
				}
				if (err != nil || u == nil || u.ID != s.user.ID || u.Role != s.user.Role) && s.close(CloseUnauthorized, "session ended", false) {
					mu.Lock()
					ending++
					mu.Unlock()
				}
			}
		})
	}
	for _, s := range signedIn {
		next <- s
	}
	close(next)
	wg.Wait()
	h.revoked.Add(uint64(ending))
	if ending > 0 {
		h.opts.Logger.Info("realtime: closed connections whose token stopped working", "count", ending)
	}
	return ending
}

// recentRevocations are the revocations of the last moments, by user; guarded by Hub.mu.
type recentRevocations struct {
	byUser map[string][]recentRevocation
	order  []recentRevocation // oldest first, for forgetting them
}

type recentRevocation struct {
	Revocation
	until time.Time
}

func (rr *recentRevocations) add(r Revocation, now time.Time, keep time.Duration) {
	rr.forget(now)
	if rr.byUser == nil {
		rr.byUser = make(map[string][]recentRevocation)
	}
	entry := recentRevocation{Revocation: r, until: now.Add(keep)}
	rr.byUser[r.UserID] = append(rr.byUser[r.UserID], entry)
	rr.order = append(rr.order, entry)
}

// forget drops the revocations older than their keep.
func (rr *recentRevocations) forget(now time.Time) {
	n := 0
	for n < len(rr.order) && !now.Before(rr.order[n].until) {
		old := rr.order[n]
		mine := rr.byUser[old.UserID]
		if len(mine) <= 1 {
			delete(rr.byUser, old.UserID)
		} else {
			rr.byUser[old.UserID] = mine[1:]
		}
		n++
	}
	rr.order = rr.order[n:]
}

func (rr *recentRevocations) covers(u *User, now time.Time) bool {
	for _, r := range rr.byUser[u.ID] {
		if now.Before(r.until) && r.Covers(u) {
			return true
		}
	}
	return false
}
