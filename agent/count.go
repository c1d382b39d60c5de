package agent

import (
	"context"
	"errors"
	"slices"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
)

// defaultFindForced is the SAT step's prover: exact.FindForced, which proves
// each forced cell unsatisfiable the other way with gophersat, component by
// component, the global mine count included.
func defaultFindForced(ctx context.Context, p *game.Puzzle) (mines, safe []int, err error) {
	f, err := exact.FindForced(ctx, p)
	return f.Mines, f.Safe, err
}

// findForced is the SAT step's own prover (SAT with a nil Find): the cells
// exact.FindForced finds in p's view, counted by p's Analyzer (its cache
// the game's), or read from the report Answer started from. When none is
// forced, the count is kept for the guess on the same position (see
// guessPosition). A component too large to count is left to
// exact.FindForced.
func (p *Position) findForced(ctx context.Context) (mines, safe []int, err error) {
	if r := p.count.report; r != nil {
		return p.reportedForced(r)
	}
	a, err := p.count.z.Analyze(ctx, p.View)
	if errors.Is(err, exact.ErrBudget) {
		return defaultFindForced(ctx, p.View)
	}
	if err != nil {
		return nil, nil, err
	}
	f, err := a.Forced(ctx)
	if err != nil {
		return nil, nil, err
	}
	if len(f.Mines) == 0 && len(f.Safe) == 0 {
		p.count.last, p.count.at = a, p.Moves
	}
	return f.Mines, f.Safe, nil
}

// reportedForced is findForced in Answer, from r, the report of the
// position it started from: the cells forced there and still closed. Those
// are the cells forced now, since Answer only flags cells its strategies
// proved mines, which leaves the layouts as they were. When none is forced
// and nothing was flagged, r's count (or why there is none) is kept for
// the guess, as findForced keeps its own.
func (p *Position) reportedForced(r *exact.Report) (mines, safe []int, err error) {
	if !r.Ask.Forced || !r.Satisfiable {
		return nil, nil, errors.New("agent: answer: the report has no forced cells")
	}
	closed := func(i int) bool { return p.View.Cells[i].State == game.Unknown }
	mines = slices.DeleteFunc(slices.Clone(r.Forced.Mines), func(i int) bool { return !closed(i) })
	safe = slices.DeleteFunc(slices.Clone(r.Forced.Safe), func(i int) bool { return !closed(i) })
	if len(mines) == 0 && len(safe) == 0 && p.Moves == 0 {
		p.count.last, p.count.uncounted, p.count.at = r.Analysis, r.Uncounted, p.Moves
	}
	return mines, safe, nil
}

// guessPosition returns what a guesser is asked about in p: its view, its
// random source and its counts (the SAT step's count, or why there is
// none, when no move was played since).
func (p *Position) guessPosition() *guess.Position {
	gp := &guess.Position{View: p.View, Rand: p.Rand, Explain: p.explain, Analyzer: p.count.z}
	if p.count.at == p.Moves {
		gp.Counted, gp.Uncounted = p.count.last, p.count.uncounted
	}
	return gp
}

// counts are the exact counts of a Position's view: the Analyzer that
// makes them, whose cache the game's analyses share, the report an answer
// starts from, and the SAT step's last count, kept for the guess on the
// same position (see Position.guessPosition).
type counts struct {
	z         *exact.Analyzer // within the default budget in Play; in Answer, the one that made report
	report    *exact.Report   // Answer's: the analysis of the position answered; nil in Play
	last      *exact.Analysis // the SAT step's count of View, when it found nothing forced
	uncounted error           // else why View has none, when the report found it too large to count
	at        int             // Moves when last (or uncounted) was found
}
