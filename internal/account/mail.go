package account

import (
	"drape/internal/account/accountdb"
	"drape/internal/mailqueue"
)

// accountMails is every account mail in the shop's mail layout, as HTML and as plain text: a
// paragraph, a code when the mail carries one, and a closing paragraph.
var accountMails = mailqueue.NewLayout(`
{{- define "letter" -}}
{{template "open" .}}
<p>{{.Lead}}</p>
{{- if .Code}}
<p style="font-size:32px;letter-spacing:8px;font-family:Menlo,monospace;margin:8px 0 16px"><strong>{{.Code}}</strong></p>
{{- end}}
<p>{{.Close}}</p>{{template "close" .}}
{{- end}}`, `
{{- define "letter" -}}
{{template "open" .}}

{{.Lead}}{{if .Code}} {{.Code}}.{{end}}

{{.Close}}

{{template "close" .}}
{{- end}}`)

// accountLetter is what one account mail says.
type accountLetter struct {
	Name, Lead, Code, Close string
}

// render writes the letter as HTML and plain text.
func (l accountLetter) render() (html, text string) {
	return accountMails.Render("letter", l)
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
