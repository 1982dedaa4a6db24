package shipping

import (
	"context"

	"drape/internal/order"
)

// Observer hears every courier report about a forward shipment after its order applied it
// (package ndr records failed delivery attempts from them).
type Observer interface {
	Observe(ctx context.Context, r order.CourierReport) error
}

// ReportTo makes every courier report go to o too, after the order applied it. Call it while
// wiring, before the service is used.
func (s *Service) ReportTo(o Observer) { s.observer = o }

// apply applies courier report r to its order, then tells the observer.
func (s *Service) apply(ctx context.Context, r order.CourierReport) error {
	if _, err := s.orders.ApplyCourierReport(ctx, r); err != nil {
		return err
	}
	if s.observer == nil {
		return nil
	}
	return s.observer.Observe(ctx, r)
}
