// Package reminders is the daily reminder: a reader picks a local time,
// days of the week and channels (email, push to the installed app); every
// instance runs the scheduler, and each reminder goes out once per reader
// and local date in the reader's time zone. Emails carry a one-click
// unsubscribe (RFC 8058); unanswered reminders pause after three.
package reminders

import (
	"context"
	_ "embed"
	"log/slog"
	"slices"
	"time"

	"go.uber.org/fx"

	"lamplight/modules/identity/identityapi"
	"lamplight/modules/reminders/internal/app"
	"lamplight/modules/reminders/internal/httpapi"
	"lamplight/modules/reminders/internal/store"
	"lamplight/modules/reminders/remindersapi"
	"lamplight/modules/settings/settingsapi"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/health"
	"lamplight/platform/httpx"
	"lamplight/platform/loop"
	"lamplight/platform/metrics"
)

//go:embed openapi.yaml
var openapi []byte

// Config is reminders' configuration: LAMPLIGHT_VAPID_PRIVATE_KEY(_FILE),
// LAMPLIGHT_VAPID_SUBJECT.
type Config = app.Config

// Service is the reminders use cases, exported for tests that drive the
// scheduler with a fake clock.
type Service = app.Service

// Pusher delivers push notifications; tests replace it.
type Pusher = app.Pusher

// PushNetwork is what push deliveries may dial; tests decorate it to reach
// push services on loopback with their own certificates.
type PushNetwork = app.PushNetwork

// Lease is how long an instance holds a reminder it is sending.
const Lease = app.Lease

// PushInterval is how often the push worker looks for notifications
// waiting; the scheduler's is LAMPLIGHT_REMINDER_INTERVAL.
const PushInterval = 15 * time.Second

// Module provides the store, the use cases (also as the archive's
// remindersapi.Reader and Restorer), the scheduler and push loops, and the
// /api/reminders routes.
var Module = fx.Module("reminders",
	// Configuration (tests decorate it).
	fx.Provide(app.LoadConfig),
	// Store.
	fx.Provide(
		store.New,
		fx.Annotate(store.Migrations, fx.ResultTags(platform.GroupMigrations)),
	),
	// Use cases.
	fx.Provide(
		app.DefaultPushNetwork,
		app.NewWebPush,
		fx.Annotate(app.New, fx.ParamTags(``, ``, ``, ``, ``, `optional:"true"`, `optional:"true"`, `optional:"true"`)),
		func(s *app.Service) remindersapi.Reader { return s },
		func(s *app.Service) remindersapi.Restorer { return s },
		fx.Annotate(deleteOnUserDeleted, fx.ResultTags(platform.GroupHandlers)),
		fx.Annotate(rescheduleOnZoneChange, fx.ResultTags(platform.GroupHandlers)),
	),
	// HTTP.
	fx.Provide(
		platform.AsRoutes(httpapi.New),
		fx.Annotate(func() httpx.OpenAPIFragment { return openapi }, fx.ResultTags(platform.GroupOpenAPI)),
		fx.Annotate(func() health.Module { return health.Module{Name: "reminders"} }, fx.ResultTags(platform.GroupHealth)),
	),
	fx.Invoke(startLoops),
)

// deleteOnUserDeleted removes a deleted reader's reminders and push subscriptions.
func deleteOnUserDeleted(s *app.Service) bus.Handler {
	return bus.On("reminders.delete-user-data", func(ctx context.Context, ev identityapi.UserDeleted) error {
		return s.DeleteUserData(ctx, ev.UserID)
	})
}

// rescheduleOnZoneChange keeps the next reminder at the reader's local time
// when they move to another time zone.
func rescheduleOnZoneChange(s *app.Service) bus.Handler {
	return bus.On("reminders.reschedule", func(ctx context.Context, ev settingsapi.SettingsChanged) error {
		if !slices.Contains(ev.Fields, "timeZone") {
			return nil
		}
		return s.Reschedule(ctx, ev.UserID)
	})
}

// startLoops makes the VAPID keys on first start and runs the scheduler
// and the push worker in every instance.
func startLoops(lc fx.Lifecycle, cfg app.Config, s *app.Service, m *metrics.Metrics, log *slog.Logger) {
	scheduler := &loop.Loop{Name: "reminders_schedule", Interval: cfg.ScheduleInterval, AtStart: true, Log: log, Metrics: m, Job: s.RunDue}
	pusher := &loop.Loop{Name: "reminders_push", Interval: PushInterval, AtStart: true, Log: log, Metrics: m, Job: s.RunPush}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			if _, err := s.Keys(ctx); err != nil {
				log.Error("push keys unavailable; push notifications will fail", "err", err)
			}
			scheduler.Start()
			pusher.Start()
			return nil
		},
		OnStop: func(context.Context) error {
			scheduler.Stop()
			pusher.Stop()
			return nil
		},
	})
}
