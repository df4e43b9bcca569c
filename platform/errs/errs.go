// Package errs declares the application's error kinds once. Use cases return
// these; platform/httpx maps them to HTTP statuses and the JSON error body in
// one place, and the detail codes double as the web app's translation keys.
package errs

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"
)

// Kind is the top-level class of a failure; each maps to one HTTP status.
type Kind string

const (
	KindValidation      Kind = "validation_error"
	KindInvalidRequest  Kind = "invalid_request"
	KindUnauthenticated Kind = "unauthenticated"
	KindForbidden       Kind = "forbidden"
	KindNotFound        Kind = "not_found"
	KindConflict        Kind = "conflict"
	KindTooManyRequests Kind = "too_many_requests"
	KindPayloadTooLarge Kind = "payload_too_large"
	KindInternal        Kind = "internal_error"
	KindUnavailable     Kind = "unavailable"
)

// Detail is one reason inside an error: a field error (Field set, Code one of
// required, is_invalid, unique, min_length, max_length, review) or an
// api_error code such as invalid_login.
type Detail struct {
	Field      string         `json:"field,omitempty"`
	Code       string         `json:"code"`
	Properties map[string]any `json:"properties,omitempty"`
}

// Error is the one error type use cases return for expected failures.
type Error struct {
	Kind       Kind
	Details    []Detail
	RetryAfter time.Duration
	cause      error
}

func (e *Error) Error() string {
	if len(e.Details) == 0 {
		return string(e.Kind)
	}
	d := e.Details[0]
	if d.Field != "" {
		return fmt.Sprintf("%s: %s %s", e.Kind, d.Field, d.Code)
	}
	return fmt.Sprintf("%s: %s", e.Kind, d.Code)
}

func (e *Error) Unwrap() error { return e.cause }

// Is lets errors.Is compare by kind and first detail code, so a declared
// sentinel such as ErrInvalidLogin matches a returned copy.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	if !ok || t.Kind != e.Kind {
		return false
	}
	if len(t.Details) == 0 {
		return true
	}
	return len(e.Details) > 0 && e.Details[0].Code == t.Details[0].Code && e.Details[0].Field == t.Details[0].Field
}

// New builds an error of a kind with api_error codes.
func New(kind Kind, codes ...string) *Error {
	declare(codes...)
	e := &Error{Kind: kind}
	for _, c := range codes {
		e.Details = append(e.Details, Detail{Code: c})
	}
	return e
}

// Detail codes are plain snake_case ids, unique across modules (entry_not_found,
// not reading.entry_not_found): the web app translates each one, and the API
// description lists them all. Errors are declared as package variables, so every
// code is known once the packages are loaded.
var (
	declaredMu sync.Mutex
	declared   = map[string]bool{}
)

func declare(codes ...string) {
	declaredMu.Lock()
	defer declaredMu.Unlock()
	for _, c := range codes {
		declared[c] = true
	}
}

// Codes lists, sorted, every detail code declared by the packages loaded so far.
func Codes() []string {
	declaredMu.Lock()
	defer declaredMu.Unlock()
	out := make([]string, 0, len(declared))
	for c := range declared {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// Wrap keeps a cause for logs without exposing it to clients.
func (e *Error) Wrap(cause error) *Error {
	c := *e
	c.cause = cause
	return &c
}

// NotFound is the answer for a missing row or one that belongs to someone else.
func NotFound(codes ...string) *Error { return New(KindNotFound, codes...) }

// Validation collects field errors.
func Validation(details ...Detail) *Error {
	return &Error{Kind: KindValidation, Details: details}
}

// Field builds a field error detail; props are name/value pairs such as "maxlength", 32.
func Field(field, code string, props ...any) Detail {
	declare(code)
	d := Detail{Field: field, Code: code}
	if len(props) > 1 {
		d.Properties = map[string]any{}
		for i := 0; i+1 < len(props); i += 2 {
			d.Properties[fmt.Sprint(props[i])] = props[i+1]
		}
	}
	return d
}

// Field error codes of the product spec.
const (
	Required  = "required"
	IsInvalid = "is_invalid"
	Unique    = "unique"
	MinLength = "min_length"
	MaxLength = "max_length"
	Review    = "review"
)

func init() {
	declare(Required, IsInvalid, Unique, MinLength, MaxLength, Review, codeTooManyRequests, string(KindPayloadTooLarge), codeIdempotencyInProgress, codeUnavailable)
}

// Codes of errors built per request, declared here once.
const (
	codeTooManyRequests       = "too_many_requests"
	codeIdempotencyInProgress = "idempotency_in_progress"
	codeUnavailable           = "service_unavailable"
)

// Fields accumulates field errors while validating a request.
type Fields []Detail

// Add appends a field error.
func (f *Fields) Add(field, code string, props ...any) { *f = append(*f, Field(field, code, props...)) }

// Err returns a validation error, or nil when nothing was added.
func (f Fields) Err() error {
	if len(f) == 0 {
		return nil
	}
	return Validation(f...)
}

// TooManyRequests tells the client when it may try again.
func TooManyRequests(retryAfter time.Duration) *Error {
	return &Error{Kind: KindTooManyRequests, Details: []Detail{{Code: codeTooManyRequests}}, RetryAfter: retryAfter}
}

// Unavailable tells the client the service is busy or its database out of
// reach for a moment, and when to try again.
func Unavailable(retryAfter time.Duration) *Error {
	return &Error{Kind: KindUnavailable, Details: []Detail{{Code: codeUnavailable}}, RetryAfter: retryAfter}
}

// PayloadTooLarge refuses a request body over limit bytes.
func PayloadTooLarge(limit int64) *Error {
	return &Error{Kind: KindPayloadTooLarge, Details: []Detail{Field("", string(KindPayloadTooLarge), "maxBytes", limit)}}
}

// As extracts an *Error from any error chain.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// A request without a signed-in caller where one is needed, and a caller
// without the right to do what it asks.
var (
	ErrUnauthenticated = New(KindUnauthenticated)
	ErrForbidden       = New(KindForbidden)
)

// Idempotency-Key failures: a malformed key, and a key sent again with
// another request.
var (
	ErrIdempotencyKeyInvalid = New(KindInvalidRequest, "idempotency_key_invalid")
	ErrIdempotencyKeyReused  = New(KindConflict, "idempotency_key_reused")
)

// IdempotencyInProgress answers a retry that arrives while the first request
// with its key has not stored an answer yet.
func IdempotencyInProgress(retryAfter time.Duration) *Error {
	return &Error{Kind: KindConflict, Details: []Detail{{Code: codeIdempotencyInProgress}}, RetryAfter: retryAfter}
}
