package httpx

import (
	"encoding/json"
	"fmt"
	"strings"
)

// AppRoute is one route pattern of the web app, relative to the locale root:
// "" (home), "books", "books/:book". A ":name" segment matches any one segment.
type AppRoute struct {
	Path   string `json:"path"`
	Public bool   `json:"public"` // open to everyone and worth indexing
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
	for i, w := range want {
		if got[i] == "" && w != "" || !strings.HasPrefix(w, ":") && w != got[i] {
			return false
		}
	}
	return true
}

// firstSegment is what a robots.txt rule keyed on the route starts with.
func (r AppRoute) firstSegment() string {
	s, _, _ := strings.Cut(r.Path, "/")
	return s
}
