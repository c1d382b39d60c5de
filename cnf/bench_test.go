package cnf

import (
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/minesat/minesat/game"
)

// benchLevels are the board sizes the benchmarks encode.
var benchLevels = []game.Level{
	game.Beginner,
	game.Intermediate,
	game.Expert,
	{Name: "64x64/600", Rows: 64, Cols: 64, Mines: 600},
}

// midGame returns a position of level l part-way through a game: under
// RulesSeed, with safe cells then opened in seeded random order until half
// of them are revealed, and a quarter of the mines next to a hint flagged.
func midGame(b *testing.B, l game.Level, seed int64) *game.Puzzle {
	b.Helper()
	g, err := game.New(l, game.RulesSeed, seed)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(uint64(seed), 1))
	n := g.Board().Len()
	for _, i := range rng.Perm(n) {
		if g.Closed() <= (n-l.Mines)/2 || g.Outcome() != game.Unfinished {
			break
		}
		if !g.IsMine(i) {
			if _, err := g.Open(g.Board().Pos(i)); err != nil {
				b.Fatal(err)
			}
		}
	}
	p := g.View()
	for i := range p.Cells {
		if g.IsMine(i) && i%4 == 0 {
			p.Cells[i].State = game.Flagged
		}
	}
	return p
}

// BenchmarkProblemFormula measures building a mid-game position's formula
// (NewProblem and Formula) per board size and mine-count encoding, and
// reports its size.
func BenchmarkProblemFormula(b *testing.B) {
	for _, l := range benchLevels {
		p := midGame(b, l, 1)
		for _, enc := range []Encoding{Sequential, Totalizer} {
			b.Run(fmt.Sprintf("%s/%v", l.Name, enc), func(b *testing.B) {
				b.ReportAllocs()
				var f *Formula
				var pr *Problem
				for b.Loop() {
					pr = NewProblem(p)
					f = pr.Formula(enc)
				}
				b.ReportMetric(float64(pr.NumVars()), "cellvars")
				b.ReportMetric(float64(f.NumVars()), "vars")
				b.ReportMetric(float64(f.Len()), "clauses")
				b.ReportMetric(float64(f.NumLits()), "lits")
			})
		}
	}
}

// BenchmarkExactly measures the compact encodings of "exactly n of m" for
// the global mine counts of the standard levels at the start of a game.
func BenchmarkExactly(b *testing.B) {
	for _, mn := range [][2]int{{81, 10}, {256, 40}, {480, 99}, {4096, 600}} {
		m, n := mn[0], mn[1]
		lits := inputs(m)
		for _, enc := range []Encoding{Sequential, Totalizer} {
			b.Run(fmt.Sprintf("m=%d/n=%d/%v", m, n, enc), func(b *testing.B) {
				b.ReportAllocs()
				var f *Formula
				for b.Loop() {
					f = NewFormula(m)
					enc.Encode(f, Exactly{Lits: lits, N: n})
				}
				b.ReportMetric(float64(f.NumVars()-m), "auxvars")
				b.ReportMetric(float64(f.Len()), "clauses")
				b.ReportMetric(float64(f.NumLits()), "lits")
			})
		}
	}
}

// BenchmarkWriteDIMACS measures writing an expert mid-game position.
func BenchmarkWriteDIMACS(b *testing.B) {
	pr := NewProblem(midGame(b, game.Expert, 1))
	b.ReportAllocs()
	for b.Loop() {
		if err := pr.WriteDIMACS(io.Discard, Totalizer); err != nil {
			b.Fatal(err)
		}
	}
}
