package httpx

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/getkin/kin-openapi/openapi3"
	"gopkg.in/yaml.v3"
)

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
  description: JSON API of Lamplight, a Bible reading log. Every failure answers the Error body.
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
            code:
              type: string
              enum: [validation_error, invalid_request, unauthenticated, forbidden, not_found, conflict, too_many_requests, internal_error]
            errors:
              type: array
              items:
                type: object
                required: [code]
                properties:
                  field: {type: string}
                  code: {type: string}
                  properties: {type: object, additionalProperties: true}
  responses:
    Error:
      description: The request failed; see the error code.
      content:
        application/json:
          schema: {$ref: "#/components/schemas/Error"}
paths:
  /api/health:
    get:
      tags: [operations]
      summary: Status of the instance's dependencies and of each module
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
  /api/openapi.json:
    get:
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
`

// BuildOpenAPI merges the fragments into one validated document, as JSON.
func BuildOpenAPI(fragments []OpenAPIFragment) ([]byte, error) {
	var doc map[string]any
	if err := yaml.Unmarshal([]byte(baseDocument), &doc); err != nil {
		return nil, err
	}
	all := append([]OpenAPIFragment{OpenAPIFragment(healthSchema)}, fragments...)
	for i, f := range all {
		var part map[string]any
		if err := yaml.Unmarshal(f, &part); err != nil {
			return nil, fmt.Errorf("openapi fragment %d: %w", i, err)
		}
		if err := mergeInto(doc, part, ""); err != nil {
			return nil, err
		}
	}
	raw, err := json.Marshal(doc)
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
	return raw, nil
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
