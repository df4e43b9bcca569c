package testkit

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"lamplight/platform/httpx"
)

// contract checks every answer under /api and /_content against the app's
// own API description and fails the test on a mismatch, so a handler cannot
// drift from what the web app's generated types promise.
type contract struct {
	t      testing.TB
	doc    *openapi3.T
	router routers.Router
	next   http.RoundTripper
}

// Markdown answers (the notes export) are text to the contract check.
func init() { openapi3filter.RegisterBodyDecoder("text/markdown", openapi3filter.PlainBodyDecoder) }

func newContract(t testing.TB, raw httpx.OpenAPIDocument) *contract {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(raw)
	if err != nil {
		t.Fatalf("load the API description: %v", err)
	}
	// Match routes by path alone: the test server listens on a random port.
	doc.Servers = nil
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatalf("route the API description: %v", err)
	}
	return &contract{t: t, doc: doc, router: router, next: http.DefaultTransport}
}

// with returns a copy that sends through next (nil: the default transport).
func (c *contract) with(next http.RoundTripper) *contract {
	cc := *c
	if next != nil {
		cc.next = next
	}
	return &cc
}

func (c *contract) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := c.next.RoundTrip(req)
	described := strings.HasPrefix(req.URL.Path, "/api/") || strings.HasPrefix(req.URL.Path, "/_content/")
	if err != nil || !described || req.Method == http.MethodHead {
		return res, err
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	res.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return res, err
	}
	if err := c.check(req, res, body); err != nil {
		c.t.Errorf("%s %s answered %d, which the API description does not allow: %v\n%.500s", req.Method, req.URL.RequestURI(), res.StatusCode, err, body)
	}
	return res, nil
}

func (c *contract) check(req *http.Request, res *http.Response, body []byte) error {
	if res.Header.Get("Content-Encoding") == "gzip" && len(body) > 0 {
		zr, err := gzip.NewReader(bytes.NewReader(body))
		if err != nil {
			return err
		}
		if body, err = io.ReadAll(zr); err != nil {
			return err
		}
	}
	route, params, err := c.router.FindRoute(req)
	if _, unrouted := errors.AsType[*routers.RouteError](err); unrouted {
		// Not an operation (an unknown path, or a route a test added): a
		// failure must still have the one error shape. That every real route
		// is documented is checked on the router itself.
		if res.StatusCode < 400 {
			return nil
		}
		return c.doc.Components.Schemas["Error"].Value.VisitJSON(decode(body))
	}
	if err != nil {
		return err
	}
	opts := &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true}
	return openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts},
		Status:                 res.StatusCode,
		Header:                 res.Header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                opts,
	})
}

// decode reads JSON for schema checks; anything else stays a string, which
// the Error schema refuses.
func decode(body []byte) any {
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return string(body)
	}
	return v
}
