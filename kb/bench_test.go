package kb

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/minesat/minesat/game"
)

// benchSizes are the benchmark boards: 20% mines, half the safe cells
// revealed, from game.Generate with seed 1.
var benchSizes = []struct{ rows, cols int }{
	{6, 6}, {12, 12}, {16, 30}, {100, 100}, {300, 300}, {1000, 1000},
}

var benchPuzzles sync.Map // "RxC" -> *game.Puzzle

func benchPuzzle(b *testing.B, rows, cols int) *game.Puzzle {
	b.Helper()
	key := fmt.Sprintf("%dx%d", rows, cols)
	if p, ok := benchPuzzles.Load(key); ok {
		return p.(*game.Puzzle)
	}
	p, _, err := game.Generate(rows, cols, rows*cols/5, game.GenOptions{Reveal: 0.5}, 1)
	if err != nil {
		b.Fatal(err)
	}
	benchPuzzles.Store(key, p)
	return p
}

// benchEach runs f on every benchmark board, as a sub-benchmark named
// after the board (cols x rows, as the issue names them: 30x16 is expert).
func benchEach(b *testing.B, maxCells int, f func(b *testing.B, p *game.Puzzle)) {
	for _, s := range benchSizes {
		if s.rows*s.cols > maxCells {
			continue
		}
		b.Run(fmt.Sprintf("%dx%d", s.cols, s.rows), func(b *testing.B) {
			p := benchPuzzle(b, s.rows, s.cols)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				f(b, p)
			}
		})
	}
}

func BenchmarkSolve(b *testing.B) {
	benchEach(b, 1<<20, func(b *testing.B, p *game.Puzzle) {
		if _, ok, err := Solve(context.Background(), p); err != nil || !ok {
			b.Fatal(ok, err)
		}
	})
}

func BenchmarkForced(b *testing.B) {
	benchEach(b, 1<<20, func(b *testing.B, p *game.Puzzle) {
		if _, err := FindForced(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkCount stops at 300x300: an exact count of a 1000x1000 board has
// about half a million digits, and the product of its components'
// polynomials, tens of thousands of such numbers, is beyond reach.
func BenchmarkCount(b *testing.B) {
	benchEach(b, 300*300, func(b *testing.B, p *game.Puzzle) {
		if _, err := Count(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkProbabilities(b *testing.B) {
	benchEach(b, 1<<20, func(b *testing.B, p *game.Puzzle) {
		if _, err := Probabilities(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	})
}
