package returns

import "context"

// StaffRequest is the request with id as the back office opens it: with its lines, steps,
// order number and the account that asked. Errors: NotFound 'Return request not found'.
func (s *Service) StaffRequest(ctx context.Context, id string) (Request, error) {
	r, err := s.Request(ctx, id)
	if err != nil {
		return Request{}, err
	}
	u, err := s.store.q.RequestCustomer(ctx, id)
	if err != nil {
		return Request{}, err
	}
	r.Customer = &Customer{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email}
	return r, nil
}
