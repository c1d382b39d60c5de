package agent

import (
	"context"
	"errors"

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
// exact.FindForced finds in p's view, counted with p's cache. When none is
// forced, the count is kept for the guess on the same position (see
// guessPosition). A component too large to count is left to exact.FindForced.
func (p *Position) findForced(ctx context.Context) (mines, safe []int, err error) {
	a, err := exact.AnalyzeCached(ctx, p.View, exact.Budget{}, p.count.cache)
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

// guessPosition returns what a guesser is asked about in p: its view, its
// random source and its counts (the SAT step's count when no move was
// played since).
func (p *Position) guessPosition() *guess.Position {
	gp := &guess.Position{View: p.View, Rand: p.Rand, Explain: p.explain, Cache: p.count.cache}
	if p.count.last != nil && p.count.at == p.Moves {
		gp.Counted = p.count.last
	}
	return gp
}

// counts are the exact counts of a Position's view: the cache of counted
// components its analyses share, and the SAT step's last count, kept for
// the guess on the same position (see Position.guessPosition).
type counts struct {
	cache *exact.Cache    // counted components, shared by the game's analyses
	last  *exact.Analysis // the SAT step's count of View, when it found nothing forced
	at    int             // Moves when last was made
}
