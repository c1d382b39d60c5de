package agent

import (
	"context"
	"math/rand/v2"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/kb"
)

// playOn plays g, a game resumed in the position src of another agent
// (game.Resume), from an open of cell to its end, and reports whether it
// was won. The agent's position becomes a copy of src (its view, KB and
// the progress of its strategies), not one rebuilt from the view, and its
// random source is seeded with seed: a rollout of the win-probability
// search. It keeps no moves and counts nothing.
func (a *Agent) playOn(ctx context.Context, g *game.Game, src *Position, cell int, seed uint64) (bool, error) {
	p := &a.pos
	p.copyFrom(src, a.limits)
	p.own.pcg.Seed(seed, gameSeedStream)
	if p.own.rand == nil {
		p.own.rand = rand.New(&p.own.pcg)
	}
	p.Rand = p.own.rand
	var res Result
	play := playState{a: a, g: g, res: &res}
	if err := play.apply(ctx, Move{Op: game.OpOpen, Cell: cell, Basis: BasisGuess}); err != nil {
		return false, err
	}
	if _, err := play.loop(ctx); err != nil {
		return false, err
	}
	return g.Outcome() == game.Won, nil
}

// copyFrom makes p a copy of src, reusing p's memory: the view, the KB
// (built with limits when p has none yet), the counts of cells and the
// strategies' progress, with nothing kept or explained. p's analyzer and
// its cache of counted components are kept (an analysis with it is exactly one without,
// whatever it holds) and emptied only when the board changes; the count of
// src's view is not carried over (the next move changes the view), nor
// the HintPairs step's changes (its first call reads every hint).
func (p *Position) copyFrom(src *Position, limits *kb.Limits) {
	b := src.View.Board
	if p.View == nil || p.View.Board != b {
		p.View = &game.Puzzle{Board: b, Cells: make([]game.Cell, b.Len())}
		if p.count.z != nil {
			p.count.z.Cache().Reset()
		}
	}
	p.View.Mines = src.View.Mines
	copy(p.View.Cells, src.View.Cells)
	if p.KB == nil {
		p.KB = kb.NewWithLimits(b, *limits)
	}
	p.KB.CopyFrom(src.KB)
	if p.count.z == nil {
		p.count.z = exact.NewAnalyzerCache(exact.Budget{}, exact.NewCache())
	}
	p.count.last, p.count.uncounted, p.count.report = nil, nil, nil
	p.explain, p.lazy = false, false
	p.pairs.reset()
	p.closed, p.flagged, p.units.acted, p.global = src.closed, src.flagged, src.units.acted, src.global
	p.Moves, p.SATCalls = src.Moves, 0
}
