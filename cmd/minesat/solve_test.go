package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// parseCells reads "(r,c)(r,c)..." back into row-major indices.
func parseCells(t *testing.T, p *game.Puzzle, s string) []int {
	t.Helper()
	var out []int
	for _, m := range regexp.MustCompile(`\((\d+),(\d+)\)`).FindAllStringSubmatch(s, -1) {
		r, _ := strconv.Atoi(m[1])
		c, _ := strconv.Atoi(m[2])
		out = append(out, p.Board.Index(game.Pos{Row: r, Col: c}))
	}
	if strings.Count(s, "(") != len(out) {
		t.Fatalf("malformed cell list %q", s)
	}
	return out
}

// TestSolveSeeds solves every seed puzzle: a checked solution on one line
// (exit 0), or "no solution" (exit 1) for case5; with --count, the README's
// count.
func TestSolveSeeds(t *testing.T) {
	for k, path := range seedPaths() {
		t.Run(seedFiles[k], func(t *testing.T) {
			p := loadSeedPuzzle(t, k)
			r := runCmd(t, "", nil, "solve", path)
			if seedCounts[k] == 0 {
				if r.out != "no solution\n" || r.code != exitNoSolution || r.err != "" {
					t.Errorf("got %q, stderr %q, exit %d; want \"no solution\", exit 1", r.out, r.err, r.code)
				}
				return
			}
			if r.code != exitOK || strings.Count(r.out, "\n") != 1 {
				t.Fatalf("exit %d, output %q, stderr %q", r.code, r.out, r.err)
			}
			if err := p.Satisfies(parseCells(t, p, r.out)); err != nil {
				t.Errorf("printed solution %q fails: %v", r.out, err)
			}
			for _, method := range []string{"sat", "backtrack"} {
				r = runCmd(t, "", nil, "solve", "--count", "--method", method, path)
				if want := fmt.Sprintf("count: %d\n", seedCounts[k]); !strings.HasSuffix(r.out, want) || r.code != exitOK {
					t.Errorf("--method %s --count: %q, exit %d; want it to end with %q", method, r.out, r.code, want)
				}
			}
		})
	}
}

// TestSolveGolden pins the text and JSON outputs on seed puzzles. JSON's
// elapsed_ms is masked.
func TestSolveGolden(t *testing.T) {
	mask := regexp.MustCompile(`"elapsed_ms":[0-9.e+-]+`)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"case1-all.txt", []string{"--count", "--forced", "--probabilities", "case1.txt"}},
		{"case1-grid.txt", []string{"--grid", "case1.txt"}},
		{"size8-a-all.txt", []string{"--grid", "--count", "--forced", "--probabilities", "size8-a.txt"}},
		{"case5-all.txt", []string{"--count", "--forced", "--probabilities", "case5-unsat.txt"}},
		{"case1.json", []string{"--format", "json", "case1.txt"}},
		{"case1-all.json", []string{"--format", "json", "--count", "--forced", "--probabilities", "case1.txt"}},
		{"case5-all.json", []string{"--format", "json", "--count", "--forced", "--probabilities", "case5-unsat.txt"}},
		{"case5.json", []string{"--format", "json", "case5-unsat.txt"}},
		{"case5-backtrack.json", []string{"--format", "json", "--method", "backtrack", "case5-unsat.txt"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"solve"}, tc.args...)
			args[len(args)-1] = seedPaths()[indexOf(seedFiles, tc.args[len(tc.args)-1])]
			r := runCmd(t, "", nil, args...)
			out := mask.ReplaceAllString(r.out, `"elapsed_ms":0`)
			checkGolden(t, "solve/"+tc.name, []byte(out+fmt.Sprintf("# exit %d\n", r.code)))
		})
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	panic("no " + s)
}

// TestSolveJSON checks the JSON schema on every seed: "count", "forced"
// and "probabilities" present only when asked and known (the count is
// known without a solution, the probabilities not; "forced" is null
// then), the lists of exact.ReportJSON always present, the count as a
// string, a null probability on every hint.
func TestSolveJSON(t *testing.T) {
	for k, path := range seedPaths() {
		p := loadSeedPuzzle(t, k)
		for _, extra := range [][]string{nil, {"--count"}, {"--forced"}, {"--probabilities"}, {"--count", "--forced", "--probabilities"}} {
			args := append(append([]string{"solve", "--format", "json"}, extra...), path)
			r := runCmd(t, "", nil, args...)
			var obj map[string]json.RawMessage
			if err := json.Unmarshal([]byte(r.out), &obj); err != nil {
				t.Fatalf("%v: %v in %q", args, err, r.out)
			}
			asked := map[string]bool{}
			for _, e := range extra {
				asked[strings.TrimPrefix(e, "--")] = true
			}
			sat := seedCounts[k] > 0
			for _, key := range []string{"rows", "cols", "mines", "flags", "unknown", "satisfiable", "solution",
				"forced_mines", "forced_safe", "dead", "elapsed_ms"} {
				if _, ok := obj[key]; !ok {
					t.Errorf("%v: no %q", args, key)
				}
			}
			for _, key := range []string{"count", "forced", "probabilities"} {
				if _, ok := obj[key]; ok != (asked[key] && (sat || key != "probabilities")) {
					t.Errorf("%v: key %q present %v", args, key, ok)
				}
			}
			if want := map[bool]int{true: exitOK, false: exitNoSolution}[sat]; r.code != want {
				t.Errorf("%v: exit %d; want %d", args, r.code, want)
			}
			if asked["count"] {
				var s string
				if err := json.Unmarshal(obj["count"], &s); err != nil || s != fmt.Sprint(seedCounts[k]) {
					t.Errorf("%v: count %s; want the string %q", args, obj["count"], fmt.Sprint(seedCounts[k]))
				}
			}
			if !sat {
				continue
			}
			var sol [][2]int
			if err := json.Unmarshal(obj["solution"], &sol); err != nil {
				t.Fatal(err)
			}
			var mines []int
			for _, rc := range sol {
				mines = append(mines, p.Board.Index(game.PosOf(rc)))
			}
			if err := p.Satisfies(mines); err != nil {
				t.Errorf("%v: %v", args, err)
			}
			if asked["probabilities"] {
				var grid [][]*float64
				if err := json.Unmarshal(obj["probabilities"], &grid); err != nil || len(grid) != p.Rows() {
					t.Fatalf("%v: probabilities %s: %v", args, obj["probabilities"], err)
				}
				for i, c := range p.Cells {
					pr := grid[i/p.Cols()][i%p.Cols()]
					if (pr == nil) != (c.State == game.Revealed) || (pr != nil && (*pr < 0 || *pr > 1 || math.IsNaN(*pr))) {
						t.Errorf("%v: cell %v (%v) probability %v", args, p.Board.Pos(i), c.State, pr)
					}
				}
			}
		}
	}
}

// TestSolveUsage checks bad usage and bad input: exit 2 and a clear
// message.
func TestSolveUsage(t *testing.T) {
	bad := "bad.txt"
	dir := t.TempDir()
	if err := os.WriteFile(dir+"/"+bad, []byte("2 2 1\n0 -1\n9 -1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve"}, "want one puzzle file (or - for standard input), got 0 arguments (see 'minesat solve -h')"},
		{[]string{"solve", "a", "b"}, "got 2 arguments"},
		{[]string{"solve", "--format", "xml", "-"}, `--format "xml"`},
		{[]string{"solve", "--method", "magic", "-"}, `--method "magic"`},
		{[]string{"solve", "--method", "backtrack", "--forced", "-"}, "proves no forced cells"},
		{[]string{"solve", "--timeout", "-1s", "-"}, "--timeout"},
		{[]string{"solve", "--max-states", "0", "-"}, "--max-states"},
		{[]string{"solve", "--bogus", "-"}, "minesat: solve: unknown flag --bogus (see 'minesat solve -h')\n"},
		{[]string{"solve", dir + "/missing.txt"}, "missing.txt"},
		{[]string{"solve", dir + "/" + bad}, bad + ":3:1: cell (1,0) is 9"},
	} {
		r := runCmd(t, "", nil, tc.args...)
		if r.code != exitUsage || !strings.Contains(r.err, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 mentioning %q", tc.args, r.code, r.err, tc.want)
		}
	}
	// Stdin, with an error positioned in it.
	r := runCmd(t, "1 2 1\n0 x\n", nil, "solve", "-")
	if r.code != exitUsage || !strings.Contains(r.err, "<stdin>:2:3") {
		t.Errorf("stdin: exit %d, stderr %q", r.code, r.err)
	}
	// A puzzle that fails Validate has no solution, and says why.
	r = runCmd(t, "1 2 1\n3 -1\n", nil, "solve", "--count", "-")
	if r.code != exitNoSolution || r.out != "no solution\ncount: 0\n" || !strings.Contains(r.err, "hint 3") {
		t.Errorf("invalid puzzle: %q, stderr %q, exit %d", r.out, r.err, r.code)
	}
}

// TestSolveBudgets checks the exit-3 paths: --timeout and --max-states.
func TestSolveBudgets(t *testing.T) {
	p, _, err := game.Generate(120, 120, 2880, game.GenOptions{Reveal: 0.5}, 1)
	if err != nil {
		t.Fatal(err)
	}
	r := runCmd(t, p.String(), nil, "solve", "--count", "--timeout", "1ns", "-")
	if r.code != exitBudget || !strings.Contains(r.err, "gave up after --timeout 1ns") {
		t.Errorf("--timeout: exit %d, stderr %q; want exit 3", r.code, r.err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb strings.Builder
	err = run(ctx, []string{"solve", "--count", "-"}, &stdio{in: strings.NewReader(p.String()), out: &out, err: &errb,
		openInput: func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(p.String())), nil }})
	if exitCode(err) != exitBudget || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("interrupted: %v (exit %d); want exit 3", err, exitCode(err))
	}
	r = runCmd(t, p.String(), nil, "solve", "--probabilities", "--max-states", "10", "-")
	if r.code != exitBudget || !strings.Contains(r.err, "exact: counting budget exhausted: a ") || !strings.Contains(r.err, "(raise --max-states)") {
		t.Errorf("--max-states: exit %d, stderr %q; want exit 3", r.code, r.err)
	}
}

// TestSolveWrongSolutionNeverPrinted replaces the solver with one that
// returns a wrong solution (one mine moved so that a hint breaks) and
// checks that solve prints nothing on stdout and fails, whatever the
// output flags.
func TestSolveWrongSolutionNeverPrinted(t *testing.T) {
	path := seedPaths()[0]
	p := loadSeedPuzzle(t, 0)
	good, ok, err := exact.Solve(context.Background(), p)
	if err != nil || !ok {
		t.Fatalf("exact.Solve: %v, %v", ok, err)
	}
	// Move one mine to the first unknown cell where the layout breaks a hint.
	var wrong []int
	for i, c := range p.Cells {
		if c.State != game.Unknown || slices.Contains(good, i) {
			continue
		}
		w := append(slices.Clone(good[1:]), i)
		slices.Sort(w)
		if p.Satisfies(w) != nil {
			wrong = w
			break
		}
	}
	if wrong == nil || p.Satisfies(wrong) == nil {
		t.Fatalf("the altered solution %v still satisfies the puzzle", wrong)
	}
	defer func(f func(context.Context, *game.Puzzle, *solveFlags) ([]int, bool, int64, error)) { findSolution = f }(findSolution)
	findSolution = func(context.Context, *game.Puzzle, *solveFlags) ([]int, bool, int64, error) {
		return slices.Clone(wrong), true, 0, nil
	}
	for _, args := range [][]string{{}, {"--grid"}, {"--format", "json"}, {"--count", "--forced", "--probabilities"}} {
		r := runCmd(t, "", nil, append(append([]string{"solve"}, args...), path)...)
		if r.out != "" || r.code == exitOK || !strings.Contains(r.err, "fails its check") {
			t.Errorf("solve %v with a wrong solver: stdout %q, stderr %q, exit %d; want no output, an error, a non-zero exit",
				args, r.out, r.err, r.code)
		}
	}
}

// TestSolveGridColor checks that --grid is coloured on a terminal, and not
// with NO_COLOR set, with --no-color, or off a terminal; the text is the
// same once the colour codes are stripped.
func TestSolveGridColor(t *testing.T) {
	ansi := regexp.MustCompile("\x1b\\[[0-9;]*m")
	path := seedPaths()[0]
	run1 := func(tty bool, env map[string]string, args ...string) string {
		var out, errb strings.Builder
		s := &stdio{out: &out, err: &errb, outTTY: tty, getenv: func(k string) string { return env[k] },
			openInput: func(name string) (io.ReadCloser, error) { return os.Open(name) }}
		if err := run(context.Background(), append([]string{"solve", "--grid"}, append(args, path)...), s); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	plain := run1(false, nil)
	for _, tc := range []struct {
		name  string
		tty   bool
		env   map[string]string
		args  []string
		color bool
	}{
		{"terminal", true, nil, nil, true},
		{"NO_COLOR", true, map[string]string{"NO_COLOR": "1"}, nil, false},
		{"--no-color", true, nil, []string{"--no-color"}, false},
		{"pipe", false, nil, nil, false},
	} {
		got := run1(tc.tty, tc.env, tc.args...)
		if ansi.MatchString(got) != tc.color {
			t.Errorf("%s: colour %v; want %v", tc.name, ansi.MatchString(got), tc.color)
		}
		if stripped := ansi.ReplaceAllString(got, ""); stripped != plain {
			t.Errorf("%s: text differs from the plain grid:\n%s\nwant:\n%s", tc.name, stripped, plain)
		}
	}
}

// countdownCtx is a context that is cancelled at its n-th check: its first
// n-1 calls to Err report nothing; from the n-th on, Err reports
// context.Canceled and Done is closed.
type countdownCtx struct {
	context.Context
	left int
	done chan struct{}
}

func newCountdownCtx(n int) *countdownCtx {
	return &countdownCtx{Context: context.Background(), left: n, done: make(chan struct{})}
}

func (c *countdownCtx) Done() <-chan struct{} { return c.done }

func (c *countdownCtx) Err() error {
	if c.left--; c.left == 0 {
		close(c.done)
	}
	if c.left <= 0 {
		return context.Canceled
	}
	return nil
}

// TestSolveCountCancelled cancels solve --count at each of its checks of
// the context in turn, the count's own included (two components, whose
// counts the count multiplies after checking the context): every
// cancellation is reported as an error, never a missing count.
func TestSolveCountCancelled(t *testing.T) {
	p, err := game.ParsePuzzle("two-columns", strings.NewReader("3 5 2\n-1 1 0 1 -1\n-1 1 0 1 -1\n-1 1 0 1 -1\n"))
	require.NoError(t, err)
	f := &solveFlags{count: true, method: "sat", maxStates: exact.DefaultMaxStates}
	for n := 1; ; n++ {
		ctx := newCountdownCtx(n)
		r, err := solvePuzzle(ctx, p, f)
		if ctx.left > 0 { // the context was never cancelled: the whole run
			require.NoError(t, err)
			assert.Equal(t, "1", r.Count.String())
			assert.Greater(t, n, 2, "solve --count checked the context only %d times", n-1)
			return
		}
		assert.ErrorIs(t, err, context.Canceled, "cancelled at check %d", n)
	}
}
