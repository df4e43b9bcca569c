package app_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"lamplight/modules/bible"
	"lamplight/modules/notes/internal/app"
	"lamplight/modules/notes/internal/domain"
	"lamplight/modules/notes/internal/store"
	"lamplight/modules/notes/notesapi"
	"lamplight/platform/bus"
	"lamplight/platform/errs"
	"lamplight/platform/mail"
	"lamplight/platform/metrics"
	"lamplight/platform/outbox"
	"lamplight/platform/testkit"
	"lamplight/platform/uow"
)

// owner stands in for the tags module: the tag ids each reader has.
type owner map[string][]string

func (o owner) HoldOwned(_ *uow.Tx, userID string, ids []string) ([]string, error) {
	var out []string
	for _, id := range ids {
		if slices.Contains(o[userID], id) && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out, nil
}

func (o owner) Labels(context.Context, string, []string) (map[string]string, error) { return nil, nil }

type env struct {
	svc    *app.Service
	counts *app.TagCounts
	store  *store.Store
	tags   owner
	db     *gorm.DB

	mu     sync.Mutex
	events []notesapi.NoteChanged
	// statements counts SQL statements on the notes tables.
	statements int
}

func (e *env) changed(ev notesapi.NoteChanged) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Contains(e.events, ev)
}

func (e *env) countStatements(fn func()) int {
	e.mu.Lock()
	e.statements = 0
	e.mu.Unlock()
	fn()
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.statements
}

const alice, bob = "user-alice", "user-bob"

func setup(t *testing.T, b testkit.Backend) *env {
	g := testkit.DB(t, b, outbox.Migrations, store.Migrations())
	e := &env{db: g}
	count := func(db *gorm.DB) {
		sql := db.Statement.SQL.String()
		if strings.Contains(sql, "passage_notes") || strings.Contains(sql, "note_passages") || strings.Contains(sql, "note_tags") {
			e.mu.Lock()
			e.statements++
			e.mu.Unlock()
		}
	}
	_ = g.Callback().Query().After("gorm:query").Register("test:count", count)
	_ = g.Callback().Row().After("gorm:row").Register("test:count", count)
	tr := bus.NewGoChannel(testkit.Logger(t))
	t.Cleanup(func() { tr.Close() })
	r, err := bus.NewRouter(tr, []bus.Handler{bus.On("test.recorder", func(_ context.Context, ev notesapi.NoteChanged) error {
		e.mu.Lock()
		defer e.mu.Unlock()
		e.events = append(e.events, ev)
		return nil
	})}, metrics.New(), testkit.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Stop() })
	o := outbox.New(g, tr.Publisher, metrics.New(), testkit.Logger(t))
	o.Start()
	t.Cleanup(o.Stop)
	e.tags = owner{alice: {"tag-a", "tag-b", "tag-c"}, bob: {"tag-bob"}}
	e.store = store.New(uow.New(g, o, mail.NewMailer(g)))
	e.svc, e.counts = app.New(e.store, e.tags, testkit.Logger(t)), app.NewTagCounts(e.store)
	return e
}

func fieldErr(t *testing.T, err error) errs.Detail {
	t.Helper()
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindValidation || len(e.Details) == 0 {
		t.Fatalf("want validation error, got %v", err)
	}
	return e.Details[0]
}

func rng(start, end int) bible.Range {
	return bible.Range{Start: bible.VerseID(start), End: bible.VerseID(end)}
}

// Passages used below.
var (
	gen1    = rng(101001001, 101001031)
	gen1_5  = rng(101001001, 101001005)
	gen2_3  = rng(101002001, 101002003)
	gen3    = rng(101003001, 101003024)
	ps104   = rng(119104001, 119104035)
	john1_5 = rng(143001001, 143001005)
	john316 = rng(143003016, 143003016)
	rev2221 = rng(166022021, 166022021)
)

// fixture is alice's notes, created in this order (n[0] oldest).
type fixture struct{ n []notesapi.Note }

func (f fixture) ids(idx ...int) []string {
	out := make([]string, len(idx))
	for i, x := range idx {
		out[i] = f.n[x].ID
	}
	return out
}

func seed(t *testing.T, e *env) fixture {
	ctx := context.Background()
	drafts := []domain.Draft{
		{Content: "Genese notes: light and dark", Passages: []bible.Range{gen1}, Tags: []string{"tag-a"}},                  // 0
		{Content: "In the beginning — Génèse", Passages: []bible.Range{gen1_5, john1_5}, Tags: []string{"tag-a", "tag-b"}}, // 1
		{Content: "A CRÉATION hymn", Passages: []bible.Range{ps104}, Tags: []string{"tag-b"}},                              // 2
		{Content: "untagged, on John", Passages: []bible.Range{john316}},                                                   // 3
		{Content: "no tag, no passage: 100% _sure_"},                                                                       // 4
		{Content: "all three tags", Passages: []bible.Range{gen2_3}, Tags: []string{"tag-c", "tag-b", "tag-a"}},            // 5
		{Passages: []bible.Range{rev2221}, Tags: []string{"tag-c"}},                                                        // 6
	}
	var f fixture
	for _, d := range drafts {
		n, err := e.svc.Create(ctx, alice, d)
		if err != nil {
			t.Fatal(err)
		}
		f.n = append(f.n, n)
	}
	if _, err := e.svc.Create(ctx, bob, domain.Draft{Content: "Bob on Genese", Passages: []bible.Range{gen1}, Tags: []string{"tag-bob"}}); err != nil {
		t.Fatal(err)
	}
	return f
}

func list(t *testing.T, e *env, userID string, q domain.RawQuery) app.Page {
	t.Helper()
	p, err := e.svc.List(context.Background(), userID, q)
	if err != nil {
		t.Fatalf("%+v: %v", q, err)
	}
	return p
}

func ids(p app.Page) []string {
	out := make([]string, len(p.Results))
	for i, n := range p.Results {
		out[i] = n.ID
	}
	return out
}

// sameSet compares result ids ignoring order.
func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

func TestIntegrationNotes(t *testing.T) {
	testkit.Run(t, func(t *testing.T, b testkit.Backend) {
		e := setup(t, b)
		ctx := context.Background()
		f := seed(t, e)

		t.Run("a created note reads back whole, and publishes NoteChanged", func(t *testing.T) {
			n := f.n[1]
			if len(n.ID) != 36 || n.ID[14] != '7' || n.CreatedAt.IsZero() || n.UpdatedAt != n.CreatedAt {
				t.Fatalf("%+v", n)
			}
			got, err := e.svc.Get(ctx, alice, n.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Content != n.Content || !slices.Equal(got.Passages, []bible.Range{gen1_5, john1_5}) ||
				!slices.Equal(got.Tags, []string{"tag-a", "tag-b"}) || !got.CreatedAt.Equal(n.CreatedAt) || got.CreatedAt != n.CreatedAt {
				t.Fatalf("%+v", got)
			}
			if got, _ := e.svc.Get(ctx, alice, f.n[4].ID); got.Passages == nil || got.Tags == nil {
				t.Fatalf("empty lists must be [] in JSON: %+v", got)
			}
			testkit.Eventually(t, 5*time.Second, func() bool {
				return e.changed(notesapi.NoteChanged{UserID: alice, NoteID: n.ID, Op: notesapi.OpCreated, CreatedAt: n.CreatedAt})
			}, "created event")
		})

		t.Run("limits and required content", func(t *testing.T) {
			_, err := e.svc.Create(ctx, alice, domain.Draft{Content: strings.Repeat("x", 3001)})
			if d := fieldErr(t, err); d.Field != "content" || d.Code != errs.MaxLength || d.Properties["maxlength"] != 3000 {
				t.Fatalf("%+v", d)
			}
			_, err = e.svc.Create(ctx, alice, domain.Draft{Content: "  \n ", Tags: []string{"tag-a"}})
			if d := fieldErr(t, err); d.Field != "content" || d.Code != errs.Required {
				t.Fatalf("%+v", d)
			}
			_, err = e.svc.Create(ctx, alice, domain.Draft{Passages: []bible.Range{rng(101001001, 102001001)}})
			if d := fieldErr(t, err); d.Field != "passages.0.endVerseId" || d.Code != errs.IsInvalid {
				t.Fatalf("%+v", d)
			}
			if n, err := e.svc.Create(ctx, alice, domain.Draft{Content: strings.Repeat("é", 3000)}); err != nil {
				t.Fatal(err)
			} else if err := e.svc.Delete(ctx, alice, n.ID); err != nil {
				t.Fatal(err)
			}
		})

		t.Run("tags must be the reader's", func(t *testing.T) {
			before := list(t, e, alice, domain.RawQuery{}).Size
			_, err := e.svc.Create(ctx, alice, domain.Draft{Content: "x", Tags: []string{"tag-a", "tag-bob"}})
			if d := fieldErr(t, err); d.Field != "tags" || d.Code != errs.IsInvalid {
				t.Fatalf("%+v", d)
			}
			_, err = e.svc.Update(ctx, alice, f.n[0].ID, domain.Draft{Content: "x", Tags: []string{"no-such-tag"}})
			if d := fieldErr(t, err); d.Field != "tags" || d.Code != errs.IsInvalid {
				t.Fatalf("%+v", d)
			}
			if after := list(t, e, alice, domain.RawQuery{}).Size; after != before {
				t.Fatalf("a refused note was stored: %d -> %d", before, after)
			}
			if got, _ := e.svc.Get(ctx, alice, f.n[0].ID); got.Content != f.n[0].Content {
				t.Fatalf("a refused update was stored: %+v", got)
			}
		})

		t.Run("another reader's note is not found", func(t *testing.T) {
			id := f.n[0].ID
			if _, err := e.svc.Get(ctx, bob, id); !errors.Is(err, app.ErrNoteNotFound) {
				t.Fatalf("get: %v", err)
			}
			if _, err := e.svc.Update(ctx, bob, id, domain.Draft{Content: "mine"}); !errors.Is(err, app.ErrNoteNotFound) {
				t.Fatalf("update: %v", err)
			}
			if _, err := e.svc.Update(ctx, bob, id, domain.Draft{Content: "mine", Tags: []string{"tag-a"}}); !errors.Is(err, app.ErrNoteNotFound) {
				t.Fatalf("update with alice's tag: %v", err)
			}
			if err := e.svc.Delete(ctx, bob, id); !errors.Is(err, app.ErrNoteNotFound) {
				t.Fatalf("delete: %v", err)
			}
			p := list(t, e, bob, domain.RawQuery{})
			if p.Size != 1 || p.Results[0].Content != "Bob on Genese" {
				t.Fatalf("%+v", p)
			}
			if got, _ := e.svc.Get(ctx, alice, id); got.Content != f.n[0].Content {
				t.Fatal("bob changed alice's note")
			}
		})

		t.Run("tag filters", func(t *testing.T) {
			cases := []struct {
				name  string
				tags  []string
				match string
				want  []int
			}{
				{"no filter", nil, "", []int{0, 1, 2, 3, 4, 5, 6}},
				{"any without tags filters nothing", nil, "any", []int{0, 1, 2, 3, 4, 5, 6}},
				{"all without tags filters nothing", nil, "all", []int{0, 1, 2, 3, 4, 5, 6}},
				{"any of one", []string{"tag-a"}, "any", []int{0, 1, 5}},
				{"any is the default", []string{"tag-a"}, "", []int{0, 1, 5}},
				{"any of two", []string{"tag-a", "tag-c"}, "any", []int{0, 1, 5, 6}},
				{"all of two", []string{"tag-a", "tag-b"}, "all", []int{1, 5}},
				{"all of three", []string{"tag-a", "tag-b", "tag-c"}, "all", []int{5}},
				{"all, repeated ids count once", []string{"tag-b", "tag-b"}, "all", []int{1, 2, 5}},
				{"exact two", []string{"tag-b", "tag-a"}, "exact", []int{1}},
				{"exact one", []string{"tag-c"}, "exact", []int{6}},
				{"exact none is untagged", nil, "exact", []int{3, 4}},
				{"unknown tag", []string{"no-such-tag"}, "any", nil},
				{"all with an unknown tag", []string{"tag-a", "no-such-tag"}, "all", nil},
				{"another reader's tag", []string{"tag-bob"}, "any", nil},
			}
			for _, c := range cases {
				p := list(t, e, alice, domain.RawQuery{FilterTags: c.tags, FilterTagMatching: c.match, Limit: "50"})
				if want := f.ids(c.want...); !sameSet(ids(p), want) || p.Size != len(want) {
					t.Errorf("%s: got %d %v, want %v", c.name, p.Size, ids(p), want)
				}
			}
		})

		t.Run("passage filters", func(t *testing.T) {
			cases := []struct {
				name        string
				first, last string
				match       string
				want        []int
			}{
				{"inclusive overlaps", "101001003", "101001010", "inclusive", []int{0, 1}},
				{"inclusive is the default", "101001003", "101001010", "", []int{0, 1}},
				{"inclusive touching one verse", "101001031", "101002001", "inclusive", []int{0, 5}},
				{"exclusive wholly inside", "101001001", "101002025", "exclusive", []int{0, 1, 5}},
				{"exclusive, passage sticks out", "101001002", "101001031", "exclusive", nil},
				{"inclusive across books", "101001001", "143021025", "inclusive", []int{0, 1, 2, 3, 5}},
				{"exclusive over a whole book", "143001001", "143021025", "exclusive", []int{1, 3}},
				{"one verse", "166022021", "166022021", "inclusive", []int{6}},
				{"nothing there", "140001001", "140001002", "inclusive", nil},
			}
			for _, c := range cases {
				p := list(t, e, alice, domain.RawQuery{FilterPassageStartVerseID: c.first, FilterPassageEndVerseID: c.last, FilterPassageMatching: c.match, Limit: "50"})
				if want := f.ids(c.want...); !sameSet(ids(p), want) || p.Size != len(want) {
					t.Errorf("%s: got %v, want %v", c.name, ids(p), want)
				}
			}
			_, err := e.svc.List(ctx, alice, domain.RawQuery{FilterPassageStartVerseID: "143001001"})
			if d := fieldErr(t, err); d.Field != "filterPassageEndVerseId" || d.Code != errs.Required {
				t.Fatalf("%+v", d)
			}
			_, err = e.svc.List(ctx, alice, domain.RawQuery{FilterPassageStartVerseID: "143001001", FilterPassageEndVerseID: "101001001"})
			if d := fieldErr(t, err); d.Code != errs.IsInvalid || d.Properties["reason"] != "first_after_final" {
				t.Fatalf("%+v", d)
			}
		})

		t.Run("search ignores case and accents both ways", func(t *testing.T) {
			cases := []struct {
				q    string
				want []int
			}{
				{"génèse", []int{0, 1}},
				{"Genese", []int{0, 1}},
				{"GENÈSE", []int{0, 1}},
				{"creation", []int{2}},
				{"Création", []int{2}},
				{"john", []int{3}},
				{"beginning — génèse", []int{1}},
				{"  light   and  ", []int{0}},
				{"100%", []int{4}},
				{"%", []int{4}},
				{"_sure_", []int{4}},
				{"s_re", nil},
				{"%sure", nil},
				{"no such words", nil},
				{"", []int{0, 1, 2, 3, 4, 5, 6}},
			}
			for _, c := range cases {
				p := list(t, e, alice, domain.RawQuery{SearchText: c.q, Limit: "50"})
				if want := f.ids(c.want...); !sameSet(ids(p), want) || p.Size != len(want) {
					t.Errorf("%q: got %v, want %v", c.q, ids(p), want)
				}
			}
		})

		t.Run("filters combine", func(t *testing.T) {
			cases := []struct {
				name string
				q    domain.RawQuery
				want []int
			}{
				{"tag, search and passage", domain.RawQuery{FilterTags: []string{"tag-a"}, SearchText: "genese", FilterPassageStartVerseID: "101001001", FilterPassageEndVerseID: "101001031"}, []int{0, 1}},
				{"exact tag and search", domain.RawQuery{FilterTags: []string{"tag-a"}, FilterTagMatching: "exact", SearchText: "GÉNÈSE"}, []int{0}},
				{"all tags and exclusive passage", domain.RawQuery{FilterTags: []string{"tag-a", "tag-b"}, FilterTagMatching: "all", FilterPassageStartVerseID: "143001001", FilterPassageEndVerseID: "143021025", FilterPassageMatching: "exclusive"}, []int{1}},
				{"untagged and passage", domain.RawQuery{FilterTagMatching: "exact", FilterPassageStartVerseID: "143001001", FilterPassageEndVerseID: "143021025"}, []int{3}},
				{"untagged and search", domain.RawQuery{FilterTagMatching: "exact", SearchText: "sure"}, []int{4}},
			}
			for _, c := range cases {
				c.q.Limit = "50"
				p := list(t, e, alice, c.q)
				if want := f.ids(c.want...); !sameSet(ids(p), want) || p.Size != len(want) {
					t.Errorf("%s: got %v, want %v", c.name, ids(p), want)
				}
			}
		})

		t.Run("sorting", func(t *testing.T) {
			newestFirst := f.ids(6, 5, 4, 3, 2, 1, 0)
			if got := ids(list(t, e, alice, domain.RawQuery{})); !slices.Equal(got, newestFirst) {
				t.Fatalf("default order %v", got)
			}
			if got := ids(list(t, e, alice, domain.RawQuery{SortOn: "createdAt", SortDirection: "asc"})); !slices.Equal(got, f.ids(0, 1, 2, 3, 4, 5, 6)) {
				t.Fatalf("createdAt asc %v", got)
			}
			// Editing the oldest note makes it the most recently updated.
			updated, err := e.svc.Update(ctx, alice, f.n[0].ID, domain.Draft{Content: f.n[0].Content, Passages: f.n[0].Passages, Tags: f.n[0].Tags})
			if err != nil || !updated.UpdatedAt.After(f.n[6].UpdatedAt) || updated.CreatedAt != f.n[0].CreatedAt {
				t.Fatalf("%v %+v", err, updated)
			}
			if got := ids(list(t, e, alice, domain.RawQuery{SortOn: "updatedAt", SortDirection: "desc"})); !slices.Equal(got, f.ids(0, 6, 5, 4, 3, 2, 1)) {
				t.Fatalf("updatedAt desc %v", got)
			}
			if got := ids(list(t, e, alice, domain.RawQuery{SortOn: "updatedAt", SortDirection: "asc"})); !slices.Equal(got, f.ids(1, 2, 3, 4, 5, 6, 0)) {
				t.Fatalf("updatedAt asc %v", got)
			}
			if got := ids(list(t, e, alice, domain.RawQuery{SortOn: "createdAt", SortDirection: "desc"})); !slices.Equal(got, newestFirst) {
				t.Fatalf("createdAt desc after update %v", got)
			}
			_, err = e.svc.List(ctx, alice, domain.RawQuery{SortOn: "label"})
			if d := fieldErr(t, err); d.Field != "sortOn" {
				t.Fatalf("%+v", d)
			}
		})

		t.Run("pagination", func(t *testing.T) {
			p := list(t, e, alice, domain.RawQuery{Limit: "3"})
			if p.Size != 7 || p.Limit != 3 || p.Offset != 0 || !slices.Equal(ids(p), f.ids(6, 5, 4)) {
				t.Fatalf("%+v", p)
			}
			p = list(t, e, alice, domain.RawQuery{Limit: "3", Offset: "3"})
			if p.Size != 7 || p.Offset != 3 || !slices.Equal(ids(p), f.ids(3, 2, 1)) {
				t.Fatalf("%+v", p)
			}
			p = list(t, e, alice, domain.RawQuery{Limit: "3", Offset: "6"})
			if p.Size != 7 || !slices.Equal(ids(p), f.ids(0)) {
				t.Fatalf("%+v", p)
			}
			p = list(t, e, alice, domain.RawQuery{Limit: "3", Offset: "70"})
			if p.Size != 7 || p.Offset != 70 || p.Results == nil || len(p.Results) != 0 {
				t.Fatalf("past the end %+v", p)
			}
			p = list(t, e, alice, domain.RawQuery{})
			if p.Limit != 10 || p.Size != 7 || len(p.Results) != 7 {
				t.Fatalf("defaults %+v", p)
			}
			p = list(t, e, alice, domain.RawQuery{Limit: "51"})
			if p.Limit != 50 {
				t.Fatalf("limit 51 is lowered to 50: %+v", p.Limit)
			}
			p = list(t, e, alice, domain.RawQuery{Limit: "2", FilterTags: []string{"tag-a"}})
			if p.Size != 3 || len(p.Results) != 2 {
				t.Fatalf("size counts every match: %+v", p)
			}
			_, err := e.svc.List(ctx, alice, domain.RawQuery{Limit: "0", Offset: "-1"})
			if e, _ := errs.As(err); e == nil || len(e.Details) != 2 {
				t.Fatalf("%v", err)
			}
		})

		t.Run("a page loads in four statements whatever its size", func(t *testing.T) {
			var p app.Page
			n := e.countStatements(func() { p = list(t, e, alice, domain.RawQuery{Limit: "50"}) })
			if len(p.Results) != 7 || n != 4 {
				t.Fatalf("%d notes in %d statements", len(p.Results), n)
			}
			for _, note := range p.Results {
				if note.ID == f.n[1].ID && (len(note.Passages) != 2 || len(note.Tags) != 2) {
					t.Fatalf("children not loaded: %+v", note)
				}
			}
		})

		t.Run("an update replaces passages and tags", func(t *testing.T) {
			u, err := e.svc.Update(ctx, alice, f.n[3].ID, domain.Draft{Content: "now on Revelation", Passages: []bible.Range{rev2221}, Tags: []string{"tag-c"}})
			if err != nil {
				t.Fatal(err)
			}
			got, _ := e.svc.Get(ctx, alice, f.n[3].ID)
			if got.Content != "now on Revelation" || !slices.Equal(got.Passages, []bible.Range{rev2221}) || !slices.Equal(got.Tags, []string{"tag-c"}) || got.UpdatedAt != u.UpdatedAt {
				t.Fatalf("%+v", got)
			}
			p := list(t, e, alice, domain.RawQuery{SearchText: "john"})
			if p.Size != 0 {
				t.Fatalf("search text not updated: %+v", ids(p))
			}
			testkit.Eventually(t, 5*time.Second, func() bool {
				return e.changed(notesapi.NoteChanged{UserID: alice, NoteID: f.n[3].ID, Op: notesapi.OpUpdated})
			}, "updated event")
		})

		t.Run("counts per book count a note once per book", func(t *testing.T) {
			if _, err := e.svc.Update(ctx, alice, f.n[0].ID, domain.Draft{Content: f.n[0].Content, Passages: []bible.Range{gen1, gen3}, Tags: f.n[0].Tags}); err != nil {
				t.Fatal(err)
			}
			got, err := e.svc.Counts(ctx, alice, "book")
			if err != nil {
				t.Fatal(err)
			}
			// Genesis: notes 0, 1, 5; Psalms: 2; John: 1; Revelation: 3 and 6.
			want := map[string]int{"1": 3, "19": 1, "43": 1, "66": 2}
			if len(got) != len(want) {
				t.Fatalf("%v", got)
			}
			for k, v := range want {
				if got[k] != v {
					t.Fatalf("%v, want %v", got, want)
				}
			}
			if _, err := e.svc.Counts(ctx, alice, "chapter"); fieldErr(t, err).Field != "by" {
				t.Fatal(err)
			}
			if none, _ := e.svc.Counts(ctx, "user-nobody", ""); none == nil || len(none) != 0 {
				t.Fatalf("%v", none)
			}
		})

		t.Run("note counts per tag", func(t *testing.T) {
			got, err := e.counts.NotesPerTag(ctx, alice)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != 3 || got["tag-a"] != 3 || got["tag-b"] != 3 || got["tag-c"] != 3 {
				t.Fatalf("%v", got)
			}
		})

		t.Run("a deleted tag leaves every note, however often it is removed", func(t *testing.T) {
			for range 2 {
				err := e.store.Transact(ctx, func(tx *store.Tx) error { return app.TagDetacher{}.DetachTag(tx.Tx, alice, "tag-b") })
				if err != nil {
					t.Fatal(err)
				}
			}
			for _, n := range list(t, e, alice, domain.RawQuery{Limit: "50"}).Results {
				if slices.Contains(n.Tags, "tag-b") {
					t.Fatalf("note %s keeps the deleted tag", n.ID)
				}
			}
			if p := list(t, e, alice, domain.RawQuery{FilterTags: []string{"tag-a"}, FilterTagMatching: "exact"}); !sameSet(ids(p), f.ids(0, 1)) {
				t.Fatalf("exact after removal: %v", ids(p))
			}
			if got, _ := e.svc.Get(ctx, alice, f.n[2].ID); got.UpdatedAt != f.n[2].UpdatedAt || len(got.Tags) != 0 {
				t.Fatalf("%+v", got)
			}
			testkit.Eventually(t, 5*time.Second, func() bool {
				return e.changed(notesapi.NoteChanged{UserID: alice, NoteID: f.n[2].ID, Op: notesapi.OpUpdated}) &&
					e.changed(notesapi.NoteChanged{UserID: alice, NoteID: f.n[5].ID, Op: notesapi.OpUpdated})
			}, "a note that lost a tag changed")
		})

		t.Run("delete", func(t *testing.T) {
			if err := e.svc.Delete(ctx, alice, f.n[6].ID); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.Get(ctx, alice, f.n[6].ID); !errors.Is(err, app.ErrNoteNotFound) {
				t.Fatal(err)
			}
			if err := e.svc.Delete(ctx, alice, f.n[6].ID); !errors.Is(err, app.ErrNoteNotFound) {
				t.Fatal(err)
			}
			for _, table := range []string{"note_passages", "note_books", "note_tags"} {
				var n int64
				e.db.Table(table).Where("note_id = ?", f.n[6].ID).Count(&n)
				if n != 0 {
					t.Errorf("%s keeps %d rows of a deleted note", table, n)
				}
			}
			testkit.Eventually(t, 5*time.Second, func() bool {
				return e.changed(notesapi.NoteChanged{UserID: alice, NoteID: f.n[6].ID, Op: notesapi.OpDeleted})
			}, "deleted event")
		})

		t.Run("deleting a reader's data removes every row", func(t *testing.T) {
			if err := e.svc.DeleteUserData(ctx, alice); err != nil {
				t.Fatal(err)
			}
			for _, table := range []string{"passage_notes", "note_passages", "note_books", "note_tags"} {
				var n int64
				e.db.Table(table).Where("user_id = ?", alice).Count(&n)
				if n != 0 {
					t.Errorf("%s keeps %d rows", table, n)
				}
				e.db.Table(table).Where("user_id = ?", bob).Count(&n)
				if n == 0 {
					t.Errorf("%s lost bob's rows", table)
				}
			}
		})
	})
}
