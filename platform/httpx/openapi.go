package httpx

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"go.yaml.in/yaml/v3"
)

// OpenAPIDocument is the merged API description as indented JSON: what
// /api/openapi.json serves and what the web app's types are generated from.
type OpenAPIDocument []byte

// OpenAPIFragment is one module's part of the API description: a YAML
// document with "paths" and optionally "components". Each module documents
// its own endpoints next to its handlers; the fragments are merged at start.
type OpenAPIFragment []byte

// baseDocument holds what every fragment may refer to.
const baseDocument = `
openapi: 3.0.3
info:
  title: Lamplight API
  version: "1"
  description: >-
    JSON API of Lamplight, a Bible reading log. Every failure answers the Error body. Request
    bodies are JSON of at most 1 MiB (413 payload_too_large beyond); text in bodies, paths and
    queries must be valid UTF-8 without NUL characters (400 invalid_request).
servers:
  - url: /
components:
  securitySchemes:
    bearer:
      type: http
      scheme: bearer
    cookie:
      type: apiKey
      in: cookie
      name: lamplight_session
  schemas:
    Error:
      type: object
      required: [error]
      properties:
        error:
          type: object
          required: [code]
          properties:
            code: {$ref: "#/components/schemas/ErrorKind"}
            errors:
              type: array
              items: {$ref: "#/components/schemas/ErrorDetail"}
    ErrorKind:
      description: The class of a failure; each has one HTTP status.
      type: string
      enum: [validation_error, invalid_request, unauthenticated, forbidden, not_found, conflict, too_many_requests, payload_too_large, internal_error, unavailable]
    ErrorDetail:
      description: One reason of a failure, about a field when field is set.
      type: object
      required: [code]
      properties:
        field: {type: string}
        code: {$ref: "#/components/schemas/ErrorCode"}
        properties: {type: object, additionalProperties: true}
    ErrorCode:
      description: >-
        Every detail code the API answers with, each a plain snake_case id unique across modules
        and translated by the web app. Field kinds: required, is_invalid (properties may name a
        reason such as same_book or start_after_end), unique, min_length, max_length, review. The
        others explain a failure of the whole request or of one field in their own words. The
        platform's codes come first; each module lists its own in its openapi.yaml
        (x-error-codes) and they follow, sorted.
      type: string
      enum:
        - required
        - is_invalid
        - unique
        - min_length
        - max_length
        - review
        - invalid_request
        - too_many_requests
        - payload_too_large
        - operator_only
        - idempotency_key_invalid
        - idempotency_key_reused
        - idempotency_in_progress
        - service_unavailable
  parameters:
    IdempotencyKey:
      name: Idempotency-Key
      in: header
      required: false
      description: >
        Makes a creating request safe to retry. The same key from the same reader on the same
        route within 24 hours writes nothing and returns the first answer (status, body,
        Content-Type and Location) with the header Idempotent-Replayed: true; 5xx and 429 answers
        are not kept, so their retry runs. An invalid key answers 400 invalid_request
        (idempotency_key_invalid); the key sent with another body answers 409 conflict
        (idempotency_key_reused); a retry while the first request still runs answers 409 conflict
        (idempotency_in_progress) with Retry-After; the claim of a request whose server stopped
        mid-way is released within a minute. A random UUID per request is a good key.
      schema: {type: string, minLength: 1, maxLength: 255, pattern: "^[!-~]+$"}
  responses:
    Error:
      description: >-
        The request failed; see the error code. Any operation may also answer 400
        invalid_request (malformed input), 403 cross_origin_request (a cookie write from another
        site), 429 too_many_requests, 500 internal_error or 503 unavailable (service_unavailable:
        the database is busy or out of reach; try again after Retry-After).
      content:
        application/json:
          schema: {$ref: "#/components/schemas/Error"}
    PayloadTooLarge:
      description: >-
        payload_too_large: the body is over the route's limit; the detail's maxBytes property
        gives the limit.
      content:
        application/json:
          schema: {$ref: "#/components/schemas/Error"}
    IdempotencyConflict:
      description: >
        conflict: idempotency_key_reused (the Idempotency-Key came with another body) or
        idempotency_in_progress (the first request with the key has not answered yet; see
        Retry-After).
      content:
        application/json:
          schema: {$ref: "#/components/schemas/Error"}
paths:
  /api/health:
    get:
      operationId: getHealth
      tags: [operations]
      summary: Status of the instance's dependencies, of each module and of each event handler
      description: >-
        For operators: answers clients in LAMPLIGHT_OPERATOR_NETWORKS (loopback by default) and
        requests with "Authorization: Bearer" and LAMPLIGHT_OPERATOR_TOKEN; 403 operator_only to
        anyone else.
      responses:
        "200":
          description: Status
          content:
            application/json:
              schema:
                type: object
                properties:
                  status: {type: string, enum: [ok, degraded]}
                  checks: {type: array, items: {$ref: "#/components/schemas/HealthStatus"}}
                  modules: {type: array, items: {$ref: "#/components/schemas/HealthStatus"}}
                  handlers: {type: array, items: {$ref: "#/components/schemas/HandlerStatus"}}
        "403": {$ref: "#/components/responses/Error"}
  /api/openapi.json:
    get:
      operationId: getOpenAPI
      tags: [operations]
      summary: This document
      responses:
        "200": {description: The OpenAPI document}
`

const healthSchema = `
components:
  schemas:
    HealthStatus:
      type: object
      properties:
        name: {type: string}
        status: {type: string, enum: [ok, failing]}
        error: {type: string}
    HandlerStatus:
      type: object
      description: An event handler; failing while it does not consume. lag, pending and oldestWaitingSeconds come from Redis and are absent with the in-process bus.
      properties:
        name: {type: string}
        topic: {type: string}
        status: {type: string, enum: [ok, failing]}
        error: {type: string}
        lastSuccess: {type: string, format: date-time, description: This instance's last successful handling}
        poisoned: {type: integer, description: Events this instance sent to the poison queue since it started}
        lag: {type: integer, description: Events not yet delivered to the handler's consumer group}
        pending: {type: integer, description: Events delivered and not yet acknowledged}
        oldestWaitingSeconds: {type: number}
`

// BuildOpenAPI merges the fragments into one validated document, as JSON.
func BuildOpenAPI(fragments []OpenAPIFragment) (OpenAPIDocument, error) {
	var doc map[string]any
	if err := yaml.Unmarshal([]byte(baseDocument), &doc); err != nil {
		return nil, err
	}
	all := append([]OpenAPIFragment{OpenAPIFragment(healthSchema)}, fragments...)
	var codes errorCodes
	for i, f := range all {
		var part map[string]any
		if err := yaml.Unmarshal(f, &part); err != nil {
			return nil, fmt.Errorf("openapi fragment %d: %w", i, err)
		}
		if err := codes.add(part); err != nil {
			return nil, fmt.Errorf("openapi fragment %d: %w", i, err)
		}
		if err := mergeInto(doc, part, ""); err != nil {
			return nil, err
		}
	}
	if err := codes.into(doc); err != nil {
		return nil, err
	}
	addEdgeAnswers(doc)
	if err := checkOperationIDs(doc); err != nil {
		return nil, err
	}
	raw, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	loaded, err := openapi3.NewLoader().LoadFromData(raw)
	if err != nil {
		return nil, fmt.Errorf("openapi: %w", err)
	}
	if err := loaded.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("openapi: %w", err)
	}
	return append(raw, '\n'), nil
}

// errorCodes collects the detail codes the modules declare in their
// fragments (x-error-codes), so adding a module's codes touches only its
// own openapi.yaml.
type errorCodes []string

func (c *errorCodes) add(part map[string]any) error {
	raw, ok := part["x-error-codes"]
	if !ok {
		return nil
	}
	delete(part, "x-error-codes")
	list, ok := raw.([]any)
	if !ok {
		return fmt.Errorf("x-error-codes must be a list of codes")
	}
	for _, v := range list {
		code, ok := v.(string)
		if !ok || code == "" {
			return fmt.Errorf("x-error-codes: %v is not a code", v)
		}
		*c = append(*c, code)
	}
	return nil
}

// into appends the codes, sorted (fx groups have no order), to the
// ErrorCode schema's platform codes; a code declared twice is an error.
func (c errorCodes) into(doc map[string]any) error {
	components, _ := doc["components"].(map[string]any)
	schemas, _ := components["schemas"].(map[string]any)
	schema, _ := schemas["ErrorCode"].(map[string]any)
	enum, _ := schema["enum"].([]any)
	if schema == nil {
		return fmt.Errorf("openapi: no ErrorCode schema")
	}
	seen := map[string]bool{}
	for _, v := range enum {
		seen[fmt.Sprint(v)] = true
	}
	sorted := slices.Sorted(slices.Values(c))
	for _, code := range sorted {
		if seen[code] {
			return fmt.Errorf("openapi: error code %s is declared twice", code)
		}
		seen[code] = true
		enum = append(enum, code)
	}
	schema["enum"] = enum
	return nil
}

var operationID = regexp.MustCompile(`^[a-z][a-zA-Z0-9]*$`)

// checkOperationIDs requires a unique camelCase operationId on every
// operation: the generated web client names its calls after them.
func checkOperationIDs(doc map[string]any) error {
	seen := map[string]string{}
	paths, _ := doc["paths"].(map[string]any)
	for path, item := range paths {
		ops, _ := item.(map[string]any)
		for method, op := range ops {
			o, ok := op.(map[string]any)
			if !ok || method == "parameters" {
				continue
			}
			id, _ := o["operationId"].(string)
			at := strings.ToUpper(method) + " " + path
			switch {
			case !operationID.MatchString(id):
				return fmt.Errorf("openapi: %s needs a camelCase operationId, has %q", at, id)
			case seen[id] != "":
				return fmt.Errorf("openapi: %s and %s share the operationId %q", seen[id], at, id)
			}
			seen[id] = at
		}
	}
	return nil
}

// addEdgeAnswers gives every operation the answers the edge gives for all
// routes, not each module: 413 to one that takes a body, and the Error body
// for any other failure (malformed input, a cross-origin write, a rate
// limit, an internal error).
func addEdgeAnswers(doc map[string]any) {
	paths, _ := doc["paths"].(map[string]any)
	for _, item := range paths {
		ops, _ := item.(map[string]any)
		for _, op := range ops {
			o, _ := op.(map[string]any)
			responses, ok := o["responses"].(map[string]any)
			if !ok {
				continue
			}
			if _, hasBody := o["requestBody"]; hasBody {
				responses["413"] = map[string]any{"$ref": "#/components/responses/PayloadTooLarge"}
			}
			if _, has := responses["default"]; !has {
				responses["default"] = map[string]any{"$ref": "#/components/responses/Error"}
			}
		}
	}
}

// mergeInto adds src's maps into dst; a key defined twice with a non-map
// value is a mistake (two modules claiming one path or schema).
func mergeInto(dst, src map[string]any, at string) error {
	for k, v := range src {
		existing, ok := dst[k]
		if !ok {
			dst[k] = v
			continue
		}
		em, ok1 := existing.(map[string]any)
		vm, ok2 := v.(map[string]any)
		if !ok1 || !ok2 {
			return fmt.Errorf("openapi: %s/%s is defined twice", at, k)
		}
		if err := mergeInto(em, vm, at+"/"+k); err != nil {
			return err
		}
	}
	return nil
}
