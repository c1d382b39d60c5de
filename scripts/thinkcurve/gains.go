package main

import (
	"fmt"
	"os"

	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/plot"
)

// plotRules are the rules the plot draws; the tables have them all.
const plotRules = "safe"

// gains returns the plot's points: for each level under plotRules, in
// table order, the default at no gain (its CPU time a game over the
// default runs paired), then one point a budget, the seeds of a level and
// budget pooled (their paired counts added, the CPU time a game of the
// think runs over their paired games).
func gains(ps []*pairing) []plot.Gain {
	type key struct {
		level string
		think int // 0: the default
	}
	type pool struct {
		tally batch.PairedTally
		ms    float64 // CPU milliseconds over the games
		games int
	}
	var order []key
	pools := map[key]*pool{}
	bases := map[*runData]bool{}
	add := func(k key, ms float64, games int) *pool {
		if pools[k] == nil {
			pools[k] = &pool{}
			order = append(order, k)
		}
		pools[k].ms += ms
		pools[k].games += games
		return pools[k]
	}
	for _, p := range ps {
		if p.think.Rules != plotRules {
			continue
		}
		if !bases[p.base] {
			bases[p.base] = true
			add(key{p.think.Level, 0}, 1000*p.base.cpu, p.base.Games)
		}
		pl := add(key{p.think.Level, p.think.Think}, p.think.msPerGame()*float64(p.games), p.games)
		pl.tally.Merge(p.tally)
	}
	gs := make([]plot.Gain, 0, len(order))
	for _, k := range order {
		pl := pools[k]
		g := plot.Gain{Series: k.level, Label: "default", CPU: pl.ms / float64(pl.games)}
		if k.think > 0 {
			d, lo, hi, _ := pl.tally.Diff()
			g.Label, g.Diff, g.Lo, g.Hi = fmt.Sprintf("think %d", k.think), 100*d, 100*lo, 100*hi
		}
		gs = append(gs, g)
	}
	return gs
}

// writePlot draws the curve to path, in the format its extension names.
func writePlot(path string, ps []*pairing) error {
	format, err := plot.Format(path)
	if err != nil {
		return err
	}
	gs := gains(ps)
	if len(gs) == 0 {
		return fmt.Errorf("-plot %s: no think run under rules %s to draw", path, plotRules)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = plot.Gains(f, format, "minesat --think: win rate gained over the default on the same games, rules "+plotRules, gs)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
