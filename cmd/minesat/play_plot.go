package main

import (
	"fmt"
	"io"

	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/plot"
)

// checkPlotFlag checks the file name of 'play --plot', whose extension
// names the format.
func checkPlotFlag(cfg playConfig) error {
	if cfg.plot == "" {
		return nil
	}
	return checkPlot("play", cfg.plot)
}

// writePlayPlot draws the win rates of sums into out.
func writePlayPlot(cfg playConfig, sums []batch.Summary, out *outFile) error {
	var ls []plot.WinRate
	for _, s := range sums {
		if s.Games() == 0 {
			continue
		}
		lo, hi := s.Base.Interval()
		ls = append(ls, plot.WinRate{Name: s.Level.Name + "\nrules " + s.Rules.String(), Won: s.Base.Won, Games: s.Base.Games, Lo: lo, Hi: hi})
	}
	if len(ls) == 0 {
		return nil
	}
	title := fmt.Sprintf("minesat play: strategy %s", cfg.agent.Strategy)
	if cfg.agent.NoGuess {
		title += ", no guessing"
	}
	return savePlot(out, func(w io.Writer, format string) error {
		return plot.WinRates(w, format, title, ls)
	})
}
