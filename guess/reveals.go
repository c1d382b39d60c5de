package guess

import (
	"context"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// revealsKept keeps the analyses of one guess's position with a cell
// opened on a hint value, made while testing the candidates for death
// (dead), for the weighing of the same cells that follows (weigher):
// the same reveal of the same position analysed against the same base is
// the same analysis, bit for bit, so the weighing takes it instead of
// splitting and analysing again. Each analysis lives in memory of its own,
// reused from guess to guess: kept analyses are valid until reset.
//
// An analysis reads its puzzle, the guesser's scratch view, only with the
// cell opened on its value: whoever uses one must open the cell so first,
// as the weighing does.
type revealsKept struct {
	slots []*exact.Reveals // the memory of the analyses, kept[k] in slots[k]
	kept  []keptReveal
}

// keptReveal is one analysis kept: the position with cell opened on value.
type keptReveal struct {
	cell, value int
	a           *exact.Analysis
}

// reset forgets every analysis kept, for a new position.
func (r *revealsKept) reset() { r.kept = r.kept[:0] }

// memory returns the memory for the next analysis to keep, which add
// records.
func (r *revealsKept) memory() *exact.Reveals {
	if len(r.kept) == len(r.slots) {
		r.slots = append(r.slots, new(exact.Reveals))
	}
	return r.slots[len(r.kept)]
}

// add keeps a, made in the memory last returned by memory, as the analysis
// of cell opened on value.
func (r *revealsKept) add(cell, value int, a *exact.Analysis) {
	r.kept = append(r.kept, keptReveal{cell: cell, value: value, a: a})
}

// dead reports whether the undecided cell x of view (base's puzzle, whose
// mine probabilities are probs) shows one hint in every layout where it is
// safe, as z.Dead tests it, keeping in r each analysis it makes of view
// with x opened on a hint. view is scratch, restored.
func (r *revealsKept) dead(ctx context.Context, z *exact.Analyzer, base *exact.Analysis, view *game.Puzzle, probs []float64, x int) (bool, error) {
	return z.Dead(ctx, base, view, probs, x, func(v int) (bool, error) {
		a, err := z.RevealIn(ctx, r.memory(), base, view, x)
		if err != nil {
			return false, err
		}
		r.add(x, v, a)
		return a.Satisfiable(), nil
	})
}

// find returns the analysis kept for cell opened on value, or nil; r may
// be nil.
func (r *revealsKept) find(cell, value int) *exact.Analysis {
	if r == nil {
		return nil
	}
	for _, k := range r.kept {
		if k.cell == cell && k.value == value {
			return k.a
		}
	}
	return nil
}
