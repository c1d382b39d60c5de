package main

import (
	"bytes"
	"io"

	"github.com/minesat/minesat/plot"
)

// savePlot draws a plot into out, in the format its name's extension
// names, using draw to fill the canvas; out is renamed into place when the
// command closes its outputs.
func savePlot(out *outFile, draw func(w io.Writer, format string) error) error {
	format, err := plot.Format(out.name)
	if err != nil {
		return usageErrorf("%w", err)
	}
	var buf bytes.Buffer
	if err := draw(&buf, format); err != nil {
		return err
	}
	_, err = out.Write(buf.Bytes())
	return err
}

// checkPlot reports, before a run, a --plot name in a format savePlot
// cannot draw. Whether the file can be written is found when the command
// opens its outputs, before the run too (outfile.go).
func checkPlot(cmd, name string) error {
	if _, err := plot.Format(name); err != nil {
		return usageErrorf("%s: --%w", cmd, err)
	}
	return nil
}
