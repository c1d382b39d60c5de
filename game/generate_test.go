package game

import (
	"fmt"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGenerateRejects(t *testing.T) {
	tests := []struct {
		name              string
		rows, cols, mines int
		opt               GenOptions
		want              string
	}{
		{"zero rows", 0, 5, 1, GenOptions{}, "rows and cols must be positive"},
		{"negative cols", 5, -1, 1, GenOptions{}, "rows and cols must be positive"},
		{"too big", MaxCells, 2, 1, GenOptions{}, "more than 16777216 cells"},
		{"negative mines", 3, 3, -1, GenOptions{}, "-1 mines: want 0..9 on a 3x3 board"},
		{"mines > cells", 3, 3, 10, GenOptions{}, "10 mines: want 0..9 on a 3x3 board"},
		{"hints > safe", 3, 3, 5, GenOptions{Hints: 5}, "5 hints: want 0..4, the safe cells"},
		{"negative hints", 3, 3, 5, GenOptions{Hints: -2}, "-2 hints: want 0..4, the safe cells"},
		{"reveal > 1", 3, 3, 1, GenOptions{Reveal: 1.5}, "reveal fraction 1.5: want 0..1"},
		{"reveal < 0", 3, 3, 1, GenOptions{Reveal: -0.1}, "reveal fraction -0.1: want 0..1"},
		{"reveal NaN", 3, 3, 1, GenOptions{Reveal: math.NaN()}, "reveal fraction NaN: want 0..1"},
		{"both", 3, 3, 1, GenOptions{Reveal: 0.5, Hints: 2}, "set Reveal (0.5) or Hints (2), not both"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, layout, err := Generate(tc.rows, tc.cols, tc.mines, tc.opt, 1)
			require.Error(t, err, "Generate(%d, %d, %d, %+v) = %v, %v", tc.rows, tc.cols, tc.mines, tc.opt, p, layout)
			got := err.Error()
			assert.True(t, strings.HasPrefix(got, "game: generate: "), "error %q; want the prefix \"game: generate: \"", got)
			assert.Contains(t, got, tc.want)
			assert.Equal(t, 1, strings.Count(got, "game: "), "error %q; want the \"game: \" prefix once", got)
		})
	}
}

// checkGenerated verifies every promise Generate makes about its output.
func checkGenerated(t *testing.T, p *Puzzle, layout []Pos, rows, cols, mines, hints int) {
	t.Helper()
	require.Equal(t, [3]int{rows, cols, mines}, [3]int{p.Rows(), p.Cols(), p.Mines}, "the puzzle's rows, cols and mines")
	require.Len(t, layout, mines, "the layout")
	idx := make([]int, len(layout))
	for k, q := range layout {
		idx[k] = p.Board.Index(q)
	}
	assert.True(t, slices.IsSorted(idx), "layout %v is not in row-major order", layout)
	assert.Equal(t, hints, len(p.Cells)-p.Unknowns(), "hint cells")
	assert.NoError(t, p.Validate())
	assert.NoError(t, p.Satisfies(idx), "the returned layout against the puzzle")
}

func TestGenerateInvariants(t *testing.T) {
	tests := []struct {
		rows, cols, mines int
		opt               GenOptions
		hints             int
	}{
		{1, 1, 0, GenOptions{}, 0},
		{1, 1, 1, GenOptions{}, 0},
		{1, 1, 0, GenOptions{Reveal: 1}, 1},
		{6, 6, 10, GenOptions{Reveal: 0.5}, 13}, // round(0.5*26)
		{6, 6, 10, GenOptions{Reveal: 0.25}, 7}, // round(6.5) = 7
		{6, 6, 10, GenOptions{Hints: 26}, 26},
		{9, 9, 81, GenOptions{Reveal: 1}, 0},
		{16, 30, 99, GenOptions{Hints: InitialCount(16, 30)}, 22},
		{1, 40, 7, GenOptions{Reveal: 0.3}, 10}, // round(9.9)
		{50, 1, 0, GenOptions{Reveal: 1}, 50},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%dx%d/%d/%+v", tc.rows, tc.cols, tc.mines, tc.opt), func(t *testing.T) {
			for seed := int64(-3); seed < 20; seed++ {
				p, layout, err := Generate(tc.rows, tc.cols, tc.mines, tc.opt, seed)
				require.NoError(t, err, "seed %d", seed)
				checkGenerated(t, p, layout, tc.rows, tc.cols, tc.mines, tc.hints)
			}
		})
	}
}

func TestGenerateDeterministic(t *testing.T) {
	for seed := int64(0); seed < 50; seed++ {
		p1, l1, err1 := Generate(16, 30, 99, GenOptions{Reveal: 0.4}, seed)
		p2, l2, err2 := Generate(16, 30, 99, GenOptions{Reveal: 0.4}, seed)
		require.NoError(t, err1, "seed %d", seed)
		require.NoError(t, err2, "seed %d", seed)
		assert.True(t, p1.Equal(p2), "seed %d: two calls differ:\n%v\n%v", seed, p1, p2)
		assert.Equal(t, l1, l2, "seed %d: the layouts of two calls", seed)
	}
	a, _, _ := Generate(16, 30, 99, GenOptions{Reveal: 0.4}, 1)
	b, _, _ := Generate(16, 30, 99, GenOptions{Reveal: 0.4}, 2)
	assert.False(t, a.Equal(b), "seeds 1 and 2 gave the same puzzle:\n%v", a)
}

// TestGenerateMatchesSeedRules pins the documented link between Generate and
// New under RulesSeed: the same seed gives the same mines, and the hint cells
// are the game's initial cells.
func TestGenerateMatchesSeedRules(t *testing.T) {
	for _, l := range []Level{Easy, Medium, Hard, {"7x3/5", 7, 3, 5}} {
		for seed := int64(0); seed < 30; seed++ {
			g, err := New(l, RulesSeed, seed)
			require.NoError(t, err)
			p, layout, err := Generate(l.Rows, l.Cols, l.Mines, GenOptions{Hints: InitialCount(l.Rows, l.Cols)}, seed)
			require.NoError(t, err)
			assert.Equal(t, g.Mines(), layout, "%s seed %d: Generate's mines against New's", l, seed)
			for _, q := range g.Initial() {
				assert.Equal(t, g.Cell(g.Board().Index(q)), p.At(q), "%s seed %d: initial cell %v in the puzzle and in the game", l, seed, q)
			}
		}
	}
}

// TestGenerateUniform checks, over many seeds, that every cell is a mine and
// a hint about equally often: a chi-square test on a 3x3 board with 3 mines
// and 3 hints, whose 9 cells are each a mine with probability 1/3.
func TestGenerateUniform(t *testing.T) {
	const seeds = 9000
	var mine, hint [9]int
	for seed := int64(0); seed < seeds; seed++ {
		p, layout, err := Generate(3, 3, 3, GenOptions{Hints: 3}, seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range layout {
			mine[p.Board.Index(q)]++
		}
		for i, c := range p.Cells {
			if c.IsHint() {
				hint[i]++
			}
		}
	}
	// 8 degrees of freedom: P(chi2 > 26.12) = 0.001.
	for name, counts := range map[string][9]int{"mine": mine, "hint": hint} {
		want := float64(seeds) / 3
		chi2 := 0.0
		for _, c := range counts {
			chi2 += (float64(c) - want) * (float64(c) - want) / want
		}
		assert.LessOrEqual(t, chi2, 26.12, "%s counts %v: chi-square past 26.12; not uniform", name, counts)
	}
}

func ExampleGenerate() {
	p, layout, err := Generate(4, 5, 4, GenOptions{Reveal: 0.5}, 7)
	if err != nil {
		panic(err)
	}
	p.WriteTo(os.Stdout)
	fmt.Println(layout)
	// Output:
	// 4 5 4
	// 0 0 -1 -1 -1
	// -1 1 -1 1 -1
	// -1 -1 -1 -1 1
	// -1 2 1 -1 1
	// [(0,4) (2,0) (3,0) (3,3)]
}

func BenchmarkGenerate(b *testing.B) {
	for _, l := range []Level{Beginner, Expert, {"100x100", 100, 100, 2000}} {
		b.Run(l.Name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if _, _, err := Generate(l.Rows, l.Cols, l.Mines, GenOptions{Reveal: 0.5}, int64(i)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
