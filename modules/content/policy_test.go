package content_test

import (
	"io"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"go.uber.org/fx"
	"gorm.io/gorm"

	"lamplight/app"
	contentapp "lamplight/modules/content/internal/app"
	"lamplight/modules/content/internal/domain"
	"lamplight/platform/locale"
	"lamplight/platform/privacy"
	"lamplight/platform/testkit"
)

// policyEntries maps every table of the schema that no module's own
// privacy.Entry names to the entry of the privacy policy that says what it
// holds ("" for a table without personal data). The served policy of each
// language names its entries as Markdown link definitions ("[reminders]:
// #what-we-keep-and-why"), which show nothing and point at the section
// that tells about them. A new table fails the test until a module's
// privacy.Entry or this list names it, and an entry until the policy has
// it.
var policyEntries = map[string]string{
	"identity_users":               "account",
	"identity_sessions":            "sign-ins",
	"identity_email_verifications": "codes",
	"identity_password_resets":     "codes",
	"identity_reset_codes":         "codes",
	"identity_email_changes":       "codes",
	"log_entries":                  "reading-log",
	"log_entry_tombstones":         "reading-log",
	"log_versions":                 "reading-log",
	"passage_notes":                "notes",
	"note_passages":                "notes",
	"note_books":                   "notes",
	"note_tags":                    "notes",
	"note_search_readers":          "notes",
	"passage_notes_search":         "notes", // SQLite's search index of the notes' text
	"passage_note_tags":            "notes",
	"user_settings":                "settings",
	"reminders":                    "reminders",
	"reminder_occurrences":         "reminders",
	"reminder_push_subscriptions":  "push",
	"reminder_push_deliveries":     "push",
	"sharing_links":                "sharing",
	"feedback":                     "feedback",
	"mail_messages":                "emails",
	"admin_audit":                  "admin-log",
	"engagement_accounts":          "activity",
	"engagement_reading_days":      "activity",
	"engagement_note_days":         "activity",
	"engagement_reminder_days":     "activity",
	"engagement_readers":           "activity", // a hash of the id, and the day of a deletion
	"idempotency_keys":             "recent-answers",
	"outbox_events":                "changes",
	"reminder_vapid_keys":          "", // the server's own key pair
	"engagement_days":              "", // counts per day, no reader
	"engagement_rebuild":           "", // the rebuild's checkpoint
}

// deletedWithAccount are the entries of policyEntries whose data goes (or,
// for the administrator actions, whose address is blanked) when a reader
// deletes their account, besides the modules' entries DeletedWithAccount:
// the policy's account-deletion section names each of them as a reference
// link ("[reminders][reminders]").
var deletedWithAccount = []string{
	"account", "sign-ins", "codes", "emails", "reading-log", "notes", "settings",
	"reminders", "push", "sharing", "activity", "feedback", "admin-log",
}

// reference is a Markdown reference link to a policy entry.
var reference = regexp.MustCompile(`\]\[([a-z-]+)\]`)

// notTables are tables of the database engine and migration bookkeeping.
// (a full-text index's own tables hold what its table does).
var notTables = regexp.MustCompile(`^(sqlite_.*|schema_version_.*|goose_db_version|.*_search_(data|idx|content|docsize|config))$`)

// definition is a Markdown link definition naming a policy entry.
var definition = regexp.MustCompile(`(?m)^\[([a-z-]+)\]: #([\p{L}\p{N}_-]+)\s*$`)

var heading = regexp.MustCompile(`(?m)^#{2,3} (.+)$`)

// TestIntegrationPolicyNamesEveryTableOfPersonalData: every table of the
// live schema is listed here or in a module's privacy.Entry, every entry
// is in the privacy policy the app serves in every language and points at
// one of its sections, and the policy names no entry that no table has.
func TestIntegrationPolicyNamesEveryTableOfPersonalData(t *testing.T) {
	testkit.Integration(t)
	var (
		db      *gorm.DB
		pages   *contentapp.Service
		modules []privacy.Entry
	)
	testkit.StartApp(t, app.Options(testkit.SQLiteConfig(t), io.Discard, fstest.MapFS{}, fx.Populate(&db, &pages),
		fx.Invoke(fx.Annotate(func(entries []privacy.Entry) { modules = entries }, fx.ParamTags(privacy.Group)))))
	entryOf := maps.Clone(policyEntries)
	deleted := slices.Clone(deletedWithAccount)
	for _, e := range modules {
		for _, table := range e.Tables {
			if other, ok := entryOf[table]; ok {
				t.Errorf("table %s is in both entry %s and the module's entry %s", table, other, e.Name)
			}
			entryOf[table] = e.Name
		}
		if e.DeletedWithAccount {
			deleted = append(deleted, e.Name)
		}
	}
	var tables []string
	if err := db.Raw(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).Scan(&tables).Error; err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, table := range tables {
		if notTables.MatchString(table) {
			continue
		}
		seen[table] = true
		if _, ok := entryOf[table]; !ok {
			t.Errorf("table %s is in no policy entry: name it in its module's privacy.Entry (or policyEntries, \"\" when it holds no personal data) and say in the privacy policy what it keeps", table)
		}
	}
	for _, table := range slices.Sorted(maps.Keys(entryOf)) {
		if !seen[table] {
			t.Errorf("policyEntries lists %s, which the schema does not have", table)
		}
	}
	used := map[string]bool{}
	for _, entry := range entryOf {
		if entry != "" {
			used[entry] = true
		}
	}
	for _, l := range locale.All {
		page, err := pages.Get(l.Code, "policy", "privacy")
		if err != nil {
			t.Fatal(err)
		}
		text := page.Markdown
		if strings.Contains(text, "{{") {
			t.Errorf("%s privacy policy: a marker is left in the served text", l.Code)
		}
		sections := map[string]bool{}
		for _, h := range heading.FindAllStringSubmatch(text, -1) {
			sections[domain.HeadingID(h[1])] = true
		}
		defined := map[string]bool{}
		for _, d := range definition.FindAllStringSubmatch(text, -1) {
			defined[d[1]] = true
			if !sections[d[2]] {
				t.Errorf("%s privacy policy: entry %s points at #%s, no section of the page", l.Code, d[1], d[2])
			}
			if !used[d[1]] {
				t.Errorf("%s privacy policy: entry %s belongs to no table", l.Code, d[1])
			}
		}
		for _, entry := range slices.Sorted(maps.Keys(used)) {
			if !defined[entry] {
				t.Errorf("%s privacy policy has no entry %s", l.Code, entry)
			}
		}
		if missing := deletionMissing(text, deleted); len(missing) > 0 {
			t.Errorf("%s privacy policy: no section says that deleting the account deletes %v (as reference links, like [your reminders][reminders])", l.Code, missing)
		}
	}
}

// deletionMissing answers the entries of deleted that the section naming
// most of them does not name.
func deletionMissing(text string, deleted []string) []string {
	var best []string
	for i, section := range heading.Split(text, -1) {
		named := map[string]bool{}
		for _, r := range reference.FindAllStringSubmatch(section, -1) {
			named[r[1]] = true
		}
		var missing []string
		for _, entry := range deleted {
			if !named[entry] {
				missing = append(missing, entry)
			}
		}
		if i == 0 || len(missing) < len(best) {
			best = missing
		}
	}
	return best
}
