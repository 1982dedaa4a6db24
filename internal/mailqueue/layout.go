package mailqueue

import (
	"bytes"
	htmltemplate "html/template"
	texttemplate "text/template"
)

// The look every mail of the shop shares, written once: the brand and greeting ("open") and
// the end of the page ("close"), as HTML and as plain text. The data of a mail needs a Name,
// the person greeted.
const (
	layoutHTML = `
{{- define "open" -}}
<div style="font-family:Georgia,serif;color:#1f2a44;max-width:560px;margin:auto;padding:24px">
<p style="font-size:22px;margin:0 0 16px">drape</p>
<p>Hello {{.Name}},</p>
{{- end}}
{{- define "close" -}}
</div>
{{- end}}`
	layoutText = `
{{- define "open" -}}
Hello {{.Name}},
{{- end}}
{{- define "close" -}}
drape
{{- end}}`
)

var (
	baseHTML = htmltemplate.Must(htmltemplate.New("layout").Parse(layoutHTML))
	baseText = texttemplate.Must(texttemplate.New("layout").Parse(layoutText))
)

// Layout is the shop's mail layout with one package's mails in it.
type Layout struct {
	html *htmltemplate.Template
	text *texttemplate.Template
}

// NewLayout adds a package's mails to the shop's layout: html and text each define one
// template per mail, of the same name, which starts with {{template "open" .}} and ends with
// {{template "close" .}}. html/template escapes every value of the HTML mails for where it
// lands (text, attribute, link), so what a person typed shows as written and never as markup.
// It panics when a template does not parse: they are fixed strings of the program.
func NewLayout(html, text string) *Layout {
	return &Layout{
		html: htmltemplate.Must(htmltemplate.Must(baseHTML.Clone()).Parse(html)),
		text: texttemplate.Must(texttemplate.Must(baseText.Clone()).Parse(text)),
	}
}

// Render writes mail name with data as HTML and as plain text. The templates are fixed and
// their data typed, so a failure is a programming error and panics.
func (l *Layout) Render(name string, data any) (html, text string) {
	var h, t bytes.Buffer
	if err := l.html.ExecuteTemplate(&h, name, data); err != nil {
		panic("mailqueue: HTML mail " + name + ": " + err.Error())
	}
	if err := l.text.ExecuteTemplate(&t, name, data); err != nil {
		panic("mailqueue: text mail " + name + ": " + err.Error())
	}
	return h.String(), t.String()
}
