package httpx

import (
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"lamplight/platform/db"
	"lamplight/platform/errs"
)

var statusOf = map[errs.Kind]int{
	errs.KindValidation:      http.StatusBadRequest,
	errs.KindInvalidRequest:  http.StatusBadRequest,
	errs.KindUnauthenticated: http.StatusUnauthorized,
	errs.KindForbidden:       http.StatusForbidden,
	errs.KindNotFound:        http.StatusNotFound,
	errs.KindConflict:        http.StatusConflict,
	errs.KindTooManyRequests: http.StatusTooManyRequests,
	errs.KindPayloadTooLarge: http.StatusRequestEntityTooLarge,
	errs.KindInternal:        http.StatusInternalServerError,
	errs.KindUnavailable:     http.StatusServiceUnavailable,
}

// unavailableRetry is the Retry-After of an answer given while the
// database is busy or out of reach.
const unavailableRetry = 2 * time.Second

// ErrorBody is the one JSON shape of every failure.
type ErrorBody struct {
	Error ErrorPayload `json:"error"`
}

// ErrorPayload carries the top-level code and its details.
type ErrorPayload struct {
	Code   errs.Kind     `json:"code"`
	Errors []errs.Detail `json:"errors,omitempty"`
}

// Fail writes err as the JSON error body and aborts the request. Unexpected
// errors are logged with the request id and answered as internal_error
// without details, so internals never leak.
func Fail(c *gin.Context, err error) {
	e, ok := errs.As(err)
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		e, ok = errs.PayloadTooLarge(tooLarge.Limit), true
	}
	if !ok && db.Unavailable(err) {
		logger(c).WarnContext(c.Request.Context(), "database unavailable", "err", err)
		e, ok = errs.Unavailable(unavailableRetry), true
	}
	if !ok || e.Kind == errs.KindInternal {
		logger(c).ErrorContext(c.Request.Context(), "request failed", "err", err)
		e = errs.New(errs.KindInternal)
	}
	if e.RetryAfter > 0 {
		c.Header("Retry-After", strconv.Itoa(int(math.Ceil(e.RetryAfter.Seconds()))))
	}
	status, known := statusOf[e.Kind]
	if !known {
		status = http.StatusInternalServerError
	}
	c.AbortWithStatusJSON(status, ErrorBody{Error: ErrorPayload{Code: e.Kind, Errors: e.Details}})
}

// ErrNotFound answers unknown API paths.
var ErrNotFound = errs.NotFound()

const loggerKey = "lamplight.logger"

func logger(c *gin.Context) *slog.Logger {
	if l, ok := c.Get(loggerKey); ok {
		return l.(*slog.Logger)
	}
	return slog.Default()
}
