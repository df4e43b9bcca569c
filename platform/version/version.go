// Package version holds build information, set with -ldflags at build time.
package version

// Version and Commit are overwritten by the Makefile's -ldflags.
var (
	Version = "dev"
	Commit  = "unknown"
)
