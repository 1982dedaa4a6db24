// Package invoicetest reads invoices back for tests: the text of a PDF as a PDF text reader
// extracts it, and the files attached to a mail as sim's SMTP sink received it.
package invoicetest

import (
	"bytes"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"strings"
	"testing"

	"github.com/ledongthuc/pdf"
)

// Text is the text of every page of the PDF doc as ledongthuc/pdf extracts it, a line per row
// of text with its pieces separated by spaces. fpdf maps its character codes to Unicode with
// one range, <0000> <FFFF> <0000>; ledongthuc/pdf reads a range strictly (only the last byte
// varies, PDF 32000 9.10.3) and so drops the high byte of U+20B9: its ¹ (U+00B9) is the ₹ on
// the page, as pdf.js and poppler read it.
func Text(t testing.TB, doc []byte) string {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		t.Fatalf("reading the PDF: %v", err)
	}
	var b strings.Builder
	for n := 1; n <= r.NumPage(); n++ {
		rows, err := r.Page(n).GetTextByRow()
		if err != nil {
			t.Fatalf("page %d: %v", n, err)
		}
		for _, row := range rows {
			for i, w := range row.Content {
				if i > 0 {
					b.WriteString(" ")
				}
				b.WriteString(strings.ReplaceAll(w.S, "¹", "₹"))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// Attachments are the files attached to the raw mail message, by file name, with their
// content types.
func Attachments(t testing.TB, raw string) map[string]File {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		t.Fatalf("reading the mail: %v", err)
	}
	files := map[string]File{}
	walk(t, msg.Header.Get("Content-Type"), "", "", msg.Body, files)
	return files
}

// File is an attached file.
type File struct {
	ContentType string
	Data        []byte
}

func walk(t testing.TB, contentType, disposition, encoding string, body io.Reader, files map[string]File) {
	media, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return
	}
	if strings.HasPrefix(media, "multipart/") {
		parts := multipart.NewReader(body, params["boundary"])
		for {
			p, err := parts.NextRawPart()
			if err != nil {
				return
			}
			walk(t, p.Header.Get("Content-Type"), p.Header.Get("Content-Disposition"), p.Header.Get("Content-Transfer-Encoding"), p, files)
		}
	}
	kind, dparams, err := mime.ParseMediaType(disposition)
	if err != nil || kind != "attachment" {
		return
	}
	if strings.EqualFold(strings.TrimSpace(encoding), "base64") {
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	data, err := io.ReadAll(body)
	if err != nil {
		t.Fatalf("attachment %s: %v", dparams["filename"], err)
	}
	files[dparams["filename"]] = File{ContentType: media, Data: data}
}
