package kb

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/minesat/minesat/game"
)

// TestAnalyzeCached analyses chains of related positions, as a player
// weighing a guess makes them (a position, then each hint value a closed
// cell could show, then the true hint), with one shared Cache, and checks
// that every answer equals a fresh Analyze to the bit.
func TestAnalyzeCached(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(8, 13))
	cache := NewCache()
	var buf []float64
	analyses := 0
	for i := range 60 {
		rows, cols := 6+rng.IntN(10), 6+rng.IntN(20)
		p, layout, err := game.Generate(rows, cols, rows*cols/6, game.GenOptions{Reveal: 0.2 + 0.3*rng.Float64()}, int64(i))
		if err != nil {
			t.Fatal(err)
		}
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
	if cache.hits < analyses {
		t.Errorf("%d components reused over %d analyses: the cache is barely used", cache.hits, analyses)
	}
	t.Logf("%d analyses, %d components reused", analyses, cache.hits)
}

// sameAnalysis checks AnalyzeCached with cache against Analyze on p, and
// ProbabilitiesInto, writing over *buf (left from earlier positions and
// boards, larger or smaller), against Probabilities.
func sameAnalysis(t *testing.T, ctx context.Context, p *game.Puzzle, cache *Cache, buf *[]float64) {
	t.Helper()
	want, err := Analyze(ctx, p, Budget{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := AnalyzeCached(ctx, p, Budget{}, cache)
	if err != nil {
		t.Fatal(err)
	}
	sameAs(t, ctx, got, want, buf)
}

// sameAs checks that got answers as want does, to the bit, and
// ProbabilitiesInto, writing over *buf, and MinProbability as
// Probabilities.
func sameAs(t *testing.T, ctx context.Context, got, want *Analysis, buf *[]float64) {
	t.Helper()
	p := want.Split.Puzzle
	if got.Satisfiable() != want.Satisfiable() {
		t.Fatalf("cached Satisfiable %v; Analyze %v\n%s", got.Satisfiable(), want.Satisfiable(), p)
	}
	lg, err1 := got.LogCount()
	lw, err2 := want.LogCount()
	if err1 != nil || err2 != nil || math.Float64bits(lg) != math.Float64bits(lw) {
		t.Fatalf("cached LogCount %v, %v; Analyze %v, %v", lg, err1, lw, err2)
	}
	if !want.Satisfiable() {
		return
	}
	pg, err1 := got.Probabilities(ctx)
	pw, err2 := want.Probabilities(ctx)
	if err1 != nil || err2 != nil {
		t.Fatalf("Probabilities: %v, %v", err1, err2)
	}
	into, err := got.ProbabilitiesInto(ctx, *buf)
	if err != nil {
		t.Fatalf("ProbabilitiesInto: %v", err)
	}
	if len(into) != len(pw) {
		t.Fatalf("ProbabilitiesInto gives %d cells; want %d", len(into), len(pw))
	}
	*buf = into
	least := 1.0
	for i, c := range p.Cells {
		if c.State == game.Unknown {
			least = min(least, pw[i])
		}
	}
	if m, err := got.MinProbability(ctx); err != nil || math.Float64bits(m) != math.Float64bits(least) {
		t.Fatalf("MinProbability %v, %v; the least of Probabilities %v\n%s", m, err, least, p)
	}
	for i := range pw {
		if math.Float64bits(pg[i]) != math.Float64bits(pw[i]) {
			t.Fatalf("cell %v: cached probability %v; Analyze %v\n%s", p.Board.Pos(i), pg[i], pw[i], p)
		}
		if math.Float64bits(into[i]) != math.Float64bits(pw[i]) {
			t.Fatalf("cell %v: ProbabilitiesInto %v; Probabilities %v\n%s", p.Board.Pos(i), into[i], pw[i], p)
		}
	}
}
