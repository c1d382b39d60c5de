package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/minesat/minesat/game"
)

// seedPuzzles is the repository's copy of the seed puzzles.
const seedPuzzles = "../../testdata/puzzles/seed"

func TestCNFGolden(t *testing.T) {
	path := filepath.Join(seedPuzzles, "simple4x4.txt")
	r := runCmd(t, "", nil, "cnf", path)
	if r.code != 0 || r.err != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.err)
	}
	checkGolden(t, "cnf/simple4x4.cnf", []byte(r.out))

	// Standard input gives the same formula.
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if in := runCmd(t, string(text), nil, "cnf", "-"); in.out != r.out || in.code != 0 {
		t.Errorf("cnf - < %s: exit %d, output differs from cnf %s", path, in.code, path)
	}
}

// picosat returns the path of Debian's picosat. Without it the test is
// skipped, except under CI (CI set), where .ci/run installs it.
func picosat(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("picosat")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("picosat is not on PATH under CI: .ci/run must install it (apt-get install picosat)")
		}
		t.Skip("picosat is not on PATH; install it with apt-get install picosat")
	}
	return path
}

// runPicosat solves a DIMACS formula; it returns whether it is satisfiable
// and, if so, the model as DIMACS literals.
func runPicosat(t *testing.T, bin, dimacs string) (bool, []int) {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(dimacs)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	status := strings.SplitN(out.String(), "\n", 2)[0]
	switch {
	case code == 20 && status == "s UNSATISFIABLE":
		return false, nil
	case code == 10 && status == "s SATISFIABLE":
	default:
		t.Fatalf("picosat: exit %d, status line %q, stderr %q", code, status, stderr.String())
	}
	var model []int
	for line := range strings.SplitSeq(out.String(), "\n") {
		if !strings.HasPrefix(line, "v ") {
			continue
		}
		for _, f := range strings.Fields(line)[1:] {
			d, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("picosat model line %q: %v", line, err)
			}
			if d != 0 {
				model = append(model, d)
			}
		}
	}
	return true, model
}

// cellsOf reads the "c var v = cell (r,c)" comment lines of a DIMACS file.
func cellsOf(t *testing.T, dimacs string) map[int]game.Pos {
	t.Helper()
	cells := map[int]game.Pos{}
	sc := bufio.NewScanner(strings.NewReader(dimacs))
	for sc.Scan() {
		var v int
		var p game.Pos
		if n, _ := fmt.Sscanf(sc.Text(), "c var %d = cell (%d,%d)", &v, &p.Row, &p.Col); n == 3 {
			cells[v] = p
		}
	}
	return cells
}

// TestCNFPicosat gives every seed puzzle's formula, with each encoding of the
// mine count, to Debian's picosat: the unsolvable case must be
// unsatisfiable, the others satisfiable with a model that, read through the
// "c var" comment lines, is a solution of the puzzle.
func TestCNFPicosat(t *testing.T) {
	bin := picosat(t)
	files, err := filepath.Glob(filepath.Join(seedPuzzles, "*.txt"))
	if err != nil || len(files) != 9 {
		t.Fatalf("found %d seed puzzles (%v); want 9", len(files), err)
	}
	for _, path := range files {
		for _, total := range []string{"auto", "sequential", "totalizer"} {
			t.Run(filepath.Base(path)+"/"+total, func(t *testing.T) {
				r := runCmd(t, "", nil, "cnf", "--total", total, path)
				if r.code != 0 || r.err != "" {
					t.Fatalf("exit %d, stderr %q", r.code, r.err)
				}
				sat, model := runPicosat(t, bin, r.out)
				wantSat := !strings.Contains(path, "unsat")
				if sat != wantSat {
					t.Fatalf("picosat says satisfiable = %v; want %v", sat, wantSat)
				}
				if !sat {
					return
				}
				p := readPuzzle(t, path)
				cells := cellsOf(t, r.out)
				if len(cells) != p.Unknowns() {
					t.Fatalf("%d var comment lines; the puzzle has %d unknown cells", len(cells), p.Unknowns())
				}
				var mines []int
				for _, d := range model {
					if pos, ok := cells[d]; ok && d > 0 {
						mines = append(mines, p.Board.Index(pos))
					}
				}
				if err := p.Satisfies(mines); err != nil {
					t.Errorf("picosat's model is not a solution: %v", err)
				}
			})
		}
	}
}

func readPuzzle(t *testing.T, path string) *game.Puzzle {
	t.Helper()
	p, err := game.ReadPuzzleFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCNFUnsolvable checks that a puzzle that fails game.Puzzle.Validate
// still gives a CNF, an unsatisfiable one, says why and exits 1.
func TestCNFUnsolvable(t *testing.T) {
	tests := []struct{ name, puzzle, warning string }{
		{"hint beyond its neighbours", "2 2 1\n8 -1\n-1 -1",
			"minesat: cnf: <stdin> has no solution: game: invalid puzzle: hint 8 at (0,0) but the cell has only 3 neighbours\n"},
		{"too many mines", "1 3 3\n-1 1 -1",
			"minesat: cnf: <stdin> has no solution: game: invalid puzzle: 3 mines but only 2 unknown cells\n"},
		{"hint beyond its unknown neighbours", "1 3 1\n-1 2 0",
			"minesat: cnf: <stdin> has no solution: a hint or the mine count cannot be met\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, tc.puzzle, nil, "cnf", "-")
			if r.code != 1 || r.err != tc.warning {
				t.Errorf("exit %d, stderr %q; want exit 1 and %q", r.code, r.err, tc.warning)
			}
			if !strings.Contains(r.out, "\n0\n") {
				t.Errorf("no empty clause in\n%s", r.out)
			}
			if _, err := exec.LookPath("picosat"); err == nil {
				if sat, _ := runPicosat(t, "picosat", r.out); sat {
					t.Errorf("picosat finds the formula satisfiable")
				}
			}
		})
	}
}

func TestCNFErrors(t *testing.T) {
	case1 := filepath.Join(seedPuzzles, "case1.txt")
	size8 := filepath.Join(seedPuzzles, "size8-b.txt")
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string // the whole of stderr
	}{
		{"no file", "", nil, 2, "minesat: cnf: want one puzzle file (or - for standard input), got 0 arguments (see 'minesat cnf -h')\n"},
		{"two files", "", []string{case1, case1}, 2, "minesat: cnf: want one puzzle file (or - for standard input), got 2 arguments (see 'minesat cnf -h')\n"},
		{"missing file", "", []string{"testdata/no-such-puzzle.txt"}, 2,
			"minesat: cnf: open testdata/no-such-puzzle.txt: no such file or directory\n"},
		{"not an integer", "2 2 1\n1 -1\n-1 x\n", []string{"-"}, 2,
			"minesat: cnf: <stdin>:3:4: \"x\" is not an integer: expected a cell value -1..8 for cell (1,1)\n"},
		{"hint out of range", "1 2 0\n9 -1\n", []string{"-"}, 2,
			"minesat: cnf: <stdin>:2:1: cell (0,0) is 9: expected -1 (unknown) or a hint 0..8\n"},
		{"empty input", "", []string{"-"}, 2,
			"minesat: cnf: <stdin>:1:1: empty input: expected a header \"rows cols mines\"\n"},
		{"bad encoding", "", []string{"--total", "ladder", case1}, 2,
			"minesat: cnf: --total ladder: want auto, totalizer, sequential or binomial\n"},
		{"binomial too large", "", []string{"--total", "binomial", size8}, 2,
			"minesat: cnf: --total binomial: exactly 20 of 45 cells needs 6212017927170 clauses, more than 1048576; use totalizer or sequential\n"},
		{"too many clauses", "", []string{"--max-clauses", "100", size8}, 3,
			"minesat: cnf: " + size8 + ": the formula would have 269 variables and 2142 clauses, more than --max-clauses 100\n"},
		{"bad flag", "", []string{"--bogus", case1}, 2, "minesat: cnf: unknown flag --bogus (see 'minesat cnf -h')\n"},
		{"negative budget", "", []string{case1, "--max-clauses", "-1"}, 2, "minesat: cnf: --max-clauses -1: want at least 1\n"},
		{"budget not a number", "", []string{case1, "--max-clauses", "lots"}, 2,
			"minesat: cnf: --max-clauses lots: want a whole number (see 'minesat cnf -h')\n"},
		{"budget too large", "", []string{case1, "--max-clauses", "99999999999999999999"}, 2,
			"minesat: cnf: --max-clauses 99999999999999999999: the number is too large (see 'minesat cnf -h')\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, tc.stdin, nil, append([]string{"cnf"}, tc.args...)...)
			if r.code != tc.code {
				t.Errorf("exit %d; want %d (stderr %q)", r.code, tc.code, r.err)
			}
			if tc.want != "" && r.err != tc.want {
				t.Errorf("stderr\n%q; want\n%q", r.err, tc.want)
			}
			if r.out != "" {
				t.Errorf("stdout %q; want nothing", r.out)
			}
		})
	}
}
