package httpx_test

import (
	"strings"
	"testing"

	"lamplight/platform/httpx"
)

func TestEveryOperationHasAUniqueOperationID(t *testing.T) {
	op := func(id string) string {
		return `
    get:
      ` + id + `
      responses:
        "200": {description: ok}`
	}
	cases := []struct {
		name      string
		fragments []string
		wantErr   string
	}{
		{"named", []string{"paths:\n  /api/a:" + op("operationId: getA"), "paths:\n  /api/b:" + op("operationId: getB")}, ""},
		{"missing", []string{"paths:\n  /api/a:" + op("summary: A")}, "GET /api/a needs a camelCase operationId"},
		{"not camelCase", []string{"paths:\n  /api/a:" + op("operationId: get_a")}, "GET /api/a needs a camelCase operationId"},
		{"duplicate", []string{"paths:\n  /api/a:" + op("operationId: getA"), "paths:\n  /api/b:" + op("operationId: getA")}, `share the operationId "getA"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var fragments []httpx.OpenAPIFragment
			for _, f := range c.fragments {
				fragments = append(fragments, httpx.OpenAPIFragment(f))
			}
			_, err := httpx.BuildOpenAPI(fragments)
			if c.wantErr == "" && err != nil || c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)) {
				t.Fatalf("err = %v, want %q", err, c.wantErr)
			}
		})
	}
}
