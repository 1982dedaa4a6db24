package main

import (
	"context"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v3"

	"drape/internal/shop"
)

// allow counts one request against key's budget of limit per window, in Redis so every server
// shares the count (fixed windows). When the budget is spent it answers TooMany and sets
// Retry-After. When Redis is down the request is let through: a limiter must not take the
// shop down with it.
func (s *server) allow(c fiber.Ctx, key string, limit int64, window time.Duration) error {
	_, err := s.take(c, key, limit, window)
	return err
}

// allowGuess is allow for a password guess: the attempt is counted at once (so a burst of
// guesses cannot slip past the limit), and forgive takes it back when the password was right,
// so that only wrong guesses use up the budget and nobody is locked out by signing in often.
func (s *server) allowGuess(c fiber.Ctx, key string, limit int64, window time.Duration) (forgive func(), err error) {
	counted, err := s.take(c, key, limit, window)
	if err != nil {
		return nil, err
	}
	return func() {
		if counted != "" {
			ctx, cancel := context.WithTimeout(context.WithoutCancel(c.Context()), 500*time.Millisecond)
			defer cancel()
			s.redis.Decr(ctx, counted)
		}
	}, nil
}

// take counts one request against key's window and returns the Redis key it was counted under
// ("" when Redis could not count it), or TooMany when the budget is spent.
func (s *server) take(c fiber.Ctx, key string, limit int64, window time.Duration) (string, error) {
	slot := time.Now().Unix() / int64(window.Seconds())
	full := "ratelimit:" + key + ":" + strconv.FormatInt(slot, 10)
	ctx, cancel := context.WithTimeout(c.Context(), 500*time.Millisecond)
	defer cancel()
	pipe := s.redis.TxPipeline()
	count := pipe.Incr(ctx, full)
	pipe.Expire(ctx, full, window+time.Minute)
	if _, err := pipe.Exec(ctx); err != nil {
		return "", nil
	}
	if count.Val() <= limit {
		return full, nil
	}
	retry := int64(window.Seconds()) - time.Now().Unix()%int64(window.Seconds())
	c.Set(fiber.HeaderRetryAfter, strconv.FormatInt(retry, 10))
	return "", shop.E(shop.TooMany, "Too many attempts. Please wait %s and try again.", waitText(retry))
}

func waitText(seconds int64) string {
	if seconds <= 60 {
		return "a minute"
	}
	return strconv.FormatInt((seconds+59)/60, 10) + " minutes"
}

// perIP limits an endpoint to limit requests per window from one client address.
func (s *server) perIP(name string, limit int64, window time.Duration) fiber.Handler {
	return func(c fiber.Ctx) error {
		if err := s.allow(c, name+":ip:"+c.IP(), limit, window); err != nil {
			return err
		}
		return c.Next()
	}
}
