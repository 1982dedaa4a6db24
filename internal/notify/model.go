package notify

import "time"

// The kinds of message, one message template each (table message_templates).
const (
	KindOrderPlaced    = "order_placed"           // vars: order number, amount, tracking link
	KindShipped        = "order_shipped"          // vars: order number, tracking link
	KindOutForDelivery = "order_out_for_delivery" // vars: order number
	KindDelivered      = "order_delivered"        // vars: order number
	KindCODConfirm     = "cod_confirm"            // vars: order number, confirmation link
	KindNDR            = "ndr"                    // vars: order number, link to answer the failed delivery
	KindSaleOffer      = "sale_offer"             // vars: sale name, discount percent, link (marketing: only with consent)
)

// Message is a WhatsApp or SMS message to send once per (Kind, Ref): queuing the same kind
// about the same thing again does nothing.
type Message struct {
	Kind   string   // one of the Kind constants
	Ref    string   // the id of what it is about (an order id)
	UserID string   // whose channel choice applies; empty: the default (WhatsApp)
	Phone  string   // the shopper's mobile as typed: 10 digits, +91…, 0… or 91…
	Vars   []string // the template's variables, in order (see the Kind constants)
	// Buttons are the payloads of the WhatsApp template's quick-reply buttons, in order: what
	// the shopper's tap sends back to the shop's webhook (SMS has none).
	Buttons []string
	// Channel, when set, is the one channel the message goes on, whatever the shopper's order
	// updates choice: a marketing message goes where its shopper consented (package privacy).
	Channel Channel
}

// Channel is how a shopper wants order updates.
type Channel string

// The channels. None is an opt-out: messages are still queued, and recorded as skipped.
const (
	WhatsApp Channel = "whatsapp"
	SMS      Channel = "sms"
	None     Channel = "none"
)

// Valid reports whether c is one of the channels.
func (c Channel) Valid() bool { return c == WhatsApp || c == SMS || c == None }

// Template is what the providers need to send a kind of message: the WhatsApp template's
// name and language, the MSG91 Flow template id and the DLT template id it is registered under.
type Template struct {
	Kind             string
	WhatsAppName     string
	WhatsAppLanguage string
	MSG91TemplateID  string
	DLTTemplateID    string
	Buttons          []string // the quick-reply buttons' payloads of this message (Message.Buttons)
}

// Waiting is a queued message not yet sent, and how often it was tried.
type Waiting struct {
	Kind, Ref string
	Attempts  int
}

// Status is where a message stands.
type Status string

// The statuses of a message (see migration 00030).
const (
	Queued  Status = "queued"
	Sending Status = "sending"
	Sent    Status = "sent"
	Skipped Status = "skipped"
	Failed  Status = "failed"
	Unknown Status = "unknown"
)

// Delivery is a provider's report of where a message it accepted stands: sent, delivered,
// read or failed (with the provider's reason).
type Delivery struct {
	Channel           Channel
	ProviderMessageID string
	Status            string
	At                time.Time
	Error             string
}

// The delivery statuses, furthest last.
var deliveryStatuses = []string{"sent", "delivered", "read", "failed"}

// Record is a message as the back office sees it: where its sending stands and what the
// provider's status callbacks last said of it.
type Record struct {
	Kind             string     `json:"kind"`
	Channel          string     `json:"channel"`
	Status           Status     `json:"status"`
	Attempts         int        `json:"attempts"`
	LastError        string     `json:"lastError,omitempty"`
	DeliveryStatus   string     `json:"deliveryStatus"` // '' until a callback came: sent, delivered, read or failed
	DeliveryStatusAt *time.Time `json:"deliveryStatusAt,omitempty"`
	DeliveryError    string     `json:"deliveryError,omitempty"`
	CreatedAt        time.Time  `json:"createdAt"`
	DoneAt           *time.Time `json:"doneAt,omitempty"`
}

// Registered is a kind of message as staff read it in the back office: the WhatsApp template
// it is sent as, the MSG91 Flow template and the DLT template id its SMS is registered under,
// and the registered text, its variables written {#var#}.
type Registered struct {
	Kind             string `json:"kind"`
	WhatsAppName     string `json:"whatsappTemplate"`
	WhatsAppLanguage string `json:"whatsappLanguage"`
	MSG91TemplateID  string `json:"msg91TemplateId"`
	DLTTemplateID    string `json:"dltTemplateId"`
	Body             string `json:"body"`
}
