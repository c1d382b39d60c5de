package game

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParsePuzzleErrors is the table of malformed puzzle files and the
// exact message each one gets.
func TestParsePuzzleErrors(t *testing.T) {
	const hdr = ` in the header "rows cols mines"`
	tests := []struct {
		name, in, want string
	}{
		{"empty input", "",
			`f.txt:1:1: empty input: expected a header "rows cols mines"`},
		{"only whitespace", " \n\t\r\n",
			`f.txt:3:1: empty input: expected a header "rows cols mines"`},
		{"only comments", "# a puzzle\n# with nothing in it\n",
			`f.txt:3:1: empty input: expected a header "rows cols mines"`},
		{"header: rows only", "3",
			`f.txt:1:2: unexpected end of input: expected the number of columns` + hdr},
		{"header: no mine count", "3 3\n",
			`f.txt:2:1: unexpected end of input: expected the number of mines` + hdr},
		{"header: word", "rows cols mines\n",
			`f.txt:1:1: "rows" is not an integer: expected the number of rows` + hdr},
		{"header: missing, cells instead", "-1 -1 -1\n",
			`f.txt:1:1: the number of rows must be positive, got -1`},
		{"header: float", "3 3.0 1\n",
			`f.txt:1:3: "3.0" is not an integer: expected the number of columns` + hdr},
		{"zero rows", "0 3 1\n",
			`f.txt:1:1: the number of rows must be positive, got 0`},
		{"negative cols", "3 -2 1\n",
			`f.txt:1:3: the number of columns must be positive, got -2`},
		{"negative mines", "2 2 -1\n-1 -1 -1 -1\n",
			`f.txt:1:5: the number of mines must not be negative, got -1`},
		{"mines past int64", "2 2 99999999999999999999999\n-1 -1 -1 -1\n",
			`f.txt:1:5: the number of mines is 99999999999999999999999: too large for a 2x2 board`},
		{"rows too big", "20000000 1 0\n",
			`f.txt:1:1: the number of rows is 20000000: at most 16777216 cells are supported`},
		{"cells too many for the limit", "4097 4096 0\n",
			`f.txt:1:6: board 4097x4096 has more than 16777216 cells, the supported limit`},
		{"rows*cols overflows int64", "4294967296 4294967296 0\n",
			`f.txt:1:1: the number of rows is 4294967296: at most 16777216 cells are supported`},
		{"sizes past int64", "99999999999999999999 99999999999999999999 0\n",
			`f.txt:1:1: the number of rows is 99999999999999999999: at most 16777216 cells are supported`},
		{"non-integer cell", "2 2 1\n-1 x\n-1 -1\n",
			`f.txt:2:4: "x" is not an integer: expected a cell value -1..8 for cell (0,1)`},
		{"float cell", "2 2 1\n-1 1.5\n-1 -1\n",
			`f.txt:2:4: "1.5" is not an integer: expected a cell value -1..8 for cell (0,1)`},
		{"glued tokens", "2 2 1\n-1-1 -1 -1\n",
			`f.txt:2:1: "-1-1" is not an integer: expected a cell value -1..8 for cell (0,0)`},
		{"lone sign", "2 2 1\n- -1 -1 -1\n",
			`f.txt:2:1: "-" is not an integer: expected a cell value -1..8 for cell (0,0)`},
		{"binary", "\x00\x01",
			`f.txt:1:1: "\x00\x01" is not an integer: expected the number of rows` + hdr},
		{"value below -1", "2 2 1\n-1 -2\n-1 -1\n",
			`f.txt:2:4: cell (0,1) is -2: expected -1 (unknown) or a hint 0..8`},
		{"value above 8", "2 2 1\n-1 -1\n-1 9\n",
			`f.txt:3:4: cell (1,1) is 9: expected -1 (unknown) or a hint 0..8`},
		{"huge cell value", "1 1 0\n123456789012345678901234567890\n",
			`f.txt:2:1: cell (0,0) is 123456789012345678901234567890: expected -1 (unknown) or a hint 0..8`},
		{"long token, letter past the kept prefix", "1 1 0\n" + strings.Repeat("0", 70) + "x\n",
			`f.txt:2:1: "` + strings.Repeat("0", 64) + `..." is not an integer: expected a cell value -1..8 for cell (0,0)`},
		{"long token, digit past the kept prefix", "1 1 0\n-" + strings.Repeat("0", 70) + "5\n",
			`f.txt:2:1: cell (0,0) is -` + strings.Repeat("0", 63) + `...: expected -1 (unknown) or a hint 0..8`},
		{"long header token", "1" + strings.Repeat("0", 80) + " 1 0\n",
			`f.txt:1:1: the number of rows is 1` + strings.Repeat("0", 63) + `...: at most 16777216 cells are supported`},
		{"too few cells", "2 2 1\n-1 -1\n-1\n",
			`f.txt:4:1: unexpected end of input: expected 4 cells (rows*cols = 2*2), got 3`},
		{"too few cells, no final newline", "2 2 1\n-1 -1\n-1",
			`f.txt:3:3: unexpected end of input: expected 4 cells (rows*cols = 2*2), got 3`},
		{"too many cells", "2 2 1\n-1 -1\n-1 -1\n0\n",
			`f.txt:4:1: too many cells: expected 4 (rows*cols = 2*2), found more, starting with "0"`},
		{"too many cells: a second puzzle", "1 1 0\n0\n1 1 0\n0\n",
			`f.txt:3:1: too many cells: expected 1 (rows*cols = 1*1), found more, starting with "1"`},
		{"CRLF, error on the last line", "2 2 1\r\n-1 -1\r\n-1 9\r\n",
			`f.txt:3:4: cell (1,1) is 9: expected -1 (unknown) or a hint 0..8`},
		{"comments before the error", "# c\n2 2 1 # header\n-1 -1 # row 0\n-1 x # row 1\n",
			`f.txt:4:4: "x" is not an integer: expected a cell value -1..8 for cell (1,1)`},
		{"tabs count as one column", "2\t2\t1\n-1\t-1\n\t-1\tz\n",
			`f.txt:3:5: "z" is not an integer: expected a cell value -1..8 for cell (1,1)`},
		{"a huge header and one cell", "4096 4096 0\n-1\n",
			`f.txt:3:1: unexpected end of input: expected 16777216 cells (rows*cols = 4096*4096), got 1`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParsePuzzle("f.txt", strings.NewReader(tc.in))
			require.Error(t, err, "parsed %q as\n%v", tc.in, p)
			assert.EqualError(t, err, tc.want)
			var pe *ParseError
			if assert.ErrorAs(t, err, &pe) {
				assert.Equal(t, "f.txt", pe.File)
			}
		})
	}
}

// TestParsePuzzleNoEarlyAllocation checks that a short file with the largest
// header allowed costs memory in proportion to its length, not to the size
// it announces (16M cells would take over 500 MB of neighbour tables).
func TestParsePuzzleNoEarlyAllocation(t *testing.T) {
	in := "4096 4096 0\n" + strings.Repeat("-1 ", 1000)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := ParsePuzzle("big.txt", strings.NewReader(in))
	runtime.ReadMemStats(&after)
	require.Error(t, err, "parsed a truncated 4096x4096 puzzle")
	assert.LessOrEqual(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes ParsePuzzle allocated for a %d-byte file", len(in))
}

func TestParsePuzzleReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader("2 2 1\n-1 "), iotest.ErrReader(boom))
	_, err := ParsePuzzle("f.txt", r)
	if assert.ErrorIs(t, err, boom) {
		assert.True(t, strings.HasPrefix(err.Error(), "f.txt: "), "error %v; want it prefixed with the file name", err)
	}
}

func TestParsePuzzleAccepts(t *testing.T) {
	want := mustParse(t, 3, `
		? 1 ?
		2 ? 0`)
	tests := []struct{ name, in string }{
		{"grid", "2 3 3\n-1 1 -1\n2 -1 0\n"},
		{"one line", "2 3 3 -1 1 -1 2 -1 0"},
		{"CRLF", "2 3 3\r\n-1 1 -1\r\n2 -1 0\r\n"},
		{"CR only between tokens", "2 3 3\r-1 1 -1\r2 -1 0"},
		{"tabs and blank lines", "\n\n2\t3\t3\n\n-1\t1\t-1\n2\t-1\t0\n\n"},
		{"comments", "# made by hand\n2 3 3 # rows cols mines\n-1 1 -1 # row 0\n# between rows\n2 -1 0#glued\n# end"},
		{"column per line", "2\n3\n3\n-1\n1\n-1\n2\n-1\n0\n"},
		{"signs and zeros", "+2 03 3\n-1 +1 -1\n2 -1 -0\n"},
		{"leading zeros past the kept prefix", "2 3 3\n-1 1 -1\n2 -" + strings.Repeat("0", 80) + "1 0\n"},
		{"form feed and vertical tab", "2 3 3\f-1 1 -1\v2 -1 0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParsePuzzle("f.txt", strings.NewReader(tc.in))
			require.NoError(t, err)
			assert.True(t, p.Equal(want), "parsed\n%v\nwant\n%v", p, want)
		})
	}
}

// TestSeedPuzzlesRoundTrip parses every seed puzzle, writes it back, and
// checks that the text and the puzzle survive.
func TestSeedPuzzlesRoundTrip(t *testing.T) {
	files, err := filepath.Glob("../testdata/puzzles/seed/*.txt")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 9, "seed puzzles")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			text, err := os.ReadFile(f)
			require.NoError(t, err)
			p, err := ParsePuzzle(f, bytes.NewReader(text))
			require.NoError(t, err)
			var buf bytes.Buffer
			n, err := p.WriteTo(&buf)
			require.NoError(t, err)
			require.Equal(t, int64(buf.Len()), n, "bytes WriteTo reports")
			assert.Equal(t, strings.Fields(string(text)), strings.Fields(buf.String()), "written tokens against the file's")
			q, err := ParsePuzzle("again", &buf)
			require.NoError(t, err)
			assert.True(t, q.Equal(p), "parse(write(p)) != p")
			assert.NoError(t, p.Validate())
		})
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		p    *Puzzle
		want string // "" for valid
	}{
		{"valid", mustParse(t, 2, "1?\n??"), ""},
		{"no mines", mustParse(t, 0, "00\n00"), ""},
		{"every unknown a mine", mustParse(t, 3, "3?\n??"), ""},
		{"flags count as room", mustParse(t, 2, "2F\nF0"), ""},
		{"hint above corner neighbours", mustParse(t, 3, "4?\n??"),
			"game: invalid puzzle: hint 4 at (0,0) but the cell has only 3 neighbours"},
		{"hint above edge neighbours", mustParse(t, 1, "?6?\n???"),
			"game: invalid puzzle: hint 6 at (0,1) but the cell has only 5 neighbours"},
		{"hint on a 1x1 board", mustParse(t, 0, "1"),
			"game: invalid puzzle: hint 1 at (0,0) but the cell has only 0 neighbours"},
		{"hint 8 on a line", mustParse(t, 2, "?8?"),
			"game: invalid puzzle: hint 8 at (0,1) but the cell has only 2 neighbours"},
		{"more mines than unknowns", mustParse(t, 3, "1?\n?1"),
			"game: invalid puzzle: 3 mines but only 2 unknown cells"},
		{"mines on a fully revealed board", mustParse(t, 1, "00\n00"),
			"game: invalid puzzle: 1 mines but only 0 unknown cells"},
		{"more flags than mines", mustParse(t, 1, "FF\n??"),
			"game: invalid puzzle: 2 flags but only 1 mines"},
		{"negative mines", &Puzzle{Board: MustBoard(1, 1), Mines: -1, Cells: make([]Cell, 1)},
			"game: invalid puzzle: negative mine count -1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.p.Validate()
			if tc.want == "" {
				assert.NoError(t, err)
			} else {
				assert.EqualError(t, err, tc.want)
			}
		})
	}
}

// TestValidateParsed checks the file-level promise: a puzzle that parses but
// cannot be solved on its face is reported by Validate, never by a crash.
func TestValidateParsed(t *testing.T) {
	for _, in := range []string{"1 2 0\n2 -1\n", "2 2 3\n1 -1\n-1 1\n", "1 1 5\n-1\n", "3 3 0\n8 8 8\n8 8 8\n8 8 8\n"} {
		p, err := ParsePuzzle("f.txt", strings.NewReader(in))
		require.NoError(t, err, "%q", in)
		err = p.Validate()
		if assert.Error(t, err, "%q: Validate()", in) {
			assert.True(t, strings.HasPrefix(err.Error(), "game: invalid puzzle: "), "%q: Validate() = %v; want an invalid puzzle error", in, err)
		}
	}
}

func TestSatisfies(t *testing.T) {
	p := mustParse(t, 2, `
		1 ? ?
		? ? 1
		F ? ?`)
	b := p.Board
	idx := func(ps ...Pos) []int {
		var out []int
		for _, q := range ps {
			out = append(out, b.Index(q))
		}
		return out
	}
	tests := []struct {
		name  string
		mines []int
		want  string
	}{
		{"solution", idx(Pos{2, 0}, Pos{1, 1}), ""},
		// (0,0)=1 sees (1,1); (1,2)=1 sees (1,1) too, and the flag (2,0) is a mine.
		{"too few", idx(Pos{2, 0}), "game: solution has 1 mines, the puzzle 2"},
		{"on a hint", idx(Pos{2, 0}, Pos{0, 0}), "game: solution puts a mine on hint (0,0)"},
		{"twice", idx(Pos{1, 1}, Pos{1, 1}), "game: solution lists (1,1) twice"},
		{"off the board", []int{4, 9}, "game: solution cell 9 is off the board"},
		{"hint wrong", idx(Pos{2, 0}, Pos{2, 2}), "game: hint 1 at (0,0) sees 0 mines"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := p.Satisfies(tc.mines)
			if tc.want == "" {
				assert.NoError(t, err, "Satisfies(%v)", tc.mines)
			} else {
				assert.EqualError(t, err, tc.want, "Satisfies(%v)", tc.mines)
			}
		})
	}
}

func TestSatisfiesFlag(t *testing.T) {
	p := mustParse(t, 1, "F??")
	assert.EqualError(t, p.Satisfies([]int{2}), "game: solution leaves flagged (0,0) without a mine")
	assert.NoError(t, p.Satisfies([]int{0}))
}

func TestWriteToFlags(t *testing.T) {
	p := mustParse(t, 2, "1F\n?0")
	assert.Equal(t, "2 2 2\n1 -1\n-1 0\n", p.String(), "flags are written as -1")
}

func ExampleParsePuzzle() {
	const file = `# a 3x3 puzzle with 2 mines
3 3 2
-1  1 -1
 1  2 -1
-1 -1 -1
`
	p, err := ParsePuzzle("example.txt", strings.NewReader(file))
	if err != nil {
		panic(err)
	}
	fmt.Println(p.Rows(), p.Cols(), p.Mines, p.Unknowns(), p.At(Pos{1, 1}))
	p.WriteTo(os.Stdout)

	_, err = ParsePuzzle("bad.txt", strings.NewReader("3 3 2\n-1 1 9\n"))
	fmt.Println(err)
	// Output:
	// 3 3 2 6 {revealed 2}
	// 3 3 2
	// -1 1 -1
	// 1 2 -1
	// -1 -1 -1
	// bad.txt:2:6: cell (0,2) is 9: expected -1 (unknown) or a hint 0..8
}

// FuzzParsePuzzle checks that parsing never panics, that whatever parses
// writes back to text that parses to the same puzzle, and that writing is a
// fixed point after one round.
func FuzzParsePuzzle(f *testing.F) {
	files, _ := filepath.Glob("../testdata/puzzles/seed/*.txt")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{"", "1 1 0\n0", "2 2 1\r\n-1 -1\r\n-1 1\r\n", "# c\n1 1 1 -1 # x", "3 3 9\n8 8 8 8 8 8 8 8 8",
		"4096 4096 0\n-1", "2 2 -1\n", "99999999999999999999 1 1", "1 1 0\n+0"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		p, err := ParsePuzzle("fuzz", bytes.NewReader(in))
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %T %v; want a *ParseError", err, err)
			}
			return
		}
		_ = p.Validate() // must not panic
		text := p.String()
		q, err := ParsePuzzle("written", strings.NewReader(text))
		if err != nil {
			t.Fatalf("written puzzle does not parse: %v\n%s", err, text)
		}
		p = unflagged(p) // the seeds' format writes a flag as -1
		if !q.Equal(p) {
			t.Fatalf("parse(write(p)) != p:\n%s\n%s", text, q)
		}
		if again := q.String(); again != text {
			t.Fatalf("write is not a fixed point:\n%s\n%s", text, again)
		}
	})
}

func TestReadPuzzleFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	require.NoError(t, os.WriteFile(bad, []byte("2 2 1\n-1 9\n0 0\n"), 0o644))
	_, err := ReadPuzzleFile(bad)
	if assert.Error(t, err) {
		assert.True(t, strings.HasPrefix(err.Error(), bad+":2:4: "), "ReadPuzzleFile(bad) error = %v; want it to name %s:2:4", err, bad)
	}
	_, err = ReadPuzzleFile(filepath.Join(dir, "missing.txt"))
	assert.ErrorIs(t, err, os.ErrNotExist)
	p, err := ReadPuzzleFile(filepath.Join("..", "testdata", "puzzles", "seed", "case1.txt"))
	require.NoError(t, err)
	assert.Equal(t, [3]int{6, 6, 10}, [3]int{p.Rows(), p.Cols(), p.Mines}, "case1: rows, cols, mines")
}
