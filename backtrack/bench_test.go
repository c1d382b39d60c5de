package backtrack

import (
	"context"
	"fmt"
	"testing"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/puzzletest"
)

// benchSettings are seed 003's four random settings (rows, cols, mines,
// hints); the benchmark puzzle of each is game.Generate with seed 1, the
// first of the five in testdata/compare.
var benchSettings = []struct{ rows, cols, mines, hints int }{
	{9, 9, 15, 24}, {9, 9, 22, 36}, {12, 12, 30, 48}, {12, 12, 40, 64},
}

// benchMethods are seed 003's eight combinations and the best one.
var benchMethods = []string{"bt", "bt+fc", "mrv", "mrv+fc", "degree", "degree+fc", "lcv", "lcv+fc", "mrv+degree+fc"}

// BenchmarkSolve finds one solution, per setting and method, reusing one
// Solver: the allocations reported are the search's own.
func BenchmarkSolve(b *testing.B) {
	for _, st := range benchSettings {
		p, _, err := game.Generate(st.rows, st.cols, st.mines, game.GenOptions{Hints: st.hints}, 1)
		if err != nil {
			b.Fatal(err)
		}
		s, err := New(p)
		if err != nil {
			b.Fatal(err)
		}
		for _, m := range benchMethods {
			o, _ := ParseOptions(m)
			b.Run(fmt.Sprintf("%dx%d-%d-%d/%s", st.rows, st.cols, st.mines, st.hints, m), func(b *testing.B) {
				b.ReportAllocs()
				var nodes int64
				for b.Loop() {
					r, err := s.Solve(context.Background(), o)
					if err != nil || !r.Found {
						b.Fatal(r, err)
					}
					nodes = r.Stats.Nodes
				}
				b.ReportMetric(float64(nodes), "nodes/op")
			})
		}
	}
}

// BenchmarkCount enumerates every solution of the seed puzzle size8-a (1274
// solutions), per method.
func BenchmarkCount(b *testing.B) {
	p := puzzletest.Seed(b, "size8-a.txt")
	s, err := New(p)
	if err != nil {
		b.Fatal(err)
	}
	for _, m := range benchMethods {
		o, _ := ParseOptions(m)
		b.Run(m, func(b *testing.B) {
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				st, err := s.Enumerate(context.Background(), o, nil)
				if err != nil || st.Solutions != 1274 {
					b.Fatal(st, err)
				}
				nodes = st.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nodes), "ns/node")
		})
	}
}

// BenchmarkNew measures compiling a puzzle, per board size.
func BenchmarkNew(b *testing.B) {
	for _, l := range []game.Level{game.Beginner, game.Intermediate, game.Expert} {
		p, _, err := game.Generate(l.Rows, l.Cols, l.Mines, game.GenOptions{Reveal: 0.5}, 1)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(l.Name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := New(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
