package kb

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/minesat/minesat/game"
)

// ErrNoSolution is returned, wrapped, by Probabilities for a puzzle with no
// solution, where probabilities are undefined.
var ErrNoSolution = errors.New("kb: the puzzle has no solution")

// Analysis is a puzzle's Split with every component's solutions counted by
// number of mines: the shared first step of Count, Probabilities and
// FindForced. Making one costs O(cells) plus, per component, time and
// memory proportional to its diagram, which grows exponentially only with
// the number of hints a sweep across the component keeps open at once
// (about its width), bounded by a Budget. An Analysis is immutable and
// safe for concurrent use.
type Analysis struct {
	Split *Split

	diagrams []*diagram // per component; nil where over budget (partial analyses only)
	flows    []*flow    // forward counts, per diagram
	totals   []bitset   // K_c: the mine totals of each component's solutions
	allowed  []bitset   // A_c: the totals each component takes in full solutions
	feasible bool       // the puzzle has a solution
}

// Analyze splits p and counts each component within budget. It fails with
// ErrBudget (wrapped) when a component's diagram outgrows the budget, and
// with ctx's error when cancelled.
func Analyze(ctx context.Context, p *game.Puzzle, budget Budget) (*Analysis, error) {
	return analyze(ctx, p, budget, false)
}

// analyze is Analyze; with partial, components over budget are left
// without a diagram and their totals are found by SAT instead.
func analyze(ctx context.Context, p *game.Puzzle, budget Budget, partial bool) (*Analysis, error) {
	sp, err := NewSplit(p)
	if err != nil {
		return nil, err
	}
	a := &Analysis{Split: sp}
	if sp.Contradiction != nil || sp.Left < 0 {
		return a, nil
	}
	nc := len(sp.Components)
	a.diagrams = make([]*diagram, nc)
	a.flows = make([]*flow, nc)
	a.totals = make([]bitset, nc)
	var over []int
	for c, co := range sp.Components {
		d, err := buildDiagram(ctx, co, p.Board, budget.maxStates())
		if errors.Is(err, ErrBudget) && partial {
			over = append(over, c)
			continue
		}
		if err != nil {
			return nil, err
		}
		a.diagrams[c] = d
		a.flows[c] = d.forward()
		if a.totals[c], err = d.totals(ctx, a.flows[c]); err != nil {
			return nil, err
		}
		if d.empty() {
			return a, nil // this component alone has no solution
		}
	}
	if len(over) > 0 {
		satMu.Lock()
		for _, c := range over {
			a.totals[c], err = sp.Components[c].satTotals(ctx)
			if err != nil {
				satMu.Unlock()
				return nil, err
			}
			if a.totals[c].min() < 0 {
				satMu.Unlock()
				return a, nil
			}
		}
		satMu.Unlock()
	}
	a.allowed, a.feasible = allowedTotals(a.totals, sp.Left, len(sp.Interior))
	return a, nil
}

// componentTotals returns K_c for every component of sp: from its diagram
// when within budget, by SAT otherwise.
func componentTotals(ctx context.Context, sp *Split, budget Budget) ([]bitset, error) {
	a, err := analyze(ctx, sp.Puzzle, budget, true)
	if err != nil {
		return nil, err
	}
	if a.totals == nil {
		return nil, errors.New("kb: internal error: puzzle without totals")
	}
	return a.totals, nil
}

// Satisfiable reports whether the puzzle has a solution.
func (a *Analysis) Satisfiable() bool { return a.feasible }

// Count returns the exact number of solutions: per component, the exact
// counts by number of mines; then the product polynomial, each term
// weighted by the binomial count of interior placements.
func (a *Analysis) Count(ctx context.Context) (*big.Int, error) {
	if !a.feasible {
		return new(big.Int), nil
	}
	sp := a.Split
	counts := make([][]*big.Int, len(a.diagrams))
	los := make([]int, len(a.diagrams))
	for c, d := range a.diagrams {
		if d == nil {
			return nil, fmt.Errorf("kb: count: component %d was not counted: %w", c, ErrBudget)
		}
		var err error
		if counts[c], los[c], err = d.exactCounts(ctx); err != nil {
			return nil, err
		}
	}
	return exactTotal(ctx, counts, los, sp.Left, len(sp.Interior))
}

// lnRho returns the log-odds used to tilt vectors: the density of the
// mines left over the undecided cells.
func (a *Analysis) lnRho() float64 {
	sp := a.Split
	cells := sp.Frontier() + len(sp.Interior)
	if sp.Left <= 0 || sp.Left >= cells {
		return 0
	}
	p := float64(sp.Left) / float64(cells)
	return math.Log(p / (1 - p))
}

// Probabilities returns, for every cell, the probability that it holds a
// mine, uniform over all solutions: exact up to floating-point rounding
// (relative error around 1e-14 on small boards). Revealed and flagged cells
// get NaN; cells unit propagation settles get exactly 0 or 1. A puzzle
// with no solution gives ErrNoSolution.
func (a *Analysis) Probabilities(ctx context.Context) ([]float64, error) {
	if !a.feasible {
		return nil, fmt.Errorf("kb: probabilities: %w", ErrNoSolution)
	}
	sp := a.Split
	lnRho := a.lnRho()
	parts := make([]vec, len(a.diagrams))
	for c, d := range a.diagrams {
		if d == nil {
			return nil, fmt.Errorf("kb: probabilities: component %d was not counted: %w", c, ErrBudget)
		}
		cs, lo, _ := d.terminalCounts(a.flows[c])
		parts[c] = tilted(cs, lo, lnRho)
	}
	w, inner, err := mineWeights(ctx, parts, sp.Left, len(sp.Interior), lnRho)
	if err != nil {
		return nil, fmt.Errorf("kb: probabilities: %w", err)
	}
	out := make([]float64, len(sp.Puzzle.Cells))
	for i, c := range sp.Puzzle.Cells {
		if c.State != game.Unknown {
			out[i] = math.NaN()
		}
	}
	for _, i := range sp.Mines {
		out[i] = 1
	}
	for c, d := range a.diagrams {
		pm := d.marginals(a.flows[c], w[c])
		for v, cell := range sp.Components[c].Cells {
			out[cell] = pm[v]
		}
	}
	if n := len(sp.Interior); n > 0 {
		num, den := 0.0, 0.0
		for k, x := range inner.v {
			num += float64(inner.lo+k) * x
			den += x
		}
		for _, i := range sp.Interior {
			out[i] = num / den / float64(n)
		}
	}
	return out, nil
}

// Count returns the exact number of solutions of p (flagged cells are
// mines in every solution). It fails with ErrBudget when a component is too
// large to count within DefaultBudget.
func Count(ctx context.Context, p *game.Puzzle) (*big.Int, error) {
	a, err := Analyze(ctx, p, DefaultBudget)
	if err != nil {
		return nil, err
	}
	return a.Count(ctx)
}

// Probabilities returns the probability that each cell holds a mine,
// uniform over p's solutions; see Analysis.Probabilities. Non-unknown cells
// get NaN.
func Probabilities(ctx context.Context, p *game.Puzzle) ([]float64, error) {
	a, err := Analyze(ctx, p, DefaultBudget)
	if err != nil {
		return nil, err
	}
	return a.Probabilities(ctx)
}
