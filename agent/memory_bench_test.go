package agent

import (
	"context"
	"fmt"
	"testing"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/cellmem"
)

// bigSizes are the boards the memory benchmarks measure, as 'minesat play
// --level NxN/1' plays them: one mine, so the first click opens the board.
var bigSizes = []int{1000, 2048}

// BenchmarkPlayMemory measures what playing a game costs a cell of its
// board (docs/limits.md, "Memory a cell").
func BenchmarkPlayMemory(b *testing.B) {
	for _, n := range bigSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			l := game.Level{Name: fmt.Sprintf("%dx%d/1", n, n), Rows: n, Cols: n, Mines: 1}
			a, err := New()
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cellmem.Report(b, n*n, func() {
				g, err := game.New(l, game.RulesSafe, 1)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := a.Play(context.Background(), g); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkAdviseMemory measures what 'minesat analyze' costs a cell: the
// advice on a generated position, one mine in twenty cells, 90% of the
// safe cells shown.
func BenchmarkAdviseMemory(b *testing.B) {
	for _, n := range bigSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			p, _, err := game.Generate(n, n, n*n/20, game.GenOptions{Reveal: 0.9}, 1)
			if err != nil {
				b.Fatal(err)
			}
			a, err := New()
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cellmem.Report(b, n*n, func() {
				if _, err := a.Advise(context.Background(), p); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
