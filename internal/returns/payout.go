package returns

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/json"
	"errors"
	"regexp"
	"strings"

	"drape/internal/order"
	"drape/internal/returns/returnsdb"
	"drape/internal/shop"
)

// PayoutDetails is where a cash-on-delivery shopper wants a return's money: a UPI id, or a
// bank account (its IFSC and number). They are stored sealed and shown masked only.
type PayoutDetails struct {
	UPI     string `json:"upi,omitempty"`
	IFSC    string `json:"ifsc,omitempty"`
	Account string `json:"account,omitempty"`
}

// PayoutKeySize is the length of the key that seals payout details (AES-256).
const PayoutKeySize = 32

var (
	upiID       = regexp.MustCompile(`^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$`)
	ifscCode    = regexp.MustCompile(`^[A-Z]{4}0[A-Z0-9]{6}$`)
	bankAccount = regexp.MustCompile(`^[0-9]{9,18}$`)
)

// checkPayout checks the payout details an Ask about order o gives: a COD order's return needs
// a UPI id (name@bank) or a bank account (an IFSC of 11 characters, the fifth 0, and a number
// of 9 to 18 digits); others need none. It answers them tidied, nil for none.
func checkPayout(p shop.Problems, o order.Order, kind Kind, in *PayoutDetails) *PayoutDetails {
	needed := kind == Return && o.PaymentMode == order.COD
	if in == nil || (strings.TrimSpace(in.UPI) == "" && strings.TrimSpace(in.IFSC) == "" && strings.TrimSpace(in.Account) == "") {
		p.Check(needed, "payout", "Tell us where to send your refund: a UPI id or a bank account")
		return nil
	}
	if !needed {
		p.Add("payout", "Only a cash-on-delivery order's return asks where to send the refund")
		return nil
	}
	d := PayoutDetails{UPI: strings.TrimSpace(in.UPI), IFSC: strings.ToUpper(strings.TrimSpace(in.IFSC)),
		Account: strings.Join(strings.Fields(in.Account), "")}
	switch {
	case d.UPI != "" && (d.IFSC != "" || d.Account != ""):
		p.Add("payout", "Give a UPI id or a bank account, not both")
	case d.UPI != "":
		p.Check(!upiID.MatchString(d.UPI), "payout.upi", "Enter a UPI id such as name@okhdfcbank")
	default:
		p.Check(!ifscCode.MatchString(d.IFSC), "payout.ifsc", "Enter the branch's 11-character IFSC, such as HDFC0001234")
		p.Check(!bankAccount.MatchString(d.Account), "payout.account", "Enter the account number: 9 to 18 digits")
	}
	return &d
}

// Masked is d as people are shown it: a UPI id with all but the first two characters of its
// name hidden (ra****@okhdfcbank), a bank account as its IFSC and the last four digits.
func (d PayoutDetails) Masked() string {
	if d.UPI != "" {
		name, bank, _ := strings.Cut(d.UPI, "@")
		return name[:min(2, len(name))] + "****@" + bank
	}
	return "A/c ****" + d.Account[max(0, len(d.Account)-4):] + " · " + d.IFSC
}

// seal encrypts d with key (AES-256-GCM): a random nonce, then the ciphertext.
func seal(key []byte, d PayoutDetails) ([]byte, error) {
	aead, err := payoutCipher(key)
	if err != nil {
		return nil, err
	}
	plain, err := json.Marshal(d)
	if err != nil {
		return nil, err
	}
	nonce := make([]byte, aead.NonceSize(), aead.NonceSize()+len(plain)+aead.Overhead())
	if _, err := rand.Read(nonce); err != nil {
		return nil, err
	}
	return aead.Seal(nonce, nonce, plain, nil), nil
}

// openPayout decrypts what seal sealed with key.
func openPayout(key, sealed []byte) (PayoutDetails, error) {
	aead, err := payoutCipher(key)
	if err != nil {
		return PayoutDetails{}, err
	}
	if len(sealed) < aead.NonceSize() {
		return PayoutDetails{}, errors.New("returns: sealed payout details are too short")
	}
	plain, err := aead.Open(nil, sealed[:aead.NonceSize()], sealed[aead.NonceSize():], nil)
	if err != nil {
		return PayoutDetails{}, err
	}
	var d PayoutDetails
	return d, json.Unmarshal(plain, &d)
}

func payoutCipher(key []byte) (cipher.AEAD, error) {
	if len(key) != PayoutKeySize {
		return nil, shop.E(shop.Unavailable, "Refund details cannot be stored right now")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

// sealPayout checks a's payout details against order o (checkPayout) and seals them for
// request id: the row to insert with the request, nil when none are needed. Errors: Invalid
// naming payout, payout.upi, payout.ifsc or payout.account; Unavailable without a key.
func (s *Service) sealPayout(o order.Order, a Ask, id string) (*returnsdb.InsertPayoutParams, error) {
	p := shop.Problems{}
	d := checkPayout(p, o, a.Kind, a.Payout)
	if err := p.Err(); err != nil || d == nil {
		return nil, err
	}
	sealed, err := seal(s.cfg.PayoutKey, *d)
	if err != nil {
		return nil, err
	}
	return &returnsdb.InsertPayoutParams{RequestID: id, Sealed: sealed, Masked: d.Masked()}, nil
}

// RevealedPayout is a cash-on-delivery return's payout details in full, for the admin who
// pays them: the request, the UPI id or the bank account, and the masked form everyone else sees.
type RevealedPayout struct {
	RequestID string `json:"_id"`
	Number    string `json:"returnId"`
	PayoutDetails
	Masked string `json:"masked"`
}

// RevealPayout opens request requestID's sealed payout details for an admin to pay them
// (the server allows admins only and records each reveal in the audit log). Errors: NotFound
// when there is no such request or it has no payout details (only a cash-on-delivery return
// has them); Unavailable without the key that sealed them or when the database is.
func (s *Service) RevealPayout(ctx context.Context, requestID string) (RevealedPayout, error) {
	r, err := s.Request(ctx, requestID)
	if err != nil {
		return RevealedPayout{}, err
	}
	row, err := s.store.q.SealedPayout(ctx, r.ID)
	if shop.Is(err, shop.NotFound) {
		return RevealedPayout{}, shop.E(shop.NotFound, "Return request %s has no payout details: only a cash-on-delivery return has them", r.Number)
	} else if err != nil {
		return RevealedPayout{}, err
	}
	if _, err := payoutCipher(s.cfg.PayoutKey); err != nil {
		return RevealedPayout{}, err
	}
	d, err := openPayout(s.cfg.PayoutKey, row.Sealed)
	if err != nil {
		return RevealedPayout{}, shop.E(shop.Unavailable, "The payout details of return request %s cannot be read with this key", r.Number)
	}
	return RevealedPayout{RequestID: r.ID, Number: r.Number, PayoutDetails: d, Masked: row.Masked}, nil
}
