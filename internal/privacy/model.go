package privacy

import (
	"time"

	"drape/internal/account"
	"drape/internal/address"
	"drape/internal/backinstock"
	"drape/internal/grievance"
	"drape/internal/order"
	"drape/internal/returns"
	"drape/internal/review"
)

// Channel is a way marketing messages reach a shopper.
type Channel string

// The marketing channels, each with its own opt-in.
const (
	Email    Channel = "email"
	WhatsApp Channel = "whatsapp"
	SMS      Channel = "sms"
)

// Channels are the marketing channels in the order forms show them.
var Channels = []Channel{Email, WhatsApp, SMS}

// Wording is what a shopper is shown beside a channel's tick box, under a version: a consent
// records both, so what was agreed to can be shown later word for word.
type Wording struct {
	Channel Channel `json:"channel"`
	Version string  `json:"version"`
	Text    string  `json:"text"`
}

// Consent is one choice a shopper made for a channel: given (Granted) or withdrawn, where
// (signup or account) and the wording they saw.
type Consent struct {
	Channel        Channel   `json:"channel"`
	Granted        bool      `json:"granted"`
	Source         string    `json:"source"`
	WordingVersion string    `json:"wordingVersion"`
	Wording        string    `json:"wording"`
	At             time.Time `json:"at"`
}

// Sources of a consent.
const (
	SourceSignup  = "signup"
	SourceAccount = "account"
)

// Marketing is a shopper's marketing choices: the choice in force per channel (a channel never
// chosen is off), the wording the account page shows, and every choice made.
type Marketing struct {
	Channels map[Channel]bool `json:"channels"`
	Wordings []Wording        `json:"wordings"`
	History  []Consent        `json:"history"`
}

// Choice is a shopper's answer for some channels, given under the wording version they saw.
type Choice struct {
	Channels map[Channel]bool
	Version  string
	Source   string
}

// Request kinds and statuses of the request log.
const (
	KindExport   = "export"
	KindErase    = "erase"
	KindWithdraw = "withdraw"

	StatusReceived  = "received"
	StatusCompleted = "completed"
)

// Request is one entry of the request log: a data download, an erasure or a withdrawal of
// marketing consent.
type Request struct {
	ID          string     `json:"id"`
	Kind        string     `json:"kind"`
	Status      string     `json:"status"`
	Detail      string     `json:"detail,omitempty"`
	RequestedAt time.Time  `json:"requestedAt"`
	CompletedAt *time.Time `json:"completedAt,omitempty"`
}

// StaffRequest is a request as the back office lists it, with the account it is about.
type StaffRequest struct {
	Request
	UserID string `json:"userId"`
	Email  string `json:"email"`
}

// StaffRequests is one page of the request log.
type StaffRequests struct {
	Items      []StaffRequest `json:"items"`
	Page       int            `json:"page"`
	TotalPages int            `json:"totalPages"`
	Total      int64          `json:"total"`
}

// Export is everything the shop keeps of one shopper, as their data download gives it.
type Export struct {
	ExportedAt     time.Time             `json:"exportedAt"`
	Profile        account.User          `json:"profile"`
	Addresses      []address.Address     `json:"addresses"`
	Orders         []order.Order         `json:"orders"`
	ReturnRequests []returns.Request     `json:"returnRequests"`
	Reviews        []review.Review       `json:"reviews"`
	Wishlist       []string              `json:"wishlist"` // product ids
	RestockAlerts  []backinstock.Asked   `json:"backInStockRequests"`
	OrderUpdates   string                `json:"orderUpdatesChannel"`
	Marketing      []Consent             `json:"marketingConsents"`
	MarketingSent  []Sent                `json:"marketingMessagesSent"`
	Requests       []Request             `json:"privacyRequests"`
	Complaints     []grievance.Complaint `json:"complaints"`
}

// Sent is a marketing message the shopper was sent: its campaign (sale:<id>) and channel.
type Sent struct {
	Campaign string    `json:"campaign"`
	Channel  Channel   `json:"channel"`
	At       time.Time `json:"at"`
}
