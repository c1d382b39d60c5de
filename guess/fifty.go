package guess

import (
	"context"
	"errors"
	"slices"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// A 50/50 shape is a set of closed cells with two mine placements that
// every other cell sees alike once its flanks (the cells that would see a
// different count under the two placements) are all mines: nothing on the
// board can ever tell the placements apart, and one of them must be
// guessed, with chance 1/2. The shapes are a pair of neighbours (one mine,
// either cell) and a 2x2 block (two mines, on either diagonal).
//
// A cell t is a pseudo 50/50 when every layout with a mine on t closes one
// of its shapes, with t a mine. The mirror of each such layout, with t
// safe, is a layout too, as likely. Over the two, the game must guess the
// 50/50 sooner or later and lose half: exactly the chance that t is a mine.
// Guessing t now loses that chance, no more, and what t shows when safe
// can only help, so a pseudo 50/50 is played before any other guess (D.
// Hill's solver does the same).

// shape is one placement of a 50/50 shape around a cell t, as offsets
// from t: t and mines hold mines, safe (the other placement) do not, and
// flanks are the cells outside the shape that see a different number of
// mines under the two placements.
type shape struct {
	mines, safe, flanks []game.Pos
}

// shapesAround holds, with t a mine, every 50/50 shape that holds t: the 8
// pairs (the other cell safe), and the 4 blocks of 2x2 (t's diagonal
// partner a mine, the other two safe).
var shapesAround = buildShapes()

func buildShapes() []shape {
	var out []shape
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			other := []game.Pos{{Row: dr, Col: dc}}
			out = append(out, shape{safe: other, flanks: flanksOf([]game.Pos{{}}, other)})
		}
	}
	for _, dr := range []int{-1, 1} {
		for _, dc := range []int{-1, 1} {
			diag := []game.Pos{{Row: dr, Col: dc}}
			other := []game.Pos{{Row: dr}, {Col: dc}}
			out = append(out, shape{mines: diag, safe: other, flanks: flanksOf(append([]game.Pos{{}}, diag...), other)})
		}
	}
	return out
}

// shapeTest is how closing tests one shape of shapesAround for flanks that
// are not known mines: near holds the flanks next to t, as ring bits (see
// ringBit), and far the others, as offsets from t.
type shapeTest struct {
	near uint8
	far  []game.Pos
}

// shapeTests holds the test of each shape of shapesAround, in order.
var shapeTests = buildShapeTests(shapesAround)

func buildShapeTests(shapes []shape) []shapeTest {
	out := make([]shapeTest, len(shapes))
	for i, s := range shapes {
		for _, d := range s.flanks {
			if bit, ok := ringBit(d); ok {
				out[i].near |= bit
			} else {
				out[i].far = append(out[i].far, d)
			}
		}
	}
	return out
}

// ringOffsets are the offsets of a cell's neighbours; ringBit numbers them.
var ringOffsets = [8]game.Pos{{Row: -1, Col: -1}, {Row: -1}, {Row: -1, Col: 1}, {Col: -1}, {Col: 1}, {Row: 1, Col: -1}, {Row: 1}, {Row: 1, Col: 1}}

// ringBit returns the bit of offset d among ringOffsets, if d is one.
func ringBit(d game.Pos) (uint8, bool) {
	i := slices.Index(ringOffsets[:], d)
	if i < 0 {
		return 0, false
	}
	return 1 << i, true
}

// flanksOf returns the cells outside a and b that see a different number
// of cells of a than of b.
func flanksOf(a, b []game.Pos) []game.Pos {
	seen := func(x game.Pos, cells []game.Pos) (n int, in bool) {
		for _, y := range cells {
			in = in || x == y
			if x != y && max(x.Row-y.Row, y.Row-x.Row) <= 1 && max(x.Col-y.Col, y.Col-x.Col) <= 1 {
				n++
			}
		}
		return n, in
	}
	var out []game.Pos
	for r := -2; r <= 2; r++ {
		for c := -2; c <= 2; c++ {
			x := game.Pos{Row: r, Col: c}
			na, ina := seen(x, a)
			nb, inb := seen(x, b)
			if !ina && !inb && na != nb {
				out = append(out, x)
			}
		}
	}
	return out
}

// pseudoFiftyFifty returns the pseudo 50/50 of lowest mine probability,
// if there is one; probs are the mine probabilities of p.View.
//
// It looks only at shapes whose flanks are all known mines (or off the
// board), where a 50/50 is about to close: also testing shapes with one
// flank undecided won 1 more of 20,000 expert games (3 against 2) at 1.2
// times the time. The test is exact: in the position with t flagged, the
// shape's mines must have probability 1 and its safe cells 0.
func pseudoFiftyFifty(ctx context.Context, p *Position, probs []float64, budget exact.Budget) (int, bool, error) {
	found, err := fiftyFifties(ctx, p, probs, budget, true)
	if err != nil || len(found) == 0 {
		return 0, false, err
	}
	return found[len(found)-1], true, nil
}

// FiftyFifties returns the pseudo 50/50s of p.View, increasing: the
// undecided cells that, whenever they are a mine, sit in a pair or a 2x2
// block no move can ever tell from its mirror image. probs are the mine
// probabilities of p.View; a cell whose test needs a count over budget is
// not one.
func FiftyFifties(ctx context.Context, p *Position, probs []float64, budget exact.Budget) ([]int, error) {
	return fiftyFifties(ctx, p, probs, budget, false)
}

// fiftyFifties returns the pseudo 50/50s of p.View, increasing, tested as
// pseudoFiftyFifty tests them. With safest, a cell is tested only when its
// probability is below that of every cell found so far, and the last cell
// returned is the safest of all (the first of them, in row-major order).
func fiftyFifties(ctx context.Context, p *Position, probs []float64, budget exact.Budget, safest bool) ([]int, error) {
	sh := newShapes(p, probs, budget)
	var found []int
	best := -1
	cols := p.View.Board.Cols()
	for t := range p.View.Cells {
		if !sh.undecided(t) || (safest && best >= 0 && probs[t] >= probs[best]-probEps) {
			continue
		}
		r, c := t/cols, t%cols
		walls := sh.walls(r, c)
		if walls == 0 {
			continue // every shape has a flank next to t
		}
		closing := sh.closing(t, r, c, walls)
		if len(closing) == 0 {
			continue
		}
		given, err := sh.given(ctx, t)
		if errors.Is(err, exact.ErrBudget) {
			continue // too large to count: not shown to be one
		}
		if err != nil {
			return nil, err
		}
		for _, s := range closing {
			if sh.forced(t, s, given) {
				best = t
				found = append(found, t)
				break
			}
		}
	}
	return found, nil
}

// shapes finds 50/50 shapes in a position with mine probabilities probs.
type shapes struct {
	p      *Position
	probs  []float64
	z      *exact.Analyzer // counts the positions with a cell flagged
	view   *game.Puzzle    // scratch, made on first use
	mines  []bool          // per cell: a known mine (knownMine)
	walled []uint8         // the board with a border two cells wide, row-major, Cols()+4 wide: 1 off the board and on known mines
}

// newShapes returns the finder for p with mine probabilities probs,
// counting within budget.
func newShapes(p *Position, probs []float64, budget exact.Budget) *shapes {
	b := p.View.Board
	rows, cols := b.Rows(), b.Cols()
	sh := &shapes{p: p, probs: probs, z: p.Analyzer.Within(budget), mines: make([]bool, b.Len()), walled: make([]uint8, (rows+4)*(cols+4))}
	for i := range sh.walled {
		sh.walled[i] = 1
	}
	for r := range rows {
		row := sh.walled[sh.pad(r, 0):][:cols]
		for c, j := 0, r*cols; c < cols; c, j = c+1, j+1 {
			sh.mines[j] = knownMine(p.View, probs, j)
			if !sh.mines[j] {
				row[c] = 0
			}
		}
	}
	return sh
}

// pad returns the index in sh.walled of the cell at row r, column c.
func (sh *shapes) pad(r, c int) int { return (r+2)*(sh.p.View.Board.Cols()+4) + c + 2 }

// at returns the cell at offset d from t, if it is on the board.
func (sh *shapes) at(t int, d game.Pos) (int, bool) {
	b := sh.p.View.Board
	q := b.Pos(t)
	q.Row, q.Col = q.Row+d.Row, q.Col+d.Col
	if q.Row < 0 || q.Row >= b.Rows() || q.Col < 0 || q.Col >= b.Cols() {
		return -1, false
	}
	return b.Index(q), true
}

func (sh *shapes) known(j int) bool     { return sh.mines[j] }
func (sh *shapes) undecided(j int) bool { return undecided(sh.p.View, sh.probs, j) }

// walls returns the neighbours of the cell at row r, column c that are
// off the board or known mines, as ring bits (see ringBit). Every shape
// has a flank next to the cell, so only a cell with walls can have a
// closing shape: the cheap test before closing.
func (sh *shapes) walls(r, c int) uint8 {
	w := sh.p.View.Board.Cols() + 4
	at := sh.pad(r, c) - w - 1
	g := sh.walled[at : at+2*w+3] // the 3x3 block around the cell, rows w apart
	return g[0] | g[1]<<1 | g[2]<<2 | g[w]<<3 | g[w+2]<<4 | g[2*w]<<5 | g[2*w+1]<<6 | g[2*w+2]<<7
}

// closing returns the shapes around t, at row r and column c, whose
// flanks are all known mines and whose own cells are still open to either
// placement; walls are t's (see walls).
func (sh *shapes) closing(t, r, c int, walls uint8) []shape {
	var out []shape
	w, at := sh.p.View.Board.Cols()+4, sh.pad(r, c)
next:
	for i, s := range shapesAround {
		test := &shapeTests[i]
		if test.near&^walls != 0 {
			continue
		}
		for _, d := range test.far {
			if sh.walled[at+d.Row*w+d.Col] == 0 {
				continue next
			}
		}
		for _, d := range s.mines {
			if j, ok := sh.at(t, d); !ok || !sh.undecided(j) && !sh.known(j) {
				continue next
			}
		}
		for _, d := range s.safe {
			if j, ok := sh.at(t, d); !ok || !sh.undecided(j) {
				continue next
			}
		}
		out = append(out, s)
	}
	return out
}

// given returns the mine probabilities of the position with t flagged.
func (sh *shapes) given(ctx context.Context, t int) ([]float64, error) {
	if sh.view == nil {
		sh.view = sh.p.View.Clone()
	}
	sh.view.Cells[t] = game.Cell{State: game.Flagged}
	a, err := sh.z.Analyze(ctx, sh.view)
	sh.view.Cells[t] = sh.p.View.Cells[t]
	if err != nil {
		return nil, err
	}
	return a.Probabilities(ctx)
}

// forced reports whether shape s around t is forced, given the
// probabilities with t a mine: its mines certain and its safe cells safe.
func (sh *shapes) forced(t int, s shape, given []float64) bool {
	for _, d := range s.mines {
		if j, _ := sh.at(t, d); given[j] != 1 {
			return false
		}
	}
	for _, d := range s.safe {
		if j, _ := sh.at(t, d); given[j] != 0 {
			return false
		}
	}
	return true
}
