package game

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ParseGrid reads a puzzle in the character grid, the form players paste:
//
//	# a comment: from # to the end of the line, anywhere
//	mines 10
//	1..F2
//	12...
//
// The grammar, line by line (LF or CRLF line ends; a UTF-8 byte order mark
// at the very start is skipped; blank lines and lines holding only a
// comment are skipped wherever they are):
//
//   - The first line may be the header "mines N", N the total number of
//     mines on the board, flags included, or "mines ?" when it is not
//     known; spaces or tabs separate the word from the value. Without a
//     header the total is unknown (see UnknownMines).
//   - Every other line is one row of the board, top row first: a cell is
//     '.' or "-1" for an unknown cell, 'F' for a flag (a cell the player
//     marked as a mine) or a digit 0-8 for a hint. Spaces and tabs between
//     cells are allowed and mean nothing ("1 . F" is "1.F").
//   - Every row has the same number of cells, and there is at least one.
//
// Errors are *ParseError values naming name:line:col (columns count bytes,
// the byte order mark not included) and what was expected. The board may
// hold at most MaxCells cells. A puzzle that parses may still fail
// Validate.
func ParseGrid(name string, r io.Reader) (*Puzzle, error) {
	br := bufio.NewReader(r)
	skipBOM(br)
	return parseGrid(name, br)
}

// parseGrid is ParseGrid after the byte order mark.
func parseGrid(name string, br *bufio.Reader) (*Puzzle, error) {
	fail := func(line, col int, format string, args ...any) error {
		return &ParseError{File: name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	mines := UnknownMines
	header := false // a header was read
	var cells []int8
	cols, rows := 0, 0
	firstRow := 0 // the line of the first row
	var buf []byte
	for lineNo := 1; ; lineNo++ {
		var err error
		buf, err = readLine(br, buf[:0])
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if len(buf) == 0 && err == io.EOF {
			break
		}
		line := buf
		if k := bytes.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		start := len(line) - len(bytes.TrimLeft(line, " \t\r\v\f"))
		if start == len(line) {
			if err == io.EOF {
				break
			}
			continue
		}
		if rows == 0 && !header && bytes.HasPrefix(line[start:], []byte("mines")) {
			v, col, msg := gridHeader(line, start+len("mines"))
			if msg != "" {
				return nil, fail(lineNo, col+1, "%s", msg)
			}
			mines, header = v, true
		} else {
			n := 0
			for k := 0; k < len(line); k++ {
				var v int8
				switch b := line[k]; {
				case b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f':
					continue
				case b == '.':
					v = -1
				case b == 'F':
					v = flagValue
				case b == '-' && k+1 < len(line) && line[k+1] == '1':
					v = -1
					k++
				case '0' <= b && b <= '8':
					v = int8(b - '0')
				case b == '9':
					return nil, fail(lineNo, k+1, "hint 9: a cell has at most 8 neighbours; expected a hint 0-8")
				default:
					return nil, fail(lineNo, k+1, "%s is not a cell: expected . or -1 (unknown), F (a flag) or a hint 0-8", quoteByte(line, k))
				}
				if rows > 0 && n == cols {
					return nil, fail(lineNo, k+1, "row %d has more cells than the first row (line %d), which has %d", rows, firstRow, cols)
				}
				if rows == 0 && n >= MaxCells {
					return nil, fail(lineNo, k+1, "a row of more than %d cells: at most %d cells are supported", MaxCells, MaxCells)
				}
				cells = append(cells, v)
				n++
			}
			if rows == 0 {
				cols, firstRow = n, lineNo
			} else if n < cols {
				return nil, fail(lineNo, len(line)+1, "row %d has %d cells, the first row (line %d) has %d", rows, n, firstRow, cols)
			}
			rows++
			if rows > MaxCells/cols {
				return nil, fail(lineNo, 1, "board of %d rows of %d cells has more than %d cells, the supported limit", rows, cols, MaxCells)
			}
		}
		if err == io.EOF {
			break
		}
	}
	if rows == 0 {
		what := "empty input"
		if header {
			what = "no rows after the header"
		}
		return nil, &ParseError{File: name, Line: 1, Col: 1, Msg: what + ": expected the rows of a grid (. unknown, F flag, 0-8 hints)"}
	}
	p, err := NewPuzzle(rows, cols, mines)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	p.fill(cells)
	return p, nil
}

// readLine appends the next line of br to buf, without its '\n', and
// returns it; io.EOF when the input ended on this line (the line may
// still hold bytes).
func readLine(br *bufio.Reader, buf []byte) ([]byte, error) {
	for {
		chunk, err := br.ReadSlice('\n')
		buf = append(buf, chunk...)
		switch err {
		case nil:
			return buf[:len(buf)-1], nil
		case bufio.ErrBufferFull:
			continue
		}
		return buf, err
	}
}

// gridHeader reads the value of a grid's header "mines N" or "mines ?"
// from line[at:], just after the word. It returns the total, or, when the
// header is malformed, the byte offset at fault and what was expected.
func gridHeader(line []byte, at int) (mines, col int, msg string) {
	const expected = `expected the header "mines N" (N the number of mines, 0 or more) or "mines ?"`
	rest := line[at:]
	word := bytes.TrimLeft(rest, " \t\r\v\f")
	if len(word) == len(rest) && len(rest) > 0 {
		return 0, at, fmt.Sprintf("%s after \"mines\": %s", quoteByte(line, at), expected)
	}
	col = at + len(rest) - len(word)
	if k := bytes.IndexAny(word, " \t\r\v\f"); k >= 0 {
		if tail := bytes.TrimLeft(word[k:], " \t\r\v\f"); len(tail) > 0 {
			return 0, len(line) - len(tail), fmt.Sprintf("%q after the header's value: %s", firstWord(tail), expected)
		}
		word = word[:k]
	}
	switch {
	case len(word) == 0:
		return 0, col, "the header has no value: " + expected
	case string(word) == "?":
		return UnknownMines, col, ""
	}
	var num number
	for _, b := range word {
		num.add(b)
	}
	v, ok := num.value()
	switch {
	case !ok:
		return 0, col, fmt.Sprintf("%q is not a number: %s", truncated(word), expected)
	case v < 0:
		return 0, col, fmt.Sprintf("the number of mines must not be negative, got %s", truncated(word))
	case v > MaxCells:
		return 0, col, fmt.Sprintf("%s mines: at most %d cells are supported", truncated(word), MaxCells)
	}
	return v, col, ""
}

// quoteByte quotes line[k] for a message: the character, or its code when
// it is not printable ASCII.
func quoteByte(line []byte, k int) string {
	if k >= len(line) {
		return "end of line"
	}
	if b := line[k]; b >= ' ' && b < 0x7f {
		return strconv.Quote(string(b))
	}
	return fmt.Sprintf("byte 0x%02x", line[k])
}

// firstWord returns s up to its first whitespace, truncated for a message.
func firstWord(s []byte) string {
	if k := bytes.IndexAny(s, " \t\r\v\f"); k >= 0 {
		s = s[:k]
	}
	return truncated(s)
}

// truncated returns s as a string of at most maxTokenText bytes, then
// "..." if it was longer.
func truncated(s []byte) string {
	if len(s) > maxTokenText {
		return string(s[:maxTokenText]) + "..."
	}
	return string(s)
}

// WriteGrid writes p as a character grid (see ParseGrid): the header
// "mines N" ("mines ?" for an unknown total), then one line per row, '.'
// for an unknown cell, 'F' for a flag and the digit of a hint. ParseGrid
// and ParsePuzzle read it back to the same puzzle.
func (p *Puzzle) WriteGrid(w io.Writer) error {
	var sb strings.Builder
	sb.Grow(p.Rows()*(p.Cols()+1) + 16)
	if p.MinesKnown() {
		fmt.Fprintf(&sb, "mines %d\n", p.Mines)
	} else {
		sb.WriteString("mines ?\n")
	}
	for r := range p.Rows() {
		for c := range p.Cols() {
			switch cell := p.Cells[r*p.Cols()+c]; cell.State {
			case Revealed:
				sb.WriteByte('0' + cell.Hint)
			case Flagged:
				sb.WriteByte('F')
			default:
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	_, err := io.WriteString(w, sb.String())
	return err
}
