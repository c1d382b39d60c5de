package main

import (
	"context"
	"flag"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/minesat/minesat/backtrack"
	"github.com/minesat/minesat/game"
)

// seedFiles are the seed puzzles, in the order of the table below.
var seedFiles = []string{"case1.txt", "case2.txt", "case3.txt", "case4.txt", "case5-unsat.txt",
	"simple4x4.txt", "size6.txt", "size8-a.txt", "size8-b.txt"}

// seedCounts are their numbers of solutions (testdata/puzzles/seed/README.md).
var seedCounts = []int64{8, 2, 9, 2, 0, 1, 1, 1274, 13920}

func seedPaths() []string {
	var out []string
	for _, f := range seedFiles {
		out = append(out, filepath.Join("..", "..", "testdata", "puzzles", "seed", f))
	}
	return out
}

func loadSeedPuzzle(t *testing.T, k int) *game.Puzzle {
	t.Helper()
	return readPuzzle(t, seedPaths()[k])
}

func parseBacktrackFlags(t *testing.T, args ...string) (*backtrackFlags, error) {
	t.Helper()
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f := addBacktrackFlags(fs)
	return f, fs.Parse(args)
}

func TestBacktrackFlags(t *testing.T) {
	tests := []struct {
		args []string
		want backtrack.Options
	}{
		{nil, backtrack.Options{Order: backtrack.OrderMRVDegree, FC: true, MaxNodes: backtrack.DefaultMaxNodes}},
		{[]string{"--order", "none", "--fc=false"}, backtrack.Options{MaxNodes: backtrack.DefaultMaxNodes}},
		{[]string{"--order", "degree", "--value", "lcv", "--max-nodes", "7"}, backtrack.Options{Order: backtrack.OrderDegree, Value: backtrack.ValueLCV, FC: true, MaxNodes: 7}},
		{[]string{"--order=mrv", "--fc=true"}, backtrack.Options{Order: backtrack.OrderMRV, FC: true, MaxNodes: backtrack.DefaultMaxNodes}},
	}
	for _, tc := range tests {
		f, err := parseBacktrackFlags(t, tc.args...)
		if err != nil {
			t.Errorf("%v: %v", tc.args, err)
			continue
		}
		if got, err := f.options(); err != nil || got != tc.want {
			t.Errorf("%v: options %+v, %v; want %+v", tc.args, got, err, tc.want)
		}
	}
	for _, bad := range [][]string{{"--order", "fastest"}, {"--value", "mine-first"}, {"--fc=maybe"}} {
		if _, err := parseBacktrackFlags(t, bad...); err == nil {
			t.Errorf("%v parsed", bad)
		}
	}
	f, _ := parseBacktrackFlags(t, "--max-nodes", "0")
	if _, err := f.options(); exitCode(err) != exitUsage {
		t.Errorf("--max-nodes 0: %v; want a usage error", err)
	}
}

// TestSolveBacktrack runs the solve hook on the seed puzzles: a valid
// solution, or ok false for case5; and exit 3 with "gave up after N nodes"
// when the budget runs out.
func TestSolveBacktrack(t *testing.T) {
	for k := range seedFiles {
		p := loadSeedPuzzle(t, k)
		for _, args := range [][]string{nil, {"--order", "none", "--fc=false"}, {"--value", "lcv"}} {
			f, _ := parseBacktrackFlags(t, args...)
			mines, ok, nodes, err := solveBacktrack(context.Background(), p, f)
			if err != nil || ok != (seedCounts[k] > 0) || nodes <= 0 {
				t.Errorf("%s %v: ok %v, %d nodes, %v", seedFiles[k], args, ok, nodes, err)
			}
			if ok {
				if err := p.Satisfies(mines); err != nil {
					t.Errorf("%s %v: %v", seedFiles[k], args, err)
				}
			}
			if testing.Short() && seedCounts[k] > 10000 {
				continue // millions of nodes: seconds under -race
			}
			n, _, err := countBacktrack(context.Background(), p, f)
			if err != nil || n != seedCounts[k] {
				t.Errorf("%s %v: count %d, %v; want %d", seedFiles[k], args, n, err, seedCounts[k])
			}
		}
	}
	f, _ := parseBacktrackFlags(t, "--order", "none", "--fc=false", "--max-nodes", "50")
	_, _, nodes, err := solveBacktrack(context.Background(), loadSeedPuzzle(t, 8), f)
	if exitCode(err) != exitBudget || nodes != 50 || !strings.Contains(err.Error(), "gave up after 50 nodes") {
		t.Errorf("budget: %d nodes, %v (exit %d); want exit 3, gave up after 50 nodes", nodes, err, exitCode(err))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, _, err := solveBacktrack(ctx, loadSeedPuzzle(t, 0), f); exitCode(err) != exitBudget {
		t.Errorf("cancelled: %v; want exit 3", err)
	}
}

// TestSolveBacktrackTimeout checks that --timeout stopping the backtracking
// search reports the nodes it did, "gave up after N nodes (--timeout D)",
// with exit 3, while sat keeps "gave up after --timeout D". The puzzle has
// far too many solutions to enumerate before the timeout, and is read well
// within it; sat's solver is replaced by one that never answers.
func TestSolveBacktrackTimeout(t *testing.T) {
	p, _, err := game.Generate(120, 120, 2880, game.GenOptions{Reveal: 0.5}, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer func(f func(context.Context, *game.Puzzle, *solveFlags) ([]int, bool, int64, error)) { findSolution = f }(findSolution)
	// solve leaves sat's goroutine behind when the timeout fires; satDone
	// orders its last read of findSolution before the deferred restore.
	satDone := make(chan struct{})
	findSolution = func(ctx context.Context, p *game.Puzzle, f *solveFlags) ([]int, bool, int64, error) {
		if f.method == "sat" {
			defer close(satDone)
			<-ctx.Done()
			return nil, false, 0, ctx.Err()
		}
		return solveMethod(ctx, p, f)
	}
	tests := []struct {
		method string
		want   *regexp.Regexp
	}{
		{"backtrack", regexp.MustCompile(`^minesat: solve: <stdin>: gave up after [0-9]+ nodes \(--timeout 300ms\)\n$`)},
		{"sat", regexp.MustCompile(`^minesat: solve: <stdin>: gave up after --timeout 300ms\n$`)},
	}
	for _, tc := range tests {
		t.Run(tc.method, func(t *testing.T) {
			r := runCmd(t, p.String(), nil, "solve", "--method", tc.method, "--count", "--timeout", "300ms", "-")
			if r.code != exitBudget || !tc.want.MatchString(r.err) || r.out != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 3 and stderr matching %s", r.code, r.out, r.err, tc.want)
			}
		})
	}
	select {
	case <-satDone:
	case <-time.After(10 * time.Second):
		t.Fatal("sat's search still running 10 s after its timeout")
	}
}

// TestSolveBacktrackMaxNodes checks that an exhausted node budget names the
// file and the budget, with exit 3, when solving and when counting.
func TestSolveBacktrackMaxNodes(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "puzzles", "seed", "size8-b.txt")
	for _, args := range [][]string{{}, {"--count"}} {
		r := runCmd(t, "", nil, append(append([]string{"solve", "--method", "backtrack", "--max-nodes", "5"}, args...), file)...)
		want := "minesat: solve: " + file + ": gave up after 5 nodes (--max-nodes 5)\n"
		if r.code != exitBudget || r.err != want || r.out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 3 and %q", args, r.code, r.out, r.err, want)
		}
	}
}
