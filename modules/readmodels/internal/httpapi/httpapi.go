// Package httpapi serves every read model's routes: each answer is encoded
// and compressed once per inputs' version (engine.Runner.Answer) and sent
// with its ETag. No business rules: the read models compute, this package
// parses requests and renders answers.
package httpapi

import (
	"github.com/gin-gonic/gin"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/readmodels/internal/engine"
	"lamplight/platform/httpx"
)

// serve answers a read model's value for the request's reader, variant and
// rendering; today is the request's optional date parameter.
func serve[T any](c *gin.Context, r *engine.Runner[T], today string, variant func(engine.View) (string, error), render func(T, engine.View) ([]byte, error)) {
	u, _ := identityapi.CurrentUser(c.Request.Context())
	a, err := r.Answer(c.Request.Context(), u.ID, today, variant, render)
	if err != nil {
		httpx.Fail(c, err)
		return
	}
	httpx.WriteTagged(c, a.ETag, a.Gzip)
}

// serveToday is serve for a read model that takes only the optional today
// parameter.
func serveToday[T any](r *engine.Runner[T], variant func(engine.View) (string, error), render func(T, engine.View) ([]byte, error)) gin.HandlerFunc {
	return func(c *gin.Context) {
		today, err := engine.ParseDate("today", c.Query("today"))
		if err != nil {
			httpx.Fail(c, err)
			return
		}
		serve(c, r, today, variant, render)
	}
}
