package kb

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
// total per component is picked so that the mine count is met, and the
// components that must change are solved again under "exactly that many
// mines". Every solution is checked with p.Satisfies before it is returned;
// a failed check is reported as an error, never as a solution.
//
// ctx is checked between gophersat calls; a single call cannot be
// interrupted, but each works on one component only.
func Solve(ctx context.Context, p *game.Puzzle) (mines []int, ok bool, err error) {
	sp, err := NewSplit(p)
	if err != nil {
		return nil, false, err
	}
	if sp.Contradiction != nil || sp.Left < 0 || sp.Left > sp.Frontier()+len(sp.Interior) {
		return nil, false, nil
	}
	models := make([][]bool, len(sp.Components))
	cur := make([]int, len(sp.Components))
	total := 0
	satMu.Lock()
	for c, co := range sp.Components {
		if err := ctx.Err(); err != nil {
			satMu.Unlock()
			return nil, false, fmt.Errorf("kb: solve: %w", err)
		}
		m, sat := co.satProblem().build().solve()
		if !sat {
			satMu.Unlock()
			return nil, false, nil
		}
		models[c], cur[c] = m, countTrue(m)
		total += cur[c]
	}
	satMu.Unlock()

	if free := sp.Left - total; free < 0 || free > len(sp.Interior) {
		totals, err := componentTotals(ctx, sp, DefaultBudget)
		if err != nil {
			return nil, false, fmt.Errorf("kb: solve: %w", err)
		}
		pick, feasible := pickTotals(totals, cur, sp.Left, len(sp.Interior))
		if !feasible {
			return nil, false, nil
		}
		satMu.Lock()
		for c, co := range sp.Components {
			if pick[c] == cur[c] {
				continue
			}
			if err := ctx.Err(); err != nil {
				satMu.Unlock()
				return nil, false, fmt.Errorf("kb: solve: %w", err)
			}
			prob := co.satProblem()
			prob.exactly(co.lits(), pick[c])
			m, sat := prob.build().solve()
			if !sat {
				satMu.Unlock()
				return nil, false, fmt.Errorf("kb: solve: internal error: component at %v has no solution with %d mines",
					p.Board.Pos(co.Cells[0]), pick[c])
			}
			total += pick[c] - cur[c]
			models[c], cur[c] = m, pick[c]
		}
		satMu.Unlock()
	}

	mines = make([]int, 0, p.Mines)
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
	mines = append(mines, sp.Interior[:sp.Left-total]...)
	slices.Sort(mines)
	if err := p.Satisfies(mines); err != nil {
		return nil, false, fmt.Errorf("kb: solve: internal error: the solution found fails its check: %w", err)
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
