package order

import (
	"context"
	"strings"
)

// ByNumber is order number as it is now, for the courier's reports about it (package ndr).
// Errors: NotFound 'Order not found'.
func (s *Service) ByNumber(ctx context.Context, number string) (Order, error) {
	row, err := s.store.q.OrderByNumber(ctx, strings.TrimSpace(number))
	if err != nil {
		return Order{}, notFound(err)
	}
	return s.get(ctx, s.store.q, row)
}
