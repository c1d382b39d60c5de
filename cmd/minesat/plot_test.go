package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

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
