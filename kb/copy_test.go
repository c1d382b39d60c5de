package kb

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCopyFrom checks that a KB copied midway and told the rest of a
// position's hints ends as the KB told them all, and that the copy shares
// nothing with its source: the source stays as it was copied.
func TestCopyFrom(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 1))
	dst := New(randomPosition(rng, 9, 9, 10, 0.5).board) // memory of another board, to reuse
	for n := range 40 {
		p := randomPosition(rng, 5+rng.IntN(4), 5+rng.IntN(4), 4+rng.IntN(8), 0.3+0.4*rng.Float64())
		half := len(p.hints) / 2
		for _, lim := range []Limits{DefaultLimits, {Short: 2, NoMerge: true}} {
			src := NewWithLimits(p.board, lim)
			feed(t, src, p, p.hints[:half], n%2 == 0)
			before, settled := src.Clauses(), append(src.Settled()[:0:0], src.Settled()...)
			dst.CopyFrom(src)
			check(t, dst, p.mine)
			feed(t, dst, p, p.hints[half:], n%2 == 0)

			whole := NewWithLimits(p.board, lim)
			feed(t, whole, p, p.hints[:half], n%2 == 0)
			feed(t, whole, p, p.hints[half:], n%2 == 0)
			require.Equal(t, whole.Clauses(), dst.Clauses(), "position %d", n)
			require.Equal(t, whole.Settled(), dst.Settled(), "position %d", n)
			require.Equal(t, whole.Stats(), dst.Stats(), "position %d", n)
			for _, l := range whole.Settled() {
				require.Equal(t, whole.Explain(l), dst.Explain(l), "position %d, %s", n, FormatLit(p.board, l))
			}
			assert.Equal(t, before, src.Clauses(), "position %d: the source changed", n)
			assert.Equal(t, settled, src.Settled(), "position %d: the source changed", n)
		}
	}
}

// BenchmarkCopyFrom copies the KB of an expert position half open.
func BenchmarkCopyFrom(b *testing.B) {
	rng := rand.New(rand.NewPCG(37, 2))
	p := randomPosition(rng, 16, 30, 99, 0.5)
	src := New(p.board)
	for _, i := range p.hints {
		if err := src.AddHint(i, p.hintN[i]); err != nil {
			b.Fatal(err)
		}
	}
	dst := New(p.board)
	b.ReportAllocs()
	for b.Loop() {
		dst.CopyFrom(src)
	}
}
