package payment

import (
	"drape/internal/order"
)

// Checkout is what the browser needs to open the gateway's checkout for an order (the
// amount in paise, as the gateway takes it).
type Checkout struct {
	OrderID         string      `json:"orderId"`
	RazorpayOrderID string      `json:"razorpayOrderId"`
	Key             string      `json:"key"`
	Amount          int64       `json:"amount"`
	Currency        string      `json:"currency"`
	Name            string      `json:"name"`
	Description     string      `json:"description"`
	Prefill         Prefill     `json:"prefill"`
	Order           order.Order `json:"order"`
}

// Prefill fills the gateway's form for the shopper.
type Prefill struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Contact string `json:"contact"`
}

// Config is the gateway account.
type Config struct {
	KeyID         string
	KeySecret     string
	WebhookSecret string
	MerchantName  string
}
