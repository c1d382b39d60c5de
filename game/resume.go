package game

import (
	"fmt"
	"strconv"
)

// Resume starts a game in the position view, on the layout whose mines are
// the cells (row-major) of mines: the cells open in view are open, the
// flagged ones flagged, the rest closed, and the game is Won already if no
// safe cell is closed. It is how a player plays on from a position over a
// layout drawn to fit it (exact.Sampler.Draw): the layout must agree with
// view, every open cell safe and showing the layout's hint, or Resume
// returns an error. The game's level is view's size with len(mines) mines
// (named "RxC/M"), its rules RulesSafe with the layout already placed, and
// its seed 0. A flagged cell need not be a mine: flags never change the
// outcome.
func Resume(view *Puzzle, mines []int) (*Game, error) {
	b := view.Board
	g := &Game{board: b, mine: make([]bool, b.Len()), cells: make([]Cell, b.Len())}
	if err := g.Resume(view, mines); err != nil {
		return nil, err
	}
	return g, nil
}

// Resume resets g, a game on view's board, to Resume(view, mines), keeping
// g's memory: a player trying many layouts of one position allocates
// nothing more.
func (g *Game) Resume(view *Puzzle, mines []int) error {
	b := view.Board
	if g.board != b || len(g.mine) != b.Len() {
		return fmt.Errorf("game: resume: the game is not on the position's %dx%d board", b.rows, b.cols)
	}
	if len(view.Cells) != b.Len() {
		return fmt.Errorf("game: resume: the position has %d cells, its board %d", len(view.Cells), b.Len())
	}
	clear(g.mine)
	for _, i := range mines {
		if i < 0 || i >= b.Len() {
			return fmt.Errorf("game: resume: mine %d is off the %dx%d board", i, b.rows, b.cols)
		}
		if g.mine[i] {
			return fmt.Errorf("game: resume: mine %v listed twice", b.Pos(i))
		}
		g.mine[i] = true
	}
	if view.MinesKnown() && view.Mines != len(mines) {
		return fmt.Errorf("game: resume: the layout has %d mines, the position %d", len(mines), view.Mines)
	}
	g.closed = b.Len() - len(mines)
	for i, c := range view.Cells {
		g.cells[i] = Cell{State: c.State}
		if c.State != Revealed {
			continue
		}
		if g.mine[i] {
			return fmt.Errorf("game: resume: the open cell %v is a mine in the layout", b.Pos(i))
		}
		g.open1(i)
		if g.cells[i].Hint != c.Hint {
			return fmt.Errorf("game: resume: the open cell %v shows %d, the layout gives it %d", b.Pos(i), c.Hint, g.cells[i].Hint)
		}
	}
	rows, cols := b.rows, b.cols
	if g.level.Rows != rows || g.level.Cols != cols || g.level.Mines != len(mines) {
		g.level = Level{Name: strconv.Itoa(rows) + "x" + strconv.Itoa(cols) + "/" + strconv.Itoa(len(mines)), Rows: rows, Cols: cols, Mines: len(mines)}
	}
	g.rules, g.seed, g.placed, g.initial, g.outcome = RulesSafe, 0, true, nil, Unfinished
	if g.closed == 0 {
		g.outcome = Won
	}
	return nil
}
