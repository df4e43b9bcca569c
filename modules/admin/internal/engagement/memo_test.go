package engagement

import (
	"testing"

	"lamplight/modules/admin/adminapi"
)

func TestMemoServesOnlyItsVersionAndHandsOutCopies(t *testing.T) {
	var m memo
	m.put("k", "1|2026-11-26", adminapi.Report{From: "2026-11-26", Days: []adminapi.Day{{Date: "2026-11-26", ActiveReaders: 3}}, Cohorts: []adminapi.Cohort{}})
	if _, ok := m.get("k", "2|2026-11-26"); ok {
		t.Fatal("served at another version")
	}
	if _, ok := m.get("other", "1|2026-11-26"); ok {
		t.Fatal("served under another key")
	}
	r, ok := m.get("k", "1|2026-11-26")
	if !ok || r.Days[0].ActiveReaders != 3 || r.Cohorts == nil {
		t.Fatalf("%+v %v", r, ok)
	}
	r.Days[0].ActiveReaders = 99
	if again, _ := m.get("k", "1|2026-11-26"); again.Days[0].ActiveReaders != 3 {
		t.Fatal("a caller's change reached the memo")
	}
	for i := range memoSize + 1 {
		m.put(string(rune('a'+i)), "1", adminapi.Report{})
	}
	if len(m.reports) > memoSize {
		t.Fatalf("memo grew to %d", len(m.reports))
	}
}
