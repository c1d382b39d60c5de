package exact

import (
	"context"
	"fmt"
	"testing"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/cellmem"
)

// BenchmarkSolveMemory measures what 'minesat solve' costs a cell: one
// solution of a generated puzzle, one mine in eight cells, half the safe
// cells shown.
func BenchmarkSolveMemory(b *testing.B) {
	for _, n := range []int{1000, 2048} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			p, _, err := game.Generate(n, n, n*n/8, game.GenOptions{Reveal: 0.5}, 1)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cellmem.Report(b, n*n, func() {
				if _, ok, err := Solve(context.Background(), p); err != nil || !ok {
					b.Fatal(ok, err)
				}
			})
		})
	}
}
