package kb

import (
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/minesat/minesat/game"
)

// bruteFacts is everything about a small puzzle, by enumerating every
// placement of the unflagged mines over its unknown cells.
type bruteFacts struct {
	count      int64
	mineCount  []int64 // per cell: solutions where it is a mine
	anySol     []int   // one solution, row-major, flags included
	unknownIdx []int
}

// bruteForce enumerates p's solutions: every subset of the unknown cells
// of the right size, in row-major order, checking each hint as soon as its
// last unknown neighbour is decided. It is exponential: keep unknown cells
// to about 20, or a few more on well-hinted boards.
func bruteForce(t testing.TB, p *game.Puzzle) bruteFacts {
	t.Helper()
	var unknown, flags []int
	for i, c := range p.Cells {
		switch c.State {
		case game.Unknown:
			unknown = append(unknown, i)
		case game.Flagged:
			flags = append(flags, i)
		}
	}
	if len(unknown) > 50 {
		t.Fatalf("bruteForce: %d unknown cells is too many", len(unknown))
	}
	bf := bruteFacts{mineCount: make([]int64, len(p.Cells)), unknownIdx: unknown}
	left := p.Mines - len(flags)
	mine := make([]bool, len(p.Cells))
	for _, i := range flags {
		mine[i] = true
	}
	// closes[k]: the hints whose last unknown neighbour is unknown[k];
	// closes[len] also holds the hints with no unknown neighbour.
	closes := make([][]int, len(unknown)+1)
	rank := make(map[int]int, len(unknown))
	for k, i := range unknown {
		rank[i] = k
	}
	for i, c := range p.Cells {
		if c.State != game.Revealed {
			continue
		}
		last := len(unknown)
		for _, j := range p.Board.Neighbors(i) {
			if r, isUnknown := rank[int(j)]; isUnknown {
				if last == len(unknown) || r > last {
					last = r
				}
			}
		}
		closes[last] = append(closes[last], i)
	}
	ok := func(hints []int) bool {
		for _, i := range hints {
			c := p.Cells[i]
			n := 0
			for _, j := range p.Board.Neighbors(i) {
				if mine[j] {
					n++
				}
			}
			if n != int(c.Hint) {
				return false
			}
		}
		return true
	}
	var rec func(k, placed int)
	rec = func(k, placed int) {
		if placed > left || placed+len(unknown)-k < left {
			return
		}
		if k > 0 && !ok(closes[k-1]) {
			return
		}
		if k == len(unknown) {
			if !ok(closes[len(unknown)]) {
				return
			}
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
			return
		}
		rec(k+1, placed)
		mine[unknown[k]] = true
		rec(k+1, placed+1)
		mine[unknown[k]] = false
	}
	if left >= 0 {
		rec(0, 0)
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

// mustPuzzle parses a puzzle in the seeds' format, with one extension for
// tests: F is a flagged cell.
func mustPuzzle(t testing.TB, text string) *game.Puzzle {
	t.Helper()
	var flagged []int
	fields := strings.Fields(text)
	k := 0
	for i, f := range fields {
		if i < 3 {
			continue
		}
		if f == "F" {
			flagged = append(flagged, k)
			fields[i] = "-1"
		}
		k++
	}
	p, err := game.ParsePuzzle("test", strings.NewReader(strings.Join(fields, " ")))
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range flagged {
		p.Cells[i].State = game.Flagged
	}
	return p
}

// seedPuzzle reads one of the repository's seed puzzles.
func seedPuzzle(t testing.TB, name string) *game.Puzzle {
	t.Helper()
	p, err := game.ReadPuzzleFile(filepath.Join("..", "testdata", "puzzles", "seed", name))
	if err != nil {
		t.Fatal(err)
	}
	return p
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
