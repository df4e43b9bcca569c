package httpx

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// AppRoute is one route pattern of the web app, relative to the locale root:
// "" (home), "books", "books/:book". A ":name" segment matches any one segment.
type AppRoute struct {
	Path   string `json:"path"`
	Public bool   `json:"public"` // open to everyone and worth indexing
	// exists tells which values the pattern's parameters take ("books/:book"
	// names one of the 66 books); nil accepts any.
	exists func(values []string) bool
}

// AppRoutes is the web app's route list (webapp/src/app/routePaths.json, the
// one the router is checked against): a path that matches none is a 404.
type AppRoutes []AppRoute

// ParseAppRoutes reads the route list.
func ParseAppRoutes(raw []byte) (AppRoutes, error) {
	var doc struct {
		Routes AppRoutes `json:"routes"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("app routes: %w", err)
	}
	for _, r := range doc.Routes {
		if strings.HasPrefix(r.Path, "/") || strings.HasSuffix(r.Path, "/") {
			return nil, fmt.Errorf("app routes: %q must be relative, without a leading or trailing slash", r.Path)
		}
	}
	return doc.Routes, nil
}

// Checked answers the list with the pattern's parameter values checked by
// exists (given the values in their order), so a path naming nothing (a
// 67th book) answers 404 like a path of no route.
func (rs AppRoutes) Checked(pattern string, exists func(values []string) bool) (AppRoutes, error) {
	out := slices.Clone(rs)
	for i := range out {
		if out[i].Path == pattern {
			if !out[i].HasParams() {
				return nil, fmt.Errorf("app routes: %q has no parameter to check", pattern)
			}
			out[i].exists = exists
			return out, nil
		}
	}
	return nil, fmt.Errorf("app routes: no route %q to check", pattern)
}

// Match returns the route an app path ("about/faq", no locale prefix)
// belongs to; a static pattern wins over one with a parameter.
func (rs AppRoutes) Match(appPath string) (AppRoute, bool) {
	var found AppRoute
	ok := false
	for _, r := range rs {
		if r.matches(appPath) && (!ok || !r.HasParams()) {
			found, ok = r, true
		}
	}
	return found, ok
}

// HasParams is true when the pattern has a ":name" segment.
func (r AppRoute) HasParams() bool {
	return strings.HasPrefix(r.Path, ":") || strings.Contains(r.Path, "/:")
}

func (r AppRoute) matches(appPath string) bool {
	want, got := strings.Split(r.Path, "/"), strings.Split(appPath, "/")
	if len(want) != len(got) {
		return false
	}
	var values []string
	for i, w := range want {
		if got[i] == "" && w != "" || !strings.HasPrefix(w, ":") && w != got[i] {
			return false
		}
		if strings.HasPrefix(w, ":") {
			values = append(values, got[i])
		}
	}
	return r.exists == nil || r.exists(values)
}

// firstSegment is what a robots.txt rule keyed on the route starts with.
func (r AppRoute) firstSegment() string {
	s, _, _ := strings.Cut(r.Path, "/")
	return s
}
