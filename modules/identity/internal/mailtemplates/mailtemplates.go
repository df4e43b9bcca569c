// Package mailtemplates renders identity's emails in the reader's language:
// a plain-text body and an HTML alternative (escaped by html/template).
package mailtemplates

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"io/fs"
	"strings"
	texttemplate "text/template"

	"lamplight/platform/mail"
	"lamplight/platform/texts"
)

// Kind is one of identity's emails.
type Kind int

const (
	// VerifyEmail carries a code and a link that confirm an address.
	VerifyEmail Kind = iota
	// PasswordReset carries a link and a code to choose a new password.
	PasswordReset
	// EmailChange carries a code confirming a new address.
	EmailChange
	// RegisterAttempt tells an account's owner that someone tried to sign up
	// with their address.
	RegisterAttempt
)

// kindNames name each kind in mail_messages, where it outlives the content,
// and keys name it in the catalog.
var (
	kindNames = map[Kind]string{
		VerifyEmail: "verify_email", PasswordReset: "password_reset", EmailChange: "email_change", RegisterAttempt: "register_attempt",
	}
	keys = map[Kind]string{
		VerifyEmail: "verifyEmail", PasswordReset: "passwordReset", EmailChange: "emailChange", RegisterAttempt: "registerAttempt",
	}
)

// Data fills an email's placeholders.
type Data struct {
	Email string
	// Code is the one-time code, when the email carries one.
	Code string
	// Link is the main action (the button).
	Link string
	// SecondLink is an optional second action.
	SecondLink string
	// Minutes is how long the code or link stays valid.
	Minutes int
}

// The wording per language, in texts/<code>.json. Portuguese is Brazilian;
// German, Spanish and Korean address the reader informally or politely as
// the web app does, French and Ukrainian formally. Placeholders: {{email}},
// {{code}}, and {{count}}, the minutes a code or link stays valid.
//
//go:embed texts/*.json
var files embed.FS

var catalog = func() *texts.Catalog {
	sub, err := fs.Sub(files, "texts")
	if err != nil {
		panic(err)
	}
	return texts.MustLoad(sub)
}()

// htmlLang is the lang attribute of the HTML part where it is not the code.
var htmlLang = map[string]string{"pt": "pt-BR"}

// Render returns the message to send to, in locale (English when unknown).
func Render(kind Kind, locale, to string, d Data) (mail.Message, error) {
	if _, ok := keys[kind]; !ok {
		return mail.Message{}, fmt.Errorf("mail template %d unknown", kind)
	}
	if !catalog.Has(locale) {
		locale = "en"
	}
	vars := texts.Vars{"email": d.Email, "code": d.Code, "count": d.Minutes}
	// t is the text of a part of this email, "" when this kind has none.
	t := func(part string) string {
		key := keys[kind] + "." + part
		if !catalog.Defines(key) {
			return ""
		}
		return catalog.T(locale, key, vars)
	}
	para := func(part string) []string {
		if s := t(part); s != "" {
			return []string{s}
		}
		return nil
	}
	lang := locale
	if l, ok := htmlLang[locale]; ok {
		lang = l
	}
	v := view{
		Lang: lang, Heading: t("heading"), Intro: para("intro"), Code: d.Code, AfterCode: para("afterCode"),
		Button: t("button"), Link: d.Link, LinkHint: t("linkHint"), After: para("after"),
		SecondLabel: t("secondLabel"), SecondLink: d.SecondLink, Footer: t("footer"), Signature: "Lamplight",
	}
	var text, html bytes.Buffer
	if err := textLayout.Execute(&text, v); err != nil {
		return mail.Message{}, err
	}
	if err := htmlLayout.Execute(&html, v); err != nil {
		return mail.Message{}, err
	}
	return mail.Message{To: to, Kind: kindNames[kind], Subject: t("subject"), Text: squeeze(text.String()), HTML: html.String()}, nil
}

type view struct {
	Lang, Heading     string
	Intro             []string
	Code              string
	AfterCode         []string
	Button, Link      string
	LinkHint          string
	After             []string
	SecondLabel       string
	SecondLink        string
	Footer, Signature string
}

// squeeze leaves at most one blank line between paragraphs.
func squeeze(s string) string {
	for strings.Contains(s, "\n\n\n") {
		s = strings.ReplaceAll(s, "\n\n\n", "\n\n")
	}
	return strings.TrimSpace(s) + "\n"
}

var textLayout = texttemplate.Must(texttemplate.New("text").Parse(`{{.Heading}}

{{range .Intro}}{{.}}

{{end}}{{if .Code}}    {{.Code}}

{{end}}{{range .AfterCode}}{{.}}

{{end}}{{if .Link}}{{.Button}}
{{.Link}}

{{end}}{{range .After}}{{.}}

{{end}}{{if .SecondLink}}{{.SecondLink}}

{{end}}{{.Footer}}

-- 
{{.Signature}}
`))

var htmlLayout = htmltemplate.Must(htmltemplate.New("html").Parse(`<!doctype html>
<html lang="{{.Lang}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>{{.Heading}}</title>
<style>@media (prefers-color-scheme:dark){.page{background:#16120e !important;color:#f2ebe2 !important}.card{background:#201a15 !important}.muted{color:#c4b6a5 !important}.link{color:#f2a65a !important}.button{background:#f2a65a !important;color:#1b120a !important}}</style></head>
<body class="page" style="margin:0;padding:0;background:#f6f3ee;color:#2b2622;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<table role="presentation" class="page" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f3ee;padding:24px 0;">
<tr><td align="center">
<table role="presentation" class="card" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:8px;padding:32px;">
<tr><td>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;">{{.Heading}}</h1>
{{range .Intro}}<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">{{.}}</p>
{{end}}{{if .Code}}<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:ui-monospace,Menlo,Consolas,monospace;">{{.Code}}</p>
{{end}}{{range .AfterCode}}<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">{{.}}</p>
{{end}}{{if .Link}}<p style="margin:24px 0;"><a href="{{.Link}}" class="button" style="display:inline-block;background:#b45309;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px;">{{.Button}}</a></p>
{{if .LinkHint}}<p class="muted" style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b625a;">{{.LinkHint}}<br><a href="{{.Link}}" class="muted" style="color:#6b625a;word-break:break-all;">{{.Link}}</a></p>
{{end}}{{end}}{{range .After}}<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">{{.}}</p>
{{end}}{{if .SecondLink}}<p style="margin:0 0 16px;font-size:16px;"><a href="{{.SecondLink}}" class="link" style="color:#b45309;">{{.SecondLabel}}</a></p>
{{end}}<p class="muted" style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#6b625a;">{{.Footer}}</p>
<p class="muted" style="margin:16px 0 0;font-size:13px;color:#6b625a;">{{.Signature}}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`))
