package mailqueue

import (
	"strings"
	"testing"
)

// TestLayoutEscapesForWhereValuesLand: in a mail built on the layout, what a person typed shows
// as written: escaped as text in the greeting and a paragraph, as an attribute value, and a
// javascript: link loses its scheme; the plain-text mail keeps it as typed.
func TestLayoutEscapesForWhereValuesLand(t *testing.T) {
	mails := NewLayout(`{{define "note"}}{{template "open" .}}<p title="{{.Title}}">{{.Body}}</p><p><a href="{{.Link}}">Open</a></p>{{template "close" .}}{{end}}`,
		`{{define "note"}}{{template "open" .}}

{{.Body}} {{.Link}}

{{template "close" .}}{{end}}`)
	data := struct{ Name, Title, Body, Link string }{
		Name:  `Asha <img src=x onerror=alert(1)>`,
		Title: `" onmouseover="alert(1)`,
		Body:  `<script>alert("x")</script> & more`,
		Link:  `javascript:alert(1)`,
	}
	html, text := mails.Render("note", data)
	for _, bad := range []string{"<img", "<script", `" onmouseover`, `href="javascript:`} {
		if strings.Contains(html, bad) {
			t.Errorf("HTML mail holds %q:\n%s", bad, html)
		}
	}
	for _, shown := range []string{"<p>Hello Asha &lt;img src=x onerror=alert(1)&gt;,</p>", "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; more", `title="&#34; onmouseover=&#34;alert(1)"`, `href="#ZgotmplZ"`} {
		if !strings.Contains(html, shown) {
			t.Errorf("HTML mail lacks %q:\n%s", shown, html)
		}
	}
	if !strings.HasPrefix(html, `<div style="font-family:Georgia,serif`) || !strings.HasSuffix(html, "</div>") {
		t.Errorf("HTML mail is not in the layout's page:\n%s", html)
	}
	want := "Hello Asha <img src=x onerror=alert(1)>,\n\n<script>alert(\"x\")</script> & more javascript:alert(1)\n\ndrape"
	if text != want {
		t.Errorf("text mail:\n%s\nwant:\n%s", text, want)
	}
}
