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
