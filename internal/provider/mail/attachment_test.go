package mail

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
)

// TestSendAttachesFiles: a message with an attachment reaches sim's mailbox as
// multipart/mixed, its body readable as before and the file attached under its name and type
// with its bytes intact; an attachment without a plain name is refused.
func TestSendAttachesFiles(t *testing.T) {
	addrs := startSim(t)
	sender := newSimSender(t, addrs, "", "")
	file := []byte("%PDF-1.3 invoice JF/26-27/000001 ₹4,597.00")
	err := sender.Send(context.Background(), Message{To: "ira@example.in", Subject: "Your tax invoice", Text: "Attached.",
		Attachments: []Attachment{{Name: "JF-26-27-000001.pdf", ContentType: "application/pdf", Data: file}}})
	if err != nil {
		t.Fatal(err)
	}
	got := mailTo(t, addrs, "ira@example.in")
	if len(got) != 1 {
		t.Fatalf("mailbox holds %d messages, want 1", len(got))
	}
	resp, err := http.Get(addrs.mailboxAt + "/" + got[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var full struct {
		Raw string `json:"raw"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&full); err != nil {
		t.Fatal(err)
	}
	raw := full.Raw
	for _, want := range []string{"multipart/mixed", `Content-Type: application/pdf; name="JF-26-27-000001.pdf"`,
		`Content-Disposition: attachment; filename="JF-26-27-000001.pdf"`, base64.StdEncoding.EncodeToString(file)} {
		if !strings.Contains(raw, want) {
			t.Errorf("the mail lacks %q:\n%s", want, raw)
		}
	}
	if got[0].Text != "Attached." {
		t.Errorf("text = %q", got[0].Text)
	}

	err = sender.Send(context.Background(), Message{To: "ira@example.in", Subject: "s", Text: "t",
		Attachments: []Attachment{{Name: "a\r\nBcc: x@example.com", ContentType: "application/pdf", Data: file}}})
	if !errors.Is(err, ErrInvalidMessage) {
		t.Fatalf("a name with a line break: %v", err)
	}
}
