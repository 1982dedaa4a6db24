package account

import (
	"strings"
	"testing"

	"drape/internal/account/accountdb"
	"drape/internal/mailqueue"
)

// TestResetMailEscapesName: a first name written like markup shows as text in the reset mail.
func TestResetMailEscapesName(t *testing.T) {
	m := resetMail(accountdb.User{FirstName: `<img src=x onerror=alert(1)>`, Email: "a@example.in"}, "r1", "123456")
	if strings.Contains(m.HTML, "<img") || !strings.Contains(m.HTML, "Hello &lt;img src=x onerror=alert(1)&gt;,") || !strings.Contains(m.HTML, "<strong>123456</strong>") {
		t.Fatalf("reset mail:\n%s", m.HTML)
	}
}

// TestAccountMailsUseTheShopLayout: every account mail looks like the shop's other mails (the
// order mails): the layout's brand and greeting first and its end last, in HTML and in text.
// The addresses in the change notice show as typed.
func TestAccountMailsUseTheShopLayout(t *testing.T) {
	u := accountdb.User{FirstName: "Asha", Email: `asha+<b>@example.in`}
	probe := mailqueue.NewLayout(`{{define "first"}}{{template "open" .}}{{end}}{{define "last"}}{{template "close" .}}{{end}}`,
		`{{define "first"}}{{template "open" .}}{{end}}{{define "last"}}{{template "close" .}}{{end}}`)
	openHTML, openText := probe.Render("first", struct{ Name string }{"Asha"})
	closeHTML, closeText := probe.Render("last", struct{ Name string }{"Asha"})
	for _, m := range []mailqueue.Message{resetMail(u, "r1", "123456"), emailChangeCodeMail(u, "new@example.in", "c1", "654321"),
		emailChangedMail(u, `new+<i>@example.in`, "c1")} {
		if !strings.HasPrefix(m.HTML, openHTML) || !strings.HasSuffix(m.HTML, closeHTML) {
			t.Errorf("%s: HTML is not in the shop's layout:\n%s", m.Kind, m.HTML)
		}
		if !strings.HasPrefix(m.Text, openText) || !strings.HasSuffix(m.Text, closeText) {
			t.Errorf("%s: text is not in the shop's layout:\n%s", m.Kind, m.Text)
		}
	}
	notice := emailChangedMail(u, `new+<i>@example.in`, "c1")
	if strings.Contains(notice.HTML, "<b>") || strings.Contains(notice.HTML, "<i>") ||
		!strings.Contains(notice.HTML, "from asha&#43;&lt;b&gt;@example.in to new&#43;&lt;i&gt;@example.in.") ||
		!strings.Contains(notice.Text, "from asha+<b>@example.in to new+<i>@example.in.") {
		t.Errorf("change notice:\n%s\n%s", notice.HTML, notice.Text)
	}
}
