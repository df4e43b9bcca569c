package kit

import "testing"

func Backends(t *testing.T) []string {
	skip(t)
	return []string{"sqlite"}
}

func skip(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
}
