package account

import (
	"bytes"
	"html/template"

	"drape/internal/account/accountdb"
	"drape/internal/mailqueue"
)

// resetPage is the password reset mail's page; html/template escapes the name for HTML.
var resetPage = template.Must(template.New("reset").Parse(`<div style="font-family:Georgia,serif;color:#1f2a44;max-width:480px;margin:auto;padding:24px">
<p style="font-size:22px;margin:0 0 16px">drape</p>
<p>Hello {{.Name}},</p>
<p>Your password reset code is</p>
<p style="font-size:32px;letter-spacing:8px;font-family:Menlo,monospace;margin:8px 0 16px"><strong>{{.Code}}</strong></p>
<p>It works once, for the next 10 minutes. If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.</p>
<p style="color:#6b6b6b;font-size:13px">Jaipur Formals · Jaipur, Rajasthan, India</p></div>`))

// resetMail is the e-mail that carries a password reset code.
func resetMail(u accountdb.User, resetID, code string) mailqueue.Message {
	name := u.FirstName
	if name == "" {
		name = "there"
	}
	text := "Hello " + name + ",\n\nYour drape password reset code is " + code + ".\n\nIt works once, for the next 10 minutes. " +
		"If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.\n\n" +
		"Jaipur Formals · drape"
	var body bytes.Buffer
	if err := resetPage.Execute(&body, struct{ Name, Code string }{name, code}); err != nil {
		panic("account: reset mail: " + err.Error()) // a fixed template with string data cannot fail
	}
	return mailqueue.Message{Kind: passwordResetKind, Ref: resetID, To: u.Email, Subject: "Your drape password reset code",
		Text: text, HTML: body.String(), Sensitive: true}
}
