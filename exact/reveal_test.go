package exact

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

// TestSplitReveal reveals every value at closed cells of random positions
// (some with flags, some with no solution) and checks that Split.Reveal
// gives NewSplit's Split, field by field, and an Analyzer's RevealIn
// Analyze's answers to the bit, whether the new puzzle is the old one
// changed in place or a copy; and so do the analyses made one after the
// other in a Reveals's memory, with a Cache, and RevealSatisfiable.
func TestSplitReveal(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 5))
	var buf []float64
	reveals, chained, shared, fallbacks, satisfied := 0, 0, 0, 0, 0
	for i := range 300 {
		p := randomRevealPuzzle(t, rng, i)
		base, err := Analyze(ctx, p, Budget{})
		require.NoError(t, err)
		if base.Split.Contradiction != nil {
			fallbacks++
		}
		var r Reveals
		z := NewAnalyzerCache(Budget{}, NewCache())
		var closed []int
		for j, c := range p.Cells {
			if c.State == game.Unknown {
				closed = append(closed, j)
			}
		}
		for range min(4, len(closed)) {
			cell := closed[rng.IntN(len(closed))]
			inPlace := rng.IntN(2) == 0
			for v := 0; v <= len(p.Board.Neighbors(cell)); v++ {
				q := p
				if !inPlace {
					q = p.Clone()
				}
				q.Cells[cell] = game.Cell{State: game.Revealed, Hint: uint8(v)}
				want, err := NewSplit(q)
				require.NoError(t, err)
				got, err := base.Split.Reveal(q, cell)
				require.NoError(t, err)
				sameSplit(t, got, want)
				shared += sharedComponents(got, base.Split)
				reveals++
				// A second reveal, from the first's split, as a lookahead two
				// moves deep makes.
				if c2 := closed[rng.IntN(len(closed))]; c2 != cell {
					v2 := rng.IntN(len(p.Board.Neighbors(c2)) + 1)
					q2 := q.Clone()
					q2.Cells[c2] = game.Cell{State: game.Revealed, Hint: uint8(v2)}
					want2, err := NewSplit(q2)
					require.NoError(t, err)
					got2, err := got.Reveal(q2, c2)
					require.NoError(t, err)
					sameSplit(t, got2, want2)
					chained++
				}
				wa, err := Analyze(ctx, q, Budget{})
				require.NoError(t, err)
				ga, err := NewAnalyzer(Budget{}).RevealIn(ctx, nil, base, q, cell)
				require.NoError(t, err)
				sameAs(t, ctx, ga, wa, &buf)
				ra, err := z.RevealIn(ctx, &r, base, q, cell)
				require.NoError(t, err)
				sameSplit(t, ra.Split, want)
				sameAs(t, ctx, ra, wa, &buf)
				// RevealSatisfiable, alone and in its memory, says what
				// Analyze says.
				sat, err := NewAnalyzer(Budget{}).RevealSatisfiable(ctx, base, q, cell)
				require.NoError(t, err)
				assert.Equal(t, wa.Satisfiable(), sat, "Satisfiable after revealing %v=%d\n%s", p.Board.Pos(cell), v, q)
				sat, err = z.RevealSatisfiable(ctx, base, q, cell)
				require.NoError(t, err)
				assert.Equal(t, wa.Satisfiable(), sat, "RevealSatisfiable in memory after revealing %v=%d\n%s", p.Board.Pos(cell), v, q)
				if sat {
					satisfied++
				}
				q.Cells[cell] = game.Cell{}
			}
		}
		// The reveals share base's parts: none may have changed them.
		fresh, err := NewSplit(p)
		require.NoError(t, err)
		sameSplit(t, base.Split, fresh)
	}
	assert.Positive(t, shared, "components the reveals shared with their base: the test misses a path")
	assert.Positive(t, fallbacks, "bases with a contradiction: the test misses a path")
	assert.Positive(t, satisfied, "satisfiable reveals: the test misses a path")
	assert.Less(t, satisfied, reveals, "unsatisfiable reveals: the test misses a path")
	t.Logf("%d reveals (%d of them again from the reveal), %d components shared, %d bases with a contradiction", reveals, chained, shared, fallbacks)
}

// randomRevealPuzzle returns a random position of up to 12x20 cells, a
// third of them with some mines flagged, a tenth with a hint or the mine
// count off by one.
func randomRevealPuzzle(t *testing.T, rng *rand.Rand, seed int) *game.Puzzle {
	t.Helper()
	rows, cols := 2+rng.IntN(10), 2+rng.IntN(18)
	p, layout, err := game.Generate(rows, cols, rows*cols/(4+rng.IntN(4)), game.GenOptions{Reveal: 0.1 + 0.5*rng.Float64()}, int64(seed))
	require.NoError(t, err)
	if rng.IntN(3) == 0 {
		for _, m := range layout {
			if rng.IntN(3) == 0 {
				p.Cells[p.Board.Index(m)].State = game.Flagged
			}
		}
	}
	if rng.IntN(10) == 0 {
		for h, c := range p.Cells {
			if c.State == game.Revealed && c.Hint > 0 {
				p.Cells[h].Hint--
				break
			}
		}
	}
	if rng.IntN(10) == 0 {
		p.Mines++
	}
	return p
}

// sameSplit checks got against NewSplit's want: the same components (cells
// and constraints, in order), interior, settled cells and counts, and a
// contradiction in both or neither (whose hint may differ, found in
// another order).
func sameSplit(t *testing.T, got, want *Split) {
	t.Helper()
	require.Equal(t, want.Contradiction == nil, got.Contradiction == nil,
		"Reveal's contradiction %v; NewSplit's %v\n%s", got.Contradiction, want.Contradiction, want.Puzzle)
	if want.Contradiction != nil {
		return
	}
	require.Equal(t, want.Interior(), got.Interior(), "Reveal's interior against NewSplit's\n%s", want.Puzzle)
	require.Equal(t, len(want.Interior()), got.InteriorLen(), "Reveal's InteriorLen\n%s", want.Puzzle)
	require.Equal(t, viewSplit(want), viewSplit(got), "Reveal's split against NewSplit's\n%s", want.Puzzle)
}

// splitView is what sameSplit compares of a Split past its interior.
type splitView struct {
	Components  []*Component
	Mines, Safe []int
	Flags, Left int
	NoTotal     bool
}

func viewSplit(sp *Split) splitView {
	return splitView{sp.Components, sp.Mines, sp.Safe, sp.Flags, sp.Left, sp.NoTotal}
}

// sharedComponents returns how many of got's components are base's own.
func sharedComponents(got, base *Split) int {
	n := 0
	for _, c := range got.Components {
		for _, d := range base.Components {
			if c == d {
				n++
			}
		}
	}
	return n
}
