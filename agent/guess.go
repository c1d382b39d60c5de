package agent

import (
	"context"
	"math"

	"github.com/minesat/minesat/game"
)

// Guesser picks the cell to open when no strategy can prove a move. The
// agent asks it only when some cell is unknown, and every unknown cell is
// then unsettled in the KB. A Guesser is the pluggable piece of the "full"
// preset: an exact-probability guesser replaces LocalGuesser through
// WithGuesser.
type Guesser interface {
	Name() string
	Guess(ctx context.Context, p *Position) (Guess, error)
}

// LocalGuesser is the provisional guessing rule: open the cell with the
// lowest local mine estimate.
//
//   - A cell next to opened hints is estimated by its most pessimistic hint:
//     the largest, over its hint neighbours h, of (h's hint - flags around
//     h) / (unknown cells around h).
//   - A cell next to no hint is estimated by the density of mines left over
//     unknown cells.
//
// Ties go to the cell with the fewest neighbours (a corner, then an edge),
// which is the likeliest to show a 0 and open an area, then to a random one
// of those. The estimates are not probabilities: they ignore how hints
// overlap and what the global count implies.
type LocalGuesser struct{}

// Name returns "local estimate".
func (LocalGuesser) Name() string { return MethodLocal.String() }

// Guess returns the cell with the lowest estimate, and the runner-up.
func (LocalGuesser) Guess(_ context.Context, p *Position) (Guess, error) {
	b := p.View.Board
	cells := p.View.Cells
	est := make([]float64, len(cells))
	for i := range est {
		est[i] = math.NaN()
	}
	density := float64(p.MinesLeft()) / float64(max(p.closed, 1))
	if p.MinesLeft() < 0 {
		density = 0.5 // no total: a cell next to no hint is a mine in half the layouts
	}
	for i, c := range cells {
		if c.State != game.Unknown {
			continue
		}
		est[i] = -1 // unknown, not yet estimated
	}
	for h, c := range cells {
		if c.State != game.Revealed {
			continue
		}
		rem, unk := int(c.Hint), 0
		for _, j := range b.Neighbors(h) {
			switch cells[j].State {
			case game.Flagged:
				rem--
			case game.Unknown:
				unk++
			}
		}
		if unk == 0 {
			continue
		}
		r := float64(rem) / float64(unk)
		for _, j := range b.Neighbors(h) {
			if cells[j].State == game.Unknown && r > est[j] {
				est[j] = r
			}
		}
	}
	g := Guess{Cell: -1, Runner: -1, Method: MethodLocal, Probs: est}
	bestN, ties := 0, 0
	better := func(e float64, n int, than float64, thanN int) bool {
		if math.Abs(e-than) > 1e-12 {
			return e < than
		}
		return n < thanN
	}
	for i := range est {
		if math.IsNaN(est[i]) {
			continue
		}
		if est[i] < 0 {
			est[i] = density
		}
		e, n := est[i], len(b.Neighbors(i))
		switch {
		case g.Cell < 0 || better(e, n, g.P, bestN):
			if g.Cell >= 0 {
				g.Runner, g.RunnerP = g.Cell, g.P
			}
			g.Cell, g.P, bestN, ties = i, e, n, 1
		case !better(g.P, bestN, e, n):
			// A tie with the best: keep one uniformly at random.
			ties++
			if p.Rand.IntN(ties) == 0 {
				g.Runner, g.RunnerP = g.Cell, g.P
				g.Cell = i
			} else {
				g.Runner, g.RunnerP = i, e
			}
		case g.Runner < 0 || e < g.RunnerP:
			g.Runner, g.RunnerP = i, e
		}
	}
	return g, nil
}
