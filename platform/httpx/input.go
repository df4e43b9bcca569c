package httpx

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"lamplight/platform/errs"
)

// DefaultBodyLimit bounds every request body unless its route asks for more:
// the largest JSON request (a batch of 1000 entries) is well under 100 KB.
const DefaultBodyLimit int64 = 1 << 20

// LargeBodies is implemented by Routes that accept bodies over
// DefaultBodyLimit, such as an upload.
type LargeBodies interface {
	// BodyLimits maps "METHOD /api/full/path" to its largest body in bytes.
	BodyLimits() map[string]int64
}

// limitBodies refuses a declared Content-Length over the route's limit
// before reading anything, and stops reading an undeclared (chunked) body at
// the limit, so no request can make the process hold more than that.
func limitBodies(routes []Routes) gin.HandlerFunc {
	limits := map[string]int64{}
	for _, r := range routes {
		if l, ok := r.(LargeBodies); ok {
			for route, n := range l.BodyLimits() {
				limits[route] = n
			}
		}
	}
	return func(c *gin.Context) {
		if c.Request.Body == http.NoBody {
			// Nothing to read or limit (a GET).
			c.Next()
			return
		}
		limit, ok := limits[c.Request.Method+" "+c.FullPath()]
		if !ok {
			limit = DefaultBodyLimit
		}
		if c.Request.ContentLength > limit {
			Fail(c, errs.PayloadTooLarge(limit))
			return
		}
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, limit)
		c.Next()
	}
}

// errMalformed answers a request that is not well-formed input.
var errMalformed = errs.New(errs.KindInvalidRequest, "invalid_request")

// Bind decodes a JSON body into dst. The body must be exactly one JSON value
// other than null, in valid UTF-8 and without NUL characters (PostgreSQL
// cannot store them); anything else answers invalid_request, and a body over
// the route's limit payload_too_large.
func Bind(c *gin.Context, dst any) bool {
	raw, err := io.ReadAll(c.Request.Body)
	if err != nil {
		Fail(c, errMalformed.Wrap(err))
		return false
	}
	if !utf8.Valid(raw) || hasEscapedNUL(raw) || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		Fail(c, errMalformed)
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(dst); err != nil {
		Fail(c, errMalformed.Wrap(err))
		return false
	}
	if _, err := dec.Token(); err != io.EOF {
		Fail(c, errMalformed)
		return false
	}
	return true
}

// hasEscapedNUL finds \u0000 in JSON text. Outside strings a backslash is
// invalid JSON anyway, so every backslash starts an escape of one character.
func hasEscapedNUL(raw []byte) bool {
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		if bytes.HasPrefix(raw[i+1:], []byte("u0000")) {
			return true
		}
		i++
	}
	return false
}

// validText is false for text PostgreSQL cannot store: invalid UTF-8 or NUL.
func validText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}

// UserAgent is the request's User-Agent as storable text: invalid UTF-8
// (some old clients send Latin-1) becomes U+FFFD instead of failing a write.
func UserAgent(c *gin.Context) string {
	return strings.ToValidUTF8(c.Request.UserAgent(), "\uFFFD")
}

// validInput refuses path and query parameters that are not valid text,
// before a handler passes them to the database.
func validInput(c *gin.Context) {
	ok := true
	for _, p := range c.Params {
		ok = ok && validText(p.Value)
	}
	if raw := c.Request.URL.RawQuery; strings.ContainsRune(raw, '%') || !validText(raw) {
		// Only an escape can hide invalid text in a query of valid text:
		// the parsed query is checked only then.
		for k, vs := range c.Request.URL.Query() {
			ok = ok && validText(k)
			for _, v := range vs {
				ok = ok && validText(v)
			}
		}
	}
	if !ok {
		Fail(c, errMalformed)
		return
	}
	c.Next()
}
