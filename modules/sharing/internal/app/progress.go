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
	p, err := s.publicProgress(ctx, l.UserID)
	if err != nil {
		return PublicPage{}, err
	}
	return PublicPage{PublicProgress: p, Locale: loc, Texts: textsFor(string(loc))}, nil
}

// publicProgress is what a progress link shows from the progress and
// streak read models.
func (s *Service) publicProgress(ctx context.Context, userID string) (sharingapi.PublicProgress, error) {
	read, err := s.progress.Progress(ctx, userID)
	if err != nil {
		return sharingapi.PublicProgress{}, err
	}
	st, err := s.streak.Streak(ctx, userID, "")
	if err != nil {
		return sharingapi.PublicProgress{}, err
	}
	out := sharingapi.PublicProgress{
		Percentage: read.Percentage, CurrentStreak: st.Current, LongestStreak: st.Longest,
		Books: make([]sharingapi.BookProgress, len(read.Books)),
	}
	for i, b := range read.Books {
		out.Books[i] = sharingapi.BookProgress{Book: b.Book, Percentage: b.Percentage, Complete: b.Complete}
	}
	return out, nil
}
