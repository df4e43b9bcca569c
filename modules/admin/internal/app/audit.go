package app

import (
	"context"
	"time"

	"lamplight/modules/admin/internal/domain"
)

// Person is an account named in the audit log; Email is "" once the
// account was deleted.
type Person struct {
	ID    string `json:"id"`
	Email string `json:"email"`
}

// AuditLine is one admin action: who did what to whom, when.
type AuditLine struct {
	ID     string    `json:"id"`
	At     time.Time `json:"at"`
	Actor  Person    `json:"actor"`
	Action string    `json:"action"`
	Target Person    `json:"target"`
}

// AuditPage is a page of the audit log, newest first, and its length.
type AuditPage struct {
	Size    int         `json:"size"`
	Results []AuditLine `json:"results"`
}

// Audit answers a page of the audit log.
func (s *Service) Audit(ctx context.Context, limit, offset string) (AuditPage, error) {
	l, o, err := domain.ParsePage(limit, offset)
	if err != nil {
		return AuditPage{}, err
	}
	n, entries, err := s.store.Page(ctx, l, o)
	if err != nil {
		return AuditPage{}, err
	}
	out := AuditPage{Size: n, Results: make([]AuditLine, len(entries))}
	for i, e := range entries {
		out.Results[i] = AuditLine{ID: e.ID, At: e.At, Actor: Person{e.ActorID, e.ActorEmail}, Action: e.Action, Target: Person{e.TargetID, e.TargetEmail}}
	}
	return out, nil
}
