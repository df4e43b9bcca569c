package app

import (
	"context"
	"crypto/ecdh"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"code.dny.dev/ssrf"
	"github.com/SherClockHolmes/webpush-go"
	"github.com/google/uuid"

	"lamplight/modules/reminders/internal/store"
	"lamplight/platform/errs"
)

// Pusher hands an encrypted notification to a browser's push service
// (RFC 8291 payload encryption, RFC 8292 VAPID).
type Pusher interface {
	Push(ctx context.Context, sub store.Subscription, payload []byte, keys VAPID) (status int, err error)
}

// VAPID is the server's key pair (base64url) and contact.
type VAPID struct {
	Private, Public, Subject string
}

// WebPush is the Pusher on webpush-go, over a guarded network.
type WebPush struct {
	client *http.Client
}

// NewWebPush builds the Pusher that reaches push services through n.
func NewWebPush(n PushNetwork) Pusher {
	return WebPush{client: n.client()}
}

// Push implements Pusher.
func (w WebPush) Push(ctx context.Context, sub store.Subscription, payload []byte, keys VAPID) (int, error) {
	res, err := webpush.SendNotificationWithContext(ctx, payload, &webpush.Subscription{
		Endpoint: sub.Endpoint, Keys: webpush.Keys{Auth: sub.Auth, P256dh: sub.P256dh},
	}, &webpush.Options{
		HTTPClient: w.client, Subscriber: keys.Subject, TTL: 12 * 60 * 60, Urgency: webpush.UrgencyNormal,
		VAPIDPublicKey: keys.Public, VAPIDPrivateKey: keys.Private,
	})
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	return res.StatusCode, nil
}

// MaxPushAttempts bounds retries of one notification.
const MaxPushAttempts = 5

// Keys returns the VAPID key pair: the configured one, else the pair made
// at first start and kept in the database.
func (s *Service) Keys(ctx context.Context) (VAPID, error) {
	v := VAPID{Subject: s.cfg.VAPIDSubject}
	if s.cfg.VAPIDPrivateKey != "" {
		pub, err := publicKeyOf(s.cfg.VAPIDPrivateKey)
		if err != nil {
			return v, fmt.Errorf("LAMPLIGHT_VAPID_PRIVATE_KEY: %w", err)
		}
		v.Private, v.Public = s.cfg.VAPIDPrivateKey, pub
		return v, nil
	}
	var err error
	v.Private, v.Public, err = s.store.VAPIDKeys(ctx, s.now(), webpush.GenerateVAPIDKeys)
	return v, err
}

// publicKeyOf derives the uncompressed P-256 public key of a private key.
func publicKeyOf(private string) (string, error) {
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(private, "="))
	if err != nil {
		return "", err
	}
	k, err := ecdh.P256().NewPrivateKey(raw)
	if err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(k.PublicKey().Bytes()), nil
}

// SubscriptionInput is a browser's PushSubscription as JSON.
type SubscriptionInput struct {
	Endpoint string `json:"endpoint"`
	Keys     struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// SubscriptionView is a stored subscription as the API shows it.
type SubscriptionView struct {
	ID        string    `json:"id"`
	Endpoint  string    `json:"endpoint"`
	CreatedAt time.Time `json:"createdAt"`
}

// Subscribe keeps a browser's push subscription for the reader.
func (s *Service) Subscribe(ctx context.Context, userID string, in SubscriptionInput) (SubscriptionView, error) {
	var details []errs.Detail
	if !s.network.validEndpoint(in.Endpoint) {
		details = append(details, errs.Field("endpoint", errs.IsInvalid))
	}
	if k, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(in.Keys.P256dh, "=")); err != nil || len(k) != 65 {
		details = append(details, errs.Field("keys.p256dh", errs.IsInvalid))
	}
	if k, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(in.Keys.Auth, "=")); err != nil || len(k) != 16 {
		details = append(details, errs.Field("keys.auth", errs.IsInvalid))
	}
	if len(details) > 0 {
		return SubscriptionView{}, errs.Validation(details...)
	}
	id, err := uuid.NewV7()
	if err != nil {
		return SubscriptionView{}, err
	}
	sub := store.Subscription{ID: id.String(), UserID: userID, Endpoint: in.Endpoint, P256dh: in.Keys.P256dh, Auth: in.Keys.Auth, CreatedAt: s.now()}
	err = s.store.Transact(ctx, func(tx *store.Tx) error {
		sub, err = tx.Subscribe(sub)
		return err
	})
	return SubscriptionView{ID: sub.ID, Endpoint: sub.Endpoint, CreatedAt: sub.CreatedAt.UTC()}, err
}

// Subscriptions lists the reader's browsers.
func (s *Service) Subscriptions(ctx context.Context, userID string) ([]SubscriptionView, error) {
	subs, err := s.store.Subscriptions(ctx, userID)
	out := make([]SubscriptionView, len(subs))
	for i, sub := range subs {
		out[i] = SubscriptionView{ID: sub.ID, Endpoint: sub.Endpoint, CreatedAt: sub.CreatedAt.UTC()}
	}
	return out, err
}

// Unsubscribe forgets one of the reader's browsers.
func (s *Service) Unsubscribe(ctx context.Context, userID, id string) error {
	err := s.store.Unsubscribe(ctx, userID, id)
	if errors.Is(err, store.ErrNotFound) {
		return ErrSubscriptionNotFound
	}
	return err
}

// RunPush delivers due notifications, all at once so that one slow
// endpoint never holds up another reader's. Each is claimed until its
// attempt ends (or the lease runs out, when the instance dies) and retried
// with backoff; a subscription the push service calls gone (404, 410) is
// removed.
func (s *Service) RunPush(ctx context.Context) error {
	now := s.now()
	ds, err := s.store.ClaimDeliveries(ctx, now, now.Add(Lease), 50)
	if err != nil || len(ds) == 0 {
		return err
	}
	keys, err := s.Keys(ctx)
	if err != nil {
		return err
	}
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		failures []error
	)
	for _, d := range ds {
		wg.Go(func() {
			if err := s.deliver(ctx, d, keys); err != nil {
				mu.Lock()
				failures = append(failures, err)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return errors.Join(failures...)
}

func (s *Service) deliver(ctx context.Context, d store.Delivery, keys VAPID) error {
	sub, err := s.store.Subscription(ctx, d.SubscriptionID)
	if errors.Is(err, store.ErrNotFound) {
		return s.store.Delivered(ctx, d.ID)
	}
	if err != nil {
		return err
	}
	if until, open := s.breaker.open(sub.Endpoint, s.now()); open {
		return s.store.Retry(ctx, d.ID, until)
	}
	pctx, cancel := context.WithTimeout(ctx, PushTimeout)
	status, err := s.pusher.Push(pctx, sub, []byte(d.Payload), keys)
	cancel()
	s.breaker.record(sub.Endpoint, err == nil && status < 500 && status != http.StatusTooManyRequests, s.now())
	switch {
	case err == nil && status >= 200 && status < 300:
		return s.store.Delivered(ctx, d.ID)
	case err == nil && (status == http.StatusNotFound || status == http.StatusGone):
		// Only an answer from the endpoint itself gets here: the guard
		// refuses other addresses and redirects are never followed.
		return s.store.Forget(ctx, sub.ID)
	case d.Attempts >= MaxPushAttempts || refused(err) ||
		err == nil && status >= 300 && status < 500 && status != http.StatusTooManyRequests:
		s.log.WarnContext(ctx, "push notification given up", "status", status, "err", err)
		return s.store.Delivered(ctx, d.ID)
	default:
		backoff := time.Duration(1<<d.Attempts) * 30 * time.Second
		if err == nil {
			err = fmt.Errorf("push service answered %d", status)
		}
		return errors.Join(err, s.store.Retry(ctx, d.ID, s.now().Add(backoff)))
	}
}

// refused says the guard would not dial the endpoint's address: trying
// again is pointless.
func refused(err error) bool {
	return errors.Is(err, ssrf.ErrProhibitedIP) || errors.Is(err, ssrf.ErrProhibitedPort) || errors.Is(err, ssrf.ErrProhibitedNetwork)
}
