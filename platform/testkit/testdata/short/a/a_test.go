package a_test

import (
	"testing"

	k "example/kit"
)

func TestIntegrationSkipsItself(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
}

func TestIntegrationThroughTheKit(t *testing.T) {
	for range k.Backends(t) {
	}
}

func TestIntegrationThroughItsOwnHelper(t *testing.T) {
	setup(t)
}

func TestIntegrationForgets(t *testing.T) {
	t.Log("runs under -short")
}

func TestUnitNeedsNoSkip(t *testing.T) {}

func setup(t *testing.T) { k.Backends(t) }
