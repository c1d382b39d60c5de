package compare

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/backtrack"
	"github.com/minesat/minesat/game"
)

// seedFiles are the seed puzzles, in the order of the table below.
var seedFiles = []string{"case1.txt", "case2.txt", "case3.txt", "case4.txt", "case5-unsat.txt",
	"simple4x4.txt", "size6.txt", "size8-a.txt", "size8-b.txt"}

// seedCounts are their numbers of solutions (testdata/puzzles/seed/README.md).
var seedCounts = []int64{8, 2, 9, 2, 0, 1, 1, 1274, 13920}

// seeds returns the seed puzzles k of seedFiles, all without k.
func seeds(t *testing.T, k ...int) []Puzzle {
	t.Helper()
	if k == nil {
		for i := range seedFiles {
			k = append(k, i)
		}
	}
	var out []Puzzle
	for _, i := range k {
		p, err := game.ReadPuzzleFile(filepath.Join("..", "testdata", "puzzles", "seed", seedFiles[i]))
		require.NoError(t, err)
		out = append(out, Puzzle{Name: seedFiles[i], Puzzle: p})
	}
	return out
}

func methods(t *testing.T, list string, maxNodes int64) []Solver {
	t.Helper()
	m, err := ParseSolvers(list, maxNodes)
	require.NoError(t, err)
	return m
}

// TestRunSeeds runs every default method on the seed puzzles: each one
// solves the satisfiable ones and proves case5 unsatisfiable, and the
// totals add up.
func TestRunSeeds(t *testing.T) {
	rep, err := Run(context.Background(), seeds(t), Options{Timeout: 0})
	require.NoError(t, err)
	names := strings.Split(DefaultSolvers, ",")
	require.Len(t, rep.Runs, len(seedFiles)*len(names))
	for k, run := range rep.Runs {
		file, m := k/len(names), names[k%len(names)]
		want := Solved
		if seedCounts[file] == 0 {
			want = NoSolution
		}
		assert.Equal(t, [3]string{seedFiles[file], m, string(want)}, [3]string{run.File, run.Solver, string(run.Outcome)}, "run %d", k)
		assert.Equal(t, m == "sat", run.Nodes == nil, "run %d (%s): nodes %v", k, m, run.Nodes)
		assert.True(t, run.VsSat != nil && run.Seconds >= 0, "run %d: seconds %v, vs_sat %v", k, run.Seconds, run.VsSat)
	}
	assert.Zero(t, rep.Wrong())
	for k, tot := range rep.Totals {
		assert.Equal(t, Total{Solver: names[k], Puzzles: 9, Solved: 8, NoSolution: 1},
			Total{Solver: tot.Solver, Puzzles: tot.Puzzles, Solved: tot.Solved, NoSolution: tot.NoSolution, GaveUp: tot.GaveUp, Wrong: tot.Wrong})
		var nodes int64
		var secs float64
		for _, run := range rep.Runs {
			if run.Solver == tot.Solver {
				if run.Nodes != nil {
					nodes += *run.Nodes
				}
				secs += run.Seconds
			}
		}
		if tot.Nodes != nil {
			assert.Equal(t, nodes, *tot.Nodes, "%s: total nodes", tot.Solver)
		}
		assert.InDelta(t, secs, tot.Seconds, 1e-6, "%s: total seconds", tot.Solver)
	}
}

// TestRunAll enumerates every solution of the seed puzzles with the
// backtracking combinations, counts them with sat (exact.Count), and checks
// the known counts.
func TestRunAll(t *testing.T) {
	ps := seeds(t)
	if testing.Short() {
		ps = ps[:8] // size8-b's 13920 solutions take seconds under -race
	}
	// Plain bt and lcv need over 10M nodes for size8-b's 13920 solutions;
	// package backtrack counts them with every combination.
	ms := methods(t, "sat,bt+fc,mrv,mrv+fc,degree,degree+fc,lcv+fc,mrv+degree,mrv+degree+lcv+fc", backtrack.DefaultMaxNodes)
	rep, err := Run(context.Background(), ps, Options{Solvers: ms, All: true})
	require.NoError(t, err)
	for k, run := range rep.Runs {
		want := seedCounts[k/len(ms)]
		assert.Equal(t, want, run.Solutions, "%s %s", run.File, run.Solver)
		assert.Equal(t, want == 0, run.Outcome == NoSolution, "%s %s: outcome %s", run.File, run.Solver, run.Outcome)
	}
}

// TestRunGaveUp checks that a run over its node budget gave up with
// exactly the budget's nodes, and that a timeout is the other budget.
func TestRunGaveUp(t *testing.T) {
	size8b := seeds(t, 8)
	rep, err := Run(context.Background(), size8b, Options{Solvers: methods(t, "bt,degree+fc", 1000)})
	require.NoError(t, err)
	assert.Equal(t, GaveUp, rep.Runs[0].Outcome)
	assert.Equal(t, int64(1000), *rep.Runs[0].Nodes)
	assert.Equal(t, 1, rep.Totals[0].GaveUp)
	assert.Equal(t, Solved, rep.Runs[1].Outcome, "degree+fc solves within 1000 nodes")

	rep, err = Run(context.Background(), size8b, Options{Solvers: methods(t, "bt", 1e9), All: true, Timeout: 1e6})
	require.NoError(t, err)
	assert.Equal(t, GaveUp, rep.Runs[0].Outcome, "bt --all with a 1ms timeout")
}

// TestRunRepeat checks that Repeat keeps the deterministic columns.
func TestRunRepeat(t *testing.T) {
	ms := methods(t, "bt,mrv+fc", backtrack.DefaultMaxNodes)
	once, err := Run(context.Background(), seeds(t, 7), Options{Solvers: ms})
	require.NoError(t, err)
	many, err := Run(context.Background(), seeds(t, 7), Options{Solvers: ms, Repeat: 5})
	require.NoError(t, err)
	require.Len(t, many.Runs, 2)
	for k := range many.Runs {
		assert.Equal(t, *once.Runs[k].Nodes, *many.Runs[k].Nodes)
		assert.Equal(t, once.Runs[k].Outcome, many.Runs[k].Outcome)
	}
}

// TestRunInterrupted checks that a cancelled comparison stops after the
// run in progress, with an error wrapping the context's, and that a puzzle
// without a mine total is refused before any run.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, err := Run(ctx, seeds(t, 0, 1), Options{Solvers: methods(t, "sat,mrv+fc", 10)})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Len(t, rep.Runs, 1)

	p, err := game.ParsePuzzle("q", strings.NewReader("1 2 ?\n-1 1\n"))
	require.NoError(t, err)
	_, err = Run(context.Background(), []Puzzle{{Name: "q", Puzzle: p}}, Options{})
	assert.ErrorContains(t, err, "compare: q: the mine total is unknown (?): the backtracking search bt needs it")
	rep, err = Run(context.Background(), []Puzzle{{Name: "q", Puzzle: p}}, Options{Solvers: methods(t, "sat", 10)})
	require.NoError(t, err, "sat needs no total")
	assert.Equal(t, Solved, rep.Runs[0].Outcome)
}

func TestParseSolvers(t *testing.T) {
	m := methods(t, " sat, fc+mrv ", 7)
	assert.Equal(t, []string{"sat", "mrv+fc"}, []string{m[0].Name, m[1].Name})
	assert.Equal(t, int64(7), m[1].Backtrack.MaxNodes)
	assert.True(t, m[0].IsSAT() && !m[1].IsSAT())
	for list, want := range map[string]string{"sat,mrv+xyz": `unknown word "xyz"`, "mrv+fc,fc+mrv": "mrv+fc listed twice", "sat,sat": "sat listed twice"} {
		_, err := ParseSolvers(list, 7)
		assert.ErrorContains(t, err, want, list)
	}
}

// TestCrossCheck checks the verdicts when methods disagree.
func TestCrossCheck(t *testing.T) {
	runs := []Result{
		{Solver: "sat", Outcome: Solved, Solutions: 1, Seconds: 2, elapsed: 2},
		{Solver: "bt", Outcome: NoSolution, Seconds: 4, elapsed: 4},
		{Solver: "mrv", Outcome: GaveUp, Seconds: 1, elapsed: 1},
	}
	crossCheck(runs, false)
	assert.Equal(t, []Outcome{Solved, Wrong, GaveUp}, []Outcome{runs[0].Outcome, runs[1].Outcome, runs[2].Outcome})
	assert.Equal(t, []float64{2, 0.5}, []float64{*runs[1].VsSat, *runs[2].VsSat})
	// All: a finished enumeration with fewer solutions than another is wrong.
	all := []Result{
		{Solver: "bt", Outcome: Solved, Solutions: 7},
		{Solver: "mrv", Outcome: GaveUp, Solutions: 8},
		{Solver: "mrv+fc", Outcome: Solved, Solutions: 8},
	}
	crossCheck(all, true)
	assert.Equal(t, []Outcome{Wrong, GaveUp, Solved}, []Outcome{all[0].Outcome, all[1].Outcome, all[2].Outcome})
	assert.Nil(t, all[0].VsSat)
	// All: sat's count is checked against the enumerations, never the
	// reverse: above a finished enumeration, or below one that gave up, it
	// is wrong.
	for _, tc := range []struct {
		satCount int64
		other    Outcome
		want     Outcome
	}{
		{8, Solved, Solved}, {9, Solved, Wrong}, {7, Solved, Wrong},
		{9, GaveUp, Solved}, {7, GaveUp, Wrong},
	} {
		runs := []Result{
			{Solver: "sat", Outcome: Solved, Solutions: tc.satCount},
			{Solver: "bt", Outcome: tc.other, Solutions: 8},
		}
		crossCheck(runs, true)
		assert.Equal(t, []Outcome{tc.want, tc.other}, []Outcome{runs[0].Outcome, runs[1].Outcome}, "sat counts %d, bt %s with 8", tc.satCount, tc.other)
	}
	// Every outcome but solved, no solution and gave up counts as wrong.
	tot := totals([]Solver{{Name: "bt"}}, []Result{{Solver: "bt", Outcome: Wrong}, {Solver: "bt", Outcome: Errored}, {Solver: "bt", Outcome: Solved}})
	assert.Equal(t, 2, tot[0].Wrong)
	assert.Equal(t, 1, tot[0].Solved)
	assert.Nil(t, tot[0].Nodes)
}
