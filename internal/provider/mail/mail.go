// Package mail sends the shop's e-mail (sign-in codes, order and shipping
// notices) to an SMTP server: a real relay in production, sim's SMTP sink in
// development and tests.
//
// It is a thin client over github.com/wneessen/go-mail. A Sender is built once
// from Config and is safe for concurrent use; every Send opens its own
// connection and is bounded by Timeout. Input is checked before any network
// call: a bad recipient yields ErrInvalidRecipient, a malformed message
// ErrInvalidMessage, so callers can tell permanent faults from retryable ones.
package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	netmail "net/mail"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// Timeout bounds one Send: dialling, TLS, AUTH and delivery together.
const Timeout = 10 * time.Second

// TLS modes accepted in Config.TLS.
const (
	// TLSNone sends in clear text; only for a local server such as sim.
	TLSNone = "none"
	// TLSStartTLS requires the server to upgrade the connection with STARTTLS (usually port 587).
	TLSStartTLS = "starttls"
	// TLSImplicit opens the connection with TLS from the first byte (usually port 465).
	TLSImplicit = "tls"
)

// ErrInvalidRecipient is wrapped by Send when Message.To is not a valid address;
// retrying cannot help.
var ErrInvalidRecipient = errors.New("mail: invalid recipient address")

// ErrInvalidMessage is wrapped by Send when the subject or body is unusable;
// retrying cannot help.
var ErrInvalidMessage = errors.New("mail: invalid message")

// Config says where and how to deliver mail.
type Config struct {
	// Host is the SMTP server's host name or IP address.
	Host string
	// Port is the SMTP server's TCP port (1–65535).
	Port int
	// Username and Password are used for AUTH PLAIN when Username is set.
	Username, Password string
	// From is the sender, e.g. "drape <orders@drape.in>".
	From string
	// TLS is TLSNone, TLSStartTLS or TLSImplicit; empty means TLSStartTLS.
	TLS string
}

// Message is one e-mail to one recipient. Text, HTML or both must be set;
// with both the mail is multipart/alternative.
type Message struct {
	// To is the recipient address, e.g. "asha@example.com" or "Asha <asha@example.com>".
	To string
	// Subject is a single line; non-ASCII is encoded for the header.
	Subject string
	// Text is the plain-text body.
	Text string
	// HTML is the HTML body.
	HTML string
	// Attachments are files sent with the message (an invoice's PDF); with any the mail is
	// multipart/mixed.
	Attachments []Attachment
	// ID, when set, is the Message-ID's value (without angle brackets): the same message sent
	// again carries the same one, so a mailbox that has it already (Gmail, sim) shows it once.
	// Empty: a fresh one.
	ID string
}

// Attachment is a file attached to a Message.
type Attachment struct {
	// Name is the file's name as the recipient sees it, e.g. "JF-26-27-000123.pdf".
	Name string
	// ContentType is its media type, e.g. "application/pdf".
	ContentType string
	// Data is the file.
	Data []byte
}

// Sender delivers Messages through one configured SMTP server.
type Sender struct {
	client *gomail.Client
	from   *netmail.Address
}

// New checks cfg, reporting every problem at once, and returns a Sender. It
// does not connect.
func New(cfg Config) (*Sender, error) {
	var problems []error
	if strings.TrimSpace(cfg.Host) == "" {
		problems = append(problems, errors.New("host is empty"))
	}
	if cfg.Port < 1 || cfg.Port > 65535 {
		problems = append(problems, fmt.Errorf("port %d is not in 1..65535", cfg.Port))
	}
	from, err := netmail.ParseAddress(cfg.From)
	if err != nil {
		problems = append(problems, fmt.Errorf("from address %q: %w", cfg.From, err))
	}
	if cfg.Password != "" && cfg.Username == "" {
		problems = append(problems, errors.New("password given without username"))
	}
	mode := strings.ToLower(strings.TrimSpace(cfg.TLS))
	if mode == "" {
		mode = TLSStartTLS
	}
	options := []gomail.Option{gomail.WithPort(cfg.Port), gomail.WithTimeout(Timeout)}
	switch mode {
	case TLSNone:
		options = append(options, gomail.WithTLSPolicy(gomail.NoTLS))
	case TLSStartTLS:
		options = append(options, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case TLSImplicit:
		options = append(options, gomail.WithSSL())
	default:
		problems = append(problems, fmt.Errorf("tls mode %q is not %q, %q or %q", cfg.TLS, TLSNone, TLSStartTLS, TLSImplicit))
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("mail: bad config: %w", errors.Join(problems...))
	}

	if cfg.Username != "" {
		auth := gomail.SMTPAuthPlain
		if mode == TLSNone {
			auth = gomail.SMTPAuthPlainNoEnc
		}
		options = append(options,
			gomail.WithSMTPAuth(auth), gomail.WithUsername(cfg.Username), gomail.WithPassword(cfg.Password))
	}
	client, err := gomail.NewClient(cfg.Host, options...)
	if err != nil {
		return nil, fmt.Errorf("mail: new client: %w", err)
	}
	return &Sender{client: client, from: from}, nil
}

// Send delivers m, returning once the server has accepted it. The recipient
// and message are checked before any network call; errors wrap their cause.
func (s *Sender) Send(ctx context.Context, m Message) error {
	to, err := netmail.ParseAddress(m.To)
	if err != nil {
		return fmt.Errorf("%w %q: %w", ErrInvalidRecipient, m.To, err)
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		return fmt.Errorf("%w: subject has a line break", ErrInvalidMessage)
	}
	if m.Text == "" && m.HTML == "" {
		return fmt.Errorf("%w: no text or HTML body", ErrInvalidMessage)
	}
	for _, a := range m.Attachments {
		if a.Name == "" || strings.ContainsAny(a.Name, "\r\n\"/\\") || a.ContentType == "" || len(a.Data) == 0 {
			return fmt.Errorf("%w: attachment %q needs a plain name, a content type and data", ErrInvalidMessage, a.Name)
		}
	}

	msg := gomail.NewMsg()
	msg.FromMailAddress(s.from)
	msg.ToMailAddress(to)
	msg.Subject(m.Subject)
	msg.SetDate()
	if m.ID != "" {
		msg.SetMessageIDWithValue(m.ID)
	} else {
		msg.SetMessageID()
	}
	switch {
	case m.Text != "" && m.HTML != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	case m.Text != "":
		msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	default:
		msg.SetBodyString(gomail.TypeTextHTML, m.HTML)
	}

	for _, a := range m.Attachments {
		if err := msg.AttachReader(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType))); err != nil {
			return fmt.Errorf("%w: attachment %q: %w", ErrInvalidMessage, a.Name, err)
		}
	}

	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	if err := s.client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail: send to %s: %w", to.Address, err)
	}
	return nil
}
