package app_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"os"
	"slices"
	"testing"

	"go.uber.org/fx"

	"lamplight/app"
	"lamplight/platform/errs"
	"lamplight/platform/httpx"
	"lamplight/platform/testkit"
)

var update = flag.Bool("update", false, "write the API description to "+committedOpenAPI)

// committedOpenAPI is the copy of the API description the web app's types
// are generated from (make openapi).
const committedOpenAPI = "../webapp/src/shared/api/openapi.json"

func buildOpenAPI(t *testing.T) httpx.OpenAPIDocument {
	t.Helper()
	var doc httpx.OpenAPIDocument
	a := fx.New(app.Options(testkit.SQLiteConfig(t), io.Discard, webFiles), fx.Populate(&doc))
	if err := a.Err(); err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestOpenAPIDocumentIsCommitted(t *testing.T) {
	doc := buildOpenAPI(t)
	if *update {
		if err := os.WriteFile(committedOpenAPI, doc, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	committed, err := os.ReadFile(committedOpenAPI)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, doc) {
		t.Fatalf("%s is stale: run make openapi", committedOpenAPI)
	}
}

func TestEveryErrorCodeIsDocumented(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas struct {
				ErrorCode struct {
					Enum []string `json:"enum"`
				} `json:"ErrorCode"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(buildOpenAPI(t), &doc); err != nil {
		t.Fatal(err)
	}
	documented := doc.Components.Schemas.ErrorCode.Enum
	declared := errs.Codes()
	for _, c := range declared {
		if !slices.Contains(documented, c) {
			t.Errorf("error code %s is declared but not in the ErrorCode schema", c)
		}
	}
	for _, c := range documented {
		if !slices.Contains(declared, c) {
			t.Errorf("error code %s is documented but no package declares it", c)
		}
	}
}
