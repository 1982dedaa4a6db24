package mailqueue

// Message is an e-mail to send once per (Kind, Ref): queuing the same kind about the same
// thing again does nothing.
type Message struct {
	Kind      string // what it is, e.g. "password_reset", "order_confirmation"
	Ref       string // the id of what it is about
	To        string
	Subject   string
	Text      string
	HTML      string
	Sensitive bool // holds a secret (a one-time code): its body is wiped once sent
}
