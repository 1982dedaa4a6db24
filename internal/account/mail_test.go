package account

import (
	"strings"
	"testing"

	"drape/internal/account/accountdb"
)

// TestResetMailEscapesName: a first name written like markup shows as text in the reset mail.
func TestResetMailEscapesName(t *testing.T) {
	m := resetMail(accountdb.User{FirstName: `<img src=x onerror=alert(1)>`, Email: "a@example.in"}, "r1", "123456")
	if strings.Contains(m.HTML, "<img") || !strings.Contains(m.HTML, "Hello &lt;img src=x onerror=alert(1)&gt;,") || !strings.Contains(m.HTML, "<strong>123456</strong>") {
		t.Fatalf("reset mail:\n%s", m.HTML)
	}
}
