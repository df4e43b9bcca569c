// Package health answers liveness, readiness and per-module status. Readiness
// runs every registered check (database, cache, bus, schema); modules register
// themselves so operators see one entry per module at /api/health, beside one
// entry per event handler.
//
// A handler that stops consuming marks /api/health degraded, never /readyz:
// every instance shares the broker, so a readiness failure there would take
// the whole deployment out of service (or restart it) for a fault that
// restarting does not mend, while requests keep working and the outbox keeps
// the events.
package health

import (
	"context"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"lamplight/platform/bus"
)

// Check is a dependency the instance cannot serve without.
type Check struct {
	Name  string
	Check func(ctx context.Context) error
}

// Module is a domain module's status entry; Check may be nil. The module
// also fails while one of its event handlers (those named Name or
// Name.something) is not consuming.
type Module struct {
	Name  string
	Check func(ctx context.Context) error
}

// Registry holds the checks and modules of one app instance.
type Registry struct {
	Checks  []Check
	Modules []Module
	// Handlers reports the event handlers; nil when there are none.
	Handlers func(ctx context.Context) []bus.HandlerStatus
}

// Status is one entry of a health answer.
type Status struct {
	Name   string `json:"name"`
	Status string `json:"status"`
	Error  string `json:"error,omitempty"`
}

const timeout = 2 * time.Second

func run(ctx context.Context, name string, fn func(context.Context) error) Status {
	if fn == nil {
		return Status{Name: name, Status: "ok"}
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if err := fn(ctx); err != nil {
		return Status{Name: name, Status: "failing", Error: err.Error()}
	}
	return Status{Name: name, Status: "ok"}
}

// runAll runs checks concurrently so one slow dependency does not hide the rest.
func runAll(ctx context.Context, names []string, fns []func(context.Context) error) ([]Status, bool) {
	out := make([]Status, len(names))
	var wg sync.WaitGroup
	for i := range names {
		wg.Go(func() { out[i] = run(ctx, names[i], fns[i]) })
	}
	wg.Wait()
	ok := true
	for _, s := range out {
		ok = ok && s.Status == "ok"
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, ok
}

// Ready runs the readiness checks.
func (r *Registry) Ready(ctx context.Context) ([]Status, bool) {
	names := make([]string, len(r.Checks))
	fns := make([]func(context.Context) error, len(r.Checks))
	for i, c := range r.Checks {
		names[i], fns[i] = c.Name, c.Check
	}
	return runAll(ctx, names, fns)
}

// Register mounts /healthz, /readyz and /api/health.
func (r *Registry) Register(e *gin.Engine) {
	e.GET("/healthz", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"status": "ok"}) })
	e.GET("/readyz", func(c *gin.Context) {
		checks, ok := r.Ready(c.Request.Context())
		status, code := "ok", http.StatusOK
		if !ok {
			status, code = "unavailable", http.StatusServiceUnavailable
		}
		c.JSON(code, gin.H{"status": status, "checks": checks})
	})
	e.GET("/api/health", func(c *gin.Context) {
		ctx := c.Request.Context()
		checks, ok := r.Ready(ctx)
		handlers := r.handlers(ctx)
		names := make([]string, len(r.Modules))
		fns := make([]func(context.Context) error, len(r.Modules))
		for i, m := range r.Modules {
			names[i], fns[i] = m.Name, withHandlers(m, handlers)
		}
		modules, modulesOK := runAll(ctx, names, fns)
		status := "ok"
		if !ok || !modulesOK || anyFailing(handlers) {
			status = "degraded"
		}
		c.JSON(http.StatusOK, gin.H{"status": status, "checks": checks, "modules": modules, "handlers": handlers})
	})
}

func (r *Registry) handlers(ctx context.Context) []bus.HandlerStatus {
	if r.Handlers == nil {
		return []bus.HandlerStatus{}
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	out := r.Handlers(ctx)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// withHandlers is a module's check followed by its handlers' status.
func withHandlers(m Module, handlers []bus.HandlerStatus) func(context.Context) error {
	var failing []string
	for _, h := range handlers {
		if h.Failing() && (h.Name == m.Name || strings.HasPrefix(h.Name, m.Name+".")) {
			failing = append(failing, h.Name+": "+h.Error)
		}
	}
	if m.Check == nil && len(failing) == 0 {
		return nil
	}
	return func(ctx context.Context) error {
		if m.Check != nil {
			if err := m.Check(ctx); err != nil {
				return err
			}
		}
		if len(failing) > 0 {
			return fmt.Errorf("event handler not consuming: %s", strings.Join(failing, "; "))
		}
		return nil
	}
}

func anyFailing(handlers []bus.HandlerStatus) bool {
	for _, h := range handlers {
		if h.Failing() {
			return true
		}
	}
	return false
}
