package exact

import (
	"context"
	"errors"
	"math"

	"github.com/minesat/minesat/game"
)

// dead returns the undecided cells of a's puzzle (probs are its mine
// probabilities) that show the same hint in every layout where they are
// safe, increasing: opening one can tell nothing new. Each is tested
// exactly: the position with the cell opened on each hint it could show is
// analysed (Dead, reusing a's counted components), until two hints prove
// possible. Cells deep in the interior (next to nothing but undecided
// cells next to no hint) are alike when they have as many neighbours,
// since any exchange of interior cells maps layouts to layouts: one of
// each neighbour count is tested for all.
func (z *Analyzer) dead(ctx context.Context, a *Analysis, probs MineProbs) ([]int, error) {
	p := a.Split.Puzzle
	view := p.Clone()
	var dead []int
	var deep [9]int8 // per neighbour count: 0 untested, 1 dead, 2 not dead
	for x := range p.Cells {
		if !undecidedCell(p, probs, x) {
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
		isDead, err := z.Dead(ctx, a, view, probs, x, nil)
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

// Dead reports whether the undecided cell x of view, base's puzzle or a
// copy of it (probs are its mine probabilities), shows one hint in every
// layout where it is safe: view with x opened on each hint it could show
// (HintValues, the likeliest first) is tested, until two hints prove
// possible. test, when not nil, says whether view, with x opened on v,
// has a solution (a lookahead that keeps the analyses gives one: see
// RevealIn); when nil, RevealSatisfiable says. A position too large to
// count (ErrBudget from the test) shows x not dead. view is scratch,
// restored.
func (z *Analyzer) Dead(ctx context.Context, base *Analysis, view *game.Puzzle, probs MineProbs, x int, test func(v int) (bool, error)) (bool, error) {
	var buf [9]int
	values := HintValues(view, probs, x, &buf)
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
		if test != nil {
			sat, err = test(v)
		} else {
			sat, err = z.RevealSatisfiable(ctx, base, view, x)
		}
		if errors.Is(err, ErrBudget) {
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

// HintValues returns the hints cell x of p could show (probs are p's),
// from the likeliest outwards: the expected number of mines around x
// first, then the others by their distance from it, the lower first at
// equal distance; within the known mines around x (flagged, or of
// probability 1) and at most its closed neighbours not known safe. Other
// values need no test. The values are written in buf.
func HintValues(p *game.Puzzle, probs MineProbs, x int, buf *[9]int) []int {
	lo, hi, mean := 0, 0, 0.0
	for _, j := range p.Board.Neighbors(x) {
		j := int(j)
		switch c := p.Cells[j]; {
		case c.State == game.Flagged || (c.State == game.Unknown && probs[j] == 1):
			lo++
			hi++
		case undecidedCell(p, probs, j):
			hi++
			mean += probs[j]
		}
	}
	out := buf[:0]
	centre := float64(lo) + mean
	below := int(math.Floor(centre)) // the nearest values lie either side of centre
	above := below + 1
	for len(out) < hi-lo+1 {
		useBelow := below >= lo && (above > hi || centre-float64(below) <= float64(above)-centre)
		if useBelow {
			out = append(out, below)
			below--
		} else {
			out = append(out, above)
			above++
		}
	}
	return out
}

// undecidedCell reports whether cell j of p is closed and may be either
// (probs are p's).
func undecidedCell(p *game.Puzzle, probs MineProbs, j int) bool {
	return p.Cells[j].State == game.Unknown && probs[j] != 0 && probs[j] != 1
}

// deepInterior reports whether cell x of p (probs are p's) and all its
// neighbours are undecided cells next to no hint.
func deepInterior(p *game.Puzzle, probs MineProbs, x int) bool {
	if !nextToNoHint(p, x) {
		return false
	}
	for _, j := range p.Board.Neighbors(x) {
		if !undecidedCell(p, probs, int(j)) || !nextToNoHint(p, int(j)) {
			return false
		}
	}
	return true
}

// nextToNoHint reports whether no neighbour of cell i of p is revealed.
func nextToNoHint(p *game.Puzzle, i int) bool {
	for _, j := range p.Board.Neighbors(i) {
		if p.Cells[j].State == game.Revealed {
			return false
		}
	}
	return true
}
