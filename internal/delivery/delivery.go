// Package delivery answers the shopper's "does it reach my pincode, with cash on delivery,
// and by when?" from the courier aggregator's serviceability API (Shiprocket), asked from the
// company's pickup pincode and cached in Redis.
//
// It guarantees that Check never keeps a page waiting longer than Config.Budget: past it the
// answer is neutral ("We'll confirm delivery at checkout") while the lookup finishes into the
// cache for the next ask. Route, used when an order is placed, waits for the courier (up to
// Config.Timeout); a courier that is down or slow never refuses an order by itself.
package delivery

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"regexp"
	"time"

	"github.com/redis/go-redis/v9"
	"golang.org/x/sync/singleflight"

	"drape/internal/company"
	"drape/internal/provider/shiprocket"
	"drape/internal/shop"
)

// Courier is the serviceability side of the courier aggregator; *shiprocket.Session is the
// real one.
type Courier interface {
	Serviceability(ctx context.Context, creds shiprocket.Credentials, pickup, delivery string, cod bool, weightKg float64) (shiprocket.Serviceability, error)
}

// Config is how the pincode check behaves.
type Config struct {
	Credentials shiprocket.Credentials
	// Account names the courier account answering: its API's address and its login. Routes are
	// cached per account, so shops (or a shop and a test's sim) sharing a Redis never read one
	// another's answers.
	Account string
	// Budget is the longest Check waits for the courier before answering neutrally.
	Budget time.Duration
	// Timeout bounds one lookup, finishing in the background after Budget.
	Timeout time.Duration
	// TTL is how long a route's answer is kept in Redis.
	TTL time.Duration
	// WeightKg is the parcel the shop quotes for: one garment, packed.
	WeightKg float64
}

// Defaults of Config.
const (
	DefaultBudget   = 300 * time.Millisecond
	DefaultTimeout  = 5 * time.Second
	DefaultTTL      = 6 * time.Hour
	DefaultWeightKg = 0.5
)

// Messages a shopper sees.
const (
	MsgNeutral        = "We'll confirm delivery at checkout"
	MsgNotServiceable = "Sorry, we do not deliver to this pincode yet"
	msgBadPincode     = "Enter a 6-digit pincode"
)

// Service is the pincode check.
type Service struct {
	courier Courier // nil: no courier account, every answer neutral
	cache   redis.Cmdable
	company *company.Service
	cfg     Config
	keys    string // the cache keys' prefix: this account's
	now     func() time.Time
	flights singleflight.Group
}

// NewService makes the pincode check over courier (nil when the shop has no courier account)
// and cache (nil: no cache).
func NewService(courier Courier, cache redis.Cmdable, companies *company.Service, cfg Config) *Service {
	if cfg.Budget <= 0 {
		cfg.Budget = DefaultBudget
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.TTL <= 0 {
		cfg.TTL = DefaultTTL
	}
	if cfg.WeightKg <= 0 {
		cfg.WeightKg = DefaultWeightKg
	}
	account := sha256.Sum256([]byte(cfg.Account))
	return &Service{courier: courier, cache: cache, company: companies, cfg: cfg, now: time.Now,
		keys: "delivery:route:v2:" + hex.EncodeToString(account[:8]) + ":"}
}

var pincodePattern = regexp.MustCompile(`^[1-9][0-9]{5}$`)

// Check is what the shop can promise for pincode, paid on delivery when cod, within
// Config.Budget. Errors: Invalid 'Enter a 6-digit pincode'.
func (s *Service) Check(ctx context.Context, pincode string, cod bool) (Promise, error) {
	if !pincodePattern.MatchString(pincode) {
		return Promise{}, &shop.Error{Kind: shop.Invalid, Message: msgBadPincode, Fields: map[string]string{"pincode": msgBadPincode}}
	}
	pickup, ok := s.pickup(ctx)
	if !ok || s.courier == nil {
		return neutral(pincode), nil
	}
	if r, ok := s.cached(ctx, pickup, pincode); ok {
		return r.promise(pincode, cod, s.now()), nil
	}
	done := s.flights.DoChan(pickup+":"+pincode, func() (any, error) { return s.lookup(pickup, pincode) })
	timer := time.NewTimer(s.cfg.Budget)
	defer timer.Stop()
	select {
	case res := <-done:
		if res.Err != nil {
			return neutral(pincode), nil
		}
		return res.Val.(Route).promise(pincode, cod, s.now()), nil
	case <-timer.C:
		return neutral(pincode), nil
	case <-ctx.Done():
		return neutral(pincode), nil
	}
}

// Route is what the courier said of pincode, waiting for it (at most Config.Timeout), for an
// order being placed; known false when the shop has no courier account, no pickup pincode,
// or the courier did not answer. Errors: Invalid for a malformed pincode.
func (s *Service) Route(ctx context.Context, pincode string) (Route, error) {
	if !pincodePattern.MatchString(pincode) {
		return Route{}, shop.E(shop.Invalid, msgBadPincode)
	}
	pickup, ok := s.pickup(ctx)
	if !ok || s.courier == nil {
		return Route{}, nil
	}
	if r, ok := s.cached(ctx, pickup, pincode); ok {
		return r, nil
	}
	done := s.flights.DoChan(pickup+":"+pincode, func() (any, error) { return s.lookup(pickup, pincode) })
	select {
	case res := <-done:
		if res.Err != nil {
			return Route{}, nil
		}
		return res.Val.(Route), nil
	case <-ctx.Done():
		return Route{}, nil
	}
}

// pickup is the company's pincode, where parcels leave from.
func (s *Service) pickup(ctx context.Context) (string, bool) {
	firm, err := s.company.Get(ctx)
	if err != nil || !pincodePattern.MatchString(firm.Zip) {
		return "", false
	}
	return firm.Zip, true
}

// cacheKey is the Redis key of a route's answer from this account.
func (s *Service) cacheKey(pickup, pincode string) string { return s.keys + pickup + ":" + pincode }

func (s *Service) cached(ctx context.Context, pickup, pincode string) (Route, bool) {
	if s.cache == nil {
		return Route{}, false
	}
	raw, err := s.cache.Get(ctx, s.cacheKey(pickup, pincode)).Bytes()
	if err != nil {
		return Route{}, false
	}
	var r Route
	if json.Unmarshal(raw, &r) != nil {
		return Route{}, false
	}
	return r, r.Known
}

// lookup asks the courier about the route, detached from the shopper's request so that it
// finishes into the cache after Check has answered, and keeps the answer for Config.TTL. One
// call with cod=0 lists every courier with its own COD flag, so it answers both questions.
func (s *Service) lookup(pickup, pincode string) (Route, error) {
	ctx, cancel := context.WithTimeout(context.Background(), s.cfg.Timeout)
	defer cancel()
	answer, err := s.courier.Serviceability(ctx, s.cfg.Credentials, pickup, pincode, false, s.cfg.WeightKg)
	if err != nil {
		return Route{}, err
	}
	r := routeOf(answer)
	if s.cache != nil {
		raw, err := json.Marshal(r)
		if err != nil {
			return Route{}, err
		}
		if err := s.cache.Set(ctx, s.cacheKey(pickup, pincode), raw, s.cfg.TTL).Err(); err != nil && !errors.Is(err, context.Canceled) {
			return r, nil // the answer stands; the next ask asks again
		}
	}
	return r, nil
}

// routeOf reads a serviceability answer: the days of the courier the parcel would go with —
// Shiprocket's recommended one, or, when it is not eligible (it collects no cash), the
// cheapest eligible one (the faster on equal rates). Promising an air courier's days for a
// parcel sent by surface would promise too early.
func routeOf(a shiprocket.Serviceability) Route {
	r := Route{Known: true, Serviceable: len(a.Couriers) > 0}
	pick := func(cod bool) int {
		var best *shiprocket.Courier
		for i, c := range a.Couriers {
			if cod && !c.COD {
				continue
			}
			if c.ID == a.RecommendedCourierID {
				return max(1, c.EstimatedDeliveryDays)
			}
			if best == nil || c.Rate < best.Rate || (c.Rate == best.Rate && c.EstimatedDeliveryDays < best.EstimatedDeliveryDays) {
				best = &a.Couriers[i]
			}
		}
		if best == nil {
			return 0
		}
		return max(1, best.EstimatedDeliveryDays)
	}
	r.Days, r.CODDays = pick(false), pick(true)
	r.COD = r.CODDays > 0
	return r
}
