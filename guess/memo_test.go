package guess

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/exact"
)

// TestWeighMemo weighs the pool of random positions under bars in random
// order, each weighing twice: by a weigher with a memo (which answers
// what it has seen) and by one without, and requires the same answer to
// the bit, stopped short or not.
func TestWeighMemo(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 30))
	g := plainGuesser()
	var memo weighMemo
	asked, answered := 0, 0
	for i := range 40 {
		p, _ := randomPosition(t, 9, 9, 10, 0.1+0.4*rng.Float64(), int64(300+i))
		a, probs, lnAll := analyzed(t, p, exact.Budget{})
		if !a.Satisfiable() {
			continue
		}
		plain := weigher{view: p.Clone(), base: a, probs: probs, z: exact.NewAnalyzer(exact.Budget{}), lnAll: lnAll, g: g, depth: 1}
		memoed := plain
		memoed.view, memoed.memo = p.Clone(), &memo
		for _, c := range g.pool(nil, g.rank(p, probs, func(int) uint64 { return 0 }, nil)) {
			full, _, err := plain.weigh(ctx, c.cell, math.Inf(-1))
			require.NoError(t, err)
			bars := []float64{math.Inf(-1), 0, 0.5, 0.9, 1, full, math.Nextafter(full, 2), math.Nextafter(full, -1), full / 2}
			rng.Shuffle(len(bars), func(i, j int) { bars[i], bars[j] = bars[j], bars[i] })
			for _, bar := range bars {
				_, _, known := memo.lookup(memo.keyOf(p, c.cell, exact.Budget{}), bar)
				ws, wz, err := plain.weigh(ctx, c.cell, bar)
				require.NoError(t, err)
				gs, gz, err := memoed.weigh(ctx, c.cell, bar)
				require.NoError(t, err)
				assert.Equal(t, math.Float64bits(ws), math.Float64bits(gs), "position %d, cell %d, bar %v: score %v; want %v", i, c.cell, bar, gs, ws)
				assert.Equal(t, math.Float64bits(wz), math.Float64bits(gz), "position %d, cell %d, bar %v: zero %v; want %v", i, c.cell, bar, gz, wz)
				asked++
				if known {
					answered++
				}
			}
		}
	}
	assert.Greater(t, answered, asked/2, "weighings the memo answered: the test checks too little")
	t.Logf("%d weighings, %d answered by the memo", asked, answered)
}
