// Package app is the composition root: the only package that imports every
// module. It turns a configuration into a runnable fx application.
package app

import (
	"io"
	"io/fs"
	"log/slog"
	"os"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"lamplight/modules/bible/bibleweb"
	"lamplight/modules/identity"
	"lamplight/modules/notes"
	"lamplight/modules/projections/progress"
	"lamplight/modules/projections/streaks"
	"lamplight/modules/projections/suggestions"
	"lamplight/modules/projections/versecounts"
	"lamplight/modules/reading"
	"lamplight/modules/settings"
	"lamplight/modules/tags"
	"lamplight/platform"
	"lamplight/platform/config"
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
	versecounts.Module,
	progress.Module,
	suggestions.Module,
	streaks.Module,
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
		fx.WithLogger(func() fxevent.Logger {
			if l, _ := cfg.SlogLevel(); l <= slog.LevelDebug {
				return &fxevent.SlogLogger{Logger: logger}
			}
			return fxevent.NopLogger
		}),
		platform.Module,
		Modules,
		fx.Options(extra...),
	)
}
