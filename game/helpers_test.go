package game

import (
	"fmt"
	"strings"
	"testing"
)

// mustParse builds a puzzle from a picture, one line per row, spaces
// ignored: a digit is a hint, ? an unknown cell, F a flagged one. mines is
// the puzzle's total mine count.
//
//	mustParse(t, 2, "1?\n??")
func mustParse(t testing.TB, mines int, picture string) *Puzzle {
	t.Helper()
	rows := pictureRows(t, picture)
	p, err := NewPuzzle(len(rows), len(rows[0]), mines)
	if err != nil {
		t.Fatal(err)
	}
	for r, line := range rows {
		for c, g := range []byte(line) {
			i := r*len(line) + c
			switch {
			case g >= '0' && g <= '8':
				p.Cells[i] = HintCell(int(g - '0'))
			case g == '?':
			case g == 'F':
				p.Cells[i].State = Flagged
			default:
				t.Fatalf("puzzle picture: glyph %q at (%d,%d); want 0-8, ? or F", g, r, c)
			}
		}
	}
	return p
}

// pictureRows splits a picture into rows of equal length, dropping blank
// lines and spaces.
func pictureRows(t testing.TB, picture string) []string {
	t.Helper()
	var rows []string
	for line := range strings.SplitSeq(picture, "\n") {
		line = strings.ReplaceAll(strings.TrimSpace(line), " ", "")
		if line == "" {
			continue
		}
		if len(rows) > 0 && len(line) != len(rows[0]) {
			t.Fatalf("picture row %d has %d cells, row 0 has %d", len(rows), len(line), len(rows[0]))
		}
		rows = append(rows, line)
	}
	if len(rows) == 0 {
		t.Fatal("empty picture")
	}
	return rows
}

// layoutOf reads a mine layout from a picture: * is a mine, . a safe cell.
// It returns a custom level of that size and the mines in row-major order.
func layoutOf(t testing.TB, picture string) (Level, []Pos) {
	t.Helper()
	rows := pictureRows(t, picture)
	var mines []Pos
	for r, line := range rows {
		for c, g := range []byte(line) {
			switch g {
			case '*':
				mines = append(mines, Pos{r, c})
			case '.':
			default:
				t.Fatalf("layout picture: glyph %q at (%d,%d); want * or .", g, r, c)
			}
		}
	}
	l := Level{Rows: len(rows), Cols: len(rows[0]), Mines: len(mines)}
	l.Name = fmt.Sprintf("%dx%d/%d", l.Rows, l.Cols, l.Mines)
	return l, mines
}

// picture draws what the player sees of p, in mustParse's glyphs, one line
// per row without spaces.
func picture(p *Puzzle) string {
	var sb strings.Builder
	for i, c := range p.Cells {
		if i > 0 && i%p.Cols() == 0 {
			sb.WriteByte('\n')
		}
		switch c.State {
		case Revealed:
			sb.WriteByte('0' + c.Hint)
		case Flagged:
			sb.WriteByte('F')
		default:
			sb.WriteByte('?')
		}
	}
	return sb.String()
}

// checkGame is the invariant checker run after every move in the tests: the
// view agrees with the hidden layout (every revealed cell is safe and shows
// its true count), Closed counts the closed safe cells, and the status
// follows from them.
func checkGame(t testing.TB, g *Game) {
	t.Helper()
	if !g.Placed() {
		for i := range g.Board().Len() {
			if g.Cell(i).State == Revealed {
				t.Fatalf("cell %v revealed before the layout is drawn", g.Board().Pos(i))
			}
		}
		return
	}
	closed, mines := 0, 0
	for i := range g.Board().Len() {
		c := g.Cell(i)
		if g.IsMine(i) {
			mines++
			if c.State == Revealed {
				t.Fatalf("mine %v is shown revealed", g.Board().Pos(i))
			}
			continue
		}
		if c.State != Revealed {
			closed++
			continue
		}
		n := 0
		for _, j := range g.Board().Neighbors(i) {
			if g.IsMine(int(j)) {
				n++
			}
		}
		if int(c.Hint) != n {
			t.Fatalf("cell %v shows %d, has %d neighbouring mines", g.Board().Pos(i), c.Hint, n)
		}
	}
	if mines != g.Level().Mines {
		t.Fatalf("layout has %d mines; level %v wants %d", mines, g.Level(), g.Level().Mines)
	}
	if closed != g.Closed() {
		t.Fatalf("Closed() = %d; %d safe cells are closed", g.Closed(), closed)
	}
	if closed == 0 && g.Outcome() != Won {
		t.Fatalf("every safe cell is open but the status is %v", g.Outcome())
	}
	if closed > 0 && g.Outcome() == Won {
		t.Fatalf("status won with %d safe cells closed", closed)
	}
}
