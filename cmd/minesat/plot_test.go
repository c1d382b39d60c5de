package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesat/minesat/plot"
)

func TestSavePlot(t *testing.T) {
	dir := t.TempDir()
	outs := outFiles{cmd: "test"}
	var files []*outFile
	for _, name := range []string{"a.svg", "b.PNG", "c.gif"} {
		files = append(files, outs.add("plot", filepath.Join(dir, name), outWhole))
	}
	if err := outs.open(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, f := range files[:2] {
		if err := savePlot(f, func(w io.Writer, format string) error {
			return plot.WinRates(w, format, "", []plot.WinRate{{Name: "easy", Won: 5, Games: 8, Lo: 0.306, Hi: 0.863}})
		}); err != nil {
			t.Errorf("savePlot(%s): %v", f.name, err)
		}
	}
	err := savePlot(files[2], func(io.Writer, string) error { t.Error("drew a plot for a .gif name"); return nil })
	if err == nil || exitCode(err) != exitUsage || !strings.Contains(err.Error(), "want a .svg or .png file name") {
		t.Errorf("savePlot(c.gif) = %v; want a usage error", err)
	}
	if err := outs.close(false); err != nil {
		t.Fatal(err)
	}
	for _, f := range files[:2] {
		if fi, err := os.Stat(f.name); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v; want a plot", f.name, err)
		}
	}
}
