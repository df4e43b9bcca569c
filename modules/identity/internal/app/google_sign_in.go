package app

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"golang.org/x/oauth2"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/identity/internal/domain"
	"lamplight/modules/identity/internal/google"
	"lamplight/modules/identity/internal/store"
	"lamplight/platform/cache"
	"lamplight/platform/errs"
)

// googleState is what a sign-in keeps between the redirect to Google and
// the callback: single use, in the shared cache, for googleStateTTL.
type googleState struct {
	Nonce       string `json:"nonce"`
	Verifier    string `json:"verifier"`
	ReturnTo    string `json:"returnTo"`
	RedirectURL string `json:"redirectUrl"`
}

func googleStateKey(state string) string { return "identity:google-state:" + domain.HashToken(state) }

// GoogleRedirectPath is the web app page Google sends the browser back to.
const GoogleRedirectPath = "/google-login"

// StartGoogle returns the Google address to send the browser to.
func (s *Service) StartGoogle(ctx context.Context, returnTo string, req Request) (string, error) {
	if !s.cfg.GoogleEnabled() {
		return "", identityapi.ErrGoogleNotConfigured
	}
	state := domain.NewToken()
	st := googleState{
		Nonce: domain.NewToken(), Verifier: oauth2.GenerateVerifier(), ReturnTo: domain.SafeReturnTo(returnTo),
		RedirectURL: strings.TrimRight(req.SiteURL, "/") + GoogleRedirectPath,
	}
	raw, _ := json.Marshal(st)
	if err := s.cache.Set(ctx, googleStateKey(state), raw, googleStateTTL); err != nil {
		return "", err
	}
	return s.google.AuthURL(ctx, st.RedirectURL, state, st.Nonce, st.Verifier)
}

// FinishGoogle completes a Google sign-in from the web app's callback page.
type FinishGoogle struct {
	Code     string
	State    string
	Locale   string
	TimeZone string
	Req      Request
}

// GoogleSignedIn is a session and the page the reader asked for.
type GoogleSignedIn struct {
	SignedIn
	ReturnTo string
}

// FinishGoogle verifies the sign-in and signs the reader in: to the account
// linked to that Google account, else to the account with the same (Google
// verified) address, which gets linked, else to a new verified account.
// Only failed callbacks count against the per-address sign-in limit.
func (s *Service) FinishGoogle(ctx context.Context, cmd FinishGoogle) (GoogleSignedIn, error) {
	if !s.cfg.GoogleEnabled() {
		return GoogleSignedIn{}, identityapi.ErrGoogleNotConfigured
	}
	var f errs.Fields
	if cmd.Code == "" {
		f.Add("code", errs.Required)
	}
	if cmd.State == "" {
		f.Add("state", errs.Required)
	}
	if err := f.Err(); err != nil {
		return GoogleSignedIn{}, err
	}
	notFailed, err := s.failures(ctx, signInBudget(cmd.Req.IP))
	if err != nil {
		return GoogleSignedIn{}, err
	}
	out, err := s.finishGoogle(ctx, cmd)
	if !errors.Is(err, identityapi.ErrInvalidRequest) {
		notFailed()
	}
	return out, err
}

// finishGoogle is FinishGoogle after its limit; a forged or replayed
// callback answers invalid_request, which counts as a failed sign-in.
func (s *Service) finishGoogle(ctx context.Context, cmd FinishGoogle) (GoogleSignedIn, error) {
	raw, err := s.cache.Take(ctx, googleStateKey(cmd.State))
	if errors.Is(err, cache.ErrMiss) {
		return GoogleSignedIn{}, identityapi.ErrInvalidRequest
	}
	if err != nil {
		return GoogleSignedIn{}, err
	}
	var st googleState
	if err := json.Unmarshal(raw, &st); err != nil {
		return GoogleSignedIn{}, identityapi.ErrInvalidRequest
	}
	claims, err := s.google.Exchange(ctx, st.RedirectURL, cmd.Code, st.Verifier, st.Nonce)
	if errors.Is(err, google.ErrRejected) {
		s.log.WarnContext(ctx, "google sign-in rejected", "err", err)
		return GoogleSignedIn{}, identityapi.ErrInvalidRequest.Wrap(err)
	}
	if err != nil {
		return GoogleSignedIn{}, err
	}
	email := domain.NormalizeEmail(claims.Email)
	var ef errs.Fields
	domain.ValidateEmail(&ef, "email", email)
	if !claims.EmailVerified || claims.Subject == "" || ef.Err() != nil {
		return GoogleSignedIn{}, identityapi.ErrEmailNotVerified
	}
	var out SignedIn
	var revoked []string
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		u, err := tx.UserByGoogleSubject(ctx, claims.Subject)
		switch {
		case err == nil:
		case !isNotFound(err):
			return err
		default:
			u, err = tx.UserByEmail(ctx, email)
			switch {
			case err == nil:
				if u.GoogleSubject != "" {
					return identityapi.ErrEmailInUse
				}
				if !u.EmailVerified {
					// Whoever set this password never proved the address:
					// drop it and its sessions before the owner moves in.
					u.PasswordHash = ""
					if revoked, err = tx.DeleteSessions(ctx, u.ID, "", ""); err != nil {
						return err
					}
					if err := tx.DeleteVerification(ctx, u.ID); err != nil {
						return err
					}
				}
				u.GoogleSubject, u.EmailVerified, u.UpdatedAt = claims.Subject, true, s.now()
				if err := tx.SaveUser(ctx, u); err != nil {
					return err
				}
			case isNotFound(err):
				now := s.now()
				locale := domain.NormalizeLocale(cmd.Locale)
				if locale == "" {
					locale = domain.DefaultLocale
				}
				tz := cmd.TimeZone
				if !domain.ValidTimeZone(tz) {
					tz = domain.DefaultTimeZone
				}
				u = store.User{ID: newID(), Email: email, EmailVerified: true, Locale: locale, TimeZone: tz,
					GoogleSubject: claims.Subject, CreatedAt: now, UpdatedAt: now}
				if err := tx.CreateUser(ctx, u); err != nil {
					return err
				}
				if err := tx.Record(identityapi.AccountRegistered{UserID: u.ID, At: now, Method: identityapi.MethodGoogle}); err != nil {
					return err
				}
			default:
				return err
			}
		}
		out, err = s.startSession(ctx, tx, u, cmd.Req.UserAgent)
		return err
	})
	if errors.Is(err, store.ErrEmailUsed) {
		return GoogleSignedIn{}, identityapi.ErrEmailInUse
	}
	if err != nil {
		return GoogleSignedIn{}, err
	}
	s.forget(ctx, revoked)
	s.forgetUser(ctx, out.Account.ID)
	return GoogleSignedIn{SignedIn: out, ReturnTo: st.ReturnTo}, nil
}
