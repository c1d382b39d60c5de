package game

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// ErrMine is returned by Game.Open when the opened cell holds a mine.
var ErrMine = errors.New("game: revealed a mine")

// ErrOver is returned by Game.Open and Game.Flag once the game has ended.
var ErrOver = errors.New("game: the game is over")

// Game is one game of Minesweeper: the hidden layout and the player's view.
//
// How a seed maps to a layout: the generator is math/rand/v2's PCG, seeded
// with (uint64(seed), 0x6d696e65736174). The layout is a partial
// Fisher-Yates shuffle of the candidate cells in row-major order: the first
// Mines cells drawn are the mines. Under RulesSeed the candidates are every
// cell, the layout is drawn when the game is made, and the next
// InitialCount cells of the same shuffle are opened as the initial cells.
// Under RulesSafe the candidates exclude the first opened cell, and under
// RulesZero they exclude it and its neighbours; the layout is drawn at the
// first Open. Every layout respecting the rules is equally likely.
type Game struct {
	level   Level
	rules   Rules
	seed    int64
	board   *Board
	rng     *rand.Rand
	mine    []bool // the hidden layout; valid once placed
	placed  bool
	cells   []Cell // what the player sees
	closed  int    // non-mine cells not yet revealed
	outcome Outcome
	initial []Pos
}

// seedStream is the second PCG word, fixed so that a game's seed alone
// determines its layout.
const seedStream = 0x6d696e65736174

// New starts a game of level l under the rules, with the given seed. Under
// RulesSeed the initial cells are already open when New returns.
func New(l Level, rules Rules, seed int64) (*Game, error) {
	if err := l.Check(rules); err != nil {
		return nil, err
	}
	b, err := NewBoard(l.Rows, l.Cols)
	if err != nil {
		return nil, err
	}
	g := &Game{
		level: l, rules: rules, seed: seed, board: b,
		rng:    rand.New(rand.NewPCG(uint64(seed), seedStream)),
		mine:   make([]bool, b.Len()),
		cells:  make([]Cell, b.Len()),
		closed: b.Len() - l.Mines,
	}
	if rules == RulesSeed {
		order := g.shuffle(nil, l.Mines+InitialCount(l.Rows, l.Cols))
		g.place(order[:l.Mines])
		for _, i := range order[l.Mines:] {
			p := b.Pos(int(i))
			g.initial = append(g.initial, p)
			g.reveal(nil, int(i))
		}
	}
	return g, nil
}

// NewWithLayout starts a game with a given layout, as when replaying a
// record. initial lists cells opened before the first move; under RulesSafe
// and RulesZero it must be empty. The layout is taken as given: nothing
// checks that it respects the rules at the first Open (a replay checks a
// record's layout against its seed instead).
func NewWithLayout(l Level, rules Rules, seed int64, mines, initial []Pos) (*Game, error) {
	return newWithLayout(l, rules, seed, nil, mines, initial)
}

// newWithLayout is NewWithLayout on the board b of l's size, or a new one
// if b is nil: a board too big for NewBoard's cache costs 36 bytes a cell,
// which a replay that made one to check the seed need not pay twice.
func newWithLayout(l Level, rules Rules, seed int64, b *Board, mines, initial []Pos) (*Game, error) {
	if err := l.Check(rules); err != nil {
		return nil, err
	}
	if len(mines) != l.Mines {
		return nil, fmt.Errorf("game: layout has %d mines, level %s needs %d", len(mines), l.Name, l.Mines)
	}
	if b == nil {
		var err error
		if b, err = NewBoard(l.Rows, l.Cols); err != nil {
			return nil, err
		}
	}
	g := &Game{level: l, rules: rules, seed: seed, board: b,
		mine: make([]bool, b.Len()), cells: make([]Cell, b.Len()), closed: b.Len() - l.Mines}
	for _, p := range mines {
		if !b.Contains(p) {
			return nil, fmt.Errorf("game: mine %v is off the %dx%d board", p, l.Rows, l.Cols)
		}
		if g.mine[b.Index(p)] {
			return nil, fmt.Errorf("game: mine %v listed twice", p)
		}
		g.mine[b.Index(p)] = true
	}
	g.placed = true
	if rules != RulesSeed && len(initial) > 0 {
		return nil, fmt.Errorf("game: rules %s open no initial cells, the layout lists %d", rules, len(initial))
	}
	for _, p := range initial {
		if !b.Contains(p) || g.mine[b.Index(p)] {
			return nil, fmt.Errorf("game: initial cell %v is off the board or a mine", p)
		}
		g.initial = append(g.initial, p)
		g.reveal(nil, b.Index(p))
	}
	return g, nil
}

// shuffle draws k cells, without replacement and uniformly, from every cell
// not in exclude, by a partial Fisher-Yates shuffle in row-major order.
// The candidates are int32 (MaxCells fits), 4 bytes a cell while drawing.
func (g *Game) shuffle(exclude []int, k int) []int32 {
	cand := make([]int32, 0, g.board.Len())
	for i := 0; i < g.board.Len(); i++ {
		if !slices.Contains(exclude, i) {
			cand = append(cand, int32(i))
		}
	}
	for j := 0; j < k; j++ {
		r := j + g.rng.IntN(len(cand)-j)
		cand[j], cand[r] = cand[r], cand[j]
	}
	return cand[:k]
}

func (g *Game) place(mines []int32) {
	for _, i := range mines {
		g.mine[i] = true
	}
	g.placed = true
}

// placeFor draws the layout at the first Open under RulesSafe or RulesZero.
func (g *Game) placeFor(i int) {
	var small [9]int
	exclude := append(small[:0], i)
	if g.rules == RulesZero {
		for _, j := range g.board.Neighbors(i) {
			exclude = append(exclude, int(j))
		}
	}
	g.place(g.shuffle(exclude, g.level.Mines))
}

// Open opens the cell at p. Opening a 0 opens its neighbours recursively. It
// returns the row-major indices of the cells newly revealed, in the order
// they were opened. Opening a mine ends the game and returns ErrMine.
// Opening a revealed cell does nothing; opening a flagged cell clears the
// flag and opens it.
func (g *Game) Open(p Pos) ([]int, error) { return g.OpenAppend(nil, p) }

// OpenAppend is Open appending the cells newly revealed to dst, which it
// returns, so that a caller reusing one buffer allocates nothing.
func (g *Game) OpenAppend(dst []int, p Pos) ([]int, error) {
	if !g.board.Contains(p) {
		return dst, fmt.Errorf("game: open %v: off the %dx%d board", p, g.board.rows, g.board.cols)
	}
	if g.outcome != Unfinished {
		return dst, ErrOver
	}
	i := g.board.Index(p)
	if !g.placed {
		g.placeFor(i)
	}
	if g.cells[i].State == Revealed {
		return dst, nil
	}
	if g.mine[i] {
		g.outcome = Lost
		return dst, ErrMine
	}
	return g.reveal(dst, i), nil
}

// reveal opens non-mine cell i and floods through zeros, appending the
// cells it opens to opened.
func (g *Game) reveal(opened []int, i int) []int {
	if g.cells[i].State == Revealed {
		return opened
	}
	var small [64]int32 // the stack of most floods, on the goroutine's stack; int32 (MaxCells fits) halves a big flood's
	stack := append(small[:0], int32(i))
	g.open1(i)
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		opened = append(opened, int(j))
		if g.cells[j].Hint != 0 {
			continue
		}
		for _, k := range g.board.Neighbors(int(j)) {
			if g.cells[k].State != Revealed {
				g.open1(int(k))
				stack = append(stack, k)
			}
		}
	}
	if g.closed == 0 {
		g.outcome = Won
	}
	return opened
}

func (g *Game) open1(i int) {
	n := 0
	for _, k := range g.board.Neighbors(i) {
		if g.mine[k] {
			n++
		}
	}
	g.cells[i] = Cell{State: Revealed, Hint: uint8(n)}
	g.closed--
}

// Flag marks p as a mine. Flags never change the outcome. Flagging a revealed
// cell is an error.
func (g *Game) Flag(p Pos) error { return g.setFlag(p, true) }

// Unflag takes the flag off p, which must be flagged; the cell is closed
// again.
func (g *Game) Unflag(p Pos) error { return g.setFlag(p, false) }

// setFlag flags p (on) or takes its flag off.
func (g *Game) setFlag(p Pos, on bool) error {
	verb, state := "unflag", Unknown
	if on {
		verb, state = "flag", Flagged
	}
	if !g.board.Contains(p) {
		return fmt.Errorf("game: %s %v: off the %dx%d board", verb, p, g.board.rows, g.board.cols)
	}
	if g.outcome != Unfinished {
		return ErrOver
	}
	i := g.board.Index(p)
	switch {
	case on && g.cells[i].State == Revealed:
		return fmt.Errorf("game: flag %v: the cell is open", p)
	case !on && g.cells[i].State != Flagged:
		return fmt.Errorf("game: unflag %v: the cell is not flagged", p)
	}
	g.cells[i].State = state
	return nil
}

// Level returns the game's level.
func (g *Game) Level() Level { return g.level }

// Rules returns the game's rules.
func (g *Game) Rules() Rules { return g.rules }

// Seed returns the game's seed.
func (g *Game) Seed() int64 { return g.seed }

// Board returns the game's geometry.
func (g *Game) Board() *Board { return g.board }

// Outcome returns Unfinished while the game is being played, then Won or
// Lost. It is never Stuck: only the player knows it has stopped.
func (g *Game) Outcome() Outcome { return g.outcome }

// Cell returns what the player sees at row-major index i.
func (g *Game) Cell(i int) Cell { return g.cells[i] }

// Closed returns the number of non-mine cells not yet opened.
func (g *Game) Closed() int { return g.closed }

// Initial returns the cells the rules opened before the first move (nil under
// RulesSafe and RulesZero).
func (g *Game) Initial() []Pos { return append([]Pos(nil), g.initial...) }

// Placed reports whether the layout has been drawn. Under RulesSafe and
// RulesZero it is drawn at the first Open.
func (g *Game) Placed() bool { return g.placed }

// IsMine reports the ground truth at index i. It is for tests, records and
// referees, never for players; it panics before the layout is drawn.
func (g *Game) IsMine(i int) bool {
	if !g.placed {
		panic("game: IsMine before the layout is drawn")
	}
	return g.mine[i]
}

// Mines returns the mine positions in row-major order, or nil before the
// layout is drawn.
func (g *Game) Mines() []Pos {
	if !g.placed {
		return nil
	}
	var out []Pos
	for i, m := range g.mine {
		if m {
			out = append(out, g.board.Pos(i))
		}
	}
	return out
}

// View returns a snapshot of what the player sees, as a Puzzle whose Mines
// is the level's mine count. Flagged cells stay Flagged.
func (g *Game) View() *Puzzle {
	return &Puzzle{Board: g.board, Mines: g.level.Mines, Cells: append([]Cell(nil), g.cells...)}
}

// GameSeed derives game i's seed from a run's seed s. It is splitmix64 of
// s + i*0x9E3779B97F4A7C15, so game i gets the same seed however many
// workers play the run.
func GameSeed(s int64, i int) int64 {
	z := uint64(s) + uint64(i)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return int64(z ^ (z >> 31))
}
