package bibleweb_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"testing"
	"testing/fstest"

	"lamplight/app"
	"lamplight/platform/testkit"
)

type passage struct {
	StartVerseID int    `json:"startVerseId"`
	EndVerseID   int    `json:"endVerseId"`
	Display      string `json:"display"`
	VerseCount   int    `json:"verseCount"`
}

func start(t *testing.T) *testkit.App {
	return testkit.StartApp(t, app.Options(testkit.SQLiteConfig(t), io.Discard, fstest.MapFS{}))
}

func parse(t *testing.T, a *testkit.App, q, locale string) (int, []passage, string) {
	t.Helper()
	code, body := a.Get(t, "/api/bible/parse?q="+url.QueryEscape(q)+"&locale="+locale)
	var res struct {
		Passages []passage `json:"passages"`
	}
	_ = json.Unmarshal([]byte(body), &res)
	return code, res.Passages, body
}

func TestParseAsReadersTypeInEachLocale(t *testing.T) {
	a := start(t)
	cases := []struct {
		locale, q  string
		start, end int
	}{
		{"en", "John 3:16", 143003016, 143003016},
		{"en", "1 Cor. 2:3", 146002003, 146002003},
		{"de", "1. Mose 1,1-3", 101001001, 101001003},
		{"de", "Joh 3,16", 143003016, 143003016},
		{"es", "Génesis 1:1-3", 101001001, 101001003},
		{"es", "Jn 3,16", 143003016, 143003016},
		{"fr", "Genèse 1.1-3", 101001001, 101001003},
		{"pt", "Gênesis 1:1-3", 101001001, 101001003},
		{"uk", "Буття 1:1-3", 101001001, 101001003},
		{"ko", "창1:1-3", 101001001, 101001003},
		{"de", "Genesis 1:1-3", 101001001, 101001003},
	}
	for _, c := range cases {
		code, ps, body := parse(t, a, c.q, c.locale)
		if code != http.StatusOK || len(ps) != 1 || ps[0].StartVerseID != c.start || ps[0].EndVerseID != c.end {
			t.Errorf("%s %q: %d %s", c.locale, c.q, code, body)
		}
	}
}

func TestParseListAndDisplay(t *testing.T) {
	a := start(t)
	code, ps, body := parse(t, a, "Jn 3; Ps 23; Rom 8:1-17", "en")
	if code != 200 || len(ps) != 3 {
		t.Fatalf("%d %s", code, body)
	}
	want := []passage{
		{143003001, 143003036, "John 3", 36},
		{119023001, 119023006, "Psalm 23", 6},
		{145008001, 145008017, "Romans 8:1-17", 17},
	}
	for i, w := range want {
		if ps[i] != w {
			t.Errorf("passage %d = %+v, want %+v", i, ps[i], w)
		}
	}
}

func TestParseErrorsNameTheFailingPart(t *testing.T) {
	a := start(t)
	cases := map[string]string{
		"Gen 1; Hezekiah 2": "invalid_book_name",
		"Jude 2":            "invalid_verse_range",
		"Gen 51":            "invalid_verse_range",
	}
	for q, want := range cases {
		code, _, body := parse(t, a, q, "en")
		var e struct {
			Error struct {
				Code   string `json:"code"`
				Errors []struct {
					Field, Code string
					Properties  map[string]any
				} `json:"errors"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(body), &e); err != nil || code != 400 || e.Error.Code != "validation_error" ||
			len(e.Error.Errors) != 1 || e.Error.Errors[0].Field != "q" || e.Error.Errors[0].Code != "is_invalid" ||
			e.Error.Errors[0].Properties["reason"] != want {
			t.Errorf("%q: %d %s", q, code, body)
		}
	}
	if code, _, _ := parse(t, a, "", "en"); code != 400 {
		t.Errorf("empty query = %d", code)
	}
	if code, _, _ := parse(t, a, "Gen 1", "xx"); code != 400 {
		t.Errorf("unknown locale = %d", code)
	}
}

func TestBooksAreCacheable(t *testing.T) {
	a := start(t)
	res, err := a.Client.Get(a.URL + "/api/bible/books")
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		Books []struct {
			ID     int                       `json:"id"`
			Verses []int                     `json:"verses"`
			Names  map[string]map[string]any `json:"names"`
		} `json:"books"`
	}
	if err := json.NewDecoder(res.Body).Decode(&data); err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	total := 0
	for _, b := range data.Books {
		for _, v := range b.Verses {
			total += v
		}
		if len(b.Names) != 7 {
			t.Errorf("book %d has names in %d locales", b.ID, len(b.Names))
		}
	}
	if len(data.Books) != 66 || total != 31102 {
		t.Fatalf("books %d verses %d", len(data.Books), total)
	}
	etag := res.Header.Get("ETag")
	req, _ := http.NewRequest(http.MethodGet, a.URL+"/api/bible/books", nil)
	req.Header.Set("If-None-Match", etag)
	res2, err := a.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res2.Body.Close()
	if etag == "" || res2.StatusCode != http.StatusNotModified {
		t.Fatalf("etag %q, revalidation %d", etag, res2.StatusCode)
	}
}
