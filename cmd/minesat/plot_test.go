package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/plot"
)

func TestSavePlot(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.svg", "b.PNG"} {
		if err := savePlot(filepath.Join(dir, name), func(w io.Writer, f string) error {
			return plot.WinRates(w, f, "", []plot.Level{{Name: "easy", Won: 5, Games: 8, Lo: 0.306, Hi: 0.863}})
		}); err != nil {
			t.Errorf("savePlot(%s): %v", name, err)
		}
	}
	err := savePlot(filepath.Join(dir, "c.gif"), func(io.Writer, string) error { t.Error("drew a plot for a .gif name"); return nil })
	if err == nil || exitCode(err) != exitUsage || !strings.Contains(err.Error(), "want a .svg or .png file name") {
		t.Errorf("savePlot(c.gif) = %v; want a usage error", err)
	}
}

// TestPlotFontsOnlyWhenDrawn runs the command as a process: playing
// without --plot leaves the plots' fonts unloaded (4.3 MB that
// gonum/plot's init loads upstream), drawing a plot loads them.
func TestPlotFontsOnlyWhenDrawn(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "rates.svg")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"play", []string{"play", "--level", "beginner", "--games", "3", "--workers", "1"}, "font collections waiting: 1\n"},
		{"version", []string{"version"}, "font collections waiting: 1\n"},
		{"play --plot", []string{"play", "--level", "beginner", "--games", "3", "--workers", "1", "--plot", svg}, "font collections waiting: 0\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], tc.args...)
			cmd.Env = append(os.Environ(), mainEnv+"=1", fontsEnv+"=1")
			var errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = io.Discard, &errb
			require.NoError(t, cmd.Run(), "stderr: %s", errb.String())
			assert.Equal(t, tc.want, errb.String())
		})
	}
}
