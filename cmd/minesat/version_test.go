package main

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionText(t *testing.T) {
	platform := "for " + runtime.GOOS + "/" + runtime.GOARCH + "\n"
	tests := []struct {
		name string
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{"installed", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123abcd"}, {Key: "vcs.time", Value: "2026-11-25T12:00:00Z"}, {Key: "vcs.modified", Value: "false"}}}, true,
			"minesat v1.2.3\nrevision 0123abcd, committed 2026-11-25T12:00:00Z\nbuilt with go1.26.8 " + platform},
		{"local changes", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "0123abcd"}, {Key: "vcs.modified", Value: "true"}}}, true,
			"minesat (devel)\nrevision 0123abcd, with local changes\nbuilt with go1.26.8 " + platform},
		{"go run", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}, true,
			"minesat (devel)\nrevision unknown (built without version control information)\nbuilt with go1.26.8 " + platform},
		{"no build info", nil, false,
			"minesat (unknown)\nrevision unknown (built without version control information)\nbuilt with " + runtime.Version() + " " + platform},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := versionText(tc.bi, tc.ok); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestVersionCommand checks 'minesat version' under go test, which builds
// without version control information, and its alias --version.
func TestVersionCommand(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		r := runCmd(t, "", nil, args...)
		if r.code != 0 || r.err != "" || !strings.HasPrefix(r.out, "minesat ") || strings.Count(r.out, "\n") != 3 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 0 and three lines", args, r.code, r.out, r.err)
		}
	}
}
