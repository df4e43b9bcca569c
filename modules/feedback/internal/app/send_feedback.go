package app

import (
	"context"
	"time"

	"github.com/google/uuid"

	"lamplight/modules/feedback/feedbackapi"
	"lamplight/modules/feedback/internal/domain"
	"lamplight/modules/feedback/internal/mailtemplates"
	"lamplight/modules/feedback/internal/store"
	"lamplight/modules/identity/identityapi"
	"lamplight/platform/errs"
	"lamplight/platform/mail"
)

// Origin is what a sender's request says about them beyond the body.
type Origin struct {
	IP             string
	AcceptLanguage string
	// SiteURL is the public address the admins' notice links to.
	SiteURL string
}

// Receipt is what a sender is shown of the feedback they sent.
type Receipt struct {
	ID        string    `json:"id"`
	Kind      string    `json:"kind"`
	Message   string    `json:"message"`
	Email     string    `json:"email"`
	Page      string    `json:"page"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"createdAt"`
}

// Send stores feedback from anyone. A signed-in sender (in ctx) replies to
// their account's address and is remembered as the sender; a signed-out one
// must give an address. Valid messages count against the sender's IP
// address (SendLimit). Every admin is emailed a notice in the same unit of
// work.
func (s *Service) Send(ctx context.Context, o Origin, d domain.Draft) (Receipt, error) {
	account, signedIn := identityapi.CurrentUser(ctx)
	v, err := d.Validate(account.Email)
	if err != nil {
		return Receipt{}, err
	}
	if err := s.spend(ctx, o.IP); err != nil {
		return Receipt{}, err
	}
	id, err := uuid.NewV7()
	if err != nil {
		return Receipt{}, err
	}
	now := s.now()
	f := feedbackapi.Feedback{
		ID: id.String(), Kind: v.Kind, Message: v.Message, Email: v.Email, Page: v.Page,
		Locale: domain.Locale(v.Page, account.Locale, o.AcceptLanguage),
		Status: feedbackapi.StatusOpen, CreatedAt: now, UpdatedAt: now,
	}
	if signedIn {
		f.UserID = &account.ID
	}
	notices, err := s.notices(ctx, f, o.SiteURL)
	if err != nil {
		return Receipt{}, err
	}
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		if err := tx.Insert(f); err != nil {
			return err
		}
		return tx.Enqueue(notices...)
	})
	if err != nil {
		return Receipt{}, err
	}
	return Receipt{ID: f.ID, Kind: f.Kind, Message: f.Message, Email: f.Email, Page: f.Page, Status: f.Status, CreatedAt: f.CreatedAt}, nil
}

// notices are the emails telling each admin, in their language, about f.
func (s *Service) notices(ctx context.Context, f feedbackapi.Feedback, site string) ([]mail.Message, error) {
	if s.admins == nil {
		return nil, nil
	}
	admins, err := s.admins.Admins(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]mail.Message, len(admins))
	for i, a := range admins {
		link := domain.Link(site, a.Locale, "/admin/feedback")
		out[i] = mailtemplates.Notice(a.Locale, a.Email, f.Kind, f.Email, f.Page, f.Message, link)
	}
	return out, nil
}

// spend counts one message against the address; over the limit the answer
// is 429 with Retry-After. A failing limiter lets the message through:
// feedback must not depend on Redis being up.
func (s *Service) spend(ctx context.Context, ip string) error {
	limit := SendLimit
	limit.Rate *= s.cfg.RateLimitScale
	ok, retry, err := s.limiter.Allow(ctx, "feedback:ip:"+ip, limit)
	if err != nil {
		s.log.ErrorContext(ctx, "rate limiter failed; allowing", "err", err)
		return nil
	}
	if !ok {
		return errs.TooManyRequests(retry)
	}
	return nil
}
