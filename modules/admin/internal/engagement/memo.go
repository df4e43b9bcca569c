package engagement

import (
	"slices"
	"sync"

	"lamplight/modules/admin/adminapi"
)

// memoSize bounds the reports kept; the admin pages ask for a few ranges.
const memoSize = 16

// memo keeps the reports this instance served last, decoded, under their
// version. A read at the same version then costs the version query alone:
// the shared cache's round trip and the decoding of a year's report (80 kB
// of JSON, 2.4 ms of a 3.1 ms read on the shared machine, and most of the
// page's garbage) made the slow reads. Every instance still checks the
// version, so a fact changed anywhere is seen at once.
type memo struct {
	mu      sync.Mutex
	reports map[string]memoed
}

type memoed struct {
	version string
	report  adminapi.Report
}

func (m *memo) get(key, version string) (adminapi.Report, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.reports[key]
	if !ok || e.version != version {
		return adminapi.Report{}, false
	}
	return clone(e.report), true
}

func (m *memo) put(key, version string, r adminapi.Report) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.reports == nil || len(m.reports) >= memoSize {
		m.reports = map[string]memoed{}
	}
	m.reports[key] = memoed{version: version, report: clone(r)}
}

// clone copies the report's rows, so a caller changing its copy leaves the
// memo's alone.
func clone(r adminapi.Report) adminapi.Report {
	r.Days, r.Cohorts = slices.Clone(r.Days), slices.Clone(r.Cohorts)
	return r
}
