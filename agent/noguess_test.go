package agent

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

// wonWithoutGuessing plays g with the sat preset, no guessing, from first.
func wonWithoutGuessing(t *testing.T, g *game.Game, first game.Pos) bool {
	t.Helper()
	a, err := New(WithPreset(PresetSAT), WithNoGuess(), WithFirst(first))
	require.NoError(t, err)
	res, err := a.Play(context.Background(), g)
	require.NoError(t, err)
	return res.Outcome == game.Won
}

func TestNoGuessGameIsWonByLogic(t *testing.T) {
	tests := []struct {
		level string
		rules game.Rules
		first game.Pos
		games int
	}{
		{"beginner", game.RulesSafe, game.Pos{}, 20},
		{"intermediate", game.RulesSafe, game.Pos{Row: 8, Col: 8}, 5},
		{"expert", game.RulesZero, game.Pos{Row: 3, Col: 3}, 2},
		{"5x5/4", game.RulesSafe, game.Pos{Row: 2, Col: 2}, 20},
	}
	for _, tt := range tests {
		t.Run(tt.level, func(t *testing.T) {
			l, err := game.ParseLevel(tt.level)
			require.NoError(t, err)
			for seed := range int64(tt.games) {
				g, st, err := NoGuessGame(context.Background(), l, tt.rules, tt.first, seed, 0)
				require.NoError(t, err)
				assert.Equal(t, st.Seed, g.Seed())
				assert.GreaterOrEqual(t, st.Tries, 1)
				assert.True(t, g.Placed())
				assert.Equal(t, l.Cells()-l.Mines, g.Closed(), "nothing is open yet")

				// The layout is the one the kept seed draws from first.
				again, err := game.New(l, tt.rules, st.Seed)
				require.NoError(t, err)
				_, err = again.Open(tt.first)
				require.NoError(t, err)
				assert.Equal(t, g.Mines(), again.Mines())

				assert.True(t, wonWithoutGuessing(t, g, tt.first), "seed %d: the sat preset without guessing did not win", seed)
			}
		})
	}
}

func TestNoGuessGameSameSeedSameBoard(t *testing.T) {
	for seed := range int64(5) {
		g1, st1, err := NoGuessGame(context.Background(), game.Intermediate, game.RulesSafe, game.Pos{}, seed, 0)
		require.NoError(t, err)
		g2, st2, err := NoGuessGame(context.Background(), game.Intermediate, game.RulesSafe, game.Pos{}, seed, 0)
		require.NoError(t, err)
		assert.Equal(t, g1.Mines(), g2.Mines())
		assert.Equal(t, st1.Tries, st2.Tries)
		assert.Equal(t, st1.Seed, st2.Seed)
	}
}

func TestNoGuessGameErrors(t *testing.T) {
	ctx := context.Background()
	// On 2x2 with 2 mines, the corner shows 2 and the two layouts with a
	// mine opposite it cannot be told apart from the one without: no
	// layout is won by logic.
	tiny := game.Level{Name: "2x2/2", Rows: 2, Cols: 2, Mines: 2}
	_, st, err := NoGuessGame(ctx, tiny, game.RulesSafe, game.Pos{}, 1, 50)
	require.ErrorIs(t, err, ErrNoGuessTries)
	assert.Equal(t, 50, st.Tries)
	assert.Contains(t, err.Error(), "in 50 tries")

	_, _, err = NoGuessGame(ctx, game.Beginner, game.RulesSeed, game.Pos{}, 1, 0)
	assert.ErrorContains(t, err, "rules safe or zero")
	_, _, err = NoGuessGame(ctx, game.Beginner, game.RulesSafe, game.Pos{Row: 9}, 1, 0)
	assert.ErrorContains(t, err, "off the 9x9 board")
	_, _, err = NoGuessGame(ctx, game.Level{Name: "3x3/9", Rows: 3, Cols: 3, Mines: 9}, game.RulesSafe, game.Pos{}, 1, 0)
	assert.Error(t, err)

	stopped, cancel := context.WithCancel(ctx)
	cancel()
	_, _, err = NoGuessGame(stopped, game.Expert, game.RulesSafe, game.Pos{}, 1, 0)
	assert.True(t, errors.Is(err, context.Canceled), "got %v", err)
}

// TestNoGuessGameUniform checks that rejection sampling keeps the layouts
// uniform among no-guess layouts: on 4x4 with 3 mines under RulesSafe from
// the corner it enumerates every layout, finds the no-guess ones, and
// checks the frequencies of many generated boards against the uniform
// distribution over them with a chi-square test.
func TestNoGuessGameUniform(t *testing.T) {
	if testing.Short() {
		t.Skip("a statistical run of a few seconds")
	}
	l := game.Level{Name: "4x4/3", Rows: 4, Cols: 4, Mines: 3}
	first := game.Pos{}
	b := game.MustBoard(l.Rows, l.Cols)
	noGuess := map[string]bool{}
	all := 0
	for i := 1; i < b.Len(); i++ {
		for j := i + 1; j < b.Len(); j++ {
			for k := j + 1; k < b.Len(); k++ {
				all++
				mines := []game.Pos{b.Pos(i), b.Pos(j), b.Pos(k)}
				g, err := game.NewWithLayout(l, game.RulesSafe, 0, mines, nil)
				require.NoError(t, err)
				if wonWithoutGuessing(t, g, first) {
					noGuess[fmt.Sprint(mines)] = true
				}
			}
		}
	}
	require.Equal(t, 455, all)
	k := len(noGuess)
	require.Greater(t, k, 10)
	require.Less(t, k, all)

	const samples = 5460 // 30 a no-guess layout
	counts := map[string]int{}
	for seed := range int64(samples) {
		g, _, err := NoGuessGame(context.Background(), l, game.RulesSafe, first, seed, 0)
		require.NoError(t, err)
		key := fmt.Sprint(g.Mines())
		require.True(t, noGuess[key], "seed %d: layout %s is not a no-guess layout", seed, key)
		counts[key]++
	}
	assert.Len(t, counts, k, "every no-guess layout turns up")
	want := float64(samples) / float64(k)
	chi2 := 0.0
	for key := range noGuess {
		d := float64(counts[key]) - want
		chi2 += d * d / want
	}
	// The 0.999 quantile of chi-square with k-1 degrees of freedom, by
	// Wilson and Hilferty's approximation.
	df := float64(k - 1)
	crit := df * math.Pow(1-2/(9*df)+3.0902*math.Sqrt(2/(9*df)), 3)
	assert.Less(t, chi2, crit, "%d no-guess layouts of %d, %d samples: chi-square %.1f", k, all, samples, chi2)
	t.Logf("%d of %d layouts are no-guess; chi-square %.1f on %d df (0.999 critical %.1f)", k, all, chi2, k-1, crit)
}

// BenchmarkNoGuessGame finds one no-guess board per iteration (run seed i),
// per level, under RulesSafe from the corner. ns/op is the time of one
// board; tries/board is the layouts drawn for it, the inverse of the share
// of random layouts that qualify.
func BenchmarkNoGuessGame(b *testing.B) {
	for _, l := range []game.Level{game.Beginner, game.Intermediate, game.Expert} {
		b.Run(l.Name, func(b *testing.B) {
			b.ReportAllocs()
			tries := 0
			for i := 0; i < b.N; i++ {
				_, st, err := NoGuessGame(context.Background(), l, game.RulesSafe, game.Pos{}, int64(i), 0)
				if err != nil {
					b.Fatal(err)
				}
				tries += st.Tries
			}
			b.ReportMetric(float64(tries)/float64(b.N), "tries/board")
		})
	}
}
