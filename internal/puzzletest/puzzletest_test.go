package puzzletest

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/minesat/minesat/game"
)

// plainCount counts p's solutions the plain way: every set of mines among
// the unknown cells, with the flags, checked by game.Puzzle.Satisfies.
func plainCount(p *game.Puzzle) int64 {
	var unknown, flags []int
	for i, c := range p.Cells {
		switch c.State {
		case game.Unknown:
			unknown = append(unknown, i)
		case game.Flagged:
			flags = append(flags, i)
		}
	}
	var n int64
	for mask := uint64(0); mask < 1<<len(unknown); mask++ {
		if bits.OnesCount64(mask) != p.Mines-len(flags) {
			continue
		}
		mines := append([]int(nil), flags...)
		for k, i := range unknown {
			if mask>>k&1 == 1 {
				mines = append(mines, i)
			}
		}
		if p.Satisfies(mines) == nil {
			n++
		}
	}
	return n
}

// TestSolutionsAgainstPlain checks the pruned enumeration against the
// plain one on random small puzzles, with flags and broken hints, and that
// every solution it yields satisfies the puzzle.
func TestSolutionsAgainstPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	solvable, unsat := 0, 0
	for range 300 {
		rows, cols := 2+rng.IntN(3), 2+rng.IntN(4)
		mines := rng.IntN(rows*cols/2 + 1)
		layout := rng.Perm(rows * cols)[:mines]
		mine := make([]bool, rows*cols)
		for _, i := range layout {
			mine[i] = true
		}
		p := &game.Puzzle{Board: game.MustBoard(rows, cols), Cells: make([]game.Cell, rows*cols), Mines: mines}
		for i := range p.Cells {
			switch {
			case mine[i] && rng.IntN(4) == 0:
				p.Cells[i].State = game.Flagged
			case !mine[i] && rng.IntN(2) == 0:
				h := 0
				for _, j := range p.Board.Neighbors(i) {
					if mine[j] {
						h++
					}
				}
				if rng.IntN(10) == 0 {
					h = (h + 1) % 9 // a hint off by one: perhaps no solution
				}
				p.Cells[i] = game.HintCell(h)
			}
		}
		var n int64
		err := Solutions(p, func(m []bool) bool {
			n++
			var ms []int
			for i, b := range m {
				if b {
					ms = append(ms, i)
				}
			}
			if err := p.Satisfies(ms); err != nil {
				t.Errorf("%v: yielded %v: %v", p, ms, err)
			}
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		if want := plainCount(p); n != want {
			t.Errorf("%v: Solutions yielded %d; plain enumeration counts %d", p, n, want)
		}
		if n == 0 {
			unsat++
		} else {
			solvable++
		}
	}
	if unsat < 10 || solvable < 200 {
		t.Errorf("%d solvable, %d without solution: the puzzles test too little", solvable, unsat)
	}
}

func TestSolutionsStops(t *testing.T) {
	p := Parse(t, "1 4 2\n-1 -1 -1 -1")
	calls := 0
	Solutions(p, func([]bool) bool { calls++; return calls < 2 })
	if calls != 2 || Count(t, p) != 6 {
		t.Errorf("yield called %d times, Count %d; want 2 and C(4,2) = 6", calls, Count(t, p))
	}
}

func TestSolutionsTooLarge(t *testing.T) {
	p := &game.Puzzle{Board: game.MustBoard(6, 9), Cells: make([]game.Cell, 54), Mines: 3}
	if err := Solutions(p, func([]bool) bool { return true }); err == nil {
		t.Errorf("54 unknown cells: no error; want one above %d", MaxUnknown)
	}
}

func TestParseFlags(t *testing.T) {
	p := Parse(t, "2 2 1\nF 1\n-1 1")
	if p.Cells[0].State != game.Flagged || p.Cells[2].State != game.Unknown || p.Cells[1].State != game.Revealed || Count(t, p) != 1 {
		t.Errorf("parsed %v: want (0,0) flagged, (1,0) unknown, one solution", p)
	}
}

func TestSeeds(t *testing.T) {
	// The seed README's counts for the two small cases.
	for name, want := range map[string]int64{"case1.txt": 8, "case2.txt": 2, "case5-unsat.txt": 0} {
		if got := Count(t, Seed(t, name)); got != want {
			t.Errorf("%s: %d solutions; want %d", name, got, want)
		}
	}
}
