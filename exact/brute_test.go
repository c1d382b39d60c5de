package exact

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/puzzletest"
)

// bruteFacts is everything about a small puzzle, by enumerating every
// placement of the unflagged mines over its unknown cells.
type bruteFacts struct {
	count      int64
	mineCount  []int64 // per cell: solutions where it is a mine
	anySol     []int   // one solution, row-major, flags included
	unknownIdx []int
}

// bruteForce enumerates p's solutions with puzzletest.Solutions.
func bruteForce(t testing.TB, p *game.Puzzle) bruteFacts {
	t.Helper()
	bf := bruteFacts{mineCount: make([]int64, len(p.Cells))}
	for i, c := range p.Cells {
		if c.State == game.Unknown {
			bf.unknownIdx = append(bf.unknownIdx, i)
		}
	}
	err := puzzletest.Solutions(p, func(mine []bool) bool {
		bf.count++
		var sol []int
		for i, m := range mine {
			if m {
				sol = append(sol, i)
				bf.mineCount[i]++
			}
		}
		if bf.anySol == nil {
			bf.anySol = sol
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	return bf
}

// forced returns the brute-force forced cells.
func (bf bruteFacts) forcedCells() Forced {
	f := Forced{Mines: []int{}, Safe: []int{}}
	for _, i := range bf.unknownIdx {
		switch bf.mineCount[i] {
		case 0:
			f.Safe = append(f.Safe, i)
		case bf.count:
			f.Mines = append(f.Mines, i)
		}
	}
	return f
}

// randomSmallPuzzle makes a puzzle of at most maxUnknown unknown cells
// from game.Generate, then perhaps flags some mines, and perhaps breaks it
// on purpose (a hint or the mine count off by one) so that it may have no
// solution.
func randomSmallPuzzle(t testing.TB, rng *rand.Rand, maxUnknown int) (p *game.Puzzle, broken bool) {
	t.Helper()
	for {
		rows, cols := 1+rng.IntN(7), 1+rng.IntN(8)
		n := rows * cols
		mines := rng.IntN(n/2 + 1)
		reveal := rng.Float64()
		p, layout, err := game.Generate(rows, cols, mines, game.GenOptions{Reveal: reveal}, rng.Int64())
		if err != nil {
			t.Fatal(err)
		}
		if p.Unknowns() > maxUnknown {
			continue
		}
		for _, m := range layout {
			if rng.IntN(4) == 0 {
				p.Cells[p.Board.Index(m)].State = game.Flagged
			}
		}
		if rng.IntN(5) == 0 {
			broken = true
			var hints []int
			for i, c := range p.Cells {
				if c.State == game.Revealed {
					hints = append(hints, i)
				}
			}
			if len(hints) > 0 && rng.IntN(2) == 0 {
				h := hints[rng.IntN(len(hints))]
				v := int(p.Cells[h].Hint) + 1 - 2*rng.IntN(2)
				v = min(max(v, 0), len(p.Board.Neighbors(h)))
				p.Cells[h].Hint = uint8(v)
			} else {
				p.Mines += 1 - 2*rng.IntN(2)
				p.Mines = max(p.Mines, 0)
			}
		}
		return p, broken
	}
}

func bigEq(x *big.Int, n int64) bool { return x != nil && x.IsInt64() && x.Int64() == n }

func sortedCopy(s []int) []int {
	out := slices.Clone(s)
	slices.Sort(out)
	if out == nil {
		out = []int{}
	}
	return out
}

// check reports whether a local assignment (mine[v] for variable v) meets
// every constraint of c.
func (c *Component) check(mine func(v int) bool) bool {
	for _, con := range c.cons {
		k := 0
		for _, v := range con.vars {
			if mine(int(v)) {
				k++
			}
		}
		if k != con.need {
			return false
		}
	}
	return true
}
