package account

import (
	"fmt"
	"html"

	"drape/internal/account/accountdb"
	"drape/internal/mailqueue"
)

// resetMail is the e-mail that carries a password reset code.
func resetMail(u accountdb.User, resetID, code string) mailqueue.Message {
	name := greetingName(u)
	text := fmt.Sprintf("Hello %s,\n\nYour drape password reset code is %s.\n\nIt works once, for the next 10 minutes. "+
		"If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.\n\n"+
		"Jaipur Formals · drape", name, code)
	body := fmt.Sprintf(`<div style="font-family:Georgia,serif;color:#1f2a44;max-width:480px;margin:auto;padding:24px">
<p style="font-size:22px;margin:0 0 16px">drape</p>
<p>Hello %s,</p>
<p>Your password reset code is</p>
<p style="font-size:32px;letter-spacing:8px;font-family:Menlo,monospace;margin:8px 0 16px"><strong>%s</strong></p>
<p>It works once, for the next 10 minutes. If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.</p>
<p style="color:#6b6b6b;font-size:13px">Jaipur Formals · Jaipur, Rajasthan, India</p></div>`, html.EscapeString(name), code)
	return mailqueue.Message{Kind: passwordResetKind, Ref: resetID, To: u.Email, Subject: "Your drape password reset code",
		Text: text, HTML: body, Sensitive: true}
}

// emailChangeCodeMail carries the code that confirms moving u's account to newEmail; it goes
// to newEmail.
func emailChangeCodeMail(u accountdb.User, newEmail, changeID, code string) mailqueue.Message {
	name := greetingName(u)
	text := fmt.Sprintf("Hello %s,\n\nYour code to use this address for your drape account is %s.\n\nIt works once, for the next 10 minutes. "+
		"If you did not ask for this, you can ignore this e-mail: your account keeps its address.\n\n"+
		"Jaipur Formals · drape", name, code)
	body := fmt.Sprintf(`<div style="font-family:Georgia,serif;color:#1f2a44;max-width:480px;margin:auto;padding:24px">
<p style="font-size:22px;margin:0 0 16px">drape</p>
<p>Hello %s,</p>
<p>Your code to use this address for your drape account is</p>
<p style="font-size:32px;letter-spacing:8px;font-family:Menlo,monospace;margin:8px 0 16px"><strong>%s</strong></p>
<p>It works once, for the next 10 minutes. If you did not ask for this, you can ignore this e-mail: your account keeps its address.</p>
<p style="color:#6b6b6b;font-size:13px">Jaipur Formals · Jaipur, Rajasthan, India</p></div>`, html.EscapeString(name), code)
	return mailqueue.Message{Kind: emailChangeCodeKind, Ref: changeID, To: newEmail, Subject: "Your drape e-mail change code",
		Text: text, HTML: body, Sensitive: true}
}

// emailChangedMail tells u's old address that the account now uses newEmail.
func emailChangedMail(u accountdb.User, newEmail, changeID string) mailqueue.Message {
	name := greetingName(u)
	text := fmt.Sprintf("Hello %s,\n\nThe e-mail address of your drape account was changed from %s to %s.\n\n"+
		"If you did not do this, reset your password from the shop's sign in right away and write to us.\n\n"+
		"Jaipur Formals · drape", name, u.Email, newEmail)
	body := fmt.Sprintf(`<div style="font-family:Georgia,serif;color:#1f2a44;max-width:480px;margin:auto;padding:24px">
<p style="font-size:22px;margin:0 0 16px">drape</p>
<p>Hello %s,</p>
<p>The e-mail address of your drape account was changed from <strong>%s</strong> to <strong>%s</strong>.</p>
<p>If you did not do this, reset your password from the shop's sign in right away and write to us.</p>
<p style="color:#6b6b6b;font-size:13px">Jaipur Formals · Jaipur, Rajasthan, India</p></div>`, html.EscapeString(name), html.EscapeString(u.Email), html.EscapeString(newEmail))
	return mailqueue.Message{Kind: emailChangeNoticeKind, Ref: changeID, To: u.Email, Subject: "Your drape e-mail address was changed",
		Text: text, HTML: body}
}

// greetingName is the name a mail greets u by.
func greetingName(u accountdb.User) string {
	if u.FirstName == "" {
		return "there"
	}
	return u.FirstName
}
