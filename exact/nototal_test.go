package exact

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/puzzletest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNoTotalAgainstBruteForce compares every answer with brute force on
// random small puzzles whose mine total is unknown: every layout that
// agrees with the hints and the flags counts once, whatever its mines.
func TestNoTotalAgainstBruteForce(t *testing.T) {
	runs := 400
	if testing.Short() {
		runs = 120
	}
	rng := rand.New(rand.NewPCG(20, 19))
	unsat, interior := 0, 0
	for range runs {
		p, _ := randomSmallPuzzle(t, rng, 18)
		p.Mines = game.UnknownMines
		require.NoError(t, p.Validate())
		bf := bruteForce(t, p)
		if bf.count == 0 {
			unsat++
		}
		if sp, err := NewSplit(p); err == nil && sp.InteriorLen() > 0 {
			interior++
		}
		compareWithBrute(t, p, bf)
		if t.Failed() {
			return
		}
	}
	assert.Greater(t, unsat, 0, "no puzzle without a solution was checked")
	assert.Greater(t, interior, runs/4, "too few puzzles with an interior were checked")
}

// TestNoTotalInterior checks the plain facts of a board without a total:
// n cells next to no hint give 2^n layouts, each cell a mine in half.
func TestNoTotalInterior(t *testing.T) {
	ctx := context.Background()
	p, err := game.NewPuzzle(3, 4, game.UnknownMines)
	require.NoError(t, err)
	n, err := Count(ctx, p)
	require.NoError(t, err)
	assert.Equal(t, "4096", n.String())
	probs, err := Probabilities(ctx, p)
	require.NoError(t, err)
	for _, pr := range probs {
		assert.Equal(t, 0.5, pr)
	}
	a, err := Analyze(ctx, p, Budget{})
	require.NoError(t, err)
	lc, err := a.LogCount()
	require.NoError(t, err)
	assert.InDelta(t, 12*math.Ln2, lc, 1e-12)
	f, err := a.Forced(ctx)
	require.NoError(t, err)
	assert.Empty(t, f.Mines)
	assert.Empty(t, f.Safe)
	assert.Equal(t, int64(4096), puzzletest.Count(t, p))
}

// FuzzNoTotalAgainstBruteForce decodes bytes as FuzzAgainstBruteForce
// does, without a mine total, and compares every answer with brute force.
func FuzzNoTotalAgainstBruteForce(f *testing.F) {
	f.Add([]byte{3, 3, 9, 1, 9, 9, 2, 9, 9, 9, 9})
	f.Add([]byte{2, 4, 10, 2, 9, 9, 9, 3, 9, 11})
	f.Add([]byte{4, 4, 9, 9, 9, 9, 9, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		rows, cols := 1+int(data[0])%5, 1+int(data[1])%5
		p := decodeCells(t, rows, cols, game.UnknownMines, data[2:])
		if p.Unknowns() > 16 {
			return
		}
		compareWithBrute(t, p, bruteForce(t, p))
	})
}
