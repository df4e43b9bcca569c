package mail

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SMTPSender delivers through an SMTP server described by a URL:
// smtp://user:pass@host:port (STARTTLS when the server offers it, port 587 by
// default) or smtps://user:pass@host:port (TLS from the start, port 465).
type SMTPSender struct {
	from string
	opts []gomail.Option
	host string
}

// ParseSMTPURL checks an SMTP_URL value.
func ParseSMTPURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "smtp" && u.Scheme != "smtps" {
		return nil, errors.New("scheme must be smtp or smtps")
	}
	if u.Hostname() == "" {
		return nil, errors.New("host is missing")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("invalid port %q", p)
		}
	}
	return u, nil
}

// NewSMTPSender builds a sender from SMTP_URL and the From address.
func NewSMTPSender(rawURL, from string) (*SMTPSender, error) {
	u, err := ParseSMTPURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("SMTP_URL: %w", err)
	}
	opts := []gomail.Option{gomail.WithTimeout(20 * time.Second)}
	port := 587
	if u.Scheme == "smtps" {
		port = 465
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPortPolicy(gomail.TLSOpportunistic))
	}
	if p := u.Port(); p != "" {
		port, _ = strconv.Atoi(p)
	}
	opts = append(opts, gomail.WithPort(port))
	if user := u.User.Username(); user != "" {
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(user), gomail.WithPassword(pass))
	}
	return &SMTPSender{from: from, opts: opts, host: u.Hostname()}, nil
}

// Send implements Sender: a multipart/alternative message with the plain
// text first and the HTML alternative when there is one.
func (s *SMTPSender) Send(ctx context.Context, m Message) error {
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return Permanent(fmt.Errorf("from address: %w", err))
	}
	if err := msg.To(m.To); err != nil {
		return Permanent(fmt.Errorf("recipient: %w", err))
	}
	msg.Subject(m.Subject)
	msg.SetMessageID()
	msg.SetDate()
	for k, v := range m.Headers {
		msg.SetGenHeader(gomail.Header(k), v)
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	client, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return Permanent(err)
	}
	err = client.DialAndSendWithContext(ctx, msg)
	var sendErr *gomail.SendError
	if errors.As(err, &sendErr) && !sendErr.IsTemp() && sendErr.Reason == gomail.ErrSMTPRcptTo {
		return Permanent(err)
	}
	return err
}
