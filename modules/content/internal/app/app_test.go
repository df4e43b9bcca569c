package app_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"lamplight/modules/content"
	"lamplight/modules/content/internal/app"
	"lamplight/platform/errs"
	"lamplight/platform/locale"
	"lamplight/platform/privacy"
)

func page(title, order string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte("---\ntitle: " + title + "\ndescription: About " + title + ".\nupdated: 2026-11-25\norder: " + order + "\n---\nText of " + title + ".\n")}
}

func TestEveryShippedPageLoads(t *testing.T) {
	if _, err := app.New(content.Files(), nil); err != nil {
		t.Fatal(err)
	}
}

func TestABadFileFailsStartUp(t *testing.T) {
	for name, file := range map[string]*fstest.MapFile{
		"en/about/overview.md":  {Data: []byte("---\ntitle: Overview\nupdated: 2026-11-25\n---\nText")},
		"en/about/overview.txt": page("Overview", "1"),
		"xx/about/overview.md":  page("Overview", "1"),
		"en/news/overview.md":   page("Overview", "1"),
		"en/overview.md":        page("Overview", "1"),
	} {
		_, err := app.New(fstest.MapFS{name: file}, nil)
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestGet(t *testing.T) {
	s, err := app.New(fstest.MapFS{
		"en/about/overview.md": page("Overview", "1"),
		"en/about/faq.md":      page("FAQ", "3"),
		"en/about/install.md":  page("Install", "2"),
		"de/about/overview.md": page("Überblick", "1"),
		"uk/policy/privacy.md": page("Приватність", "1"),
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.Get("en", "about", "")
	if err != nil {
		t.Fatal(err)
	}
	if v.Slug != "overview" || v.Markdown != "Text of Overview." || v.Updated != "2026-11-25" {
		t.Fatalf("%+v", v)
	}
	if len(v.Alternates) != 2 || v.Alternates[0].Path != "/about/overview" || v.Alternates[1].Path != "/de/about/overview" {
		t.Fatalf("alternates %+v", v.Alternates)
	}
	var order []string
	for _, p := range v.Pages {
		order = append(order, p.Path)
	}
	if strings.Join(order, " ") != "/about/overview /about/install /about/faq" {
		t.Fatalf("pages %v", order)
	}
	for _, c := range [][3]string{{"xx", "about", "overview"}, {"en", "news", ""}, {"en", "about", "nope"}, {"de", "about", "faq"}, {"en", "policy", ""}} {
		if _, err := s.Get(c[0], c[1], c[2]); !isNotFound(err) {
			t.Errorf("%v: %v", c, err)
		}
	}
	if d, ok := s.Describe("de", "about"); !ok || d.Title != "Überblick" || d.Path != "about/overview" {
		t.Fatalf("%+v %v", d, ok)
	}
	if d, ok := s.Describe("fr", "login"); !ok || d.Title != "Se connecter" {
		t.Fatalf("%+v %v", d, ok)
	}
	for _, p := range []string{"about/nope", "today", "about/overview/x"} {
		if _, ok := s.Describe("en", p); ok {
			t.Errorf("%s described", p)
		}
	}
}

func isNotFound(err error) bool {
	e, ok := errs.As(err)
	return ok && e.Kind == errs.KindNotFound
}

// policyPages is a privacy policy in every language with the places for
// modules' entries.
func policyPages() fstest.MapFS {
	files := fstest.MapFS{}
	for _, l := range locale.All {
		files[l.Code+"/policy/privacy.md"] = &fstest.MapFile{Data: []byte("---\ntitle: Privacy\ndescription: What is kept.\nupdated: 2026-11-20\n---\n" +
			"## What we keep\n\n| What | Why | How long |\n|---|---|---|\n| **Account** | To sign in | Until deleted |\n{{module-entries}}\n\n" +
			"## Deleting your account\n\nDeletes your [account][account]{{module-deletions}}.\n\n[account]: #what-we-keep\n")}
	}
	return files
}

func plansEntry(drop string) privacy.Entry {
	texts := fstest.MapFS{}
	for _, l := range locale.All {
		texts[l.Code+".md"] = &fstest.MapFile{Data: []byte("---\nupdated: 2026-11-27\ndeleted: \"your [plans][plans]\"\n---\n| **Plans** | To follow them | Until deleted |\n")}
	}
	delete(texts, drop)
	return privacy.Entry{Name: "plans", Tables: []string{"reading_plans"}, DeletedWithAccount: true, Texts: texts}
}

func TestModulesEntriesJoinThePrivacyPolicy(t *testing.T) {
	s, err := app.New(policyPages(), []privacy.Entry{plansEntry("")})
	if err != nil {
		t.Fatal(err)
	}
	v, err := s.Get("uk", "policy", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| **Account** | To sign in | Until deleted |\n| **Plans** | To follow them | Until deleted |\n\n## Deleting",
		"Deletes your [account][account], your [plans][plans].",
		"[account]: #what-we-keep\n[plans]: #what-we-keep",
	} {
		if !strings.Contains(v.Markdown, want) {
			t.Errorf("the policy lacks %q:\n%s", want, v.Markdown)
		}
	}
	if v.Updated != "2026-11-27" {
		t.Errorf("updated %s, want the entry's later day", v.Updated)
	}

	s, err = app.New(policyPages(), nil)
	if err != nil {
		t.Fatal(err)
	}
	v, _ = s.Get("en", "policy", "")
	if strings.Contains(v.Markdown, "{{") || !strings.Contains(v.Markdown, "Until deleted |\n\n## Deleting") || !strings.Contains(v.Markdown, "[account][account].") {
		t.Errorf("without entries the markers stay:\n%s", v.Markdown)
	}
}

func TestABadPolicyEntryFailsStartUp(t *testing.T) {
	noDeletion := plansEntry("")
	noDeletion.DeletedWithAccount = false
	for name, entries := range map[string][]privacy.Entry{
		"ko.md":                 {plansEntry("ko.md")},
		"deleted must be given": {noDeletion},
		"two modules":           {plansEntry(""), plansEntry("")},
	} {
		_, err := app.New(policyPages(), entries)
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v", name, err)
		}
	}
	pages := policyPages()
	pages["de/policy/privacy.md"] = page("Datenschutz", "1")
	if _, err := app.New(pages, []privacy.Entry{plansEntry("")}); err == nil || !strings.Contains(err.Error(), "de/policy/privacy.md") {
		t.Errorf("a policy without markers: %v", err)
	}
}
