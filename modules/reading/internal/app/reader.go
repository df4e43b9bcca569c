package app

import (
	"context"

	"lamplight/modules/reading/readingapi"
)

// Log implements readingapi.Reader.
func (s *Service) Log(ctx context.Context, userID, from string) (readingapi.Log, error) {
	return s.store.Snapshot(ctx, userID, from)
}

// Version implements readingapi.Reader.
func (s *Service) Version(ctx context.Context, userID string) (int64, error) {
	return s.store.Version(ctx, userID)
}

// UsersWithEntries implements readingapi.Reader.
func (s *Service) UsersWithEntries(ctx context.Context) ([]string, error) {
	return s.store.UsersWithEntries(ctx)
}

// DeleteUserData removes the reader's whole log after their account is deleted.
func (s *Service) DeleteUserData(ctx context.Context, userID string) error {
	if err := s.store.DeleteUser(ctx, userID); err != nil {
		return err
	}
	return s.cache.Delete(ctx, entriesKey(userID))
}
