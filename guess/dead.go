package guess

import (
	"context"
	"errors"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// DeadCells returns the undecided cells of p (probs are p's, an its
// analysis) that show the same hint in every layout where they are safe,
// increasing. Each is tested exactly: the position with the cell opened on
// each hint it could show is analysed (reusing an's counted components),
// until two hints prove possible. Cells deep in the interior (next to
// nothing but undecided cells next to no hint) are alike when they have
// as many neighbours, since any exchange of interior cells maps layouts
// to layouts: one of each neighbour count is tested for all.
func DeadCells(ctx context.Context, p *game.Puzzle, an *exact.Analysis, probs []float64, budget exact.Budget, cache *exact.Cache) ([]int, error) {
	view := p.Clone()
	var dead []int
	var deep [9]int8 // per neighbour count: 0 untested, 1 dead, 2 not dead
	for x := range p.Cells {
		if !undecided(p, probs, x) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		k := -1 // the neighbour count, when x is deep in the interior
		if deepInterior(p, probs, x) {
			k = len(p.Board.Neighbors(x))
			if deep[k] != 0 {
				if deep[k] == 1 {
					dead = append(dead, x)
				}
				continue
			}
		}
		isDead, err := provedDead(ctx, view, an, probs, x, budget, cache, nil)
		if err != nil {
			return nil, err
		}
		if isDead {
			dead = append(dead, x)
		}
		if k >= 0 {
			deep[k] = 2
			if isDead {
				deep[k] = 1
			}
		}
	}
	return dead, nil
}

// provedDead reports whether the undecided cell x of view (analysed by an,
// with mine probabilities probs) shows one hint in every layout where it
// is safe: view with x opened on each hint it could show is analysed
// (reusing an's counted components), until two hints prove possible. A
// position too large to count shows x not dead. view is scratch, restored.
// keep, when not nil, keeps the analyses made (see revealsKept).
func provedDead(ctx context.Context, view *game.Puzzle, an *exact.Analysis, probs []float64, x int, budget exact.Budget, cache *exact.Cache, keep *revealsKept) (bool, error) {
	var buf [9]int
	values := hintValues(view, probs, x, &buf)
	if len(values) == 1 {
		return true, nil
	}
	c := view.Cells[x]
	defer func() { view.Cells[x] = c }()
	shown := 0
	for _, v := range values {
		view.Cells[x] = game.Cell{State: game.Revealed, Hint: uint8(v)}
		var sat bool
		var err error
		if keep != nil {
			var a *exact.Analysis
			if a, err = keep.memory().Analyze(ctx, an, view, x, budget, cache); err == nil {
				keep.add(x, v, a)
				sat = a.Satisfiable()
			}
		} else {
			// Only whether it has a solution: found from x's components.
			sat, err = (*exact.Reveals)(nil).Satisfiable(ctx, an, view, x, budget, cache)
		}
		if errors.Is(err, exact.ErrBudget) {
			return false, nil // not shown dead
		}
		if err != nil {
			return false, err
		}
		if sat {
			if shown++; shown == 2 {
				return false, nil
			}
		}
	}
	return true, nil
}

// deepInterior reports whether cell x of p (probs are p's) and all its
// neighbours are undecided cells next to no hint.
func deepInterior(p *game.Puzzle, probs []float64, x int) bool {
	if !isInterior(p, x) {
		return false
	}
	for _, j := range p.Board.Neighbors(x) {
		if !undecided(p, probs, int(j)) || !isInterior(p, int(j)) {
			return false
		}
	}
	return true
}
