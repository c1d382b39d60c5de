package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/minesat/minesat/plot"
)

// savePlot writes a plot to the named file, in the format its extension
// names, using draw to fill the canvas. It checks the name before drawing.
func savePlot(name string, draw func(w io.Writer, format string) error) error {
	format, err := plot.Format(name)
	if err != nil {
		return usageErrorf("%w", err)
	}
	var buf bytes.Buffer
	if err := draw(&buf, format); err != nil {
		return err
	}
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	return nil
}

// checkPlot reports, before a run, a --plot name that savePlot would refuse
// after it: a format it cannot draw, or a file it cannot create or write (a
// missing directory, a directory of that name, no permission). It leaves an
// existing file as it was and no new one behind.
func checkPlot(cmd, name string) error {
	if _, err := plot.Format(name); err != nil {
		return usageErrorf("%s: --%w", cmd, err)
	}
	_, statErr := os.Stat(name)
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return usageErrorf("%s: --plot: %w", cmd, err)
	}
	f.Close()
	if os.IsNotExist(statErr) {
		os.Remove(name)
	}
	return nil
}
