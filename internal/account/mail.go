package account

import (
	"fmt"
	"html"

	"drape/internal/account/accountdb"
	"drape/internal/mailqueue"
)

// resetMail is the e-mail that carries a password reset code.
func resetMail(u accountdb.User, resetID, code string) mailqueue.Message {
	name := u.FirstName
	if name == "" {
		name = "there"
	}
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
