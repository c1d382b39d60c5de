package exact

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/puzzletest"
)

// samplePositions are small positions whose layouts brute force lists,
// each with a part of the sampler to exercise.
var samplePositions = []struct {
	name   string
	text   string
	budget Budget
	biased bool // a sampler blind to the components' counts draws visibly wrong layouts
}{
	// Two components and two interior cells: the left one holds 1 mine
	// in 2 ways or 2 in 3 ways, the right one 1 in 5 ways; 40 layouts.
	{name: "total", text: "mines 4\n1.1..1..\n........\n", biased: true},
	// Three components under an 11-cell interior, the tree two levels
	// deep: 280 layouts.
	{name: "three", text: "mines 4\n1.1..1..1.1\n...........\n...........\n", biased: true},
	// The first without a total: 5·5·4 = 100 layouts.
	{name: "no total", text: "mines ?\n1.1..1..\n........\n", biased: true},
	// A flag, a mine and safe cells unit propagation settles, and a
	// component holding 1 mine in 2 ways or 2 in 3 ways; 63 layouts.
	{name: "flags", text: "mines 5\n.1...1.1\n22......\nF1......\n", biased: true},
	// The 1-2-1 pattern: a component whose cells are all forced, proved
	// by the backbone search a one-state budget makes, beside an
	// interior.
	{name: "shrunk", text: "mines 3\n......\n121...\n", budget: Budget{MaxStates: 1}},
	// No component: every layout is the interior's.
	{name: "interior", text: "mines 3\n.....\n.....\n"},
}

// bruteLayouts lists p's solutions by brute force, each as its mine
// cells (flags included), increasing.
func bruteLayouts(t *testing.T, p *game.Puzzle) []string {
	t.Helper()
	var out []string
	require.NoError(t, puzzletest.Solutions(p, func(mine []bool) bool {
		var cells []int
		for i, m := range mine {
			if m {
				cells = append(cells, i)
			}
		}
		out = append(out, fmt.Sprint(cells))
		return true
	}))
	return out
}

// chiSquareP returns the p-value of a chi-square test that draws (a
// histogram of draws over the layouts in want) come from the uniform
// distribution over want; a draw outside want fails t.
func chiSquareP(t *testing.T, want []string, draws map[string]int) float64 {
	t.Helper()
	n := 0
	for layout, k := range draws {
		require.Contains(t, want, layout, "a drawn layout is not a solution")
		n += k
	}
	expect := float64(n) / float64(len(want))
	x := 0.0
	for _, layout := range want {
		d := float64(draws[layout]) - expect
		x += d * d / expect
	}
	return gammaQ(float64(len(want)-1)/2, x/2)
}

// gammaQ is the regularized upper incomplete gamma function Q(a, x), the
// chi-square survival function at 2x with 2a degrees of freedom: by its
// series below a+1, by its continued fraction (modified Lentz) above.
func gammaQ(a, x float64) float64 {
	if x <= 0 {
		return 1
	}
	lg, _ := math.Lgamma(a)
	front := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1.0; n < 1000 && term > sum*1e-16; n++ {
			term *= x / (a + n)
			sum += term
		}
		return 1 - sum*front
	}
	const tiny = 1e-300
	b := x + 1 - a
	c, d := 1/tiny, 1/b
	h := d
	for i := 1.0; i < 1000; i++ {
		an := -i * (i - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		h *= d * c
		if math.Abs(d*c-1) < 1e-16 {
			break
		}
	}
	return front * h
}

func TestGammaQ(t *testing.T) {
	// Chi-square survival values: df 1 at 3.841 is 0.05, df 10 at 29.59
	// is 0.001, df 99 at 99 is about 0.4811, df 2 at x is exp(-x/2).
	assert.InDelta(t, 0.05, gammaQ(0.5, 3.841/2), 1e-4)
	assert.InDelta(t, 0.001, gammaQ(5, 29.59/2), 1e-5)
	assert.InDelta(t, 0.4811, gammaQ(49.5, 49.5), 1e-3)
	assert.InDelta(t, math.Exp(-20), gammaQ(1, 20), 1e-15)
}

// drawHistogram draws n layouts from s, checking each against p.
func drawHistogram(t *testing.T, p *game.Puzzle, s *Sampler, rng *rand.Rand, n int) map[string]int {
	t.Helper()
	h := make(map[string]int)
	var buf []int
	for range n {
		buf = s.Draw(rng, buf)
		if err := p.Satisfies(buf); err != nil {
			t.Fatalf("drawn layout %v: %v", buf, err)
		}
		h[fmt.Sprint(buf)]++
	}
	return h
}

// TestSamplerUniform draws 30,000 layouts of each small position and
// tests their histogram against the uniform distribution over the
// layouts brute force lists, at a bound (p > 1e-6) that a correct
// sampler misses once in a million runs; the seeds are fixed, so it
// never flakes. A sampler that weighs every total of a component alike,
// blind to its counts, fails the same test.
func TestSamplerUniform(t *testing.T) {
	ctx := context.Background()
	const draws = 30000
	for i, tc := range samplePositions {
		t.Run(tc.name, func(t *testing.T) {
			p, err := game.ParsePuzzle(tc.name, strings.NewReader(tc.text))
			require.NoError(t, err)
			want := bruteLayouts(t, p)
			a, err := Analyze(ctx, p, tc.budget)
			require.NoError(t, err)
			s, err := a.Sampler(ctx)
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(uint64(i), 37))
			pv := chiSquareP(t, want, drawHistogram(t, p, s, rng, draws))
			t.Logf("p %g layouts %d", pv, len(want))
			assert.Greater(t, pv, 1e-6, "%d layouts: the draws are not uniform", len(want))
			if !tc.biased {
				return
			}
			// The biased sampler: every total a component takes weighs 1.
			for c := range s.parts {
				for k, x := range s.parts[c].counts {
					if !x.zero() {
						s.parts[c].counts[k] = wideOf(1)
					}
				}
			}
			require.NoError(t, s.weigh(ctx))
			pv = chiSquareP(t, want, drawHistogram(t, p, s, rng, draws))
			t.Logf("biased p %g", pv)
			assert.Less(t, pv, 1e-6, "the biased sampler passes")
		})
	}
}

// TestSamplerPositions checks that the sample positions exercise what
// they are named for.
func TestSamplerPositions(t *testing.T) {
	ctx := context.Background()
	an := func(name string) *Analysis {
		for _, tc := range samplePositions {
			if tc.name == name {
				p, err := game.ParsePuzzle(tc.name, strings.NewReader(tc.text))
				require.NoError(t, err)
				a, err := Analyze(ctx, p, tc.budget)
				require.NoError(t, err)
				return a
			}
		}
		t.Fatalf("no position %q", name)
		return nil
	}
	a := an("total")
	assert.Len(t, a.parts, 2)
	assert.Equal(t, 2, a.Split.InteriorLen())
	assert.Len(t, an("three").parts, 3)
	assert.True(t, an("no total").Split.NoTotal)
	a = an("flags")
	assert.NotEmpty(t, a.Split.Mines)
	assert.NotEmpty(t, a.Split.Safe)
	assert.Equal(t, 1, a.Split.Flags)
	a = an("shrunk")
	assert.True(t, a.shrank)
	assert.NotEmpty(t, a.mines)
	assert.NotEmpty(t, a.safe)
	assert.Empty(t, an("interior").parts)
}

// TestSamplerSolutions draws layouts of random small puzzles, with and
// without a total, under tight budgets too: each satisfies every hint,
// flag and the total, and a puzzle without a solution gives
// ErrNoSolution.
func TestSamplerSolutions(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 7))
	unsat, drawn := 0, 0
	for i := range 300 {
		p, _ := randomSmallPuzzle(t, rng, 20)
		if i%3 == 0 {
			p.Mines = game.UnknownMines
		}
		budget := Budget{MaxStates: []int{0, 4, 16}[i%3]}
		a, err := Analyze(ctx, p, budget)
		if errors.Is(err, ErrBudget) {
			continue
		}
		require.NoError(t, err)
		s, err := a.Sampler(ctx)
		if !a.Satisfiable() {
			require.ErrorIs(t, err, ErrNoSolution)
			unsat++
			continue
		}
		require.NoError(t, err)
		var buf []int
		for range 20 {
			buf = s.Draw(rng, buf)
			require.NoError(t, p.Satisfies(buf), "%s", p)
			require.True(t, slices.IsSorted(buf))
			drawn++
		}
	}
	assert.Greater(t, unsat, 10)
	assert.Greater(t, drawn, 2000)
}

// TestSamplerReproducible checks that the same seed draws the same
// layouts, from one Sampler or two, and that another seed does not.
func TestSamplerReproducible(t *testing.T) {
	ctx := context.Background()
	p, _, err := game.Generate(16, 30, 99, game.GenOptions{Reveal: 0.4}, 5)
	require.NoError(t, err)
	drawAll := func(seed uint64) [][]int {
		a, err := Analyze(ctx, p, Budget{})
		require.NoError(t, err)
		s, err := a.Sampler(ctx)
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(seed, 1))
		var out [][]int
		for range 50 {
			out = append(out, s.Draw(rng, nil))
		}
		return out
	}
	first := drawAll(1)
	assert.Equal(t, first, drawAll(1))
	assert.NotEqual(t, first, drawAll(2))
}

// TestSamplerConcurrent draws from one Sampler in several goroutines at
// once, each with its own seed: each gets the layouts it gets alone.
func TestSamplerConcurrent(t *testing.T) {
	ctx := context.Background()
	p, _, err := game.Generate(16, 30, 99, game.GenOptions{Reveal: 0.4}, 8)
	require.NoError(t, err)
	a, err := Analyze(ctx, p, Budget{})
	require.NoError(t, err)
	s, err := a.Sampler(ctx)
	require.NoError(t, err)
	drawAll := func(seed uint64) [][]int {
		rng := rand.New(rand.NewPCG(seed, 3))
		out := make([][]int, 100)
		for i := range out {
			out[i] = s.Draw(rng, nil)
		}
		return out
	}
	got := make([][][]int, 4)
	var wg sync.WaitGroup
	for g := range got {
		wg.Go(func() { got[g] = drawAll(uint64(g)) })
	}
	wg.Wait()
	for g := range got {
		assert.Equal(t, drawAll(uint64(g)), got[g], "goroutine %d", g)
	}
}

// TestSamplerMarginals compares how often each cell is a mine in drawn
// layouts of expert boards with Probabilities, within five standard
// errors: the tree splits many components' totals there, and the
// counts exceed every machine integer.
func TestSamplerMarginals(t *testing.T) {
	ctx := context.Background()
	const draws = 4000
	for seed := range int64(3) {
		p, _, err := game.Generate(16, 30, 99, game.GenOptions{Reveal: 0.3 + 0.2*float64(seed)}, seed)
		require.NoError(t, err)
		if seed == 2 {
			p.Mines = game.UnknownMines
		}
		a, err := Analyze(ctx, p, Budget{})
		require.NoError(t, err)
		probs, err := a.Probabilities(ctx)
		require.NoError(t, err)
		s, err := a.Sampler(ctx)
		require.NoError(t, err)
		hits := make([]int, len(p.Cells))
		rng := rand.New(rand.NewPCG(uint64(seed), 9))
		var buf []int
		for range draws {
			buf = s.Draw(rng, buf)
			require.NoError(t, p.Satisfies(buf))
			for _, i := range buf {
				hits[i]++
			}
		}
		for i, c := range p.Cells {
			pr, ok := probs.At(i)
			if !ok {
				assert.Equal(t, c.State == game.Flagged, hits[i] == draws, "cell %d", i)
				continue
			}
			sd := math.Sqrt(pr * (1 - pr) / draws)
			assert.InDelta(t, pr, float64(hits[i])/draws, 5*sd+1e-9, "seed %d cell %v", seed, p.Board.Pos(i))
		}
	}
}

// TestSamplerErrors checks the errors: no solution, a component not
// counted, a cancelled context.
func TestSamplerErrors(t *testing.T) {
	ctx := context.Background()
	p, err := game.ParsePuzzle("t", strings.NewReader("mines 3\n1.\n..\n"))
	require.NoError(t, err)
	a, err := Analyze(ctx, p, Budget{})
	require.NoError(t, err)
	_, err = a.Sampler(ctx)
	require.ErrorIs(t, err, ErrNoSolution)

	p, _, err = game.Generate(16, 30, 99, game.GenOptions{Reveal: 0.4}, 1)
	require.NoError(t, err)
	a, err = NewAnalyzer(Budget{MaxStates: 1}).analyze(ctx, p, true)
	require.NoError(t, err)
	_, err = a.Sampler(ctx)
	require.ErrorIs(t, err, ErrBudget)

	a, err = Analyze(ctx, p, Budget{})
	require.NoError(t, err)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = a.Sampler(cancelled)
	require.ErrorIs(t, err, context.Canceled)
}

// oneSource is a rand.Source that returns its values in turn.
type oneSource []uint64

func (s *oneSource) Uint64() uint64 {
	x := (*s)[0]
	*s = (*s)[1:]
	return x
}

// TestBernoulli checks the exact comparison bernoulli makes, on chosen
// random words: a chance below 2^-64 comes up only after a zero word.
func TestBernoulli(t *testing.T) {
	toss := func(p float64, words ...uint64) bool {
		src := oneSource(words)
		return bernoulli(rand.New(&src), p)
	}
	assert.True(t, toss(0.5, 1<<63-1))
	assert.False(t, toss(0.5, 1<<63))
	assert.True(t, toss(0.75, 0xBFFFFFFFFFFFFFFF))
	assert.False(t, toss(0.75, 0xC000000000000000))
	tiny := math.Ldexp(1, -1070)
	assert.False(t, toss(tiny, 1))
	assert.True(t, toss(tiny, make([]uint64, 17)...)) // 0 < 2^-1070: the words all zero until its bit
	assert.False(t, toss(0, 0))
	assert.True(t, toss(1))
}

// TestChainTiny checks that a weight 2^-2000 times another's, beyond any
// float64 ratio, still gets a positive chance.
func TestChainTiny(t *testing.T) {
	cs := chain([]wide{wideOf(1), {0.5, -2000}}, nil)
	require.Len(t, cs, 2)
	assert.Less(t, float64(cs[0]), 0.0, "the first coin fails with a positive chance")
	assert.Equal(t, coin(1), cs[1])
	w := wide{0.5, -2000}.add(wideOf(3))
	assert.Equal(t, wideOf(3), w)
	assert.Equal(t, wide{0.75, -1998}, wide{0.5, -2000}.mul(wide{0.75, 3}))
}

// BenchmarkSampler measures making a Sampler from an analysis and drawing
// one layout, on the benchmark boards (see benchSizes) up to 300x300, and
// drawing on expert positions where logic is stuck (see expertPositions),
// one layout a position in turn.
func BenchmarkSampler(b *testing.B) {
	ctx := context.Background()
	for _, sz := range benchSizes {
		if sz.rows*sz.cols > 300*300 {
			continue
		}
		b.Run(fmt.Sprintf("%dx%d", sz.cols, sz.rows), func(b *testing.B) {
			a, err := Analyze(ctx, benchPuzzle(b, sz.rows, sz.cols), Budget{})
			if err != nil {
				b.Fatal(err)
			}
			b.Run("new", func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := a.Sampler(ctx); err != nil {
						b.Fatal(err)
					}
				}
			})
			s, err := a.Sampler(ctx)
			if err != nil {
				b.Fatal(err)
			}
			benchDraw(b, []*Sampler{s})
		})
	}
	b.Run("expert-stuck", func(b *testing.B) {
		var ss []*Sampler
		for _, p := range expertPositions(b, 50) {
			a, err := Analyze(ctx, p, Budget{})
			if err != nil {
				b.Fatal(err)
			}
			s, err := a.Sampler(ctx)
			if err != nil {
				b.Fatal(err)
			}
			ss = append(ss, s)
		}
		benchDraw(b, ss)
	})
}

// benchDraw draws from each sampler of ss in turn.
func benchDraw(b *testing.B, ss []*Sampler) {
	b.Run("draw", func(b *testing.B) {
		rng := rand.New(rand.NewPCG(1, 2))
		var buf []int
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			buf = ss[i%len(ss)].Draw(rng, buf)
			i++
		}
	})
}
