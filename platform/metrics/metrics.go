// Package metrics owns the Prometheus registry served at /metrics and the
// collectors the platform records into.
package metrics

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"lamplight/platform/version"
)

// Metrics groups the process's collectors. Each app instance has its own
// registry so tests can run several apps in one process.
type Metrics struct {
	Registry        *prometheus.Registry
	HTTPDuration    *prometheus.HistogramVec
	EventsHandled   *prometheus.CounterVec
	EventsFailed    *prometheus.CounterVec
	EventsPublished *prometheus.CounterVec
	// Event handler health, by handler; see bus.Router.Status.
	EventsPoisoned     *prometheus.CounterVec
	HandlerLastSuccess *prometheus.GaugeVec
	HandlerFailing     *prometheus.GaugeVec
	HandlerLag         *prometheus.GaugeVec
	HandlerPending     *prometheus.GaugeVec
	HandlerWaiting     *prometheus.GaugeVec
	GroupsRecreated    *prometheus.CounterVec
	// ProjectionRefreshSuperseded counts refreshes that ended while newer
	// writes were still landing, by projection: harmless, a later event or
	// read recomputes.
	ProjectionRefreshSuperseded *prometheus.CounterVec
	// Background loops (outbox relay, mail delivery, sweeps), by loop.
	LoopRuns     *prometheus.CounterVec
	LoopFailures *prometheus.CounterVec
	// Projections: how long each computation takes (its count is the number
	// of recomputes) and whether a read found its value cached.
	ProjectionCompute    *prometheus.HistogramVec
	ProjectionExtended   *prometheus.CounterVec
	ProjectionCacheReads *prometheus.CounterVec
	// MailSends counts delivery attempts by result: sent, retry (failed,
	// tried again later) or failed (given up).
	MailSends *prometheus.CounterVec
}

// New registers the collectors on a fresh registry.
func New() *Metrics {
	m := &Metrics{
		Registry: prometheus.NewRegistry(),
		HTTPDuration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "lamplight_http_request_duration_seconds",
			Help:    "HTTP request latency by route, method and status class.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route", "method", "status"}),
		EventsHandled: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lamplight_event_handler_messages_total",
			Help: "Events handled successfully, by handler.",
		}, []string{"handler"}),
		EventsFailed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lamplight_event_handler_failures_total",
			Help: "Event handler attempts that returned an error or panicked, by handler.",
		}, []string{"handler"}),
		EventsPublished: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lamplight_outbox_events_published_total",
			Help: "Events relayed from the outbox to the bus, by topic.",
		}, []string{"topic"}),
		EventsPoisoned: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lamplight_event_handler_poisoned_total",
			Help: "Events a handler gave up on after every retry and sent to the poison queue, by handler.",
		}, []string{"handler"}),
		HandlerLastSuccess: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lamplight_event_handler_last_success_timestamp_seconds",
			Help: "When this instance last handled an event successfully, by handler (Unix time).",
		}, []string{"handler"}),
		HandlerFailing: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lamplight_event_handler_failing",
			Help: "1 while a handler is not consuming (its group is missing or its oldest event waits too long), by handler.",
		}, []string{"handler"}),
		HandlerLag: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lamplight_event_handler_lag",
			Help: "Events in the handler's stream not yet delivered to its consumer group, by handler (Redis only).",
		}, []string{"handler"}),
		HandlerPending: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lamplight_event_handler_pending",
			Help: "Events delivered to the handler's consumer group and not yet acknowledged, by handler (Redis only).",
		}, []string{"handler"}),
		HandlerWaiting: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lamplight_event_handler_oldest_waiting_seconds",
			Help: "How long the handler's oldest unhandled event has waited, by handler.",
		}, []string{"handler"}),
		GroupsRecreated: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lamplight_event_consumer_groups_recreated_total",
			Help: "Consumer groups recreated after Redis lost them (flushed, or restarted empty), by handler.",
		}, []string{"handler"}),
		ProjectionRefreshSuperseded: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lamplight_projection_refresh_superseded_total",
			Help: "Projection refreshes that ended while newer writes kept landing, left to the next event or read, by projection.",
		}, []string{"projection"}),
		LoopRuns: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lamplight_loop_runs_total",
			Help: "Runs of a background loop (outbox relay, mail delivery, sweeps), by loop.",
		}, []string{"loop"}),
		LoopFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lamplight_loop_failures_total",
			Help: "Runs of a background loop that returned an error or panicked, by loop.",
		}, []string{"loop"}),
		ProjectionCompute: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "lamplight_projection_compute_duration_seconds",
			Help:    "Time to compute a projection from a reader's log (the count is the number of recomputes), by projection.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25},
		}, []string{"projection"}),
		ProjectionExtended: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lamplight_projection_extended_total",
			Help: "Projection computes that carried on from the reader's previous value instead of reading the whole log, by projection.",
		}, []string{"projection"}),
		ProjectionCacheReads: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lamplight_projection_cache_reads_total",
			Help: "Projection reads by projection and result: hit (served from the cache) or miss (recomputed).",
		}, []string{"projection", "result"}),
		MailSends: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lamplight_mail_send_attempts_total",
			Help: "Mail delivery attempts by result: sent, retry (failed, tried again later) or failed (given up).",
		}, []string{"result"}),
	}
	buildInfo := prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "lamplight_build_info",
		Help: "Always 1; the labels name the running build.",
	}, []string{"version", "commit", "goversion"})
	buildInfo.WithLabelValues(version.Version, version.Commit, runtime.Version()).Set(1)
	m.Registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.HTTPDuration, m.EventsHandled, m.EventsFailed, m.EventsPublished,
		m.EventsPoisoned, m.HandlerLastSuccess, m.HandlerFailing, m.HandlerLag, m.HandlerPending,
		m.HandlerWaiting, m.GroupsRecreated, m.ProjectionRefreshSuperseded,
		m.LoopRuns, m.LoopFailures,
		m.ProjectionCompute, m.ProjectionExtended, m.ProjectionCacheReads, m.MailSends, buildInfo,
	)
	return m
}

// Handler serves the registry in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{Registry: m.Registry})
}

// ObserveDB exports the connection pool's statistics (go_sql_*, labelled
// db_name="lamplight"): open, in use and idle connections, and waits.
func (m *Metrics) ObserveDB(db *sql.DB) {
	m.Registry.MustRegister(collectors.NewDBStatsCollector(db, "lamplight"))
}

// Gauge is one value a sampler reads.
type Gauge struct {
	Name, Help string
}

// Sample registers gauges whose values read returns (in the same order),
// read when Prometheus scrapes rather than by a loop. A value younger than
// maxAge is served again, for reads too costly for every scrape; a read
// that fails is logged and leaves the gauges out of that scrape.
func (m *Metrics) Sample(log *slog.Logger, maxAge time.Duration, read func(context.Context) ([]float64, error), gauges ...Gauge) {
	s := &sampler{read: read, maxAge: maxAge, log: log}
	for _, g := range gauges {
		s.descs = append(s.descs, prometheus.NewDesc(g.Name, g.Help, nil, nil))
	}
	m.Registry.MustRegister(s)
}

type sampler struct {
	descs  []*prometheus.Desc
	read   func(context.Context) ([]float64, error)
	maxAge time.Duration
	log    *slog.Logger

	mu     sync.Mutex
	values []float64
	at     time.Time
}

func (s *sampler) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range s.descs {
		ch <- d
	}
}

func (s *sampler) Collect(ch chan<- prometheus.Metric) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.values == nil || time.Since(s.at) >= s.maxAge {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		values, err := s.read(ctx)
		cancel()
		if err != nil || len(values) != len(s.descs) {
			s.log.Warn("metrics: read failed", "metric", s.descs[0].String(), "err", err)
			return
		}
		s.values, s.at = values, time.Now()
	}
	for i, d := range s.descs {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, s.values[i])
	}
}
