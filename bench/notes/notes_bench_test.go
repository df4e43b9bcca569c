//go:build notesbench

// Package notes_test is the load benchmark of the passage notes list: it
// seeds PostgreSQL through the HTTP API with 1,000 readers, one of whom has
// 10,000 notes (realistic Markdown, 0-3 passages, 0-3 tags), then sends each
// filter combination of that reader many times and reports p50 and p99 of
// the full HTTP round trip. It needs TEST_DATABASE_URL and TEST_REDIS_URL
// and runs only with the notesbench build tag:
//
//	TEST_DATABASE_URL=postgres://... TEST_REDIS_URL=redis://... \
//	  go test -tags notesbench -run '^$' -bench . -benchtime 1000x -timeout 30m ./bench/notes/
//
// NOTES_BENCH_DB=postgres://.../name keeps the seeded database in that
// (existing, empty or seeded) database instead of a throwaway one, so a
// second run skips seeding and the queries can be inspected with EXPLAIN.
package notes_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"lamplight/app"
	"lamplight/modules/bible"
	"lamplight/modules/identity/identitytest"
	"lamplight/platform/db"
	"lamplight/platform/testkit"
)

const (
	readers      = 1000
	heavyNotes   = 10000
	notesPerUser = 20
	heavyTags    = 12
	workers      = 4
	heavyEmail   = "reader-0@bench.test"
)

type api struct {
	url    string
	client *http.Client
}

func (a api) call(token, method, path string, body any, out any) (int, error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, a.url+path, r)
	if err != nil {
		return 0, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := a.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return res.StatusCode, err
	}
	if res.StatusCode >= 300 {
		return res.StatusCode, fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, raw)
	}
	if out != nil {
		return res.StatusCode, json.Unmarshal(raw, out)
	}
	return res.StatusCode, nil
}

func (a api) signIn(email string, register bool) (string, error) {
	creds := map[string]string{"email": email, "password": identitytest.Password}
	if register {
		if _, err := a.call("", "POST", "/api/auth/register", creds, nil); err != nil {
			return "", err
		}
	}
	var out struct{ Token string }
	_, err := a.call("", "POST", "/api/auth/login", creds, &out)
	return out.Token, err
}

// words make note content, most frequent first: English study prose with
// the accented names and words French, Spanish and German readers write.
// Word n is drawn with weight 1/(n+1) (Zipf), so "the" is in nearly every
// note, "grace" in about a third and rarer words in a few percent.
var words = strings.Fields(`the and of to in that is a he for it his with as not was
	lord god be this they you all him by are from but we i my our me have shall will who
	them their so what when which there were said unto us people one up out then do your
	jesus love grace faith light word life spirit heart king way day son father man world
	hope truth peace joy mercy prayer promise covenant kingdom glory power name house law
	Génèse sin death land water bread blood fire children israel heaven earth holy good
	life-giving création Moïse righteous servant prophet temple city nations enemies wisdom
	Jésus shepherd sheep vine branches fruit harvest seed sower field wilderness mountain
	river sea storm boat fishermen disciples apostles church letter gospel parable
	resurrection cross tomb stone garden tree serpent flood ark rainbow tower tongues
	exodus passover lamb manna rock tabernacle ark-covenant jordan jericho walls judges
	Élie Ésaïe Sión corazón oración misericordia Schöpfung Glaube Gnade Hoffnung Psalmen
	Könige Offenbarung naïve façade exile return rebuild wall remnant vision dream
	interpretation furnace lions den throne scroll seals trumpets bowls beast dragon bride
	feast wedding oil lamps talents steward debt forgiveness repentance baptism
	transfiguration ascension pentecost tongues-of-fire conversion shipwreck prison chains
	armor shield sword helmet breastplate belt sandals patience kindness goodness
	faithfulness gentleness self-control humility obedience suffering perseverance
	comfort counsel discipline inheritance adoption redemption atonement sanctification
	justification propitiation reconciliation intercession benediction doxology
	lamentation acrostic chiasm inclusio genealogy census tithe jubilee sabbath`)

// zipf draws word indexes with weight 1/(n+1).
type zipf struct{ cum []float64 }

func newZipf(n int) zipf {
	z := zipf{cum: make([]float64, n)}
	total := 0.0
	for i := range n {
		total += 1 / float64(i+1)
		z.cum[i] = total
	}
	return z
}

func (z zipf) draw(r *rand.Rand) int {
	x := r.Float64() * z.cum[len(z.cum)-1]
	i, _ := slices.BinarySearch(z.cum, x)
	return i
}

var wordDist = newZipf(len(words))

func paragraph(r *rand.Rand, n int) string {
	var b strings.Builder
	for i := range n {
		w := words[wordDist.draw(r)]
		if i == 0 {
			w = strings.ToUpper(w[:1]) + w[1:]
		}
		b.WriteString(w)
		if i == n-1 {
			b.WriteString(".")
		} else {
			b.WriteString(" ")
		}
	}
	return b.String()
}

// content is a Markdown note of 40-1,500 characters.
func content(r *rand.Rand) string {
	var parts []string
	if r.IntN(3) == 0 {
		parts = append(parts, "## "+paragraph(r, 2+r.IntN(3)))
	}
	for range 1 + r.IntN(4) {
		p := paragraph(r, 8+r.IntN(40))
		if r.IntN(4) == 0 {
			p = "- " + p + "\n- **" + paragraph(r, 3) + "**"
		}
		parts = append(parts, p)
	}
	s := strings.Join(parts, "\n\n")
	if len([]rune(s)) > 1500 {
		s = string([]rune(s)[:1500])
	}
	return s
}

type passage struct {
	Start int `json:"startVerseId"`
	End   int `json:"endVerseId"`
}

// passage picks a few verses of one chapter, a whole chapter or a few chapters.
func randomPassage(r *rand.Rand) passage {
	books := bible.Books()
	b := books[r.IntN(len(books))]
	ch := 1 + r.IntN(b.ChapterCount)
	n := bible.VersesInChapter(b.ID, ch)
	switch r.IntN(3) {
	case 0:
		v := 1 + r.IntN(n)
		end := min(n, v+r.IntN(12))
		return passage{int(bible.NewVerseID(b.ID, ch, v)), int(bible.NewVerseID(b.ID, ch, end))}
	case 1:
		return passage{int(bible.NewVerseID(b.ID, ch, 1)), int(bible.NewVerseID(b.ID, ch, n))}
	default:
		last := min(b.ChapterCount, ch+1+r.IntN(3))
		return passage{int(bible.NewVerseID(b.ID, ch, 1)), int(bible.NewVerseID(b.ID, last, bible.VersesInChapter(b.ID, last)))}
	}
}

type noteDraft struct {
	Content  string    `json:"content"`
	Passages []passage `json:"passages"`
	Tags     []string  `json:"tags"`
}

func randomNote(r *rand.Rand, tags []string) noteDraft {
	d := noteDraft{Content: content(r), Passages: []passage{}, Tags: []string{}}
	for range r.IntN(4) {
		d.Passages = append(d.Passages, randomPassage(r))
	}
	for range min(r.IntN(4), len(tags)) {
		if t := tags[r.IntN(len(tags))]; !slices.Contains(d.Tags, t) {
			d.Tags = append(d.Tags, t)
		}
	}
	return d
}

// parallel runs job(i) for i in [0, n) on a few workers; the first error wins.
func parallel(n int, job func(i int) error) error {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
		next  = make(chan int)
	)
	for range workers {
		wg.Go(func() {
			for i := range next {
				if err := job(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return first
}

type tagJSON struct {
	ID        string `json:"id"`
	NoteCount int    `json:"noteCount"`
}

// seed fills the database unless the heavy reader already has her notes;
// it returns her token and tag ids.
func seed(b *testing.B, a api) (string, []string) {
	if token, err := a.signIn(heavyEmail, false); err == nil {
		var tags []tagJSON
		var page struct{ Size int }
		if _, err := a.call(token, "GET", "/api/passage-note-tags", nil, &tags); err != nil {
			b.Fatal(err)
		}
		if _, err := a.call(token, "GET", "/api/passage-notes?limit=1", nil, &page); err != nil {
			b.Fatal(err)
		}
		if page.Size >= heavyNotes {
			b.Logf("reusing the seeded database (%d notes)", page.Size)
			ids := make([]string, len(tags))
			for i, t := range tags {
				ids[i] = t.ID
			}
			return token, ids
		}
		b.Fatalf("the database holds a partial seed (%d notes); start from an empty one", page.Size)
	}
	start := time.Now()
	tokens := make([]string, readers)
	tagsOf := make([][]string, readers)
	err := parallel(readers, func(i int) error {
		token, err := a.signIn(fmt.Sprintf("reader-%d@bench.test", i), true)
		if err != nil {
			return err
		}
		tokens[i] = token
		n := 3
		if i == 0 {
			n = heavyTags
		}
		for j := range n {
			var t tagJSON
			label := fmt.Sprintf("%s %d", words[40+(i+j*7)%80], j)
			if _, err := a.call(token, "POST", "/api/passage-note-tags", map[string]string{"label": label, "color": "#3a7"}, &t); err != nil {
				return err
			}
			tagsOf[i] = append(tagsOf[i], t.ID)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded %d readers with tags in %s", readers, time.Since(start).Round(time.Second))
	// Jobs: the heavy reader's notes, then every other reader's.
	total := heavyNotes + (readers-1)*notesPerUser
	err = parallel(total, func(i int) error {
		user := 0
		if i >= heavyNotes {
			user = 1 + (i-heavyNotes)/notesPerUser
		}
		r := rand.New(rand.NewPCG(uint64(i), 7))
		_, err := a.call(tokens[user], "POST", "/api/passage-notes", randomNote(r, tagsOf[user]), nil)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("seeded %d notes in %s", total, time.Since(start).Round(time.Second))
	return tokens[0], tagsOf[0]
}

// settle brings the tables to the state autovacuum keeps them in: planner
// statistics current and the visibility map set, so index-only scans work.
func settle(b *testing.B, url string) {
	g, err := db.OpenPostgres(url)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close(g, testkit.Logger(b))
	if err := g.Exec("VACUUM ANALYZE").Error; err != nil {
		b.Fatal(err)
	}
}

type combination struct {
	name  string
	path  string
	query url.Values
}

func combinations(tags []string) []combination {
	q := func(kv ...string) url.Values {
		v := url.Values{}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Add(kv[i], kv[i+1])
		}
		return v
	}
	const notes = "/api/passage-notes"
	john, genesis1 := "143001001", "101001001"
	return []combination{
		{"default (createdAt desc)", notes, q()},
		{"sort updatedAt asc", notes, q("sortOn", "updatedAt", "sortDirection", "asc")},
		{"last page (offset 9990)", notes, q("offset", "9990")},
		{"limit 50", notes, q("limit", "50")},
		{"tags any, 1 tag", notes, q("filterTags", tags[0])},
		{"tags any, 3 tags", notes, q("filterTags", tags[0], "filterTags", tags[1], "filterTags", tags[2])},
		{"tags all, 2 tags", notes, q("filterTagMatching", "all", "filterTags", tags[0], "filterTags", tags[1])},
		{"tags exact, 2 tags", notes, q("filterTagMatching", "exact", "filterTags", tags[0], "filterTags", tags[1])},
		{"untagged (exact, none)", notes, q("filterTagMatching", "exact")},
		{"search very common word", notes, q("searchText", "the")},
		{"search common word", notes, q("searchText", "grace")},
		{"search accented, other case", notes, q("searchText", "GENESE")},
		{"search phrase", notes, q("searchText", "faith hope")},
		{"search 2 letters", notes, q("searchText", "ab")},
		{"search no match", notes, q("searchText", "zebulunite")},
		{"passage inclusive, one book", notes, q("filterPassageStartVerseId", john, "filterPassageEndVerseId", "143021025")},
		{"passage inclusive, Old Testament", notes, q("filterPassageStartVerseId", genesis1, "filterPassageEndVerseId", "139004006")},
		{"passage exclusive, one chapter", notes, q("filterPassageStartVerseId", "143003001", "filterPassageEndVerseId", "143003036", "filterPassageMatching", "exclusive")},
		{"passage exclusive, New Testament", notes, q("filterPassageStartVerseId", "140001001", "filterPassageEndVerseId", "166022021", "filterPassageMatching", "exclusive")},
		{"any tag + search + passage", notes, q("filterTags", tags[0], "filterTags", tags[3], "searchText", "grace", "filterPassageStartVerseId", genesis1, "filterPassageEndVerseId", "166022021")},
		{"all tags + exclusive + updatedAt asc", notes, q("filterTagMatching", "all", "filterTags", tags[1], "filterTags", tags[2], "filterPassageStartVerseId", genesis1, "filterPassageEndVerseId", "166022021", "filterPassageMatching", "exclusive", "sortOn", "updatedAt", "sortDirection", "asc")},
		{"untagged + search, page 3", notes, q("filterTagMatching", "exact", "searchText", "light", "offset", "20")},
		{"counts by book", notes + "/counts", q("by", "book")},
		{"tag list with note counts", "/api/passage-note-tags", q()},
	}
}

type result struct {
	name     string
	size     string
	p50, p99 time.Duration
}

// loadavg is the machine's 1-minute load average, to judge a run by.
func loadavg() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(raw))[0]
}

func percentile(d []time.Duration, p float64) time.Duration {
	i := int(float64(len(d))*p+0.999999) - 1
	return d[max(0, min(i, len(d)-1))]
}

func BenchmarkNotesList(b *testing.B) {
	if os.Getenv("TEST_DATABASE_URL") == "" || os.Getenv("TEST_REDIS_URL") == "" {
		b.Skip("TEST_DATABASE_URL and TEST_REDIS_URL are needed")
	}
	cfg := testkit.SQLiteConfig(b)
	cfg.DatabaseURL = os.Getenv("NOTES_BENCH_DB")
	if cfg.DatabaseURL == "" {
		cfg.DatabaseURL = testkit.PostgresURL(b)
	}
	cfg.RedisURL, cfg.RedisPrefix = testkit.RedisURL(b)
	srv := testkit.StartApp(b, app.Options(cfg, io.Discard, nil, identitytest.Options()))
	a := api{url: srv.URL, client: &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: workers}}}
	token, tags := seed(b, a)
	settle(b, cfg.DatabaseURL)

	var results []result
	loadBefore := loadavg()
	for _, c := range combinations(tags) {
		path := c.path
		if len(c.query) > 0 {
			path += "?" + c.query.Encode()
		}
		size := "-"
		if _, err := a.call(token, "GET", path, nil, nil); err != nil {
			b.Fatal(err)
		}
		if c.path == "/api/passage-notes" {
			var page struct{ Size int }
			_, _ = a.call(token, "GET", path, nil, &page)
			size = fmt.Sprint(page.Size)
		}
		b.Run(c.name, func(b *testing.B) {
			d := make([]time.Duration, 0, b.N)
			for b.Loop() {
				start := time.Now()
				if _, err := a.call(token, "GET", path, nil, nil); err != nil {
					b.Fatal(err)
				}
				d = append(d, time.Since(start))
			}
			slices.Sort(d)
			p50, p99 := percentile(d, 0.50), percentile(d, 0.99)
			b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
			if len(d) >= 100 {
				results = append(results, result{c.name, size, p50, p99})
			}
		})
	}
	var out strings.Builder
	fmt.Fprintf(&out, "\n%d readers, heavy reader with %d notes; %s/%s, %d CPUs; load average %s before, %s after\n\n",
		readers, heavyNotes, runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), loadBefore, loadavg())
	out.WriteString("| combination | matches | p50 | p99 |\n|---|---|---|---|\n")
	slowest := result{}
	for _, r := range results {
		fmt.Fprintf(&out, "| %s | %s | %.1f ms | %.1f ms |\n", r.name, r.size, ms(r.p50), ms(r.p99))
		if r.p99 > slowest.p99 {
			slowest = r
		}
	}
	fmt.Fprintf(&out, "\nslowest p99: %s, %.1f ms\n", slowest.name, ms(slowest.p99))
	fmt.Print(out.String())
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
