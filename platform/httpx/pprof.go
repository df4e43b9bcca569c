package httpx

import (
	"net/http/pprof"
	"strings"

	"github.com/gin-gonic/gin"
)

// servePprof answers /debug/pprof/ with Go's profiles (LAMPLIGHT_PPROF); the
// operator check runs before it like for /metrics.
func servePprof(c *gin.Context) {
	switch name := strings.TrimPrefix(c.Param("profile"), "/"); name {
	case "":
		pprof.Index(c.Writer, c.Request)
	case "cmdline":
		pprof.Cmdline(c.Writer, c.Request)
	case "profile":
		pprof.Profile(c.Writer, c.Request)
	case "symbol":
		pprof.Symbol(c.Writer, c.Request)
	case "trace":
		pprof.Trace(c.Writer, c.Request)
	default:
		pprof.Handler(name).ServeHTTP(c.Writer, c.Request)
	}
}
