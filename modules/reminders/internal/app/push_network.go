package app

import (
	"crypto/tls"
	"crypto/x509"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"time"

	"code.dny.dev/ssrf"
)

// PushNetwork is how deliveries reach the push services readers' browsers
// name. An endpoint is any URL a signed-in reader sends, so every
// connection goes through Guard after DNS resolution: a name that
// resolves (or re-resolves) to a loopback, private, link-local or other
// special-purpose address is refused when dialling, not only when
// subscribing.
type PushNetwork struct {
	// Guard decides which addresses and ports may be dialled.
	Guard *ssrf.Guardian
	// RootCAs verifies the push services' certificates; nil is the system's.
	RootCAs *x509.CertPool
}

// DefaultPushNetwork permits public addresses on port 443 only, which is
// where browsers' push services listen.
func DefaultPushNetwork() PushNetwork {
	return PushNetwork{Guard: ssrf.New(ssrf.WithPorts(443))}
}

// PushTimeout bounds one delivery, connection included; push services
// answer in well under a second.
const PushTimeout = 5 * time.Second

// client is the HTTP client for push deliveries: guarded dialling, no
// proxy (a proxy would dial for us, past the guard), no redirects.
func (n PushNetwork) client() *http.Client {
	dialer := &net.Dialer{Timeout: PushTimeout, Control: n.Guard.Safe}
	return &http.Client{
		Timeout: PushTimeout,
		Transport: &http.Transport{
			DialContext:           dialer.DialContext,
			TLSClientConfig:       &tls.Config{RootCAs: n.RootCAs, MinVersion: tls.VersionTLS12},
			TLSHandshakeTimeout:   PushTimeout,
			ResponseHeaderTimeout: PushTimeout,
			ForceAttemptHTTP2:     true,
			MaxIdleConnsPerHost:   4,
			IdleConnTimeout:       time.Minute,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// validEndpoint says whether a subscription's endpoint may be kept:
// https, no credentials, and an address literal only when the guard
// permits it. Names are checked when dialling, after resolution.
func (n PushNetwork) validEndpoint(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || len(raw) > 2000 || u.Scheme != "https" || u.User != nil || u.Hostname() == "" || u.Opaque != "" {
		return false
	}
	host := u.Hostname()
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return !strings.ContainsAny(host, "%/\\")
	}
	port := uint16(443)
	if p := u.Port(); p != "" {
		ap, err := netip.ParseAddrPort(net.JoinHostPort(host, p))
		if err != nil {
			return false
		}
		port = ap.Port()
	}
	return n.Guard.SafeAddrPort(netip.AddrPortFrom(addr.Unmap(), port)) == nil
}

// breaker keeps deliveries away from endpoints that keep failing, so a
// slow or broken endpoint costs at most breakerFailures timeouts before
// it rests for breakerRest.
type breaker struct {
	mu    sync.Mutex
	state map[string]*circuit
}

type circuit struct {
	failures  int
	openUntil time.Time
	touched   time.Time
}

const (
	breakerFailures = 3
	breakerRest     = 10 * time.Minute
	// breakerMax bounds the memory the breaker keeps.
	breakerMax = 10000
)

// open returns until when endpoint rests, if it does at now.
func (b *breaker) open(endpoint string, now time.Time) (time.Time, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c := b.state[endpoint]
	if c == nil || !now.Before(c.openUntil) {
		return time.Time{}, false
	}
	return c.openUntil, true
}

// record notes the outcome of a delivery to endpoint.
func (b *breaker) record(endpoint string, ok bool, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if ok {
		delete(b.state, endpoint)
		return
	}
	if b.state == nil {
		b.state = map[string]*circuit{}
	}
	c := b.state[endpoint]
	if c == nil {
		if len(b.state) >= breakerMax {
			b.prune(now)
		}
		c = &circuit{}
		b.state[endpoint] = c
	}
	c.failures++
	c.touched = now
	if c.failures >= breakerFailures {
		c.openUntil = now.Add(breakerRest)
		c.failures = 0
	}
}

// prune forgets circuits idle for longer than a rest, or all of them when
// every one is recent (a flood of distinct failing endpoints).
func (b *breaker) prune(now time.Time) {
	for k, c := range b.state {
		if now.Sub(c.touched) > breakerRest {
			delete(b.state, k)
		}
	}
	if len(b.state) >= breakerMax {
		clear(b.state)
	}
}
