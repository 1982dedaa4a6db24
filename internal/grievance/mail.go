package grievance

import (
	"net/url"

	"drape/internal/mailqueue"
	"drape/internal/shop"
)

// mails is the acknowledgement mail in the shop's mail layout.
var mails = mailqueue.NewLayout(`
{{- define "complaint_ack" -}}
{{template "open" .}}
<p>We have your complaint “{{.Subject}}”. Your ticket number is <strong>{{.Ticket}}</strong>.</p>
<p>Our grievance officer will answer by {{.Due}} at the latest. You can see where it stands at any time:</p>
<p><a href="{{.Link}}" style="display:inline-block;background:#1f2a44;color:#fff;padding:10px 18px;text-decoration:none">See complaint {{.Ticket}}</a></p>
<p style="font-size:13px;color:#555">Keep this mail: the ticket number and this e-mail address open the complaint's page.</p>
{{template "close" .}}
{{- end}}
`, `
{{- define "complaint_ack" -}}
{{template "open" .}}

We have your complaint "{{.Subject}}". Your ticket number is {{.Ticket}}.

Our grievance officer will answer by {{.Due}} at the latest. You can see where it stands at any time:
{{.Link}}

Keep this mail: the ticket number and this e-mail address open the complaint's page.

{{template "close" .}}
{{- end}}
`)

// ackMail is the acknowledgement of complaint c, to the e-mail it was filed with.
func (s *Service) ackMail(c Complaint) mailqueue.Message {
	data := struct{ Name, Subject, Ticket, Due, Link string }{Name: c.Name, Subject: c.Subject, Ticket: c.Ticket,
		Due:  c.DueAt.In(shop.India).Format("2 January 2006"),
		Link: s.cfg.PublicURL + "/grievance/status?ticket=" + url.QueryEscape(c.Ticket)}
	html, text := mails.Render(MailKind, data)
	return mailqueue.Message{Kind: MailKind, Ref: c.ID, To: c.Email, Subject: "Complaint received: ticket " + c.Ticket,
		Text: text, HTML: html}
}
