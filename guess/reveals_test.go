package guess

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// TestRevealsKept checks that the analyses the dead test keeps are, bit for
// bit, those the weighing would make itself, for every candidate of a
// position, the memory reused from one position to the next.
func TestRevealsKept(t *testing.T) {
	ctx := context.Background()
	var keep revealsKept
	for _, text := range []string{
		"4 4 3\n1 -1 -1 -1\n-1 -1 -1 -1\n-1 -1 -1 -1\n-1 -1 -1 -1\n",
		"5 5 5\n0 1 -1 -1 -1\n1 2 -1 -1 -1\n-1 -1 -1 -1 -1\n-1 -1 -1 -1 -1\n-1 -1 -1 -1 -1\n",
		"4 5 4\n1 1 2 -1 -1\n-1 -1 -1 -1 -1\n-1 -1 -1 -1 -1\n-1 -1 -1 -1 -1\n",
	} {
		p := mustPuzzle(t, text)
		base, err := exact.Analyze(ctx, p, exact.Budget{})
		require.NoError(t, err)
		probs, err := base.Probabilities(ctx)
		require.NoError(t, err)
		view := p.Clone()
		keep.reset()
		for x := range p.Cells {
			if !undecided(p, probs, x) {
				continue
			}
			_, err := keep.dead(ctx, exact.NewAnalyzerCache(exact.Budget{}, nil), base, view, probs, x)
			require.NoError(t, err)
		}
		require.NotEmpty(t, keep.kept, "%s", text)
		for _, k := range keep.kept {
			assert.Same(t, k.a, keep.find(k.cell, k.value))
			view.Cells[k.cell] = game.Cell{State: game.Revealed, Hint: uint8(k.value)}
			fresh, err := exact.NewAnalyzerCache(exact.Budget{}, nil).Reveal(ctx, base, view, k.cell)
			require.NoError(t, err)
			require.Equal(t, fresh.Satisfiable(), k.a.Satisfiable(), "cell %d value %d", k.cell, k.value)
			if fresh.Satisfiable() {
				want, _ := fresh.LogCount()
				got, _ := k.a.LogCount()
				assert.Equal(t, math.Float64bits(want), math.Float64bits(got), "cell %d value %d", k.cell, k.value)
				wantP, _ := fresh.Probabilities(ctx)
				gotP, _ := k.a.Probabilities(ctx)
				assert.Equal(t, bitsOf(wantP), bitsOf(gotP), "cell %d value %d", k.cell, k.value)
			}
			view.Cells[k.cell] = p.Cells[k.cell]
		}
		assert.Nil(t, keep.find(-1, 0))
	}
	assert.Nil(t, (*revealsKept)(nil).find(0, 0))
}

// bitsOf returns the bits of xs, NaNs alike.
func bitsOf(xs []float64) []uint64 {
	out := make([]uint64, len(xs))
	for i, x := range xs {
		out[i] = math.Float64bits(x)
	}
	return out
}
