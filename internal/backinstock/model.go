package backinstock

import "time"

// Request is a shopper's ask to be told when size Size of product ProductID is back. A
// signed-in shopper gives UserID and Email is their account's; a guest gives Email only.
type Request struct {
	ProductID string
	Size      string
	Email     string
	UserID    string
}

// Alert is a waiting request as the shopper sees it once asked.
type Alert struct {
	ID           string    `json:"id"`
	ProductID    string    `json:"productId"`
	Size         string    `json:"size"`
	Email        string    `json:"email"`
	AskedAt      time.Time `json:"askedAt"`
	AlreadyAsked bool      `json:"alreadyAsked"` // this e-mail was already waiting for this size
}

// Restock is a rise of one size's stock: Units came back. ID names the rise (the job's), so
// acting on it twice is acting once.
type Restock struct {
	ID        string
	ProductID string
	Size      string
	Units     int
}

// Stopped is the answer to the stop link in a back-in-stock mail.
type Stopped struct {
	Email   string `json:"email"`   // the e-mail whose alerts the link stops, partly hidden
	Waiting int    `json:"waiting"` // its requests still waiting (0 once stopped)
	Stopped int    `json:"stopped"` // how many this call stopped
}

// SizeDemand is how many requests wait for one size of a product, for the back office.
type SizeDemand struct {
	Size    string    `json:"size"`
	Waiting int       `json:"waiting"`
	Oldest  time.Time `json:"oldest"` // when the longest-waiting request was made
}
