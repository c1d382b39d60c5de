package exact

// Regression tests for gophersat v1.4.0's pitfalls. Each test shows the
// raw behaviour (so that an upgrade that fixes it is noticed) and checks
// that exact's wrapper gets the right answer in the same situation, so that
// removing the workaround fails the test.

import (
	"context"
	"io"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/minesat/minesat/internal/third_party/gophersat/solver"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/cnf"
	"github.com/minesat/minesat/game"
)

func lit(d int) cnf.Lit { return cnf.LitOf(d) }

func glits(ds ...int) []solver.Lit {
	out := make([]solver.Lit, len(ds))
	for i, d := range ds {
		out[i] = solver.IntToLit(int32(d))
	}
	return out
}

// mustSolve runs ss.solve and fails the test on an error: without a
// deadline, there is none.
func mustSolve(t *testing.T, ss *satSolver, assume ...cnf.Lit) ([]bool, bool) {
	t.Helper()
	m, sat, err := ss.solve(assume...)
	require.NoError(t, err)
	return m, sat
}

// x1 is true, and at least 2 of x1, x2, x3: so x2 or x3 must hold.
// ParseCardConstrs sees x1 true, counts the constraint as met, and drops it.
func TestPitfallParseCardConstrsDropsConstraint(t *testing.T) {
	raw := solver.ParseCardConstrs([]solver.CardConstr{
		{Lits: []int{1}, AtLeast: 1},
		{Lits: []int{1, 2, 3}, AtLeast: 2},
	})
	if len(raw.Clauses) != 0 {
		t.Logf("gophersat's ParseCardConstrs now keeps the constraint (%d clauses); the workaround may be obsolete", len(raw.Clauses))
	} else {
		s := solver.New(raw)
		if s.Assume(glits(1, -2, -3)) != solver.Unsat && s.Solve() != solver.Sat {
			t.Errorf("raw gophersat refutes x1, -x2, -x3 after all")
		}
	}

	sp := newSATProblem(3)
	sp.add(cnf.AtLeast([]cnf.Lit{lit(1)}, 1))
	sp.add(cnf.AtLeast([]cnf.Lit{lit(1), lit(2), lit(3)}, 2))
	ss := sp.build(context.Background())
	_, sat := mustSolve(t, ss, lit(-2), lit(-3))
	assert.False(t, sat, "exact's problem allows x2 and x3 both false: a constraint was dropped")
	m, sat := mustSolve(t, ss, lit(-2))
	if assert.True(t, sat, "exact's problem with -x2") {
		assert.True(t, m[1] && m[3], "exact's problem with -x2: model %v; want x1 and x3", m)
	}
}

// x1 is a unit of the problem; Assume clears the trail it lives on, so a
// later query may set x1 false.
func TestPitfallAssumeForgetsUnits(t *testing.T) {
	constrs := []solver.PBConstr{solver.AtLeast([]int{1}, 1), solver.PropClause(2, 3)}
	raw := solver.ParsePBConstrs(constrs)
	require.Len(t, raw.Units, 1, "x1 simplified into a unit")
	s := solver.New(raw)
	if s.Assume(glits(-1)) == solver.Unsat || s.Solve() != solver.Sat {
		t.Logf("gophersat's Assume now keeps the problem's units; the workaround may be obsolete")
	}

	sp := newSATProblem(3)
	sp.add(cnf.AtLeast([]cnf.Lit{lit(1)}, 1))
	sp.add(cnf.AtLeast([]cnf.Lit{lit(2), lit(3)}, 1))
	ss := sp.build(context.Background())
	_, sat := mustSolve(t, ss, lit(-1))
	assert.False(t, sat, "exact's solver forgot the unit x1")
	for range 3 { // repeated queries keep the unit too
		if m, sat := mustSolve(t, ss, lit(-2)); assert.True(t, sat, "exact's solver with -x2") {
			assert.True(t, m[1] && m[3], "exact's solver with -x2: model %v; want x1 and x3", m)
		}
	}
}

// Assume does not notice a variable assumed both ways.
func TestPitfallAssumeContradiction(t *testing.T) {
	constrs := []solver.PBConstr{solver.PropClause(2, 3), solver.PropClause(-2, -3)}
	s := solver.New(solver.ParsePBConstrs(constrs))
	if s.Assume(glits(2, -2)) != solver.Unsat && s.Solve() == solver.Sat {
		t.Logf("raw gophersat: x2 and -x2 assumed, and it says SAT")
	} else {
		t.Logf("gophersat now refutes x and -x; the check may be obsolete")
	}
	sp := newSATProblem(3)
	sp.add(cnf.AtLeast([]cnf.Lit{lit(2), lit(3)}, 1))
	sp.add(cnf.AtMost([]cnf.Lit{lit(2), lit(3)}, 1))
	ss := sp.build(context.Background())
	_, sat := mustSolve(t, ss, lit(2), lit(-2))
	assert.False(t, sat, "exact's solver accepted x2 and -x2 together")
	_, sat = mustSolve(t, ss, lit(2))
	assert.True(t, sat, "exact's solver refuses x2 alone")
}

// Eq with nil weights panics, and with weights it negates the caller's
// literals in place.
func TestPitfallEq(t *testing.T) {
	func() {
		defer func() {
			if recover() == nil {
				t.Logf("solver.Eq(lits, nil, n) no longer panics")
			}
		}()
		solver.Eq([]int{1, 2}, nil, 1)
	}()
	lits := []int{1, 2}
	solver.Eq(lits, []int{1, 1}, 1)
	if !slices.Equal(lits, []int{-1, -2}) {
		t.Logf("solver.Eq no longer negates its input: %v", lits)
	}

	in := []cnf.Lit{lit(1), lit(2), lit(3)}
	sp := newSATProblem(3)
	sp.exactly(in, 2)
	assert.Equal(t, []cnf.Lit{lit(1), lit(2), lit(3)}, in, "exactly changed its input")
	ss := sp.build(context.Background())
	for _, tc := range []struct {
		assume []cnf.Lit
		sat    bool
	}{
		{[]cnf.Lit{lit(1), lit(2)}, true},
		{[]cnf.Lit{lit(1), lit(2), lit(3)}, false},
		{[]cnf.Lit{lit(-1), lit(-2)}, false},
	} {
		_, sat := mustSolve(t, ss, tc.assume...)
		assert.Equal(t, tc.sat, sat, "exactly 2 of 3 under %v", tc.assume)
	}
}

// After an unsatisfiable query, Model still returns the previous model.
func TestPitfallStaleModel(t *testing.T) {
	constrs := []solver.PBConstr{solver.PropClause(1, 2)}
	s := solver.New(solver.ParsePBConstrs(constrs))
	s.Assume(glits(1))
	s.Solve()
	if s.Assume(glits(-1, -2)) == solver.Unsat || s.Solve() == solver.Unsat {
		func() {
			defer func() { _ = recover() }()
			if m := s.Model(); m != nil {
				t.Logf("raw gophersat returns a model after UNSAT: %v", m)
			}
		}()
	}
	sp := newSATProblem(2)
	sp.add(cnf.AtLeast([]cnf.Lit{lit(1), lit(2)}, 1))
	ss := sp.build(context.Background())
	mustSolve(t, ss, lit(1))
	m, sat := mustSolve(t, ss, lit(-1), lit(-2))
	assert.False(t, sat, "exact's solver after UNSAT")
	assert.Nil(t, m, "exact's solver's model after UNSAT")
}

// CountModels counts some models twice: exactly 1 of x2..x6 and exactly
// 1 of x1, x2, x4, x7 have 8 models (x2 or x4 alone, or one of x3, x5, x6
// with one of x1, x7), and CountModels says 10. exact counts with its own
// diagrams.
func TestPitfallCountModels(t *testing.T) {
	constrs := []solver.PBConstr{
		solver.AtLeast([]int{2, 3, 4, 5, 6}, 1), solver.AtMost([]int{2, 3, 4, 5, 6}, 1),
		solver.AtLeast([]int{1, 2, 4, 7}, 1), solver.AtMost([]int{1, 2, 4, 7}, 1),
	}
	if n := solver.New(solver.ParsePBConstrs(constrs)).CountModels(); n == 8 {
		t.Logf("gophersat's CountModels now counts 8")
	} else {
		t.Logf("raw gophersat CountModels: %d; the right count is 8", n)
	}
	co := &Component{Cells: []int{0, 1, 2, 3, 4, 5, 6}, cons: []compCon{
		{need: 1, vars: []int32{1, 2, 3, 4, 5}},
		{need: 1, vars: []int32{0, 1, 3, 6}},
	}}
	d, err := buildDiagram(context.Background(), co, game.MustBoard(1, 7), 1<<10)
	require.NoError(t, err)
	counts, lo, err := d.exactCounts(context.Background())
	total := int64(0)
	for _, c := range counts {
		total += c.Int64()
	}
	if err != nil || total != 8 || lo != 1 || len(counts) != 2 || counts[0].Int64() != 2 {
		t.Errorf("kb counts %v from %d mines (total %d), %v; want [2 6] from 1 (total 8)", counts, lo, total, err)
	}
}

// Minimize with nil cost weights panics (it sorts by an empty weight
// slice); minMines passes unit weights.
func TestPitfallMinimizeNilWeights(t *testing.T) {
	constrs := []solver.PBConstr{solver.AtLeast([]int{1, 2, 3}, 2)}
	func() {
		defer func() {
			if recover() == nil {
				t.Logf("Minimize with nil weights no longer panics")
			}
		}()
		pb := solver.ParsePBConstrs(constrs)
		pb.SetCostFunc(glits(1, 2, 3), nil)
		solver.New(pb).Minimize()
	}()
	sp := newSATProblem(3)
	sp.add(cnf.AtLeast([]cnf.Lit{lit(1), lit(2), lit(3)}, 2))
	lo, err := minMines(context.Background(), sp, []cnf.Lit{lit(1), lit(2), lit(3)})
	require.NoError(t, err)
	assert.Equal(t, 2, lo, "minMines")
}

// Verbose makes Solve print to stdout; exact's solvers keep it off.
func TestPitfallVerboseStaysOff(t *testing.T) {
	sp := newSATProblem(3)
	sp.exactly([]cnf.Lit{lit(1), lit(2), lit(3)}, 2)
	ss := sp.build(context.Background())
	require.False(t, ss.s.Verbose, "exact's solver is verbose")
	out := captureStdout(t, func() { mustSolve(t, ss) })
	assert.Empty(t, out, "what exact's solve printed to stdout")
	raw := solver.New(solver.ParsePBConstrs(sp.constrs))
	raw.Verbose = true
	if out := captureStdout(t, func() { raw.Solve() }); out == "" {
		t.Logf("gophersat's Verbose no longer prints to stdout")
	}
}

func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	old := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() {
		b, _ := io.ReadAll(r)
		done <- string(b)
	}()
	f()
	os.Stdout = old
	w.Close()
	return <-done
}

// Upstream gophersat's learnClause shares a package-level buffer, so two
// searches at once race; minesat's copy (internal/third_party/gophersat) gives each
// solver its own, and exact holds no lock: concurrent callers get right
// answers, and -race finds no data race.
func TestPitfallSharedState(t *testing.T) {
	p, _, err := game.Generate(16, 30, 99, game.GenOptions{Reveal: 0.4}, 7)
	require.NoError(t, err)
	want, err := Count(context.Background(), p)
	require.NoError(t, err)
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for range 4 {
		wg.Go(func() {
			if m, ok, err := Solve(context.Background(), p); err != nil || !ok {
				errs <- "Solve failed"
			} else if p.Satisfies(m) != nil {
				errs <- "Solve gave a wrong solution"
			}
			f, err := FindForced(context.Background(), p)
			if err != nil {
				errs <- err.Error()
			}
			for _, i := range f.Mines {
				if p.Cells[i].State != game.Unknown {
					errs <- "forced mine on a known cell"
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	got, err := Count(context.Background(), p)
	require.NoError(t, err)
	assert.Zero(t, got.Cmp(want), "count changed: %v, then %v", want, got)
}

// A total "exactly M of every unknown cell" can make gophersat run for
// ages; exact never builds one. Here the interior has a million cells and
// 200,000 mines: the SAT problems see only the frontier.
func TestPitfallNoGlobalCardinality(t *testing.T) {
	p, err := game.NewPuzzle(1000, 1000, 200000)
	if err != nil {
		t.Fatal(err)
	}
	p.Cells[0] = game.HintCell(1)
	p.Cells[5000] = game.HintCell(2)
	sp, err := NewSplit(p)
	if err != nil {
		t.Fatal(err)
	}
	if n := sp.Frontier(); n != 3+5 {
		t.Fatalf("frontier %d cells; want 8", n)
	}
	mines, ok, err := Solve(context.Background(), p)
	if err != nil || !ok || p.Satisfies(mines) != nil {
		t.Errorf("Solve: ok %v, err %v", ok, err)
	}
	f, err := FindForced(context.Background(), p)
	if err != nil || len(f.Mines)+len(f.Safe) != 0 {
		t.Errorf("FindForced: %d mines, %d safe, %v; want none", len(f.Mines), len(f.Safe), err)
	}
}

// ParsePBConstrs sorts a weighted constraint's weights in place (the
// clause keeps the slice), so parsing the same constraints twice pairs
// literals with the wrong weights. build and minMines parse copies.
func TestPitfallWeightsSortedInPlace(t *testing.T) {
	c := solver.PBConstr{Lits: []int{1, 2}, Weights: []int{1, 3}, AtLeast: 3} // x1 + 3 x2 >= 3: x2
	solver.ParsePBConstrs([]solver.PBConstr{c})
	if !slices.Equal(c.Weights, []int{1, 3}) {
		t.Logf("raw gophersat reordered the weights to %v (the literals stay %v)", c.Weights, c.Lits)
	}

	// x2 -> x1 and x3, written as x1 + x3 + 2*(not x2) >= 2. The weights
	// differ, so a build that reused sorted weights would read it as
	// 2*x1 + x3 + (not x2) >= 2 and let x1 alone satisfy it.
	sp := newSATProblem(3)
	sp.betweenIf(lit(2), []cnf.Lit{lit(1), lit(3)}, 2, 2)
	for round := range 3 {
		// minMines parses the problem too; it must leave it as it was.
		lo, err := minMines(context.Background(), sp, []cnf.Lit{lit(1), lit(2), lit(3)})
		if err != nil || lo != 0 {
			t.Errorf("round %d: minMines = %d; want 0", round, lo)
		}
		ss := sp.build(context.Background())
		for _, tc := range []struct {
			assume []cnf.Lit
			sat    bool
		}{
			{[]cnf.Lit{lit(2), lit(1), lit(-3)}, false},
			{[]cnf.Lit{lit(2), lit(-1), lit(3)}, false},
			{[]cnf.Lit{lit(2), lit(1), lit(3)}, true},
			{[]cnf.Lit{lit(-2), lit(1), lit(-3)}, true},
		} {
			if _, sat := mustSolve(t, ss, tc.assume...); sat != tc.sat {
				t.Errorf("build %d: x2 -> x1 and x3 under %v: sat %v; want %v", round, tc.assume, sat, tc.sat)
			}
		}
	}
}
