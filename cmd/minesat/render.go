package main

// The terminal board renderer, shared by every command that draws a board
// (solve --grid, the agent's trace, analyze). The API is two functions and
// one enum:
//
//	marks := make([]mark, p.Board.Len())   // or nil: every unknown cell shows '?'
//	marks[i] = markMine                    // what the caller knows of unknown cell i
//	err := renderBoard(io.out, p, marks, useColor(io, noColor))
//
// renderBoard draws through drawBoard, which analyze also uses with wider
// cells, and paints through painter, as every coloured output does.
//
// A board is drawn one line per row, cells separated by one space, under a
// header of column numbers (one line per digit, most significant first) and
// after right-aligned row numbers, so that (r,c) can be read off the edges:
//
//	    0 1 2 3
//	 0  1 * . ?
//	 1  F 2 0 1
//
// The glyphs: a revealed cell shows its hint digit 0..8, whatever marks say;
// a Flagged cell shows F; an Unknown cell shows its mark's glyph (? unknown,
// . safe, * mine, F flag). With colour, hints take the classic Minesweeper
// colours, mines are bold red, flags bold yellow, safe cells bold green, unknown
// cells and the axes dim; every coloured glyph is reset after itself, so the
// plain text is the same with colour stripped.

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/minesat/minesat/game"
)

// mark is what the caller knows of a cell the puzzle leaves Unknown.
type mark uint8

// The marks of an unknown cell. The zero value shows nothing is known.
const (
	markUnknown mark = iota // nothing known: '?'
	markSafe                // known or proven safe: '.'
	markMine                // known or proven to hold a mine: '*'
	markFlag                // flagged by a player: 'F'
)

// glyph returns the character drawn for m.
func (m mark) glyph() byte {
	switch m {
	case markSafe:
		return '.'
	case markMine:
		return '*'
	case markFlag:
		return 'F'
	}
	return '?'
}

// String returns "unknown", "safe", "mine" or "flag".
func (m mark) String() string {
	switch m {
	case markSafe:
		return "safe"
	case markMine:
		return "mine"
	case markFlag:
		return "flag"
	}
	return "unknown"
}

// ANSI SGR parameters for each glyph when colour is on.
var (
	hintColor = [9]string{"2", "34", "32", "31", "35", "33", "36", "1", "90"} // 0..8
	markColor = map[byte]string{'?': "2", '.': "1;32", '*': "1;31", 'F': "1;33"}
	axisColor = "2"
)

// painter colours text for a terminal: true wraps it in an ANSI SGR code
// and a reset, false leaves it as is. Every coloured run is reset after
// itself, so the text with the codes stripped is the plain text.
type painter bool

// paint returns s in the colour sgr (such as "1;31", bold red).
func (p painter) paint(sgr, s string) string {
	if !p {
		return s
	}
	return "\x1b[" + sgr + "m" + s + "\x1b[0m"
}

// renderBoard draws p, with marks for its unknown cells, to w. marks is nil
// or has one entry per cell, row-major; entries for revealed or flagged cells
// are ignored. color adds ANSI colour; decide it with useColor. The cost is
// O(cells).
func renderBoard(w io.Writer, p *game.Puzzle, marks []mark, color bool) error {
	if marks != nil && len(marks) != len(p.Cells) {
		return fmt.Errorf("render: %d marks for %d cells", len(marks), len(p.Cells))
	}
	return drawBoard(w, p.Rows(), p.Cols(), 1, " ", painter(color), func(i int) (string, string) {
		switch cell := p.Cells[i]; cell.State {
		case game.Revealed:
			return strconv.Itoa(int(cell.Hint)), hintColor[min(cell.Hint, 8)]
		case game.Flagged:
			return "F", markColor['F']
		}
		m := markUnknown
		if marks != nil {
			m = marks[i]
		}
		g := m.glyph()
		return string(g), markColor[g]
	})
}

// drawBoard draws a rows x cols board to w, built in memory and written
// with one Write: a line per row, after the row's number right-aligned,
// under a header of column numbers. Each cell shows the text and colour
// that cell returns for it (row-major index i), after sep, right-aligned
// in a field of width characters. The header's numbers are laid out as the
// cells are, painted as one run; when they need more digits than width,
// the header has a line per decimal place, most significant first, leading
// zeros blank.
func drawBoard(w io.Writer, rows, cols, width int, sep string, pt painter, cell func(i int) (text, sgr string)) error {
	rw := len(strconv.Itoa(rows - 1)) // row label width
	cw := len(strconv.Itoa(cols - 1)) // digits in the largest column number
	var sb strings.Builder
	places := []int{0} // the header's lines: the decimal places shown, one line each
	if cw > width {
		places = places[:0]
		for place := cw - 1; place >= 0; place-- {
			places = append(places, place)
		}
	}
	for _, place := range places {
		div := 1
		for range place {
			div *= 10
		}
		var line strings.Builder
		for c := range cols {
			if c > 0 {
				line.WriteString(sep)
			}
			switch {
			case len(places) == 1:
				fmt.Fprintf(&line, "%*d", width, c)
			case c >= div || place == 0:
				fmt.Fprintf(&line, "%*c", width, '0'+c/div%10)
			default:
				line.WriteString(strings.Repeat(" ", width))
			}
		}
		sb.WriteString(strings.Repeat(" ", rw+1) + sep)
		sb.WriteString(pt.paint(axisColor, strings.TrimRight(line.String(), " ")))
		sb.WriteByte('\n')
	}
	for r := range rows {
		sb.WriteString(pt.paint(axisColor, fmt.Sprintf("%*d", rw, r)))
		sb.WriteByte(' ')
		for c := range cols {
			text, sgr := cell(r*cols + c)
			sb.WriteString(sep + strings.Repeat(" ", max(width-len(text), 0)))
			sb.WriteString(pt.paint(sgr, text))
		}
		sb.WriteByte('\n')
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// useColor reports whether output to io.out should be coloured: only when it
// is a terminal, NO_COLOR is unset or empty (https://no-color.org), and the
// command's --no-color flag is off.
func useColor(io *stdio, noColorFlag bool) bool {
	if noColorFlag || !io.outTTY {
		return false
	}
	return io.getenv == nil || io.getenv("NO_COLOR") == ""
}
