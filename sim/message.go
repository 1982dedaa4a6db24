package main

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"slices"
	"strings"
	"time"
)

// maxPartDepth bounds how deeply nested multiparts are walked.
const maxPartDepth = 8

// message is one mail accepted by the SMTP sink, decoded for reading.
type message struct {
	ID string `json:"id"`
	// From is the From header (display name decoded), or the envelope sender when absent.
	From string `json:"from"`
	// To is the envelope recipients (RCPT TO), so Bcc recipients are included.
	To      []string `json:"to"`
	Subject string   `json:"subject"`
	// Text and HTML are the first inline text/plain and text/html parts, transfer-
	// and charset-decoded. The line break ending the data is dropped, so a
	// single-part body reads like a multipart one (whose parts end before "--boundary").
	Text    string              `json:"text"`
	HTML    string              `json:"html"`
	Headers map[string][]string `json:"headers"`
	// Raw is the message as received after dot-unstuffing, with lines ending in "\n".
	Raw        string    `json:"raw"`
	ReceivedAt time.Time `json:"receivedAt"`
}

// headerDecoder decodes RFC 2047 encoded words in UTF-8, ISO-8859-1 and US-ASCII.
var headerDecoder = new(mime.WordDecoder)

// parseMessage decodes raw into a message. It never fails: a message whose
// header cannot be parsed keeps its whole raw text as Text.
func parseMessage(raw []byte, sender string, recipients []string, receivedAt time.Time) *message {
	msg := &message{
		ID:         newMessageID(),
		From:       sender,
		To:         slices.Clone(recipients),
		Headers:    map[string][]string{},
		Raw:        string(raw),
		ReceivedAt: receivedAt.UTC(),
	}
	parsed, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		msg.Text = string(raw)
		return msg
	}
	msg.Headers = parsed.Header
	msg.Subject = decodeHeader(parsed.Header.Get("Subject"))
	if from := parsed.Header.Get("From"); from != "" {
		msg.From = displayAddresses(from)
	}
	body, _ := io.ReadAll(parsed.Body)
	body = bytes.TrimSuffix(body, []byte("\n"))
	collectBodies(textproto.MIMEHeader(parsed.Header), bytes.NewReader(body), msg, 0)
	return msg
}

func newMessageID() string {
	id := make([]byte, 8)
	rand.Read(id)
	return hex.EncodeToString(id)
}

func decodeHeader(value string) string {
	decoded, err := headerDecoder.DecodeHeader(value)
	if err != nil {
		return value
	}
	return decoded
}

// displayAddresses renders an address-list header as "Name <addr>, addr".
func displayAddresses(value string) string {
	addresses, err := mail.ParseAddressList(value)
	if err != nil {
		return decodeHeader(value)
	}
	shown := make([]string, len(addresses))
	for i, address := range addresses {
		shown[i] = address.Address
		if address.Name != "" {
			shown[i] = fmt.Sprintf("%s <%s>", address.Name, address.Address)
		}
	}
	return strings.Join(shown, ", ")
}

// collectBodies walks a MIME entity and fills msg.Text and msg.HTML from the
// first inline text/plain and text/html parts found, depth first.
func collectBodies(header textproto.MIMEHeader, body io.Reader, msg *message, depth int) {
	mediaType, params, err := mime.ParseMediaType(header.Get("Content-Type"))
	if err != nil {
		mediaType, params = "text/plain", nil
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		if depth >= maxPartDepth || params["boundary"] == "" {
			return
		}
		parts := multipart.NewReader(body, params["boundary"])
		for {
			part, err := parts.NextRawPart()
			if err != nil {
				return
			}
			collectBodies(part.Header, part, msg, depth+1)
		}
	}
	if isAttachment(header) {
		return
	}
	switch {
	case mediaType == "text/plain" && msg.Text == "":
		msg.Text = readText(header, params["charset"], body)
	case mediaType == "text/html" && msg.HTML == "":
		msg.HTML = readText(header, params["charset"], body)
	}
}

func isAttachment(header textproto.MIMEHeader) bool {
	disposition, _, err := mime.ParseMediaType(header.Get("Content-Disposition"))
	return err == nil && disposition == "attachment"
}

// readText undoes the part's transfer encoding and charset. Undecodable input
// yields whatever was decoded before the fault.
func readText(header textproto.MIMEHeader, charset string, body io.Reader) string {
	switch strings.ToLower(strings.TrimSpace(header.Get("Content-Transfer-Encoding"))) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	content, _ := io.ReadAll(body)
	switch strings.ToLower(charset) {
	case "iso-8859-1", "latin1", "latin-1":
		runes := make([]rune, len(content))
		for i, b := range content {
			runes[i] = rune(b)
		}
		return string(runes)
	}
	return string(content)
}
