package domain

import "testing"

func TestParseUsersQuery(t *testing.T) {
	q, err := ParseUsersQuery("  Reader@Example ", "", "", "")
	if err != nil || q != (UsersQuery{Search: "reader@example", Sort: "email", Limit: DefaultLimit}) {
		t.Fatalf("defaults: %+v %v", q, err)
	}
	q, err = ParseUsersQuery("", "entries", "100", "50")
	if err != nil || q.Sort != SortEntries || q.Limit != MaxLimit || q.Offset != 50 {
		t.Fatalf("given: %+v %v", q, err)
	}
	for _, bad := range [][4]string{{"", "notes", "", ""}, {"", "", "101", ""}, {"", "", "0", ""}, {"", "", "", "-1"}, {"", "", "x", ""}} {
		if _, err := ParseUsersQuery(bad[0], bad[1], bad[2], bad[3]); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
