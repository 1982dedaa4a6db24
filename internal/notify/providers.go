package notify

import (
	"context"

	"drape/internal/provider/msg91"
	"drape/internal/provider/whatsapp"
)

// WhatsAppProvider sends through WhatsApp's Cloud API as template t.WhatsAppName with the
// vars as its body's parameters and t.Buttons as its quick-reply buttons' payloads; nil when c
// is nil.
func WhatsAppProvider(c *whatsapp.Client) Provider {
	if c == nil {
		return nil
	}
	return whatsAppProvider{c}
}

type whatsAppProvider struct{ c *whatsapp.Client }

// Send sends template t with vars to the mobile to through the WhatsApp Cloud API, and answers
// the message's id there (wamid).
func (p whatsAppProvider) Send(ctx context.Context, to string, t Template, vars []string) (string, error) {
	return p.c.Send(ctx, to, whatsapp.Template{Name: t.WhatsAppName, Language: t.WhatsAppLanguage, Params: vars, Buttons: t.Buttons})
}

// SMSProvider sends through MSG91's Flow API as template t.MSG91TemplateID (which MSG91 maps to
// the DLT template t.DLTTemplateID) with the vars as VAR1, VAR2…; nil when c is nil.
func SMSProvider(c *msg91.Client) Provider {
	if c == nil {
		return nil
	}
	return smsProvider{c}
}

type smsProvider struct{ c *msg91.Client }

// Send sends template t with vars to the mobile to through MSG91's Flow API, and answers
// MSG91's request id.
func (p smsProvider) Send(ctx context.Context, to string, t Template, vars []string) (string, error) {
	return p.c.Send(ctx, t.MSG91TemplateID, to, vars)
}
