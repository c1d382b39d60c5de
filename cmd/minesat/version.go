package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
)

const versionAbout = `
Version prints the module version minesat was built from ("(devel)" for a
build from a checkout), the version control revision, its commit time and
whether the work tree had local changes, then the Go version and platform.
A binary built without version control information (go run, go test, or
-buildvcs=false) says so instead of a revision.`

// runVersion implements 'minesat version'.
func runVersion(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("version", "", versionAbout, io)
	if help, err := parseFlags(fs, args, io); help || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageErrorf("version: unexpected argument %q: version takes no arguments", fs.Arg(0))
	}
	bi, ok := debug.ReadBuildInfo()
	_, err := fmt.Fprint(io.out, versionText(bi, ok))
	return err
}

// versionText writes what 'minesat version' prints for the build info bi
// (ok is false when the binary carries none).
func versionText(bi *debug.BuildInfo, ok bool) string {
	version, goVersion := "(unknown)", runtime.Version()
	settings := map[string]string{}
	if ok {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
		}
		for _, s := range bi.Settings {
			settings[s.Key] = s.Value
		}
	}
	text := "minesat " + version + "\n"
	if rev := settings["vcs.revision"]; rev != "" {
		text += "revision " + rev
		if t := settings["vcs.time"]; t != "" {
			text += ", committed " + t
		}
		if settings["vcs.modified"] == "true" {
			text += ", with local changes"
		}
		text += "\n"
	} else {
		text += "revision unknown (built without version control information)\n"
	}
	return text + fmt.Sprintf("built with %s for %s/%s\n", goVersion, runtime.GOOS, runtime.GOARCH)
}
