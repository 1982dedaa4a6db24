package main

// Reverse pickups of return requests (package returns, pickup.go): the courier's status
// webhook speaks of forward shipments and of return orders (is_return=1) on the same hook.

import "github.com/gofiber/fiber/v3"

// courierHook answers POST /api/hooks/courier: a return order's update moves its return
// request, any other goes to the forward shipments' handler (courierWebhook).
func (s *server) courierHook(c fiber.Ctx) error {
	isReturn, err := s.pickups.HandleStatusUpdate(c.Context(), c.Get("x-api-key"), c.Body())
	if !isReturn {
		return s.courierWebhook(c)
	}
	if err != nil {
		return err
	}
	return ok(c, "ok", nil)
}
