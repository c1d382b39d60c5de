package exact

import (
	"context"
	"fmt"
	"slices"

	"github.com/minesat/minesat/game"
)

// Solve returns one solution of p, the row-major indices of its mines in
// increasing order (flagged cells included), or ok false when p has none.
//
// Each component of p's Split is solved by gophersat on its own hints. When
// the totals found leave a feasible number of mines for the interior, that
// is the solution; otherwise the components' possible totals are computed
// (by counting, or by SAT when a component is too large to count), one
// total per component is picked so that the mine count is met, and each
// component is solved again under "exactly that many mines". Without a
// mine total (game.UnknownMines), the components' first solutions and an
// empty interior are a solution. Every solution is checked with p.Satisfies before it is returned;
// a failed check is reported as an error, never as a solution.
//
// Every gophersat search stops when ctx ends.
func Solve(ctx context.Context, p *game.Puzzle) (mines []int, ok bool, err error) {
	return solve(ctx, p, Budget{})
}

func solve(ctx context.Context, p *game.Puzzle, budget Budget) (mines []int, ok bool, err error) {
	sp, err := NewSplit(p)
	if err != nil {
		return nil, false, err
	}
	if sp.Contradiction != nil || (!sp.NoTotal && (sp.Left < 0 || sp.Left > sp.Frontier()+sp.InteriorLen())) {
		return nil, false, nil
	}
	models := make([][]bool, len(sp.Components))
	total := 0
	for c, co := range sp.Components {
		if err := ctx.Err(); err != nil {
			return nil, false, fmt.Errorf("exact: solve: %w", err)
		}
		m, sat, err := co.satProblem().build(ctx).solve()
		if err != nil {
			return nil, false, fmt.Errorf("exact: solve: %w", err)
		}
		if !sat {
			return nil, false, nil
		}
		models[c] = m
		total += countTrue(m)
	}

	interior := 0 // mines in the interior: none without a total
	if !sp.NoTotal {
		interior = sp.Left - total
	}
	if interior < 0 || interior > sp.InteriorLen() {
		return solveByTotals(ctx, p, budget)
	}
	mines = make([]int, 0, max(p.Mines, 0))
	for i, c := range p.Cells {
		if c.State == game.Flagged {
			mines = append(mines, i)
		}
	}
	mines = append(mines, sp.Mines...)
	for c, co := range sp.Components {
		for v, cell := range co.Cells {
			if models[c][v+1] {
				mines = append(mines, cell)
			}
		}
	}
	mines = append(mines, sp.Interior()[:interior]...)
	slices.Sort(mines)
	if err := p.Satisfies(mines); err != nil {
		return nil, false, fmt.Errorf("exact: solve: internal error: the solution found fails its check: %w", err)
	}
	return mines, true, nil
}

// solveByTotals solves p when the components' first solutions miss the
// mine count: it counts (or, beyond budget, finds by SAT) each part's
// possible totals, picks one per part that meets the count, and solves
// each part under "exactly that many mines".
func solveByTotals(ctx context.Context, p *game.Puzzle, budget Budget) ([]int, bool, error) {
	z := Analyzer{budget: budget}
	a, err := z.analyze(ctx, p, true)
	if err != nil {
		return nil, false, fmt.Errorf("exact: solve: %w", err)
	}
	if !a.feasible {
		return nil, false, nil
	}
	sp := a.Split
	cur := make([]int, len(a.parts))
	for c, k := range a.totals {
		cur[c] = k.min()
	}
	pick, feasible := pickTotals(a.totals, cur, a.left, sp.InteriorLen())
	if !feasible {
		return nil, false, fmt.Errorf("exact: solve: internal error: feasible totals but no pick")
	}
	mines := make([]int, 0, max(p.Mines, 0))
	for i, c := range p.Cells {
		if c.State == game.Flagged {
			mines = append(mines, i)
		}
	}
	mines = append(mines, sp.Mines...)
	mines = append(mines, a.mines...)
	total := 0
	for c, co := range a.parts {
		if err := ctx.Err(); err != nil {
			return nil, false, fmt.Errorf("exact: solve: %w", err)
		}
		prob := co.satProblem()
		prob.exactly(co.lits(), pick[c])
		m, sat, err := prob.build(ctx).solve()
		if err != nil {
			return nil, false, fmt.Errorf("exact: solve: %w", err)
		}
		if !sat {
			return nil, false, fmt.Errorf("exact: solve: internal error: component at %v has no solution with %d mines",
				p.Board.Pos(co.Cells[0]), pick[c])
		}
		for v, cell := range co.Cells {
			if m[v+1] {
				mines = append(mines, cell)
			}
		}
		total += pick[c]
	}
	mines = append(mines, sp.Interior()[:a.left-total]...)
	slices.Sort(mines)
	if err := p.Satisfies(mines); err != nil {
		return nil, false, fmt.Errorf("exact: solve: internal error: the solution found fails its check: %w", err)
	}
	return mines, true, nil
}

// countTrue returns the number of true entries of a model (index 0 unused).
func countTrue(m []bool) int {
	n := 0
	for _, b := range m[1:] {
		if b {
			n++
		}
	}
	return n
}
