package guess

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/longtest"
)

// TestShapes checks each 50/50 shape on an open board, with its flanks
// mines: the two placements give every cell outside the shape and its
// flanks the same hint, and every flank a different one (a flank is
// exactly a cell that could tell the placements apart).
func TestShapes(t *testing.T) {
	b, err := game.NewBoard(9, 9)
	require.NoError(t, err)
	at := func(d game.Pos) int { return b.Index(game.Pos{Row: 4 + d.Row, Col: 4 + d.Col}) }
	flanks := map[int]int{} // shapes by their number of flanks
	for _, s := range shapesAround {
		flanks[len(s.flanks)]++
		// hints returns every cell's count of mines under one placement.
		hints := func(placement []game.Pos) []int {
			m := make([]bool, b.Len())
			for _, d := range append(placement, s.flanks...) {
				m[at(d)] = true
			}
			h := make([]int, b.Len())
			for i := range h {
				for _, j := range b.Neighbors(i) {
					if m[j] {
						h[i]++
					}
				}
			}
			return h
		}
		if !slices.ContainsFunc(s.flanks, func(d game.Pos) bool { return max(d.Row, -d.Row) <= 1 && max(d.Col, -d.Col) <= 1 }) {
			t.Errorf("shape %v/%v: no flank next to the cell, which walls relies on", s.mines, s.safe)
		}
		a := hints(append([]game.Pos{{}}, s.mines...))
		c := hints(slices.Clone(s.safe))
		isFlank, inShape := map[int]bool{}, map[int]bool{at(game.Pos{}): true}
		for _, d := range s.flanks {
			isFlank[at(d)] = true
		}
		for _, d := range append(slices.Clone(s.mines), s.safe...) {
			inShape[at(d)] = true
		}
		for i := range a {
			if !inShape[i] && (a[i] != c[i]) != isFlank[i] {
				t.Errorf("shape %v/%v: cell %v sees %d and %d mines, flank %v", s.mines, s.safe, b.Pos(i), a[i], c[i], isFlank[i])
			}
		}
	}
	// Pairs side by side, pairs on a diagonal, and blocks.
	assert.Equal(t, map[int]int{6: 4, 10: 4, 4: 4}, flanks, "shapes by their number of flanks")
}

func TestPseudoFiftyFifty(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows []string
		want string  // the cell returned, or "" for none
		p    float64 // its mine probability
	}{
		{"two cells behind a wall", []string{"*.", "oo", "oo"}, "(0,0)", 0.5},
		{"the mine on the right", []string{".*", "oo", "oo"}, "(0,0)", 0.5},
		{"vertical pair at the edge", []string{"*oo", ".oo"}, "(0,0)", 0.5},
		{"a wall with a known mine beside it", []string{"*.F", "ooo", "ooo"}, "", 0}, // the right hint proves (0,1) safe
		{"a closed neighbour may yet tell", []string{"*..", "oo.", "ooo"}, "", 0},
		{"a hint ties them to a third cell", []string{"*..", "ooo", "ooo"}, "", 0},
		// A 2x2 block in the corner, its far corner flagged: two mines on
		// one diagonal or the other, and every hint sees one of each.
		{"block", []string{"*.o", ".*o", "ooF"}, "(0,0)", 0.5},
		// No hint at all, one mine in seven cells: if (0,0) holds it, only
		// (0,1) could, and nothing but the two flagged flanks tells them
		// apart. Not yet a 50/50, and never a worse one.
		{"closing, not closed", []string{"*.F.", "..F.", "FFF."}, "(0,0)", 1.0 / 7},
		{"on a 2x2 board every pair is one", []string{"*.", ".."}, "(0,0)", 0.25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := position(t, tc.rows...)
			probs, err := exact.Probabilities(context.Background(), p)
			require.NoError(t, err)
			c, ok, err := pseudoFiftyFifty(context.Background(), positionFor(p, 1), probs, exact.Budget{})
			require.NoError(t, err)
			got := ""
			if ok {
				got = p.Board.Pos(c).String()
				assert.InDelta(t, tc.p, probs[c], 1e-12, "the probability of %s", got)
			}
			assert.Equal(t, tc.want, got, "pseudoFiftyFifty\n%s", p)
		})
	}
}

// TestPseudoFiftyFiftyBrute checks pseudoFiftyFifty against the layouts of
// random small positions, listed by brute force: it finds a cell exactly
// when some cell t has a shape whose flanks are mines in every layout and
// that holds, with t a mine, in every layout with t a mine; the cell it
// returns is one of those, of lowest probability; and in every layout
// with t a mine, the shape's other placement is a layout too, so the
// 50/50 is real.
func TestPseudoFiftyFiftyBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	runs, found := longtest.Pick(600, 3000), 0
	for i := 0; i < runs; i++ {
		p, cells, layouts := randomLayouts(t, rng, int64(i))
		if len(layouts) == 0 || len(cells) > 14 {
			continue
		}
		b := p.Board
		at := func(x int, d game.Pos) int {
			if j, ok := cellAt(b, game.Pos{Row: b.Pos(x).Row + d.Row, Col: b.Pos(x).Col + d.Col}); ok {
				return j
			}
			return -1
		}
		always := func(pred func(m []bool) bool, when func(m []bool) bool) bool {
			for _, m := range layouts {
				if when(m) && !pred(m) {
					return false
				}
			}
			return true
		}
		anyLayout := func(when func(m []bool) bool) bool { return !always(func([]bool) bool { return false }, when) }
		isLayout := map[string]bool{}
		for _, m := range layouts {
			isLayout[layoutKey(m)] = true
		}
		pmin := 2.0
		probs := layoutProbs(b.Len(), cells, layouts)
		for _, x := range cells {
			mine := func(m []bool) bool { return m[x] }
			if probs[x] == 0 || probs[x] == 1 {
				continue
			}
		shapes:
			for _, s := range shapesAround {
				var ms, ss []int
				for _, d := range s.mines {
					if ms = append(ms, at(x, d)); ms[len(ms)-1] < 0 {
						continue shapes
					}
				}
				for _, d := range s.safe {
					if ss = append(ss, at(x, d)); ss[len(ss)-1] < 0 || p.Cells[ss[len(ss)-1]].State != game.Unknown {
						continue shapes
					}
				}
				for _, d := range s.flanks {
					if j := at(x, d); j >= 0 && !always(func(m []bool) bool { return m[j] }, func([]bool) bool { return true }) {
						continue shapes
					}
				}
				holds := func(m []bool) bool {
					for _, j := range ms {
						if !m[j] {
							return false
						}
					}
					for _, j := range ss {
						if m[j] {
							return false
						}
					}
					return true
				}
				if !anyLayout(mine) || !always(holds, mine) {
					continue
				}
				pmin = min(pmin, probs[x])
				for _, m := range layouts {
					if !m[x] {
						continue
					}
					mirror := append([]bool(nil), m...)
					mirror[x] = false
					for _, j := range ms {
						mirror[j] = false
					}
					for _, j := range ss {
						mirror[j] = true
					}
					if !isLayout[layoutKey(mirror)] {
						t.Fatalf("position %d: the mirror of a layout with %v a mine is no layout\n%s", i, b.Pos(x), p)
					}
				}
				break
			}
		}
		if checkPseudoFiftyFifty(t, i, p, probs, pmin) {
			found++
		}
	}
	assert.GreaterOrEqual(t, found, 20, "positions with a pseudo 50/50: fewer make the test too weak")
	t.Logf("%d positions had a pseudo 50/50", found)
}

// checkPseudoFiftyFifty checks pseudoFiftyFifty on position i, p, against
// brute force: probs are p's mine probabilities, pmin the lowest of a
// pseudo 50/50 (above 1 for none). It reports whether one was found.
func checkPseudoFiftyFifty(t *testing.T, i int, p *game.Puzzle, probs []float64, pmin float64) bool {
	t.Helper()
	ctx := context.Background()
	exactProbs, err := exact.Probabilities(ctx, p)
	require.NoError(t, err)
	c, ok, err := pseudoFiftyFifty(ctx, positionFor(p, 1), exactProbs, exact.Budget{})
	require.NoError(t, err)
	switch {
	case ok != (pmin <= 1):
		t.Errorf("position %d: found %v; brute force finds one: %v\n%s", i, ok, pmin <= 1, p)
	case ok && math.Abs(probs[c]-pmin) > 1e-9:
		t.Errorf("position %d: %v has probability %v; the lowest pseudo 50/50 has %v\n%s", i, p.Board.Pos(c), probs[c], pmin, p)
	}
	return ok
}

// layoutKey returns layout m as a string, a map key.
func layoutKey(m []bool) string {
	k := make([]byte, len(m))
	for j, x := range m {
		if x {
			k[j] = 1
		}
	}
	return string(k)
}

// layoutProbs returns the share of layouts in which each of cells is a
// mine, per cell of a board of n cells (0 for the others).
func layoutProbs(n int, cells []int, layouts [][]bool) []float64 {
	probs := make([]float64, n)
	for _, x := range cells {
		k := 0
		for _, m := range layouts {
			if m[x] {
				k++
			}
		}
		probs[x] = float64(k) / float64(len(layouts))
	}
	return probs
}

// TestOddBoards plays whole games with the default guesser, by proof
// between guesses, on boards one cell wide, nearly full of mines or nearly empty, where the 50/50 shapes, the
// endgame search and the lookahead meet the board's edges everywhere:
// every game must end won or lost, without error.
func TestOddBoards(t *testing.T) {
	games := 0
	for _, l := range []string{"1x2/1", "2x1/1", "1x5/2", "5x1/2", "2x2/1", "2x2/3", "3x3/8", "3x3/1", "1x30/10", "30x1/10", "2x30/20", "4x4/14", "6x6/20"} {
		level := custom(t, l)
		for _, rules := range []game.Rules{game.RulesSeed, game.RulesSafe, game.RulesZero} {
			for i := range 30 {
				g, err := game.New(level, rules, game.GameSeed(3, i))
				if err != nil {
					continue // no room for a zero start, say
				}
				outcome := play(t, g, DefaultGuesser(), uint64(i), nil)
				require.Contains(t, []game.Outcome{game.Won, game.Lost}, outcome, "%s %v game %d: the outcome", l, rules, i)
				games++
			}
		}
	}
	assert.GreaterOrEqual(t, games, 500, "games played")
}

// TestWalls checks shapes.walls and the far flanks closing reads against
// their definitions, cell by cell, on random positions: a neighbour is a
// wall when it is off the board or a known mine.
func TestWalls(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for i := range 50 {
		p, _, _ := randomLayouts(t, rng, int64(i))
		b := p.Board
		probs := make([]float64, b.Len())
		for j := range probs {
			probs[j] = []float64{0, 0.5, 1}[rng.IntN(3)]
		}
		sh := newShapes(positionFor(p, 1), probs, exact.Budget{})
		wall := func(r, c int) bool {
			return r < 0 || r >= b.Rows() || c < 0 || c >= b.Cols() || knownMine(p, probs, b.Index(game.Pos{Row: r, Col: c}))
		}
		for j := range b.Len() {
			q := b.Pos(j)
			var want uint8
			for k, d := range ringOffsets {
				if wall(q.Row+d.Row, q.Col+d.Col) {
					want |= 1 << k
				}
			}
			if got := sh.walls(q.Row, q.Col); got != want {
				t.Errorf("position %d, cell %v: walls %08b; want %08b\n%s", i, q, got, want, p)
			}
			for dr := -2; dr <= 2; dr++ {
				for dc := -2; dc <= 2; dc++ {
					w := b.Cols() + 4
					if got := sh.walled[sh.pad(q.Row, q.Col)+dr*w+dc] == 1; got != wall(q.Row+dr, q.Col+dc) {
						t.Errorf("position %d, cell %v, offset %d,%d: walled %v", i, q, dr, dc, got)
					}
				}
			}
		}
	}
}
