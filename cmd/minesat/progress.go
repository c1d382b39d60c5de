package main

import (
	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progress shows how many of a run's items are done on stderr, with the rate
// and the time left, while a long command works ('play' with many games,
// 'compare'). It draws only when stderr is a terminal (io.errTTY); in pipes,
// files and CI it writes nothing. It is safe for concurrent use by workers,
// and a nil *progress is a silent one.
type progress struct {
	bar *progressbar.ProgressBar
}

// newProgress returns a progress over n items, described as what (for
// example "games"), drawing to io.err only when io.errTTY; otherwise it
// returns nil, which is silent.
func newProgress(io *stdio, n int, what string) *progress {
	if !io.errTTY || n <= 0 {
		return nil
	}
	bar := progressbar.NewOptions(n,
		progressbar.OptionSetWriter(io.err),
		progressbar.OptionSetDescription(what),
		progressbar.OptionSetItsString(what),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionOnCompletion(func() { fmt.Fprint(io.err, "\r") }),
	)
	return &progress{bar: bar}
}

// add records k more items done.
func (p *progress) add(k int) {
	if p != nil {
		p.bar.Add(k)
	}
}

// finish clears the bar from the terminal. Call it once, before printing
// results, whether or not every item was done.
func (p *progress) finish() {
	if p != nil {
		p.bar.Exit()
		p.bar.Clear()
	}
}
