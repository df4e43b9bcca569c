// Package google signs readers in with their Google account through OpenID
// Connect: the authorization code flow with PKCE, a nonce and a state, and
// an ID token verified against the provider's published keys.
package google

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

// Config names the OAuth client; Issuer is Google unless a test points
// elsewhere.
type Config struct {
	ClientID     string
	ClientSecret string
	Issuer       string
	// HTTPClient talks to the provider; a default with a timeout is used
	// when nil.
	HTTPClient *http.Client
}

// Claims are what identity needs from the ID token.
type Claims struct {
	Subject       string
	Email         string
	EmailVerified bool
}

// Client talks to the provider. Discovery happens on first use, so a
// provider that is down does not stop the process from starting.
type Client struct {
	cfg Config

	mu       sync.Mutex
	provider *oidc.Provider
}

// New builds a client; Enabled is false without a client id and secret.
func New(cfg Config) *Client {
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 15 * time.Second}
	}
	return &Client{cfg: cfg}
}

// Enabled reports whether Google sign-in is configured.
func (c *Client) Enabled() bool { return c.cfg.ClientID != "" && c.cfg.ClientSecret != "" }

func (c *Client) ctx(ctx context.Context) context.Context {
	return oidc.ClientContext(ctx, c.cfg.HTTPClient)
}

func (c *Client) discover(ctx context.Context) (*oidc.Provider, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.provider != nil {
		return c.provider, nil
	}
	p, err := oidc.NewProvider(c.ctx(ctx), c.cfg.Issuer)
	if err != nil {
		return nil, fmt.Errorf("google discovery: %w", err)
	}
	c.provider = p
	return p, nil
}

func (c *Client) oauth(p *oidc.Provider, redirectURL string) *oauth2.Config {
	return &oauth2.Config{
		ClientID: c.cfg.ClientID, ClientSecret: c.cfg.ClientSecret, RedirectURL: redirectURL,
		Endpoint: p.Endpoint(), Scopes: []string{oidc.ScopeOpenID, "email"},
	}
}

// AuthURL is where the browser goes to choose a Google account.
func (c *Client) AuthURL(ctx context.Context, redirectURL, state, nonce, verifier string) (string, error) {
	p, err := c.discover(ctx)
	if err != nil {
		return "", err
	}
	return c.oauth(p, redirectURL).AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier),
		oauth2.SetAuthURLParam("prompt", "select_account")), nil
}

// ErrRejected means the code or the ID token was not accepted.
var ErrRejected = errors.New("google sign-in rejected")

// Exchange trades the authorization code for tokens and verifies the ID
// token: signature, issuer, audience, expiry and nonce.
func (c *Client) Exchange(ctx context.Context, redirectURL, code, verifier, nonce string) (Claims, error) {
	p, err := c.discover(ctx)
	if err != nil {
		return Claims{}, err
	}
	ctx = c.ctx(ctx)
	tok, err := c.oauth(p, redirectURL).Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		return Claims{}, fmt.Errorf("%w: exchange: %v", ErrRejected, err)
	}
	raw, ok := tok.Extra("id_token").(string)
	if !ok || raw == "" {
		return Claims{}, fmt.Errorf("%w: no id_token", ErrRejected)
	}
	idToken, err := p.VerifierContext(ctx, &oidc.Config{ClientID: c.cfg.ClientID}).Verify(ctx, raw)
	if err != nil {
		return Claims{}, fmt.Errorf("%w: %v", ErrRejected, err)
	}
	if idToken.Nonce != nonce {
		return Claims{}, fmt.Errorf("%w: nonce mismatch", ErrRejected)
	}
	var claims struct {
		Email         string          `json:"email"`
		EmailVerified json.RawMessage `json:"email_verified"`
	}
	if err := idToken.Claims(&claims); err != nil {
		return Claims{}, fmt.Errorf("%w: claims: %v", ErrRejected, err)
	}
	verified := string(claims.EmailVerified) == "true" || string(claims.EmailVerified) == `"true"`
	return Claims{Subject: idToken.Subject, Email: claims.Email, EmailVerified: verified}, nil
}
