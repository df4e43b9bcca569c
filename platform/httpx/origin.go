package httpx

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"lamplight/platform/config"
)

// site is what the engine knows of the public address: it lets handlers
// build links and check where a request came from without the configuration.
type site struct {
	url     string // LAMPLIGHT_SITE_URL without a trailing slash, or ""
	proxies []netip.Prefix
}

const siteKey = "lamplight.site"

func newSite(cfg config.Config) *site {
	return &site{url: strings.TrimRight(cfg.SiteURL, "/"), proxies: cfg.TrustedProxyNets()}
}

func (s *site) handle(c *gin.Context) {
	c.Set(siteKey, s)
	c.Next()
}

func siteOf(c *gin.Context) *site {
	if s, ok := c.Get(siteKey); ok {
		return s.(*site)
	}
	return &site{}
}

// fromProxy is true when the peer is one of LAMPLIGHT_TRUSTED_PROXIES.
func (s *site) fromProxy(r *http.Request) bool {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return false
	}
	addr, err := netip.ParseAddr(host)
	return err == nil && inNets(addr, s.proxies)
}

func inNets(a netip.Addr, nets []netip.Prefix) bool {
	a = a.Unmap()
	for _, n := range nets {
		if n.Contains(a) {
			return true
		}
	}
	return false
}

// SiteURL is LAMPLIGHT_SITE_URL, or else the scheme and host the request was
// sent to: https when it came over TLS or a trusted proxy says so in
// X-Forwarded-Proto (anyone else could claim it).
func SiteURL(c *gin.Context) string {
	s := siteOf(c)
	if s.url != "" {
		return s.url
	}
	scheme := "http"
	if c.Request.TLS != nil {
		scheme = "https"
	} else if s.fromProxy(c.Request) {
		proto, _, _ := strings.Cut(c.GetHeader("X-Forwarded-Proto"), ",")
		if proto = strings.ToLower(strings.TrimSpace(proto)); proto == "https" {
			scheme = proto
		}
	}
	return scheme + "://" + c.Request.Host
}

// SameOrigin is true when the request's Origin (or, without one, its
// Referer) has the scheme, host and port of SiteURL.
func SameOrigin(c *gin.Context) bool {
	from := c.GetHeader("Origin")
	if from == "" || from == "null" {
		from = c.GetHeader("Referer")
	}
	got, ok := originOf(from)
	want, wantOK := originOf(SiteURL(c))
	return ok && wantOK && got == want
}

// originOf reduces an http(s) URL to scheme://host:port, the port explicit.
func originOf(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "", false
	}
	scheme, port := strings.ToLower(u.Scheme), u.Port()
	switch {
	case scheme != "http" && scheme != "https":
		return "", false
	case port == "" && scheme == "http":
		port = "80"
	case port == "":
		port = "443"
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port), true
}
