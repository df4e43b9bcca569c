package testkit_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Every TestIntegration* test in the repository must skip under -short,
// either itself or through a helper (testkit's or its own package's) that
// checks testing.Short(); otherwise `go test -short` silently grows slow.
func TestEveryIntegrationTestSkipsUnderShort(t *testing.T) {
	root, module := repoRoot(t)
	bad, err := unskippedIntegrationTests(root, module)
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Fatalf("these tests run under -short; call testkit.Integration(t) first or build them on testkit.Run/Backends/DB/StartApp:\n%s", strings.Join(bad, "\n"))
	}
}

func TestShortCheckFindsTestsThatDoNotSkip(t *testing.T) {
	bad, err := unskippedIntegrationTests("testdata/short", "example")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"a/a_test.go: TestIntegrationForgets"}
	if !slices.Equal(bad, want) {
		t.Fatalf("found %q, want %q", bad, want)
	}
}

func repoRoot(t *testing.T) (dir, module string) {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil {
			first, _, _ := strings.Cut(string(b), "\n")
			return dir, strings.TrimSpace(strings.TrimPrefix(first, "module"))
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found")
		}
		dir = parent
	}
}

// funcInfo is one top-level function and the functions its body calls, as
// "import/path.Name" keys.
type funcInfo struct {
	pos   string
	test  bool
	calls []string
	short bool
}

// unskippedIntegrationTests lists TestIntegration* functions under root that
// call testing.Short() neither themselves nor through any function they call
// (followed across the repository's packages by name; methods are not followed).
func unskippedIntegrationTests(root, module string) ([]string, error) {
	funcs := map[string]*funcInfo{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		pkg := filepath.ToSlash(filepath.Join(module, filepath.Dir(rel)))
		if strings.HasSuffix(f.Name.Name, "_test") {
			pkg += "_test"
		}
		imports := map[string]string{}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			local := p[strings.LastIndex(p, "/")+1:]
			if imp.Name != nil {
				local = imp.Name.Name
			}
			imports[local] = p
		}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Body == nil {
				continue
			}
			info := &funcInfo{
				pos:  filepath.ToSlash(rel) + ": " + fd.Name.Name,
				test: strings.HasSuffix(name, "_test.go") && strings.HasPrefix(fd.Name.Name, "TestIntegration"),
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				switch fn := call.Fun.(type) {
				case *ast.Ident:
					info.calls = append(info.calls, pkg+"."+fn.Name)
				case *ast.SelectorExpr:
					if x, ok := fn.X.(*ast.Ident); ok && imports[x.Name] != "" {
						info.calls = append(info.calls, imports[x.Name]+"."+fn.Sel.Name)
					}
				}
				return true
			})
			funcs[pkg+"."+fd.Name.Name] = info
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for changed := true; changed; {
		changed = false
		for _, info := range funcs {
			if info.short {
				continue
			}
			for _, c := range info.calls {
				if c == "testing.Short" || (funcs[c] != nil && funcs[c].short) {
					info.short, changed = true, true
					break
				}
			}
		}
	}
	var bad []string
	for _, info := range funcs {
		if info.test && !info.short {
			bad = append(bad, info.pos)
		}
	}
	slices.Sort(bad)
	return bad, nil
}
