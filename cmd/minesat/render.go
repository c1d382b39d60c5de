package main

// The terminal board renderer, shared by every command that draws a board
// (solve --grid, the agent's trace). The API is two functions and one enum:
//
//	marks := make([]mark, p.Board.Len())   // or nil: every unknown cell shows '?'
//	marks[i] = markMine                    // what the caller knows of unknown cell i
//	err := renderBoard(io.out, p, marks, useColor(io, noColor))
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

// renderBoard draws p, with marks for its unknown cells, to w. marks is nil
// or has one entry per cell, row-major; entries for revealed or flagged cells
// are ignored. color adds ANSI colour; decide it with useColor. The board is
// built in memory and written with one Write; the cost is O(cells).
func renderBoard(w io.Writer, p *game.Puzzle, marks []mark, color bool) error {
	if marks != nil && len(marks) != len(p.Cells) {
		return fmt.Errorf("render: %d marks for %d cells", len(marks), len(p.Cells))
	}
	rows, cols := p.Rows(), p.Cols()
	rw := len(strconv.Itoa(rows - 1)) // row label width
	cw := len(strconv.Itoa(cols - 1)) // digits in the largest column number
	var sb strings.Builder
	sb.Grow((rw + 2 + 2*cols) * (rows + cw) * 2)
	paint := func(sgr string, s string) {
		if color {
			sb.WriteString("\x1b[" + sgr + "m" + s + "\x1b[0m")
		} else {
			sb.WriteString(s)
		}
	}

	// Column header: one line per decimal place, most significant first;
	// leading zeros are blank.
	for place := cw - 1; place >= 0; place-- {
		div := 1
		for range place {
			div *= 10
		}
		var line strings.Builder
		for c := range cols {
			if c > 0 {
				line.WriteByte(' ')
			}
			if c >= div || (place == 0) {
				line.WriteByte(byte('0' + c/div%10))
			} else {
				line.WriteByte(' ')
			}
		}
		sb.WriteString(strings.Repeat(" ", rw+2))
		paint(axisColor, strings.TrimRight(line.String(), " "))
		sb.WriteByte('\n')
	}

	for r := range rows {
		paint(axisColor, fmt.Sprintf("%*d", rw, r))
		sb.WriteString(" ")
		for c := range cols {
			sb.WriteByte(' ')
			i := r*cols + c
			cell := p.Cells[i]
			switch cell.State {
			case game.Revealed:
				paint(hintColor[min(cell.Hint, 8)], strconv.Itoa(int(cell.Hint)))
			case game.Flagged:
				paint(markColor['F'], "F")
			default:
				m := markUnknown
				if marks != nil {
					m = marks[i]
				}
				g := m.glyph()
				paint(markColor[g], string(g))
			}
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
