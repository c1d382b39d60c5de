package game

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// GenOptions says how many safe cells a generated puzzle reveals as hints.
// Set at most one of the two fields; with neither set the puzzle has no
// hints at all.
type GenOptions struct {
	Reveal float64 // fraction of the safe cells revealed, in [0,1]; round(Reveal*safe) hints
	Hints  int     // exact number of hint cells, 0..safe
}

// hintCount returns the number of hint cells opt asks for on a board with
// safe non-mine cells, or an error naming what is wrong.
func (opt GenOptions) hintCount(safe int) (int, error) {
	switch {
	case opt.Reveal != 0 && opt.Hints != 0:
		return 0, fmt.Errorf("game: generate: set Reveal (%g) or Hints (%d), not both", opt.Reveal, opt.Hints)
	case math.IsNaN(opt.Reveal) || opt.Reveal < 0 || opt.Reveal > 1:
		return 0, fmt.Errorf("game: generate: reveal fraction %g: want 0..1", opt.Reveal)
	case opt.Hints < 0 || opt.Hints > safe:
		return 0, fmt.Errorf("game: generate: %d hints: want 0..%d, the safe cells", opt.Hints, safe)
	case opt.Reveal != 0:
		return int(math.Round(opt.Reveal * float64(safe))), nil
	}
	return opt.Hints, nil
}

// Generate makes a random puzzle in the manner of the seeds' random.c: mines
// are placed uniformly at random, then some of the safe cells are revealed,
// each showing the number of mines among its neighbours. Hints appear only on
// non-mine cells, so the puzzle always has at least one solution: the
// returned layout, the mine positions in row-major order.
//
// How seed maps to output: the generator is math/rand/v2's PCG seeded with
// (uint64(seed), the same stream word as Game), and the cells, in row-major
// order, go through a partial Fisher-Yates shuffle. The first mines cells
// drawn are the mines; the next k are the hint cells, where k is opt.Hints or
// round(opt.Reveal*(rows*cols-mines)). Every layout is equally likely, and so
// is every choice of k hint cells given the layout. With Hints set to
// InitialCount(rows, cols), the mines and hint cells are exactly the layout
// and initial cells of New(level, RulesSeed, seed), before its flood fill.
//
// Generate validates its inputs: the size (see CheckSize), 0 <= mines <=
// rows*cols, and the options (see GenOptions). It costs O(rows*cols) time and
// memory.
func Generate(rows, cols, mines int, opt GenOptions, seed int64) (*Puzzle, []Pos, error) {
	if err := checkSize(rows, cols); err != nil {
		return nil, nil, fmt.Errorf("game: generate: %w", err)
	}
	n := rows * cols
	if mines < 0 || mines > n {
		return nil, nil, fmt.Errorf("game: generate: %d mines: want 0..%d on a %dx%d board", mines, n, rows, cols)
	}
	hints, err := opt.hintCount(n - mines)
	if err != nil {
		return nil, nil, err
	}
	p, err := NewPuzzle(rows, cols, mines)
	if err != nil {
		return nil, nil, err
	}
	rng := rand.New(rand.NewPCG(uint64(seed), seedStream))
	order := drawCells(rng, n, mines+hints)
	isMine := make([]bool, n)
	for _, i := range order[:mines] {
		isMine[i] = true
	}
	for _, i := range order[mines:] {
		h := 0
		for _, j := range p.Board.Neighbors(int(i)) {
			if isMine[j] {
				h++
			}
		}
		p.Cells[i] = HintCell(h)
	}
	layout := make([]Pos, 0, mines)
	for i, m := range isMine {
		if m {
			layout = append(layout, p.Board.Pos(i))
		}
	}
	return p, layout, nil
}

// drawCells draws k of the cells 0..n-1 uniformly without replacement, by a
// partial Fisher-Yates shuffle of the row-major order; it consumes exactly
// the same random numbers as Game's shuffle with nothing excluded.
func drawCells(rng *rand.Rand, n, k int) []int32 {
	cand := make([]int32, n)
	for i := range cand {
		cand[i] = int32(i)
	}
	for j := 0; j < k; j++ {
		r := j + rng.IntN(n-j)
		cand[j], cand[r] = cand[r], cand[j]
	}
	return cand[:k]
}
