package cnf

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/puzzletest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestWriteDIMACSGolden writes puzzles as DIMACS and compares with
// testdata/*.cnf; run with -update to rewrite them after a deliberate change.
func TestWriteDIMACSGolden(t *testing.T) {
	tests := []struct {
		name   string
		puzzle string // a seed file name, or the puzzle text
		total  Encoding
	}{
		{"simple4x4", "simple4x4.txt", Auto},
		{"case1-totalizer", "case1.txt", Totalizer},
		{"case1-sequential", "case1.txt", Sequential},
		{"flags", "3 3 3\n1 F -1\n-1 -1 2\nF -1 -1", Totalizer},
		{"infeasible", "1 3 2\n-1 3 -1", Auto},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPuzzleOrSeed(t, tt.puzzle)
			pr := NewProblem(p)
			var buf bytes.Buffer
			require.NoError(t, pr.WriteDIMACS(&buf, tt.total))
			golden := filepath.Join("testdata", tt.name+".cnf")
			if *update {
				require.NoError(t, os.WriteFile(golden, buf.Bytes(), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err)
			if got := buf.String(); got != string(want) {
				t.Errorf("DIMACS differs from %s (run go test -update after a deliberate change):\n%s", golden, diffLines(got, string(want)))
			}
			// The output reads back as the same formula, and its comments
			// map every cell variable to its cell.
			comments, back := readDIMACS(t, buf.String())
			f := pr.Formula(tt.total)
			require.Equal(t, [2]int{f.NumVars(), f.Len()}, [2]int{back.NumVars(), back.Len()}, "variables and clauses read back")
			for i, c := range f.Clauses() {
				assert.Equal(t, fmt.Sprint(c), fmt.Sprint(back.Clause(i)), "clause %d read back", i)
			}
			for v := 1; v <= pr.NumVars(); v++ {
				line := fmt.Sprintf("var %d = cell %v", v, pr.Pos(Var(v)))
				assert.Contains(t, comments, "\n"+line+"\n", "the comment line for variable %d", v)
			}
		})
	}
}

func mustPuzzleOrSeed(t *testing.T, s string) *game.Puzzle {
	t.Helper()
	if strings.HasSuffix(s, ".txt") {
		return puzzletest.Seed(t, s)
	}
	return puzzletest.Parse(t, s)
}

// readDIMACS parses DIMACS CNF strictly: comments, then one header, then
// clauses of literals in range, each ending in 0, as many as announced. It
// returns the comment lines (newline-joined, with a leading and trailing
// newline) and the formula.
func readDIMACS(t *testing.T, text string) (string, *Formula) {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(text))
	comments := "\n"
	var f *Formula
	want := 0
	for sc.Scan() {
		line := sc.Text()
		switch {
		case f == nil && (line == "c" || strings.HasPrefix(line, "c ")):
			comments += strings.TrimPrefix(strings.TrimPrefix(line, "c"), " ") + "\n"
		case f == nil:
			var v int
			if _, err := fmt.Sscanf(line, "p cnf %d %d", &v, &want); err != nil {
				t.Fatalf("header %q: %v", line, err)
			}
			f = NewFormula(v)
		default:
			fields := strings.Fields(line)
			if len(fields) == 0 || fields[len(fields)-1] != "0" {
				t.Fatalf("clause line %q does not end in 0", line)
			}
			var c []Lit
			for _, s := range fields[:len(fields)-1] {
				d, err := strconv.Atoi(s)
				if err != nil || d == 0 || max(d, -d) > f.NumVars() {
					t.Fatalf("clause line %q: bad literal %q", line, s)
				}
				c = append(c, LitOf(d))
			}
			f.Add(c...)
		}
	}
	if f == nil {
		t.Fatalf("no header")
	}
	if f.Len() != want {
		t.Fatalf("header announces %d clauses, found %d", want, f.Len())
	}
	return comments, f
}

// diffLines reports the first differing line of got and want.
func diffLines(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d: got %q; want %q", i+1, gl, wl)
		}
	}
	return "(no line differs)"
}

func TestWriteDIMACSComments(t *testing.T) {
	f := NewFormula(2)
	f.Add(LitOf(1), LitOf(-2))
	f.Add()
	var buf bytes.Buffer
	require.NoError(t, f.WriteDIMACS(&buf, "two\nlines", "", "last"))
	assert.Equal(t, "c two\nc lines\nc\nc last\np cnf 2 2\n1 -2 0\n0\n", buf.String())
}

type failWriter struct{ after int }

var errDiskFull = errors.New("disk full")

func (w *failWriter) Write(p []byte) (int, error) {
	if w.after < len(p) {
		n := max(w.after, 0)
		w.after = 0
		return n, errDiskFull
	}
	w.after -= len(p)
	return len(p), nil
}

// TestWriteDIMACSError checks that a failing writer's error comes back
// wrapped, whether it fails at the first byte or deep into the clauses.
func TestWriteDIMACSError(t *testing.T) {
	pr := NewProblem(puzzletest.Seed(t, "size8-b.txt"))
	for _, after := range []int{0, 100, 10000} {
		err := pr.WriteDIMACS(&failWriter{after: after}, Totalizer)
		if assert.ErrorIs(t, err, errDiskFull, "failing after %d bytes", after) {
			assert.True(t, strings.HasPrefix(err.Error(), "cnf: "), "failing after %d bytes: %v; want the cnf: prefix", after, err)
		}
	}
}
