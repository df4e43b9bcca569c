// Package app is the composition root: the only package that imports every
// module. It turns a configuration into a runnable fx application.
package app

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"os"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"lamplight/modules/admin"
	"lamplight/modules/bible"
	"lamplight/modules/bible/bibleweb"
	"lamplight/modules/content"
	"lamplight/modules/export"
	"lamplight/modules/feedback"
	"lamplight/modules/identity"
	"lamplight/modules/identity/identityapi"
	"lamplight/modules/imports"
	"lamplight/modules/notes"
	"lamplight/modules/plans"
	"lamplight/modules/reading"
	"lamplight/modules/readmodels"
	"lamplight/modules/reminders"
	"lamplight/modules/settings"
	"lamplight/modules/sharing"
	"lamplight/modules/tags"
	"lamplight/platform"
	"lamplight/platform/bus"
	"lamplight/platform/config"
	"lamplight/platform/httpx"
	"lamplight/platform/idempotency"
	plog "lamplight/platform/log"
	"lamplight/webapp"
)

// Modules lists every domain module, in the order they are wired.
var Modules = fx.Options(
	identity.Module,
	bibleweb.Module,
	reading.Module,
	settings.Module,
	tags.Module,
	notes.Module,
	feedback.Module,
	readmodels.Module,
	content.Module,
	export.Module,
	sharing.Module,
	admin.Module,
	imports.Module,
	reminders.Module,
	plans.Module,
)

// Options builds the whole application for a configuration. Tests pass their
// own logger output and web files; extra options replace or add providers.
func Options(cfg config.Config, logOut io.Writer, web fs.FS, extra ...fx.Option) fx.Option {
	if logOut == nil {
		logOut = os.Stderr
	}
	if web == nil {
		web = webapp.Files()
	}
	logger := plog.New(cfg, logOut)
	return fx.Options(
		fx.Supply(cfg, logger),
		fx.Provide(func() fs.FS { return web }),
		fx.Provide(appRoutes),
		fx.WithLogger(func() fxevent.Logger {
			if l, _ := cfg.SlogLevel(); l <= slog.LevelDebug {
				return &fxevent.SlogLogger{Logger: logger}
			}
			return fxevent.NopLogger
		}),
		platform.Module,
		Modules,
		fx.Provide(fx.Annotate(deleteKeysOnUserDeleted, fx.ResultTags(platform.GroupHandlers))),
		fx.Options(extra...),
	)
}

// appRoutes is the web app's route list, with the books its /books/{book}
// page names, so any other book answers 404.
func appRoutes() (httpx.AppRoutes, error) {
	routes, err := httpx.ParseAppRoutes(webapp.RoutePaths())
	if err != nil {
		return nil, err
	}
	return routes.Checked("books/:book", func(v []string) bool {
		_, ok := bible.BookByParam(v[0])
		return ok
	})
}

// deleteKeysOnUserDeleted drops a deleted reader's idempotency keys: their
// stored answers hold the reader's data. The platform knows no readers, so
// the composition root connects the two.
func deleteKeysOnUserDeleted(k *idempotency.Keys) bus.Handler {
	return bus.On("idempotency.delete-user-data", func(ctx context.Context, ev identityapi.UserDeleted) error {
		return k.DeleteScope(ctx, ev.UserID)
	})
}
