// Package texts holds the words the server writes itself (emails, reminders,
// push notifications, the calendar feed, shared pages) as JSON catalogs in
// the web app's i18next format, so one translator works on one format:
//
//   - one file per language, <code>.json, for every language of
//     platform/locale; objects nest, and a key is its dotted path;
//   - placeholders are written {{name}};
//   - a text that counts something has plural keys: key_one, key_few,
//     key_many, key_other, exactly the forms its language uses (plural.go),
//     and {{count}} picks among them.
//
// A catalog is checked when it is loaded: every language has every English
// key (plural keys by the forms of its own language, never dummy forms), no
// key English lacks, and the same placeholders.
package texts

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"lamplight/platform/locale"
)

// Catalog is one module's texts in every language.
type Catalog struct {
	byLang map[string]map[string]string
}

// Vars fill a text's placeholders; "count" also picks the plural form.
type Vars map[string]any

// MustLoad reads and checks a catalog and panics when it is incomplete:
// a missing translation is a build error, not a blank in a reader's email.
func MustLoad(fsys fs.FS) *Catalog {
	c, err := Load(fsys)
	if err != nil {
		panic(err)
	}
	return c
}

// Load reads <code>.json for every language from fsys and checks it.
func Load(fsys fs.FS) (*Catalog, error) {
	c := &Catalog{byLang: map[string]map[string]string{}}
	for _, code := range locale.Codes() {
		raw, err := fs.ReadFile(fsys, code+".json")
		if err != nil {
			return nil, fmt.Errorf("texts: %w", err)
		}
		var tree map[string]any
		if err := json.Unmarshal(raw, &tree); err != nil {
			return nil, fmt.Errorf("texts: %s.json: %w", code, err)
		}
		flat := map[string]string{}
		if err := flatten(tree, "", flat); err != nil {
			return nil, fmt.Errorf("texts: %s.json: %w", code, err)
		}
		c.byLang[code] = flat
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	return c, nil
}

func flatten(tree map[string]any, prefix string, out map[string]string) error {
	for k, v := range tree {
		switch v := v.(type) {
		case string:
			if strings.TrimSpace(v) == "" {
				return fmt.Errorf("%s%s is empty", prefix, k)
			}
			out[prefix+k] = v
		case map[string]any:
			if err := flatten(v, prefix+k+".", out); err != nil {
				return err
			}
		default:
			return fmt.Errorf("%s%s is neither text nor an object", prefix, k)
		}
	}
	return nil
}

var placeholder = regexp.MustCompile(`\{\{\s*(\w+)\s*\}\}`)

func placeholders(s string) []string {
	var names []string
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		names = append(names, m[1])
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// splitPlural cuts "streak_one" into ("streak", "one").
func splitPlural(key string) (base, form string, ok bool) {
	i := strings.LastIndexByte(key, '_')
	if i <= 0 {
		return key, "", false
	}
	if slices.Contains(allForms, key[i+1:]) {
		return key[:i], key[i+1:], true
	}
	return key, "", false
}

// expected lists the keys a language must have: English's, with each plural
// key in the forms of that language.
func expected(english map[string]string, lang string) map[string]string {
	want := map[string]string{} // key -> the English text it translates
	for key, text := range english {
		base, _, plural := splitPlural(key)
		if !plural {
			want[key] = text
			continue
		}
		for _, form := range formsOf(lang) {
			want[base+"_"+form] = english[base+"_"+formOther]
		}
	}
	return want
}

func (c *Catalog) check() error {
	en := c.byLang[locale.Default]
	var problems []string
	for _, lang := range locale.Codes() {
		got := c.byLang[lang]
		want := expected(en, lang)
		for _, key := range slices.Sorted(maps.Keys(want)) {
			text, ok := got[key]
			switch {
			case !ok:
				problems = append(problems, lang+": missing "+key)
			case !slices.Equal(placeholders(text), placeholders(want[key])):
				problems = append(problems, fmt.Sprintf("%s: %s has placeholders %v, English %v", lang, key, placeholders(text), placeholders(want[key])))
			}
		}
		for _, key := range slices.Sorted(maps.Keys(got)) {
			if _, ok := want[key]; !ok {
				problems = append(problems, lang+": "+key+" is not a key of English or not a plural form of "+lang)
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("texts: catalog incomplete:\n%s", strings.Join(problems, "\n"))
	}
	return nil
}

// T is the text at key in lang (English for a language the site does not
// offer) with vars filled in. A key with plural forms is asked for without
// its suffix, with vars["count"] set. A key no catalog has is returned as is,
// which the catalog's tests catch.
func (c *Catalog) T(lang, key string, vars Vars) string {
	texts, ok := c.byLang[lang]
	if !ok {
		lang, texts = locale.Default, c.byLang[locale.Default]
	}
	text, ok := texts[key]
	if !ok {
		if n, counted := count(vars); counted {
			if text, ok = texts[key+"_"+pluralForm(lang, n)]; !ok {
				text, ok = texts[key+"_"+formOther]
			}
		}
	}
	if !ok {
		return key
	}
	return placeholder.ReplaceAllStringFunc(text, func(m string) string {
		name := placeholder.FindStringSubmatch(m)[1]
		if v, ok := vars[name]; ok {
			return fmt.Sprint(v)
		}
		return m
	})
}

func count(vars Vars) (int, bool) {
	switch n := vars["count"].(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case string:
		i, err := strconv.Atoi(n)
		return i, err == nil
	}
	return 0, false
}

// Has reports whether the catalog is written in lang.
func (c *Catalog) Has(lang string) bool {
	_, ok := c.byLang[lang]
	return ok
}

// Defines reports whether key names a text, asked for as T takes it (plural
// keys without their suffix).
func (c *Catalog) Defines(key string) bool {
	en := c.byLang[locale.Default]
	if _, ok := en[key]; ok {
		return true
	}
	_, ok := en[key+"_"+formOther]
	return ok
}
