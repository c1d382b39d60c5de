package backtrack

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/longtest"
	"github.com/minesat/minesat/internal/puzzletest"
)

// allOptions is every combination of the three choices.
func allOptions() []Options {
	var out []Options
	for _, ord := range []Order{OrderNone, OrderMRV, OrderDegree, OrderMRVDegree} {
		for _, val := range []Value{ValueFixed, ValueLCV} {
			for _, fc := range []bool{false, true} {
				out = append(out, Options{Order: ord, Value: val, FC: fc, MaxNodes: -1})
			}
		}
	}
	return out
}

// seedCases are the seed puzzles and their solution counts (from the seed
// README, checked independently).
var seedCases = []struct {
	file  string
	count int64
}{
	{"case1.txt", 8}, {"case2.txt", 2}, {"case3.txt", 9}, {"case4.txt", 2},
	{"case5-unsat.txt", 0}, {"simple4x4.txt", 1}, {"size6.txt", 1},
	{"size8-a.txt", 1274}, {"size8-b.txt", 13920},
}

// TestSeedPuzzles checks, for every combination, that Solve finds a valid
// solution exactly when the puzzle has one, and that Enumerate counts the
// known number of solutions, each valid and none twice.
func TestSeedPuzzles(t *testing.T) {
	for _, tc := range seedCases {
		p := puzzletest.Seed(t, tc.file)
		for _, o := range allOptions() {
			t.Run(tc.file+"/"+o.String(), func(t *testing.T) {
				r, err := Solve(context.Background(), p, o)
				if err != nil {
					t.Fatal(err)
				}
				if r.Found != (tc.count > 0) {
					t.Errorf("Found = %v; want %v", r.Found, tc.count > 0)
				}
				if r.Found {
					if err := p.Satisfies(r.Mines); err != nil {
						t.Errorf("solution %v: %v", r.Mines, err)
					}
				}
				checkStats(t, r.Stats)
				if !longtest.Enabled() && tc.count > 10000 && o.Order != OrderDegree && o.Order != OrderMRVDegree {
					return // millions of nodes: with -long only
				}
				seen := map[string]bool{}
				s, _ := New(p)
				st, err := s.Enumerate(context.Background(), o, func(m []int) bool {
					if err := p.Satisfies(m); err != nil {
						t.Errorf("solution %v: %v", m, err)
						return false
					}
					key := fmt.Sprint(m)
					if seen[key] {
						t.Errorf("solution %v enumerated twice", m)
						return false
					}
					seen[key] = true
					return true
				})
				if err != nil {
					t.Fatal(err)
				}
				checkStats(t, st)
				if st.Solutions != tc.count {
					t.Errorf("Enumerate found %d solutions; want %d", st.Solutions, tc.count)
				}
				if int64(len(seen)) != tc.count {
					t.Errorf("enumerated %d distinct solutions; want %d", len(seen), tc.count)
				}
			})
		}
	}
}

// checkStats checks the invariants between the counters.
func checkStats(t *testing.T, st Stats) {
	t.Helper()
	if st.Nodes < 0 || st.Backtracks < 0 || st.Backtracks > st.Nodes || st.Solutions > st.Nodes+1 {
		t.Errorf("inconsistent stats %+v", st)
	}
}

// randomPuzzle returns a puzzle with a random layout of mines, hints random
// non-mine cells revealed, and flags random mines flagged.
func randomPuzzle(rng *rand.Rand, rows, cols, mines, hints, flags int) *game.Puzzle {
	p, _ := game.NewPuzzle(rows, cols, mines)
	n := rows * cols
	perm := rng.Perm(n)
	mine := make([]bool, n)
	for _, i := range perm[:mines] {
		mine[i] = true
	}
	for k, i := range perm[:flags] {
		_ = k
		p.Cells[i].State = game.Flagged
	}
	safe := perm[mines:]
	rng.Shuffle(len(safe), func(a, b int) { safe[a], safe[b] = safe[b], safe[a] })
	for _, i := range safe[:hints] {
		h := 0
		for _, j := range p.Board.Neighbors(i) {
			if mine[j] {
				h++
			}
		}
		p.Cells[i] = game.HintCell(h)
	}
	return p
}

// TestBruteForce cross-checks every combination against brute force on
// hundreds of small random puzzles, some with flags, some unsatisfiable (a
// random hint is changed).
func TestBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 1))
	n := longtest.Pick(60, 300)
	tested, unsat := 0, 0
	defer func() {
		t.Logf("%d puzzles tested, %d unsatisfiable", tested, unsat)
		if tested < n*3/4 || unsat < n/20 || unsat > n/2 {
			t.Errorf("%d puzzles tested, %d unsatisfiable; want most of %d, some unsatisfiable", tested, unsat, n)
		}
	}()
	for k := 0; k < n; k++ {
		rows, cols := 2+rng.IntN(4), 2+rng.IntN(4)
		cells := rows * cols
		mines := rng.IntN(cells/2 + 1)
		hints := rng.IntN(cells - mines + 1)
		for cells-hints > 14 { // keep brute force small
			hints++
		}
		if hints > cells-mines {
			continue
		}
		p := randomPuzzle(rng, rows, cols, mines, hints, rng.IntN(mines+1)/2)
		if k%4 == 3 { // perturb a hint: often unsatisfiable
			for i, c := range p.Cells {
				if c.IsHint() {
					p.Cells[i].Hint = uint8(rng.IntN(len(p.Board.Neighbors(i)) + 1))
					break
				}
			}
		}
		want := puzzletest.Count(t, p)
		tested++
		if want == 0 {
			unsat++
		}
		for _, o := range allOptions() {
			st, err := Count(context.Background(), p, o)
			if err != nil {
				t.Fatal(err)
			}
			if st.Solutions != want {
				t.Errorf("puzzle %d %s: Count = %d; want %d\n%s", k, o, st.Solutions, want, p)
				continue
			}
			r, err := Solve(context.Background(), p, o)
			if err != nil {
				t.Fatal(err)
			}
			if r.Found != (want > 0) {
				t.Errorf("puzzle %d %s: Found = %v; want %v\n%s", k, o, r.Found, want > 0, p)
			} else if r.Found {
				if err := p.Satisfies(r.Mines); err != nil {
					t.Errorf("puzzle %d %s: %v", k, o, err)
				}
			}
		}
	}
}

// TestLargeAgreement solves hundreds of random mid-size puzzles with every
// combination: all find a valid solution (the layout they were made from
// is one), and all count the same number of solutions.
func TestLargeAgreement(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 3))
	n := longtest.Pick(40, 200)
	for k := 0; k < n; k++ {
		rows, cols := 5+rng.IntN(5), 5+rng.IntN(5)
		cells := rows * cols
		mines := cells/8 + rng.IntN(cells/5)
		hints := (cells - mines) / 2
		p := randomPuzzle(rng, rows, cols, mines, hints+rng.IntN(cells-mines-hints), rng.IntN(3))
		var count int64 = -1
		for _, o := range allOptions() {
			o.MaxNodes = 2_000_000
			r, err := Solve(context.Background(), p, o)
			if err != nil {
				t.Fatalf("puzzle %d %s: %v", k, o, err)
			}
			if !r.Found {
				t.Errorf("puzzle %d %s: no solution\n%s", k, o, p)
			} else if err := p.Satisfies(r.Mines); err != nil {
				t.Errorf("puzzle %d %s: %v", k, o, err)
			}
			if !o.FC && o.Order == OrderNone {
				continue // plain enumeration can be slow; the others agree
			}
			st, err := Count(context.Background(), p, o)
			var gu *GaveUpError
			if errors.As(err, &gu) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			if count >= 0 && st.Solutions != count {
				t.Errorf("puzzle %d %s: Count = %d; others %d", k, o, st.Solutions, count)
			}
			count = st.Solutions
		}
	}
}

// TestFlags checks that flagged cells are known mines: they reduce the hints
// and the mine count, and they are part of every solution.
func TestFlags(t *testing.T) {
	p := puzzletest.Parse(t, "2 3 2\n1 -1 -1\n-1 -1 -1\n")
	p.Cells[1].State = game.Flagged // (0,1) is a mine: the 1 at (0,0) is done
	for _, o := range allOptions() {
		st, err := Count(context.Background(), p, o)
		if err != nil {
			t.Fatal(err)
		}
		// (1,0) and (1,1) are safe; the second mine is (0,2) or (1,2).
		if st.Solutions != 2 {
			t.Errorf("%s: Count = %d; want 2", o, st.Solutions)
		}
		r, _ := Solve(context.Background(), p, o)
		if !r.Found || !slices.Contains(r.Mines, 1) || p.Satisfies(r.Mines) != nil {
			t.Errorf("%s: Solve = %+v", o, r)
		}
	}
}

// TestEdgeCases covers puzzles with no variables, no constraints, or
// contradictions visible before any search.
func TestEdgeCases(t *testing.T) {
	cases := []struct {
		name, puzzle string
		count        int64
	}{
		{"all hints", "1 2 0\n0 0\n", 1},
		{"all hints, mines left", "1 2 1\n0 0\n", 0},
		{"no hints", "2 2 2\n-1 -1\n-1 -1\n", 6},
		{"no mines", "2 2 0\n-1 -1\n-1 -1\n", 1},
		{"all mines", "2 2 4\n-1 -1\n-1 -1\n", 1},
		{"too many mines", "1 2 3\n-1 -1\n", 0},
		{"hint too big", "1 3 1\n-1 3 -1\n", 0},
		{"hint with no room", "1 2 1\n1 0\n", 0},
		{"single", "1 2 1\n1 -1\n", 1},
		{"interior count", "3 3 2\n1 -1 -1\n-1 -1 -1\n-1 -1 -1\n", 3 * 5},
	}
	for _, tc := range cases {
		p := puzzletest.Parse(t, tc.puzzle)
		if tc.count > 0 && tc.count != puzzletest.Count(t, p) {
			t.Fatalf("%s: test table disagrees with brute force (%d)", tc.name, puzzletest.Count(t, p))
		}
		for _, o := range allOptions() {
			t.Run(tc.name+"/"+o.String(), func(t *testing.T) {
				st, err := Count(context.Background(), p, o)
				if assert.NoError(t, err, "Count") {
					assert.Equal(t, tc.count, st.Solutions, "Count")
				}
				r, err := Solve(context.Background(), p, o)
				if assert.NoError(t, err, "Solve") {
					assert.Equal(t, tc.count > 0, r.Found, "Solve found a solution")
				}
			})
		}
	}
}

func TestNewErrors(t *testing.T) {
	_, err := New(nil)
	assert.Error(t, err, "New(nil)")
	p := puzzletest.Parse(t, "1 2 0\n0 0\n")
	p.Cells = p.Cells[:1]
	_, err = New(p)
	if assert.Error(t, err, "New(short cells)") {
		assert.True(t, strings.HasPrefix(err.Error(), "backtrack: "), "New(short cells) = %v; want a backtrack: error", err)
	}
}

// TestBudget checks that the node budget stops the search with a
// *GaveUpError wrapping ErrBudget, after exactly MaxNodes nodes.
func TestBudget(t *testing.T) {
	p := puzzletest.Seed(t, "size8-b.txt")
	for _, o := range allOptions() {
		o.MaxNodes = 100
		st, err := Count(context.Background(), p, o)
		var gu *GaveUpError
		require.ErrorAs(t, err, &gu, "%s", o)
		require.ErrorIs(t, err, ErrBudget, "%s", o)
		assert.Equal(t, int64(100), st.Nodes, "%s: nodes before stopping", o)
		assert.Equal(t, st, gu.Stats, "%s: the error's stats", o)
		assert.EqualError(t, err, "backtrack: gave up after 100 nodes (node budget exhausted)")
	}
}

// TestContext checks that cancellation stops a long search promptly.
func TestContext(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	p := randomPuzzle(rng, 16, 30, 99, 20, 0) // astronomically many solutions
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Count(ctx, p, Options{MaxNodes: -1})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, time.Since(start), 2*time.Second, "time to stop")
	done, cancel2 := context.WithCancel(context.Background())
	cancel2()
	_, err = Solve(done, p, Options{})
	assert.ErrorIs(t, err, context.Canceled, "Solve with a cancelled context")
}

// TestReuse checks that one Solver gives the same answers run after run,
// with any options in any order: the undo restores the root exactly.
func TestReuse(t *testing.T) {
	p := puzzletest.Seed(t, "size8-a.txt")
	s, err := New(p)
	require.NoError(t, err)
	first := map[string]Stats{}
	for round := 0; round < 2; round++ {
		for _, o := range allOptions() {
			st, err := s.Enumerate(context.Background(), o, nil)
			require.NoError(t, err)
			if round == 0 {
				first[o.String()] = st
			} else {
				assert.Equal(t, first[o.String()], st, "%s: round 2 against round 1", o)
			}
		}
	}
}

// TestHeuristicsHelp pins the expected ordering of effort when enumerating
// the 1274 solutions of a seed puzzle:
// forward checking never expands more nodes than the same search without it,
// and MRV with FC beats plain backtracking.
func TestHeuristicsHelp(t *testing.T) {
	p := puzzletest.Seed(t, "size8-a.txt")
	nodes := map[string]int64{}
	for _, o := range allOptions() {
		st, err := Count(context.Background(), p, o)
		require.NoError(t, err)
		nodes[o.String()] = st.Nodes
	}
	for _, o := range allOptions() {
		if !o.FC {
			continue
		}
		plain := o
		plain.FC = false
		assert.LessOrEqual(t, nodes[o.String()], nodes[plain.String()], "%s: nodes with FC against without", o)
	}
	assert.LessOrEqual(t, nodes["mrv+fc"]*2, nodes["bt"], "mrv+fc against bt: want at most half the nodes")
	t.Logf("nodes: %v", nodes)
}

func TestMethodNames(t *testing.T) {
	for _, o := range allOptions() {
		o.MaxNodes = 0
		got, err := ParseOptions(o.String())
		if assert.NoError(t, err) {
			assert.Equal(t, o, got, "ParseOptions(%q)", o.String())
		}
	}
	seed003 := []string{"bt", "bt+fc", "mrv", "mrv+fc", "degree", "degree+fc", "lcv", "lcv+fc"}
	for _, name := range seed003 {
		o, err := ParseOptions(name)
		if assert.NoError(t, err) {
			assert.Equal(t, name, o.String(), "ParseOptions(%q).String()", name)
		}
	}
	for _, bad := range []string{"", "fc+fc", "degree+mrv", "bt+mrv", "sat", "mrv+", "MRV"} {
		_, err := ParseOptions(bad)
		assert.Error(t, err, "ParseOptions(%q)", bad)
	}
	var ord Order
	require.NoError(t, ord.UnmarshalText([]byte("mrv+degree")))
	assert.Equal(t, OrderMRVDegree, ord)
	var val Value
	require.NoError(t, val.UnmarshalText([]byte("lcv")))
	assert.Equal(t, ValueLCV, val)
	assert.Error(t, val.UnmarshalText([]byte("LCV")), "UnmarshalText(LCV)")
}

func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{"bt", "mrv+degree+lcv+fc", "degree+fc", "x", "bt+bt", "++"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOptions(s)
		if err != nil {
			return
		}
		o2, err := ParseOptions(o.String())
		if err != nil || o2 != o {
			t.Errorf("ParseOptions(%q) = %+v; its name %q parses to %+v, %v", s, o, o.String(), o2, err)
		}
	})
}

// FuzzSolve builds a small puzzle from the fuzzer's bytes and checks every
// combination against brute force.
func FuzzSolve(f *testing.F) {
	f.Add(uint8(3), uint8(3), uint8(2), []byte{0, 1, 0xff, 2, 0xff, 0xff, 0xff, 0xff, 0xfe})
	f.Add(uint8(2), uint8(4), uint8(3), []byte{0xff, 0xff, 3, 0xff, 0xfe, 2, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, rows, cols, mines uint8, cells []byte) {
		r, c := int(rows%4)+1, int(cols%4)+1
		p, err := game.NewPuzzle(r, c, int(mines%6))
		if err != nil {
			t.Fatal(err)
		}
		for i := range p.Cells {
			if i >= len(cells) {
				break
			}
			switch b := cells[i]; {
			case b == 0xfe:
				p.Cells[i].State = game.Flagged
			case b < 9:
				p.Cells[i] = game.HintCell(int(b))
			}
		}
		want := puzzletest.Count(t, p)
		for _, o := range allOptions() {
			st, err := Count(context.Background(), p, o)
			if err != nil || st.Solutions != want {
				t.Fatalf("%s: Count = %d, %v; want %d\n%s", o, st.Solutions, err, want, p)
			}
		}
	})
}
