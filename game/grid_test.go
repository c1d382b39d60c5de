package game

import (
	"bufio"
	"bytes"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// unflagged returns p with every flag turned back into an unknown cell.
func unflagged(p *Puzzle) *Puzzle {
	q := p.Clone()
	for i, c := range q.Cells {
		if c.State == Flagged {
			q.Cells[i] = Cell{}
		}
	}
	return q
}

// gridText writes p's cells as a grid's rows, for comparisons.
func gridText(p *Puzzle) string {
	var sb strings.Builder
	p.WriteGrid(&sb)
	return sb.String()
}

func TestParsePlayerForms(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		mines    int
		rows     string // the cells as WriteGrid writes them, header included
	}{
		{"seeds", "2 3 2\n1 -1 -1\n-1 -1 0\n", 2, "mines 2\n1..\n..0\n"},
		{"seeds flag", "2 2 1\n1 F\n-1 1\n", 1, "mines 1\n1F\n.1\n"},
		{"seeds unknown total", "2 2 ?\n1 -1\n-1 -1\n", UnknownMines, "mines ?\n1.\n..\n"},
		{"seeds BOM", "\uFEFF2 2 1\n1 -1\n-1 -1\n", 1, "mines 1\n1.\n..\n"},
		{"grid", "mines 3\n1..F\n12..\n", 3, "mines 3\n1..F\n12..\n"},
		{"grid no header", "1..F\n12..\n", UnknownMines, "mines ?\n1..F\n12..\n"},
		{"grid unknown header", "mines ?\n.1\n", UnknownMines, "mines ?\n.1\n"},
		{"grid spaced", "mines\t2\n. 1 -1\n-1 F 0\n", 2, "mines 2\n.1.\n.F0\n"},
		{"grid comments CRLF", "# pasted\r\n\r\nmines 1 # total\r\n.1\r\n# between\r\nF1\r\n", 1, "mines 1\n.1\nF1\n"},
		{"grid BOM", "\uFEFFF.\n", UnknownMines, "mines ?\nF.\n"},
		{"grid starting with a flag", "F1\n11\n", UnknownMines, "mines ?\nF1\n11\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParsePuzzle("f.txt", strings.NewReader(tc.in))
			require.NoError(t, err)
			assert.Equal(t, tc.mines, p.Mines)
			assert.Equal(t, tc.mines != UnknownMines, p.MinesKnown())
			assert.Equal(t, tc.rows, gridText(p))
			assert.NoError(t, p.Validate())
		})
	}
}

func TestParseGridErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", `f.txt:1:1: empty input: expected the rows of a grid (. unknown, F flag, 0-8 hints)`},
		{"# only a comment\n", `f.txt:1:1: empty input: expected the rows of a grid (. unknown, F flag, 0-8 hints)`},
		{"mines 3\n", `f.txt:1:1: no rows after the header: expected the rows of a grid (. unknown, F flag, 0-8 hints)`},
		{"mines x\n.", `f.txt:1:7: "x" is not a number: expected the header "mines N" (N the number of mines, 0 or more) or "mines ?"`},
		{"mines -2\n.", `f.txt:1:7: the number of mines must not be negative, got -2`},
		{"mines\n.", `f.txt:1:6: the header has no value: expected the header "mines N" (N the number of mines, 0 or more) or "mines ?"`},
		{"mines 3 4\n.", `f.txt:1:9: "4" after the header's value: expected the header "mines N" (N the number of mines, 0 or more) or "mines ?"`},
		{"mines3\n.", `f.txt:1:6: "3" after "mines": expected the header "mines N" (N the number of mines, 0 or more) or "mines ?"`},
		{"1..\n1x.\n", `f.txt:2:2: "x" is not a cell: expected . or -1 (unknown), F (a flag) or a hint 0-8`},
		{"1.9\n", `f.txt:1:3: hint 9: a cell has at most 8 neighbours; expected a hint 0-8`},
		{"1..\n1.\n", `f.txt:2:3: row 1 has 2 cells, the first row (line 1) has 3`},
		{"1..\n\n1...\n", `f.txt:3:4: row 1 has more cells than the first row (line 1), which has 3`},
		{".-\n", `f.txt:1:2: "-" is not a cell: expected . or -1 (unknown), F (a flag) or a hint 0-8`},
		{"mines 1\n.\nmines 1\n", `f.txt:3:1: "m" is not a cell: expected . or -1 (unknown), F (a flag) or a hint 0-8`},
		{".\xff\n", `f.txt:1:2: byte 0xff is not a cell: expected . or -1 (unknown), F (a flag) or a hint 0-8`},
	} {
		_, err := ParseGrid("f.txt", strings.NewReader(tc.in))
		var pe *ParseError
		if assert.True(t, errors.As(err, &pe), "%q: error %v", tc.in, err) {
			assert.Equal(t, tc.want, err.Error(), "%q", tc.in)
		}
	}
	// ParseGrid reads a grid whatever its first line looks like.
	p, err := ParseGrid("f.txt", strings.NewReader("1 2 1\n. . .\n"))
	require.NoError(t, err)
	assert.Equal(t, "mines ?\n121\n...\n", gridText(p))
}

func TestParseSeedsFlagsAndUnknownTotal(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"2 2 ?x\n", `f.txt:1:5: "?x" is not an integer: expected the number of mines in the header "rows cols mines"`},
		{"1 2 1\nF G\n", `f.txt:2:3: "G" is not an integer: expected a cell value -1..8 for cell (0,1)`},
		{"? 2 1\n", `f.txt:1:1: "?" is not an integer: expected the number of rows in the header "rows cols mines"`},
	} {
		_, err := ParsePuzzle("f.txt", strings.NewReader(tc.in))
		require.Error(t, err)
		assert.Equal(t, tc.want, err.Error())
	}
	p, err := ParsePuzzle("f.txt", strings.NewReader("2 2 ?\nF 1\n-1 -1\n"))
	require.NoError(t, err)
	assert.Equal(t, "2 2 ?\n-1 1\n-1 -1\n", p.String(), "the seeds' format writes a flag as -1")
	assert.NoError(t, p.Satisfies([]int{0}))
	assert.NoError(t, p.Satisfies([]int{0, 2, 3}[:1]))
	assert.Error(t, p.Satisfies([]int{2}), "the flag must hold a mine")
}

func TestFlagsOverTotal(t *testing.T) {
	p, err := ParsePuzzle("f.txt", strings.NewReader("mines 1\nFF\n11\n"))
	require.NoError(t, err)
	assert.EqualError(t, p.Validate(), "game: invalid puzzle: 2 flags but only 1 mines")
}

// simpleGrid is an independent reader of the grid: lines split by
// strings, comments cut, the header recognised by its words, each cell
// taken by a regular scan. It reports only whether the text is a valid
// grid of at most maxSimpleCells cells, and the puzzle.
func simpleGrid(text string) (*Puzzle, bool) {
	text = strings.TrimPrefix(text, "\uFEFF")
	mines, header := UnknownMines, false
	var rows [][]Cell
	for _, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(rows) == 0 && !header && strings.HasPrefix(fields[0], "mines") {
			if fields[0] != "mines" || len(fields) != 2 {
				return nil, false
			}
			header = true
			if fields[1] != "?" {
				n, err := strconv.Atoi(fields[1])
				if err != nil || n < 0 || n > MaxCells {
					return nil, false
				}
				mines = n
			}
			continue
		}
		var row []Cell
		s := strings.Join(fields, "")
		for len(s) > 0 {
			switch {
			case strings.HasPrefix(s, "-1"):
				row, s = append(row, Cell{}), s[2:]
			case s[0] == '.':
				row, s = append(row, Cell{}), s[1:]
			case s[0] == 'F':
				row, s = append(row, Cell{State: Flagged}), s[1:]
			case s[0] >= '0' && s[0] <= '8':
				row, s = append(row, HintCell(int(s[0]-'0'))), s[1:]
			default:
				return nil, false
			}
		}
		if len(rows) > 0 && len(row) != len(rows[0]) {
			return nil, false
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, false
	}
	p, err := NewPuzzle(len(rows), len(rows[0]), mines)
	if err != nil {
		return nil, false
	}
	for r, row := range rows {
		copy(p.Cells[r*p.Cols():], row)
	}
	return p, true
}

// FuzzParseGrid checks the grid reader against simpleGrid: the same inputs
// accepted, to the same puzzle; every error a *ParseError; and what parses
// writes back, as a grid and in the seeds' format, to the same puzzle.
func FuzzParseGrid(f *testing.F) {
	for _, s := range []string{"", "mines 3\n1..F\n12..\n", "1..F\n12..\n", "mines ?\n.1\n", "mines\t2\n. 1 -1\n-1 F 0\n",
		"# c\r\n\r\nmines 1 # t\r\n.1\r\nF1\r\n", "\uFEFFF.\n", "1.9\n", "1..\n1.\n", "mines 3 4\n.", "mines3\n.", ".-\n",
		"mines -0\n.", "mines +5\n.....", "mines 99999999999999999999999\n."} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		p, err := ParseGrid("fuzz", bytes.NewReader(in))
		want, ok := simpleGrid(string(in))
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %T %v; want a *ParseError", err, err)
			}
			if ok {
				t.Fatalf("ParseGrid refuses what the simple reader reads: %v\n%q", err, in)
			}
			return
		}
		if !ok {
			t.Fatalf("ParseGrid reads what the simple reader refuses:\n%q\n%s", in, gridText(p))
		}
		if !p.Equal(want) {
			t.Fatalf("ParseGrid and the simple reader differ on %q:\n%s\n%s", in, gridText(p), gridText(want))
		}
		_ = p.Validate() // must not panic
		text := gridText(p)
		q, err := ParsePuzzle("written", strings.NewReader(text))
		if err != nil || !q.Equal(p) {
			t.Fatalf("the written grid reads back differently (%v):\n%s", err, text)
		}
		q, err = ParsePuzzle("written", strings.NewReader(p.String()))
		if err != nil || !q.Equal(unflagged(p)) {
			t.Fatalf("the seeds' format reads back differently (%v):\n%s", err, p.String())
		}
	})
}

// simpleSeeds is an independent reader of the seeds' format: comments
// cut, the rest split by strings.Fields, numbers read by strconv (values
// beyond int64 count as too large). It reports whether the text is a
// valid puzzle, and the puzzle.
func simpleSeeds(text string) (*Puzzle, bool) {
	text = strings.TrimPrefix(text, "\uFEFF")
	var toks []string
	for _, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		toks = append(toks, strings.Fields(line)...)
	}
	num := func(s string) (int, bool) {
		if strings.HasPrefix(s, "+-") || strings.HasPrefix(s, "-+") {
			return 0, false
		}
		v, err := strconv.ParseInt(s, 10, 64)
		if errors.Is(err, strconv.ErrRange) {
			if s[0] == '-' {
				return -numberLimit, true
			}
			return numberLimit, true
		}
		return int(min(max(v, -numberLimit), numberLimit)), err == nil
	}
	if len(toks) < 3 {
		return nil, false
	}
	rows, ok1 := num(toks[0])
	cols, ok2 := num(toks[1])
	if !ok1 || !ok2 || rows <= 0 || cols <= 0 || rows > MaxCells || cols > MaxCells || rows > MaxCells/cols {
		return nil, false
	}
	mines := UnknownMines
	if toks[2] != "?" {
		m, ok := num(toks[2])
		if !ok || m < 0 || m >= numberLimit {
			return nil, false
		}
		mines = m
	}
	if len(toks) != 3+rows*cols {
		return nil, false
	}
	p, err := NewPuzzle(rows, cols, mines)
	if err != nil {
		return nil, false
	}
	for i, s := range toks[3:] {
		if s == "F" {
			p.Cells[i] = Cell{State: Flagged}
			continue
		}
		v, ok := num(s)
		if !ok || v < -1 || v > 8 {
			return nil, false
		}
		if v >= 0 {
			p.Cells[i] = HintCell(v)
		}
	}
	return p, true
}

// FuzzParseSeeds checks ParsePuzzle on the seeds' format against
// simpleSeeds: the same inputs accepted, to the same puzzle. Inputs that
// ParsePuzzle takes for a grid are left to FuzzParseGrid.
func FuzzParseSeeds(f *testing.F) {
	for _, s := range []string{"2 2 1\n1 F\n-1 1\n", "2 2 ?\n1 -1\n-1 -1\n", "\uFEFF1 1 0\n0", "1 1 ?x\n0", "1 2 1 F F",
		"# c\n1 1 1 -1 # x", "2 2 -1\n", "99999999999999999999 1 1", "1 1 99999999999999999999\n-1", "1 1 0\n+0", "1 1 0\n+-0"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if isGrid(bufio.NewReader(bytes.NewReader(bytes.TrimPrefix(in, []byte("\uFEFF"))))) {
			return
		}
		p, err := ParsePuzzle("fuzz", bytes.NewReader(in))
		want, ok := simpleSeeds(string(in))
		switch {
		case err != nil && ok:
			t.Fatalf("ParsePuzzle refuses what the simple reader reads: %v\n%q", err, in)
		case err == nil && !ok:
			t.Fatalf("ParsePuzzle reads what the simple reader refuses:\n%q\n%s", in, gridText(p))
		case err == nil && !p.Equal(want):
			t.Fatalf("ParsePuzzle and the simple reader differ on %q:\n%s\n%s", in, gridText(p), gridText(want))
		}
	})
}
