package kb

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSaturate adds every hint of a random position (half the safe
// cells open) and resolves to a fixpoint, per board size and restriction.
func BenchmarkSaturate(b *testing.B) {
	sizes := []struct{ rows, cols, mines int }{{9, 9, 10}, {16, 16, 40}, {16, 30, 99}}
	for _, sz := range sizes {
		rng := rand.New(rand.NewPCG(1, 2))
		p := randomPosition(rng, sz.rows, sz.cols, sz.mines, 0.5)
		for _, short := range []int{1, 2} {
			b.Run(fmt.Sprintf("%dx%d/short=%d", sz.rows, sz.cols, short), func(b *testing.B) {
				k := NewWithLimits(p.board, Limits{Short: short})
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					k.Reset(p.board)
					for _, h := range p.hints {
						if err := k.AddHint(h, p.hintN[h]); err != nil {
							b.Fatal(err)
						}
					}
					for k.Pending() {
						if _, err := k.Resolve(); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}

// BenchmarkAddHint adds every hint of a position (80% of the safe cells
// open, in random order) to an emptied KB, without resolution, as the fast
// preset's KB takes them: one position of 20 per iteration, per board size.
func BenchmarkAddHint(b *testing.B) {
	sizes := []struct{ rows, cols, mines int }{{9, 9, 10}, {16, 16, 40}, {16, 30, 99}}
	for _, sz := range sizes {
		rng := rand.New(rand.NewPCG(3, 4))
		var ps []*position
		for range 20 {
			p := randomPosition(rng, sz.rows, sz.cols, sz.mines, 0.8)
			rng.Shuffle(len(p.hints), func(i, j int) { p.hints[i], p.hints[j] = p.hints[j], p.hints[i] })
			ps = append(ps, p)
		}
		b.Run(fmt.Sprintf("%dx%d", sz.rows, sz.cols), func(b *testing.B) {
			k := NewWithLimits(ps[0].board, Limits{Short: 2, NoMerge: true})
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				p := ps[i%len(ps)]
				k.Reset(p.board)
				for _, h := range p.hints {
					if err := k.AddHint(h, p.hintN[h]); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
