package app

import (
	"context"

	"lamplight/modules/bible"
	"lamplight/modules/sharing/sharingapi"
)

// PublicPage is what a progress link shows, in the owner's language.
type PublicPage struct {
	sharingapi.PublicProgress
	Locale bible.Locale
	Texts  Texts
}

// Progress is the public view behind a progress link.
func (s *Service) Progress(ctx context.Context, token string) (PublicPage, error) {
	l, err := s.owner(ctx, sharingapi.KindProgressLink, token)
	if err != nil {
		return PublicPage{}, err
	}
	st, err := s.settings.Get(ctx, l.UserID)
	if err != nil {
		return PublicPage{}, err
	}
	loc, ok := bible.ParseLocale(st.Locale)
	if !ok {
		loc = bible.English
	}
	p, err := s.progress.PublicProgress(ctx, l.UserID)
	if err != nil {
		return PublicPage{}, err
	}
	return PublicPage{PublicProgress: p, Locale: loc, Texts: textsFor(string(loc))}, nil
}
