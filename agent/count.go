package agent

import (
	"context"
	"errors"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
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
// analysis). A component too large to count is left to exact.FindForced.
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

// analysis returns the count of p's view under budget: the SAT step's when
// no move was played since (and it counted under the same budget), else a
// new one, with p's cache.
func (p *Position) analysis(ctx context.Context, budget exact.Budget) (*exact.Analysis, error) {
	if p.count.last != nil && p.count.at == p.Moves && (budget.MaxStates <= 0 || budget.MaxStates == exact.DefaultMaxStates) {
		return p.count.last, nil
	}
	return exact.AnalyzeCached(ctx, p.View, budget, p.count.cache)
}

// counts are the exact counts of a Position's view: the cache of counted
// components its analyses share, and the SAT step's last count, kept for
// the guess on the same position (see Position.analysis).
type counts struct {
	cache *exact.Cache    // counted components, shared by the game's analyses
	last  *exact.Analysis // the SAT step's count of View, when it found nothing forced
	at    int             // Moves when last was made
}
