package app

import (
	"io/fs"
	"testing"

	"lamplight/platform/texts"
)

// TestCatalogIsComplete fails for a key a language lacks, a key English
// lacks, a plural form a language does not use or a lost placeholder.
func TestCatalogIsComplete(t *testing.T) {
	sub, err := fs.Sub(files, "texts")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := texts.Load(sub); err != nil {
		t.Fatal(err)
	}
}
