package httpx

import (
	"crypto/subtle"
	"net/netip"
	"strings"

	"github.com/gin-gonic/gin"

	"lamplight/platform/config"
	"lamplight/platform/errs"
)

// operatorRoutes tell an operator more than a probe needs (metrics, the
// failing checks with their errors); /healthz and /readyz stay open.
var operatorRoutes = map[string]bool{"/metrics": true, "/api/health": true, pprofRoute: true}

const pprofRoute = "/debug/pprof/*profile"

var errOperatorOnly = errs.New(errs.KindForbidden, "operator_only")

// operatorOnly lets a client from LAMPLIGHT_OPERATOR_NETWORKS, or one that
// sends LAMPLIGHT_OPERATOR_TOKEN as a bearer token, read the operator routes.
func operatorOnly(cfg config.Config, s *site) gin.HandlerFunc {
	nets, token := cfg.OperatorNets(), []byte(cfg.OperatorToken)
	return func(c *gin.Context) {
		if !operatorRoutes[c.FullPath()] || fromOperatorNetwork(c, s, nets) || hasToken(c, token) {
			c.Next()
			return
		}
		Fail(c, errOperatorOnly)
	}
}

// fromOperatorNetwork judges the client address. Behind a trusted proxy that
// is the forwarded client; a forwarding header from any other peer means a
// proxy that is not trusted stands in front, which hides the real client (a
// local reverse proxy would otherwise make every visitor look like loopback).
func fromOperatorNetwork(c *gin.Context, s *site, nets []netip.Prefix) bool {
	ip := c.RemoteIP()
	if s.fromProxy(c.Request) {
		ip = c.ClientIP()
	} else if c.GetHeader("X-Forwarded-For") != "" || c.GetHeader("X-Real-IP") != "" || c.GetHeader("Forwarded") != "" {
		return false
	}
	a, err := netip.ParseAddr(ip)
	return err == nil && inNets(a, nets)
}

func hasToken(c *gin.Context, token []byte) bool {
	scheme, got, ok := strings.Cut(c.GetHeader("Authorization"), " ")
	return len(token) > 0 && ok && strings.EqualFold(scheme, "Bearer") &&
		subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), token) == 1
}
