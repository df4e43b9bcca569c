package app_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The boundaries between modules follow the layout (docs/ARCHITECTURE.md,
// "Dependency rules"), so a new module needs no rule of its own: this test
// reads the import graph of the code (tests may reach across) with go list.

const modPrefix = "lamplight/modules/"

// sourceModules own a reader's data; admin sits on top of them.
var sourceModules = []string{"reading", "settings", "notes", "tags", "feedback", "identity"}

type goPackage struct {
	ImportPath string
	Imports    []string
}

func listPackages(t *testing.T) []goPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-e", "-json=ImportPath,Imports", "lamplight/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []goPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p goPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// moduleOf folds an import path to its module's name, "" outside modules/.
func moduleOf(path string) string {
	rest, ok := strings.CutPrefix(path, modPrefix)
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, "/")
	return name
}

// isContract tells whether path is a published contract: a package whose
// name ends in "api" outside any internal directory.
func isContract(path string) bool {
	if moduleOf(path) == "" || strings.Contains(path+"/", "/internal/") {
		return false
	}
	return strings.HasSuffix(path[strings.LastIndex(path, "/")+1:], "api")
}

func isUseCase(path string) bool {
	return moduleOf(path) != "" && strings.HasSuffix(path, "/internal/app")
}

func hasPrefix(path string, prefixes ...string) bool {
	for _, p := range prefixes {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// boundaryViolations lists every rule a package's imports break.
func boundaryViolations(pkgs []goPackage) []string {
	var bad []string
	for _, p := range pkgs {
		from := moduleOf(p.ImportPath)
		for _, imp := range p.Imports {
			to := moduleOf(imp)
			switch {
			case strings.HasPrefix(p.ImportPath, "lamplight/platform") && (to != "" || hasPrefix(imp, "lamplight/app")):
				bad = append(bad, p.ImportPath+" -> "+imp+": platform imports no module")
			case from != "" && hasPrefix(imp, "lamplight/app"):
				bad = append(bad, p.ImportPath+" -> "+imp+": modules do not import the app")
			case from != "" && to != "" && to != from && to != "bible" && !isContract(imp):
				bad = append(bad, p.ImportPath+" -> "+imp+": a module imports another only through its *api packages (or modules/bible)")
			case slices.Contains(sourceModules, from) && to == "admin":
				bad = append(bad, p.ImportPath+" -> "+imp+": a source module does not import admin; admin sits on top")
			case isContract(p.ImportPath) && hasPrefix(imp, "gorm.io", "github.com/gin-gonic/gin", "lamplight/platform/httpx"):
				bad = append(bad, p.ImportPath+" -> "+imp+": a contract exposes no storage or HTTP types")
			case isUseCase(p.ImportPath) && hasPrefix(imp, "gorm.io", "lamplight/platform/httpx"):
				bad = append(bad, p.ImportPath+" -> "+imp+": use cases reach storage through their store and know nothing of HTTP")
			}
		}
	}
	sort.Strings(bad)
	return bad
}

// moduleCycles folds the graph to modules and returns one cycle per
// strongly connected set of more than one module.
func moduleCycles(pkgs []goPackage) [][]string {
	edges := map[string]map[string]bool{}
	for _, p := range pkgs {
		from := moduleOf(p.ImportPath)
		if from == "" {
			continue
		}
		for _, imp := range p.Imports {
			if to := moduleOf(imp); to != "" && to != from {
				if edges[from] == nil {
					edges[from] = map[string]bool{}
				}
				edges[from][to] = true
			}
		}
	}
	var cycles [][]string
	for _, start := range sortedKeys(edges) {
		if path := findPath(edges, start, start, map[string]bool{}); path != nil {
			cycles = append(cycles, append([]string{start}, path...))
		}
	}
	return cycles
}

// findPath answers a path of modules from from to to, nil without one.
func findPath(edges map[string]map[string]bool, from, to string, seen map[string]bool) []string {
	for _, next := range sortedKeys(edges[from]) {
		if next == to {
			return []string{next}
		}
		if seen[next] {
			continue
		}
		seen[next] = true
		if p := findPath(edges, next, to, seen); p != nil {
			return append([]string{next}, p...)
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func TestModuleBoundaries(t *testing.T) {
	pkgs := listPackages(t)
	if len(pkgs) < 20 {
		t.Fatalf("go list found %d packages; expected the whole tree", len(pkgs))
	}
	for _, v := range boundaryViolations(pkgs) {
		t.Error(v)
	}
}

func TestNoModuleCycles(t *testing.T) {
	for _, c := range moduleCycles(listPackages(t)) {
		t.Errorf("module cycle: %s", strings.Join(c, " -> "))
	}
}

// TestBoundaryRulesCatch feeds the rules a made-up graph with one breach of
// each, so a rule that stops matching fails here rather than passing
// silently.
func TestBoundaryRulesCatch(t *testing.T) {
	pkgs := []goPackage{
		{"lamplight/platform/x", []string{"lamplight/modules/reading/readingapi"}},
		{"lamplight/modules/notes", []string{"lamplight/modules/tags/internal/store"}},
		{"lamplight/modules/notes/internal/store", []string{"lamplight/modules/admin/adminapi"}},
		{"lamplight/modules/tags/tagsapi", []string{"gorm.io/gorm"}},
		{"lamplight/modules/tags/internal/app", []string{"gorm.io/gorm"}},
		{"lamplight/modules/tags/internal/httpapi", []string{"github.com/gin-gonic/gin", "lamplight/modules/bible", "lamplight/modules/notes/notesapi"}},
		{"lamplight/modules/admin/internal/app", []string{"lamplight/modules/notes/notesapi"}},
	}
	got := boundaryViolations(pkgs)
	if len(got) != 5 {
		t.Fatalf("want 5 violations, got %d:\n%s", len(got), strings.Join(got, "\n"))
	}
	if cycles, want := fmt.Sprint(moduleCycles(pkgs)), "[[admin notes admin] [notes admin notes] [tags notes tags]]"; cycles != want {
		t.Fatalf("cycles %s, want %s", cycles, want)
	}
}
