// Package metrics owns the Prometheus registry served at /metrics and the
// collectors the platform records into.
package metrics

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics groups the process's collectors. Each app instance has its own
// registry so tests can run several apps in one process.
type Metrics struct {
	Registry        *prometheus.Registry
	HTTPDuration    *prometheus.HistogramVec
	EventsHandled   *prometheus.CounterVec
	EventsFailed    *prometheus.CounterVec
	EventsPublished *prometheus.CounterVec
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
	}
	m.Registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.HTTPDuration, m.EventsHandled, m.EventsFailed, m.EventsPublished,
	)
	return m
}

// Handler serves the registry in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{Registry: m.Registry})
}
