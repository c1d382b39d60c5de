package guess

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

// TestRanked checks that asking a guess for its ranking (Position.Rank)
// changes no guess, and that the ranking starts with the guessed cell,
// holds distinct closed cells, at most Rank and the safest.
func TestRanked(t *testing.T) {
	ctx := context.Background()
	ranked := 0
	for _, level := range []game.Level{game.Beginner, game.Expert} {
		for seed := range 12 {
			g, err := game.New(level, game.RulesSafe, game.GameSeed(37, seed))
			require.NoError(t, err)
			if _, err := g.Open(game.Pos{}); err != nil || g.Outcome() != game.Unfinished {
				continue
			}
			view := g.View()
			guessOf := func(rank int) Guess {
				p := &Position{View: view, Rand: rand.New(rand.NewPCG(uint64(seed), 1)), Explain: true, Rank: rank}
				got, err := DefaultGuesser().Guess(ctx, p, nil)
				require.NoError(t, err)
				return got
			}
			plain, withRank := guessOf(0), guessOf(4)
			assert.Nil(t, plain.Ranked)
			withRank.Ranked, plain.Ranked = nil, withRank.Ranked
			assert.Equal(t, plain.Cell, withRank.Cell, "%s game %d", level, seed)
			assert.Equal(t, plain.Method, withRank.Method, "%s game %d", level, seed)
			r := plain.Ranked
			if !thinkable(plain.Method) {
				assert.Nil(t, r)
				continue
			}
			ranked++
			require.NotEmpty(t, r)
			assert.Equal(t, plain.Cell, r[0])
			assert.LessOrEqual(t, len(r), 5)
			sorted := slices.Sorted(slices.Values(r))
			assert.Len(t, slices.Compact(sorted), len(r), "distinct cells")
			safest := slices.IndexFunc(r, func(c int) bool { return plain.Probs[c] <= minProb(plain.Probs)+probEps })
			assert.GreaterOrEqual(t, safest, 0, "the safest cell is ranked")
			for _, c := range r {
				assert.Equal(t, game.Unknown, view.Cells[c].State)
			}
		}
	}
	assert.Greater(t, ranked, 5)
}

// thinkable reports whether guesses of method m rank their candidates.
func thinkable(m Method) bool {
	return m == MethodLookahead || m == MethodLookahead2 || m == MethodProb
}

// minProb returns the lowest probability of probs, NaN left out.
func minProb(probs []float64) float64 {
	m := 2.0
	for _, p := range probs {
		if p == p && p < m {
			m = p
		}
	}
	return m
}
