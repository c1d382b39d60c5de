package game

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
)

// Puzzle is a static position: a board, the total number of mines, and what
// is known of each cell. Cells are Unknown, Revealed (a hint) or Flagged (a
// mine the player marked, which counts as a known mine).
type Puzzle struct {
	Board *Board // geometry
	Mines int    // total mines on the board, flagged ones included; UnknownMines when not known
	Cells []Cell // row-major, Board.Len() of them
}

// UnknownMines is Puzzle.Mines when the total is not known: a value no
// count can take, far below any, so that code unaware of it finds no room
// for the mines rather than a wrong total. A solution is then any
// placement of mines that agrees with the hints and the flags, whatever
// its number of mines, and every such placement counts once: a cell next
// to no hint is a mine in exactly half of them.
const UnknownMines = math.MinInt32

// MinesKnown reports whether p's mine total is known.
func (p *Puzzle) MinesKnown() bool { return p.Mines != UnknownMines }

// NewPuzzle returns an all-unknown puzzle of the given size and mine count.
func NewPuzzle(rows, cols, mines int) (*Puzzle, error) {
	b, err := NewBoard(rows, cols)
	if err != nil {
		return nil, err
	}
	return &Puzzle{Board: b, Mines: mines, Cells: make([]Cell, b.Len())}, nil
}

// Rows returns the number of rows.
func (p *Puzzle) Rows() int { return p.Board.rows }

// Cols returns the number of columns.
func (p *Puzzle) Cols() int { return p.Board.cols }

// At returns the cell at pos.
func (p *Puzzle) At(pos Pos) Cell { return p.Cells[p.Board.Index(pos)] }

// Clone returns a deep copy of p (the Board is shared; it is immutable).
func (p *Puzzle) Clone() *Puzzle {
	return &Puzzle{Board: p.Board, Mines: p.Mines, Cells: append([]Cell(nil), p.Cells...)}
}

// Equal reports whether p and q have the same size, mine count and cells.
func (p *Puzzle) Equal(q *Puzzle) bool {
	if p.Rows() != q.Rows() || p.Cols() != q.Cols() || p.Mines != q.Mines {
		return false
	}
	for i := range p.Cells {
		if p.Cells[i] != q.Cells[i] {
			return false
		}
	}
	return true
}

// Unknowns returns the number of Unknown cells.
func (p *Puzzle) Unknowns() int {
	n := 0
	for _, c := range p.Cells {
		if c.State == Unknown {
			n++
		}
	}
	return n
}

// Flags returns the number of Flagged cells.
func (p *Puzzle) Flags() int {
	n := 0
	for _, c := range p.Cells {
		if c.State == Flagged {
			n++
		}
	}
	return n
}

// Validate reports the puzzle facts that make it unsolvable on their face:
// a hint larger than its neighbour count, a negative mine count (other
// than UnknownMines), or more mines than the unknown and flagged cells can
// hold. A nil error does not mean the puzzle has a solution.
func (p *Puzzle) Validate() error {
	if p.Mines < 0 && p.Mines != UnknownMines {
		return fmt.Errorf("game: invalid puzzle: negative mine count %d", p.Mines)
	}
	for i, c := range p.Cells {
		if c.State == Revealed && int(c.Hint) > len(p.Board.Neighbors(i)) {
			return fmt.Errorf("game: invalid puzzle: hint %d at %v but the cell has only %d neighbours",
				c.Hint, p.Board.Pos(i), len(p.Board.Neighbors(i)))
		}
	}
	if !p.MinesKnown() {
		return nil
	}
	if room := p.Unknowns() + p.Flags(); p.Mines > room {
		return fmt.Errorf("game: invalid puzzle: %d mines but only %d unknown cells", p.Mines, room)
	}
	if f := p.Flags(); f > p.Mines {
		return fmt.Errorf("game: invalid puzzle: %d flags but only %d mines", f, p.Mines)
	}
	return nil
}

// Satisfies reports whether mines (row-major indices) is a solution of p:
// exactly p.Mines of them (any number when the total is unknown), every
// one on an Unknown or Flagged cell, every flag among them, and every hint
// equal to its count of neighbouring mines.
func (p *Puzzle) Satisfies(mines []int) error {
	if p.MinesKnown() && len(mines) != p.Mines {
		return fmt.Errorf("game: solution has %d mines, the puzzle %d", len(mines), p.Mines)
	}
	isMine := make([]bool, len(p.Cells))
	for _, i := range mines {
		if i < 0 || i >= len(p.Cells) {
			return fmt.Errorf("game: solution cell %d is off the board", i)
		}
		if p.Cells[i].State == Revealed {
			return fmt.Errorf("game: solution puts a mine on hint %v", p.Board.Pos(i))
		}
		if isMine[i] {
			return fmt.Errorf("game: solution lists %v twice", p.Board.Pos(i))
		}
		isMine[i] = true
	}
	for i, c := range p.Cells {
		switch c.State {
		case Flagged:
			if !isMine[i] {
				return fmt.Errorf("game: solution leaves flagged %v without a mine", p.Board.Pos(i))
			}
		case Revealed:
			n := 0
			for _, j := range p.Board.Neighbors(i) {
				if isMine[j] {
					n++
				}
			}
			if n != int(c.Hint) {
				return fmt.Errorf("game: hint %d at %v sees %d mines", c.Hint, p.Board.Pos(i), n)
			}
		}
	}
	return nil
}

// WriteTo writes p in the seeds' format: "rows cols mines" ("?" for an
// unknown total), then one line per row with -1 for an unknown cell and
// the hint for a revealed one. A Flagged cell is written as -1, as the
// seeds' programs, which know no flags, can read it: the flag is lost, the
// cell reads back as unknown, and the total still counts its mine.
// WriteGrid keeps flags.
func (p *Puzzle) WriteTo(w io.Writer) (int64, error) {
	var sb strings.Builder
	if p.MinesKnown() {
		fmt.Fprintf(&sb, "%d %d %d\n", p.Rows(), p.Cols(), p.Mines)
	} else {
		fmt.Fprintf(&sb, "%d %d ?\n", p.Rows(), p.Cols())
	}
	for r := 0; r < p.Rows(); r++ {
		for c := 0; c < p.Cols(); c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			if cell := p.Cells[r*p.Cols()+c]; cell.State == Revealed {
				fmt.Fprintf(&sb, "%d", cell.Hint)
			} else {
				sb.WriteString("-1")
			}
		}
		sb.WriteByte('\n')
	}
	n, err := io.WriteString(w, sb.String())
	return int64(n), err
}

// String returns p in the seeds' format.
func (p *Puzzle) String() string {
	var sb strings.Builder
	p.WriteTo(&sb)
	return sb.String()
}

// A ParseError is a malformed puzzle file, positioned at the offending
// token (or at the end of input).
type ParseError struct {
	File      string // the name given to ParsePuzzle
	Line, Col int    // 1-based; Col counts bytes
	Msg       string // what was wrong, and what was expected
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// maxTokenText is how many bytes of a token are kept for error messages;
// longer tokens are still read in full to decide whether they are integers.
const maxTokenText = 64

// token is one whitespace-separated word of a puzzle file.
type token struct {
	text      string // the first maxTokenText bytes, then "..." if there are more
	line, col int
	num       number // the whole token read as an integer
}

// scanner splits a puzzle file into tokens, skipping whitespace (CR
// included) and # comments, and tracking line:col.
type scanner struct {
	r         *bufio.Reader
	line, col int
	comment   bool // inside a # comment, which may outlast the token before it
	err       error
}

func (s *scanner) next() (token, bool) {
	var tok token
	var buf []byte
	long := false
	done := func() (token, bool) {
		tok.text = string(buf)
		if long {
			tok.text += "..."
		}
		return tok, true
	}
	for {
		b, err := s.r.ReadByte()
		if err != nil {
			if err != io.EOF {
				s.err = err
			}
			if len(buf) > 0 {
				return done()
			}
			return tok, false
		}
		s.col++
		switch {
		case b == '\n':
			pos := len(buf) > 0
			s.line++
			s.col = 0
			s.comment = false
			if pos {
				return done()
			}
		case s.comment:
		case b == '#':
			s.comment = true
			if len(buf) > 0 {
				return done()
			}
		case b == ' ' || b == '\t' || b == '\r' || b == '\v' || b == '\f':
			if len(buf) > 0 {
				return done()
			}
		default:
			if len(buf) == 0 {
				tok.line, tok.col = s.line, s.col
			}
			if len(buf) < maxTokenText {
				buf = append(buf, b)
			} else {
				long = true
			}
			tok.num.add(b)
		}
	}
}

// ParsePuzzle reads a puzzle in the seeds' format or in the character grid
// (see ParseGrid), whichever the file holds: a grid when its first line
// that is neither blank nor a comment starts with the word "mines", or
// when that line's first word is not an integer but a run of grid cells
// with a '.' or an 'F' among them (such as "1..F2"); else the seeds'
// format. A UTF-8 byte order mark at the start is skipped.
//
// The seeds' format is "rows cols mines", then rows*cols cells row by
// row: -1 for unknown, 0..8 for a hint, F for a flag (a mine the player
// marked). mines may be ? for an unknown total (see UnknownMines). Any
// whitespace separates tokens; # starts a comment to the end of its line.
//
// name is used in error messages, which are *ParseError values naming
// name:line:col (columns count bytes, the byte order mark not included).
// Sizes are checked against MaxCells before anything is allocated. A
// puzzle that parses may still fail Validate.
func ParsePuzzle(name string, r io.Reader) (*Puzzle, error) {
	br := bufio.NewReaderSize(r, detectWindow)
	skipBOM(br)
	if isGrid(br) {
		return parseGrid(name, br)
	}
	return parseSeeds(name, br)
}

// detectWindow is how much of a file ParsePuzzle reads ahead to tell a
// grid from the seeds' format.
const detectWindow = 64 << 10

// skipBOM drops a UTF-8 byte order mark at the start of br.
func skipBOM(br *bufio.Reader) {
	if b, err := br.Peek(3); err == nil && string(b) == "\uFEFF" {
		br.Discard(3)
	}
}

// isGrid reports whether the first line of br that is neither blank nor a
// comment marks a character grid (see ParsePuzzle). Only the first
// detectWindow bytes are looked at.
func isGrid(br *bufio.Reader) bool {
	head, _ := br.Peek(detectWindow)
	for len(head) > 0 {
		line := head
		if k := bytes.IndexByte(head, '\n'); k >= 0 {
			line, head = head[:k], head[k+1:]
		} else {
			head = nil
		}
		if k := bytes.IndexByte(line, '#'); k >= 0 {
			line = line[:k]
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if bytes.HasPrefix(line, []byte("mines")) {
			return true
		}
		word := line
		if k := bytes.IndexAny(line, " \t\r\v\f"); k >= 0 {
			word = line[:k]
		}
		var num number
		for _, b := range word {
			num.add(b)
		}
		if _, ok := num.value(); ok || !bytes.ContainsAny(word, ".F") {
			return false
		}
		return !bytes.ContainsFunc(word, func(r rune) bool { return !strings.ContainsRune(".F-0123456789", r) })
	}
	return false
}

// parseSeeds reads the seeds' format from br; see ParsePuzzle.
func parseSeeds(name string, br *bufio.Reader) (*Puzzle, error) {
	s := &scanner{r: br, line: 1}
	fail := func(line, col int, format string, args ...any) error {
		return &ParseError{File: name, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	eof := func(what string) error {
		if s.err != nil {
			return fmt.Errorf("%s: %w", name, s.err)
		}
		return fail(s.line, s.col+1, "unexpected end of input: expected %s", what)
	}
	var header [3]int
	names := [3]string{"the number of rows", "the number of columns", "the number of mines"}
	for k := range header {
		tok, ok := s.next()
		if !ok {
			if k == 0 {
				if s.err != nil {
					return nil, fmt.Errorf("%s: %w", name, s.err)
				}
				return nil, fail(s.line, s.col+1, "empty input: expected a header \"rows cols mines\"")
			}
			return nil, eof(names[k] + " in the header \"rows cols mines\"")
		}
		if k == 2 && tok.text == "?" {
			header[k] = UnknownMines
			continue
		}
		v, ok := tok.num.value()
		if !ok {
			return nil, fail(tok.line, tok.col, "%q is not an integer: expected %s in the header \"rows cols mines\"", tok.text, names[k])
		}
		header[k] = v
		switch {
		case k < 2 && v <= 0:
			return nil, fail(tok.line, tok.col, "%s must be positive, got %s", names[k], tok.text)
		case k < 2 && v > MaxCells:
			return nil, fail(tok.line, tok.col, "%s is %s: at most %d cells are supported", names[k], tok.text, MaxCells)
		case k == 1 && header[0] > MaxCells/v:
			return nil, fail(tok.line, tok.col, "board %dx%d has more than %d cells, the supported limit", header[0], v, MaxCells)
		case k == 2 && v < 0:
			return nil, fail(tok.line, tok.col, "the number of mines must not be negative, got %s", tok.text)
		case k == 2 && v >= numberLimit:
			// Saturated: report the number as written, not as numberLimit.
			return nil, fail(tok.line, tok.col, "the number of mines is %s: too large for a %dx%d board", tok.text, header[0], header[1])
		}
	}
	rows, cols, mines := header[0], header[1], header[2]
	// The cells are collected as they come, so that a short file with a
	// huge header costs no more memory than its tokens; the board and its
	// neighbour tables are built once every cell has been read.
	vals := make([]int8, 0, min(rows*cols, 1<<16))
	for i := 0; i < rows*cols; i++ {
		tok, ok := s.next()
		if !ok {
			return nil, eof(fmt.Sprintf("%d cells (rows*cols = %d*%d), got %d", rows*cols, rows, cols, i))
		}
		if tok.text == "F" {
			vals = append(vals, flagValue)
			continue
		}
		v, ok := tok.num.value()
		if !ok {
			return nil, fail(tok.line, tok.col, "%q is not an integer: expected a cell value -1..8 for cell (%d,%d)", tok.text, i/cols, i%cols)
		}
		if v < -1 || v > 8 {
			return nil, fail(tok.line, tok.col, "cell (%d,%d) is %s: expected -1 (unknown) or a hint 0..8", i/cols, i%cols, tok.text)
		}
		vals = append(vals, int8(v))
	}
	if tok, ok := s.next(); ok {
		return nil, fail(tok.line, tok.col, "too many cells: expected %d (rows*cols = %d*%d), found more, starting with %q", rows*cols, rows, cols, tok.text)
	}
	if s.err != nil {
		return nil, fmt.Errorf("%s: %w", name, s.err)
	}
	p, err := NewPuzzle(rows, cols, mines)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	p.fill(vals)
	return p, nil
}

// fill sets p's cells from the values a parser collected: -1 unknown,
// 0..8 a hint, flagValue a flag.
func (p *Puzzle) fill(vals []int8) {
	for i, v := range vals {
		switch {
		case v == flagValue:
			p.Cells[i] = Cell{State: Flagged}
		case v >= 0:
			p.Cells[i] = HintCell(int(v))
		}
	}
}

// flagValue stands for a flag among the cell values a parser collects:
// -1 is unknown, 0..8 a hint.
const flagValue = -2

// numberLimit is the magnitude a number saturates at: any longer run of
// digits is still an integer, just one too large for every use in a puzzle
// file.
const numberLimit = 1_000_000_000_000_000_000

// A number reads a decimal integer with an optional sign one byte at a time,
// so that a token of any length is judged on all of its bytes while only a
// bounded prefix of it is kept. Values whose magnitude is numberLimit (10^18)
// or more saturate to ±numberLimit, so that the caller reports them as too
// large rather than as non-integers.
type number struct {
	n      int  // bytes seen
	neg    bool // a leading '-'
	v      int  // magnitude so far, saturated at numberLimit
	digits bool // at least one digit seen
	bad    bool // a byte that is neither a leading sign nor a digit
}

func (x *number) add(b byte) {
	switch {
	case x.n == 0 && (b == '-' || b == '+'):
		x.neg = b == '-'
	case '0' <= b && b <= '9':
		x.digits = true
		if x.v >= numberLimit/10 {
			x.v = numberLimit // the value is at least numberLimit
		} else {
			x.v = x.v*10 + int(b-'0')
		}
	default:
		x.bad = true
	}
	x.n++
}

// value returns the integer read, and whether the bytes form one.
func (x *number) value() (int, bool) {
	if x.bad || !x.digits {
		return 0, false
	}
	if x.neg {
		return -x.v, true
	}
	return x.v, true
}

// ReadPuzzleFile reads the puzzle in the named file; parse errors name the
// path, line and column.
func ReadPuzzleFile(path string) (*Puzzle, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParsePuzzle(path, f)
}
