// Package address keeps shoppers' shipping addresses in India. It guarantees that every query
// is filtered by the owner's id in SQL (another user's address is simply not found), that every
// stored address passes SPEC §5's rules (required fields, a state or union territory from the
// fixed list, a 6-digit pincode India Post places in that state, an Indian mobile number), and
// that a user has at most one default.
package address

import (
	"context"
	_ "embed"
	"encoding/json"
	"net/mail"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"drape/internal/address/addressdb"
	"drape/internal/platform/postgres"
	"drape/internal/shop"
)

//go:embed states.json
var statesJSON []byte

// States are India's states and union territories, in the order forms list them. The client
// reads the same file.
var States = func() []string {
	var s []string
	if err := json.Unmarshal(statesJSON, &s); err != nil {
		panic("address: states.json: " + err.Error())
	}
	return s
}()

// MaxPerUser bounds how many addresses one account keeps.
const MaxPerUser = 20

// Service is the address use cases.
type Service struct {
	pool *pgxpool.Pool
	q    *addressdb.Queries
}

// NewService makes the address service.
func NewService(pool *pgxpool.Pool) *Service {
	return &Service{pool: pool, q: addressdb.New(postgres.Translating(pool))}
}

// List is the user's addresses, the default first.
func (s *Service) List(ctx context.Context, userID string) ([]Address, error) {
	rows, err := s.q.AddressesOf(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]Address, len(rows))
	for i, r := range rows {
		out[i] = toAddress(r)
	}
	return out, nil
}

// Get is one of the user's addresses. Errors: NotFound (also for another user's address).
func (s *Service) Get(ctx context.Context, userID, id string) (Address, error) {
	if !shop.IsID(id) {
		return Address{}, shop.E(shop.NotFound, "Address not found")
	}
	a, err := s.q.AddressOf(ctx, addressdb.AddressOfParams{ID: id, UserID: userID})
	if shop.Is(err, shop.NotFound) {
		return Address{}, shop.E(shop.NotFound, "Address not found")
	}
	return toAddress(a), err
}

// Add saves a new address for the user. Errors: Invalid (fields), Conflict past MaxPerUser.
func (s *Service) Add(ctx context.Context, userID string, in Input) (Address, error) {
	if err := in.validate(); err != nil {
		return Address{}, err
	}
	id := shop.NewID()
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		n, err := q.CountAddresses(ctx, userID)
		if err != nil {
			return err
		}
		if n >= MaxPerUser {
			return shop.E(shop.Conflict, "You can keep up to %d addresses. Delete one to add another.", MaxPerUser)
		}
		in.IsDefault = in.IsDefault || n == 0
		if err := q.InsertAddress(ctx, insertParams(id, userID, in)); err != nil {
			return err
		}
		if in.IsDefault {
			return q.ClearDefaultAddress(ctx, addressdb.ClearDefaultAddressParams{UserID: userID, KeepID: id})
		}
		return nil
	})
	if err != nil {
		return Address{}, err
	}
	return s.Get(ctx, userID, id)
}

// Update replaces one of the user's addresses. Errors: Invalid, NotFound.
func (s *Service) Update(ctx context.Context, userID, id string, in Input) (Address, error) {
	if !shop.IsID(id) {
		return Address{}, shop.E(shop.NotFound, "Address not found")
	}
	if err := in.validate(); err != nil {
		return Address{}, err
	}
	err := postgres.InTx(ctx, s.pool, func(tx pgx.Tx) error {
		q := s.q.WithTx(tx)
		p := insertParams(id, userID, in)
		n, err := q.UpdateAddress(ctx, addressdb.UpdateAddressParams{ID: id, UserID: userID, FirstName: p.FirstName,
			LastName: p.LastName, Address1: p.Address1, Address2: p.Address2, City: p.City, State: p.State,
			Pincode: p.Pincode, Email: p.Email, Type: p.Type, Phone: p.Phone, Landmark: p.Landmark, IsDefault: p.IsDefault})
		if err != nil {
			return err
		}
		if n == 0 {
			return shop.E(shop.NotFound, "Address not found")
		}
		if in.IsDefault {
			return q.ClearDefaultAddress(ctx, addressdb.ClearDefaultAddressParams{UserID: userID, KeepID: id})
		}
		return nil
	})
	if err != nil {
		return Address{}, err
	}
	return s.Get(ctx, userID, id)
}

// Delete removes one of the user's addresses. Errors: NotFound.
func (s *Service) Delete(ctx context.Context, userID, id string) error {
	if !shop.IsID(id) {
		return shop.E(shop.NotFound, "Address not found")
	}
	n, err := s.q.DeleteAddress(ctx, addressdb.DeleteAddressParams{ID: id, UserID: userID})
	if err != nil {
		return err
	}
	if n == 0 {
		return shop.E(shop.NotFound, "Address not found")
	}
	return nil
}

func insertParams(id, userID string, in Input) addressdb.InsertAddressParams {
	return addressdb.InsertAddressParams{ID: id, UserID: userID, FirstName: in.FirstName, LastName: in.LastName,
		Address1: in.Address1, Address2: in.Address2, City: in.City, State: in.State, Pincode: in.Pincode,
		Email: strings.ToLower(in.Email), Type: in.Type, Phone: in.Phone, Landmark: in.Landmark, IsDefault: in.IsDefault}
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// validate applies SPEC §5's address rules, trimming fields: the pincode must be one of the
// chosen state's (PincodeStates) and the phone an Indian mobile number, kept as its 10 digits
// (see mobileProblem).
func (in *Input) validate() error {
	for _, f := range []*string{&in.FirstName, &in.LastName, &in.Address1, &in.Address2, &in.City, &in.State, &in.Pincode, &in.Email, &in.Type, &in.Phone, &in.Landmark} {
		*f = strings.TrimSpace(*f)
	}
	phoneProblem := ""
	if in.Phone != "" {
		phoneProblem = mobileProblem(&in.Phone)
	}
	p := shop.Problems{}
	p.Required(map[string]string{"firstName": in.FirstName, "lastName": in.LastName, "address1": in.Address1,
		"address2": in.Address2, "city": in.City, "state": in.State, "pincode": in.Pincode, "email": in.Email,
		"type": in.Type, "phone": in.Phone})
	for field, v := range map[string]string{"firstName": in.FirstName, "lastName": in.LastName, "address1": in.Address1,
		"address2": in.Address2, "city": in.City, "landmark": in.Landmark} {
		p.Check(utf8.RuneCountInString(v) > 200, field, field+" is too long")
	}
	p.Check(in.State != "" && !slices.Contains(States, in.State), "state", "Choose a state or union territory of India")
	p.Check(in.Pincode != "" && !allDigits(in.Pincode), "pincode", "Pincode must contain only numbers")
	p.Check(allDigits(in.Pincode) && (len(in.Pincode) != 6 || in.Pincode[0] == '0'), "pincode", "Pincode must be 6 digits")
	if in.State != "" && slices.Contains(States, in.State) && allDigits(in.Pincode) && len(in.Pincode) == 6 && in.Pincode[0] != '0' {
		problem := pincodeProblem(in.Pincode, in.State)
		p.Check(problem != "", "pincode", problem)
	}
	p.Check(phoneProblem != "", "phone", phoneProblem)
	if in.Email != "" {
		addr, err := mail.ParseAddress(in.Email)
		p.Check(err != nil || addr.Address != in.Email, "email", "Enter a valid email address")
	}
	p.Check(in.Type != "" && !slices.Contains(Types, in.Type), "type", "type must be primary, home or work")
	return p.Err()
}
