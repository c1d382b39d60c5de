package exact

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

// TestCacheChains analyses chains of related positions, as a player
// weighing a guess makes them (a position, then each hint value a closed
// cell could show, then the true hint), with one shared Cache, and checks
// that every answer equals a fresh Analyze to the bit.
func TestCacheChains(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(8, 13))
	cache := NewCache()
	var buf []float64
	analyses := 0
	for i := range 60 {
		rows, cols := 6+rng.IntN(10), 6+rng.IntN(20)
		p, layout, err := game.Generate(rows, cols, rows*cols/6, game.GenOptions{Reveal: 0.2 + 0.3*rng.Float64()}, int64(i))
		require.NoError(t, err)
		mine := make([]bool, len(p.Cells))
		for _, m := range layout {
			mine[p.Board.Index(m)] = true
		}
		for step := 0; step < 6; step++ {
			var closed []int
			for j, c := range p.Cells {
				if c.State == game.Unknown && !mine[j] {
					closed = append(closed, j)
				}
			}
			if len(closed) == 0 {
				break
			}
			cell := closed[rng.IntN(len(closed))]
			for v := 0; v <= len(p.Board.Neighbors(cell)); v++ {
				p.Cells[cell] = game.Cell{State: game.Revealed, Hint: uint8(v)}
				sameAnalysis(t, ctx, p, cache, &buf)
				analyses++
			}
			p.Cells[cell] = game.Cell{}
			sameAnalysis(t, ctx, p, cache, &buf)
			n := 0
			for _, j := range p.Board.Neighbors(cell) {
				if mine[j] {
					n++
				}
			}
			p.Cells[cell] = game.Cell{State: game.Revealed, Hint: uint8(n)}
		}
	}
	assert.GreaterOrEqual(t, cache.hits, analyses, "components reused over %d analyses: the cache is barely used", analyses)
	t.Logf("%d analyses, %d components reused", analyses, cache.hits)
}

// sameAnalysis checks an Analyzer with cache against Analyze on p, and
// ProbabilitiesInto, writing over *buf (left from earlier positions and
// boards, larger or smaller), against Probabilities.
func sameAnalysis(t *testing.T, ctx context.Context, p *game.Puzzle, cache *Cache, buf *[]float64) {
	t.Helper()
	want, err := Analyze(ctx, p, Budget{})
	require.NoError(t, err)
	got, err := NewAnalyzerCache(Budget{}, cache).Analyze(ctx, p)
	require.NoError(t, err)
	sameAs(t, ctx, got, want, buf)
}

// sameAs checks that got answers as want does, to the bit, and
// ProbabilitiesInto, writing over *buf, and MinProbability as
// Probabilities.
func sameAs(t *testing.T, ctx context.Context, got, want *Analysis, buf *[]float64) {
	t.Helper()
	p := want.Split.Puzzle
	require.Equal(t, want.Satisfiable(), got.Satisfiable(), "cached Satisfiable against Analyze\n%s", p)
	lg, err := got.LogCount()
	require.NoError(t, err)
	lw, err := want.LogCount()
	require.NoError(t, err)
	require.Equal(t, math.Float64bits(lw), math.Float64bits(lg), "cached LogCount %v; Analyze %v", lg, lw)
	if !want.Satisfiable() {
		return
	}
	pg, err := got.Probabilities(ctx)
	require.NoError(t, err)
	pw, err := want.Probabilities(ctx)
	require.NoError(t, err)
	into, err := got.ProbabilitiesInto(ctx, *buf)
	require.NoError(t, err)
	require.Len(t, into, len(pw), "ProbabilitiesInto")
	*buf = into
	least := 1.0
	for i, c := range p.Cells {
		if c.State == game.Unknown {
			least = min(least, pw[i])
		}
	}
	m, err := got.MinProbability(ctx)
	require.NoError(t, err)
	require.Equal(t, math.Float64bits(least), math.Float64bits(m), "MinProbability %v; the least of Probabilities %v\n%s", m, least, p)
	for i := range pw {
		if math.Float64bits(pg[i]) != math.Float64bits(pw[i]) {
			t.Fatalf("cell %v: cached probability %v; Analyze %v\n%s", p.Board.Pos(i), pg[i], pw[i], p)
		}
		if math.Float64bits(into[i]) != math.Float64bits(pw[i]) {
			t.Fatalf("cell %v: ProbabilitiesInto %v; Probabilities %v\n%s", p.Board.Pos(i), into[i], pw[i], p)
		}
	}
}
