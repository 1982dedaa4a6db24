package account

import (
	"bytes"
	"html/template"
	textTemplate "text/template"

	"drape/internal/account/accountdb"
	"drape/internal/mailqueue"
)

// accountMail is every account mail, as HTML and as plain text: a greeting, a paragraph, a
// code when the mail carries one, and a closing paragraph. html/template escapes what a
// shopper typed (their name, an address) for HTML.
var (
	accountMailHTML = template.Must(template.New("account").Parse(`<div style="font-family:Georgia,serif;color:#1f2a44;max-width:480px;margin:auto;padding:24px">
<p style="font-size:22px;margin:0 0 16px">drape</p>
<p>Hello {{.Name}},</p>
<p>{{.Lead}}</p>
{{- if .Code}}
<p style="font-size:32px;letter-spacing:8px;font-family:Menlo,monospace;margin:8px 0 16px"><strong>{{.Code}}</strong></p>
{{- end}}
<p>{{.Close}}</p>
<p style="color:#6b6b6b;font-size:13px">Jaipur Formals · Jaipur, Rajasthan, India</p></div>`))
	accountMailText = textTemplate.Must(textTemplate.New("account").Parse(`Hello {{.Name}},

{{.Lead}}{{if .Code}} {{.Code}}.{{end}}

{{.Close}}

Jaipur Formals · drape`))
)

// accountLetter is what one account mail says.
type accountLetter struct {
	Name, Lead, Code, Close string
}

// render writes the letter as HTML and plain text.
func (l accountLetter) render() (html, text string) {
	var h, t bytes.Buffer
	if err := accountMailHTML.Execute(&h, l); err != nil {
		panic("account: mail: " + err.Error()) // fixed templates over strings cannot fail
	}
	if err := accountMailText.Execute(&t, l); err != nil {
		panic("account: mail: " + err.Error())
	}
	return h.String(), t.String()
}

// resetMail is the e-mail that carries a password reset code.
func resetMail(u accountdb.User, resetID, code string) mailqueue.Message {
	html, text := accountLetter{Name: greetingName(u), Lead: "Your drape password reset code is", Code: code,
		Close: "It works once, for the next 10 minutes. If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is."}.render()
	return mailqueue.Message{Kind: passwordResetKind, Ref: resetID, To: u.Email, Subject: "Your drape password reset code",
		Text: text, HTML: html, Sensitive: true}
}

// emailChangeCodeMail carries the code that confirms moving u's account to newEmail; it goes
// to newEmail.
func emailChangeCodeMail(u accountdb.User, newEmail, changeID, code string) mailqueue.Message {
	html, text := accountLetter{Name: greetingName(u), Lead: "Your code to use this address for your drape account is", Code: code,
		Close: "It works once, for the next 10 minutes. If you did not ask for this, you can ignore this e-mail: your account keeps its address."}.render()
	return mailqueue.Message{Kind: emailChangeCodeKind, Ref: changeID, To: newEmail, Subject: "Your drape e-mail change code",
		Text: text, HTML: html, Sensitive: true}
}

// emailChangedMail tells u's old address that the account now uses newEmail.
func emailChangedMail(u accountdb.User, newEmail, changeID string) mailqueue.Message {
	html, text := accountLetter{Name: greetingName(u),
		Lead:  "The e-mail address of your drape account was changed from " + u.Email + " to " + newEmail + ".",
		Close: "If you did not do this, reset your password from the shop's sign in right away and write to us."}.render()
	return mailqueue.Message{Kind: emailChangeNoticeKind, Ref: changeID, To: u.Email, Subject: "Your drape e-mail address was changed",
		Text: text, HTML: html}
}

// greetingName is the name a mail greets u by.
func greetingName(u accountdb.User) string {
	if u.FirstName == "" {
		return "there"
	}
	return u.FirstName
}
