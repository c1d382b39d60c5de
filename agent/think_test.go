package agent

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
)

// thinkAt returns agent a's position at the start of a game in the
// position view (on one of its layouts, which a thinker never reads), and
// the position's sampler.
func thinkAt(t testing.TB, a *Agent, view *game.Puzzle) (*Position, *exact.Sampler) {
	t.Helper()
	ctx := context.Background()
	an, err := exact.Analyze(ctx, view, exact.Budget{})
	require.NoError(t, err)
	smp, err := an.Sampler(ctx)
	require.NoError(t, err)
	g, err := game.Resume(view, smp.Draw(rand.New(rand.NewPCG(1, 1)), nil))
	require.NoError(t, err)
	var res Result
	_, err = a.begin(g, &res)
	require.NoError(t, err)
	return &a.pos, smp
}

// thinkPuzzle reads a puzzle in the integer format.
func thinkPuzzle(t *testing.T, text string) *game.Puzzle {
	t.Helper()
	p, err := game.ParsePuzzle("test", strings.NewReader(text))
	require.NoError(t, err)
	return p
}

// layoutsOf returns every layout of view by brute force: each set of its
// closed cells that satisfies it, as increasing cells.
func layoutsOf(t testing.TB, view *game.Puzzle) [][]int {
	t.Helper()
	var closed []int
	for i, c := range view.Cells {
		if c.State == game.Unknown {
			closed = append(closed, i)
		}
	}
	require.Less(t, len(closed), 20)
	var out [][]int
	for set := uint32(0); set < 1<<len(closed); set++ {
		if bits.OnesCount32(set) != view.Mines {
			continue
		}
		var mines []int
		for k, c := range closed {
			if set&(1<<k) != 0 {
				mines = append(mines, c)
			}
		}
		if view.Satisfies(mines) == nil {
			out = append(out, mines)
		}
	}
	return out
}

// TestThinkEstimatesExact checks the search's estimates, its rollouts over
// drawn layouts, against exact enumeration: each cell's share of won games
// over every layout of the position, one rollout each. They agree within
// four standard errors; a sampler biased towards some layouts, or a
// rollout that does not play the position it is given, fails.
func TestThinkEstimatesExact(t *testing.T) {
	tests := []struct {
		name, puzzle string
		cells        [][2]int
		want         []float64 // exact shares, when known by hand
	}{
		// A 50/50: either closed cell is the mine, and opening the other
		// wins.
		{"fifty-fifty", "2 2 1\n1 1\n-1 -1\n", [][2]int{{1, 0}, {1, 1}}, []float64{0.5, 0.5}},
		// A 1 in the corner of a 3x4 board with 3 mines: cells far and
		// near, with different chances to win.
		{"corner", "3 4 3\n1 -1 -1 -1\n-1 -1 -1 -1\n-1 -1 -1 -1\n", [][2]int{{1, 1}, {2, 3}, {0, 3}}, nil},
	}
	const draws = 800
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := New(WithThink(64))
			require.NoError(t, err)
			view := thinkPuzzle(t, tt.puzzle)
			p, smp := thinkAt(t, a, view)
			th := newThinker(a, 64, 0)
			layouts := layoutsOf(t, view)
			for k, rc := range tt.cells {
				cell := view.Board.Index(game.PosOf(rc))
				exactWins := 0
				for j, l := range layouts {
					th.mines = slices.Clone(l)
					won, err := th.rollout(ctx, p, cell, 0, uint64(j))
					require.NoError(t, err)
					if won {
						exactWins++
					}
				}
				share := float64(exactWins) / float64(len(layouts))
				if tt.want != nil {
					require.InDelta(t, tt.want[k], share, 1e-12, "cell %v: exact share", rc)
				}
				wins := 0
				for j := range draws {
					require.NoError(t, th.layout(ctx, smp, 37, j))
					won, err := th.rollout(ctx, p, cell, j, 37)
					require.NoError(t, err)
					if won {
						wins++
					}
				}
				est := float64(wins) / draws
				se := math.Sqrt(max(share*(1-share), 0.01) / draws)
				assert.InDelta(t, share, est, 4*se, "cell %v: %d layouts, exact %.4f, estimate %.4f", rc, len(layouts), share, est)
			}
		})
	}
}

// TestThinkChoose checks a search end to end in the 50/50: both cells
// raced on the same layouts, which tell them apart nowhere but in the
// mine, so the guesser's choice is kept, and the guess names the search
// and its estimates.
func TestThinkChoose(t *testing.T) {
	a, err := New(WithThink(40))
	require.NoError(t, err)
	view := thinkPuzzle(t, "2 2 1\n1 1\n-1 -1\n")
	p, _ := thinkAt(t, a, view)
	gs := a.strategies[len(a.strategies)-1].(GuessStrategy)
	gp := p.guessPosition()
	gp.Rank, gp.Explain = thinkCandidates, true
	g := guess.Guess{Cell: 2, Method: guess.MethodLookahead, Ranked: []int{2, 3}, Probs: []float64{math.NaN(), math.NaN(), 0.5, 0.5}}
	got, err := gs.think.choose(context.Background(), p, gp, g)
	require.NoError(t, err)
	assert.Equal(t, guess.MethodThink, got.Method)
	require.Len(t, got.Estimates, 2)
	e0, e1 := got.Estimates[0], got.Estimates[1]
	assert.Equal(t, 2, e0.Cell)
	assert.Equal(t, 3, e1.Cell)
	assert.Equal(t, 20, e0.Rollouts, "40 rollouts, 2 candidates")
	assert.Equal(t, e0.Rollouts, e0.Wins+e1.Wins, "each layout won from exactly one cell")
	// The guesser's choice is kept unless the other beats it by z 1.5:
	// wins w and 20-w give z = (20-2w)/sqrt(20).
	want := 2
	if float64(e1.Wins-e0.Wins)/math.Sqrt(20) >= thinkSwitch {
		want = 3
	}
	assert.Equal(t, want, got.Cell)
	assert.Equal(t, slices.Index([]int{2, 3}, got.Cell) >= 0, true)

	// Methods the search leaves alone.
	for _, m := range []guess.Method{guess.MethodEndgame, guess.MethodFiftyFifty, guess.MethodLocal} {
		g.Method = m
		same, err := gs.think.choose(context.Background(), p, gp, g)
		require.NoError(t, err)
		assert.Equal(t, m, same.Method)
		assert.Nil(t, same.Estimates)
	}
}

// TestThinkOff checks that WithThink(0) is the agent without the search,
// and that a search which keeps the guesser's choice leaves the game as it
// was (WithThink(1) never has the budget for a round): the same moves in
// every game. The search draws nothing from the game's generator.
func TestThinkOff(t *testing.T) {
	def, err := New(WithMoves())
	require.NoError(t, err)
	for _, n := range []int{0, 1} {
		off, err := New(WithMoves(), WithThink(n))
		require.NoError(t, err)
		for seed := range 30 {
			g1, _ := game.New(game.Beginner, game.RulesSafe, game.GameSeed(5, seed))
			g2, _ := game.New(game.Beginner, game.RulesSafe, game.GameSeed(5, seed))
			r1, err := def.Play(context.Background(), g1)
			require.NoError(t, err)
			r2, err := off.Play(context.Background(), g2)
			require.NoError(t, err)
			require.Equal(t, RecordOf(g1, r1), RecordOf(g2, r2), "think %d, game %d", n, seed)
		}
	}
	_, err = New(WithThink(-1))
	assert.EqualError(t, err, "agent: think -1: want 0 or more rollouts")
}

// BenchmarkPlayOn plays on from an expert position (the first guess after
// the opening) over drawn layouts, as the search's rollouts do: the
// position is copied, not rebuilt, so a rollout allocates little.
func BenchmarkPlayOn(b *testing.B) {
	ctx := context.Background()
	a, err := New(WithThink(64))
	require.NoError(b, err)
	// Play until the first guess: a game whose agent stops there.
	var p *Position
	for seed := int64(0); p == nil; seed++ {
		g, _ := game.New(game.Expert, game.RulesSafe, game.GameSeed(1, int(seed)))
		q, err := New(WithNoGuess())
		require.NoError(b, err)
		res, err := q.Play(ctx, g)
		require.NoError(b, err)
		if res.Outcome == game.Stuck && g.Closed() > 100 {
			p = &q.pos
		}
	}
	an, err := exact.Analyze(ctx, p.View, exact.Budget{})
	require.NoError(b, err)
	smp, err := an.Sampler(ctx)
	require.NoError(b, err)
	probs, err := an.Probabilities(ctx)
	require.NoError(b, err)
	cell := -1 // the safest closed cell
	for i, x := range probs {
		if !math.IsNaN(x) && (cell < 0 || x < probs[cell]) {
			cell = i
		}
	}
	th := newThinker(a, 64, 0)
	// copy: what a rollout costs before it plays, the layout drawn, the
	// game resumed and the position copied.
	b.Run("copy", func(b *testing.B) {
		b.ReportAllocs()
		j := 0
		for b.Loop() {
			require.NoError(b, th.layout(ctx, smp, 1, j))
			var err error
			if th.game == nil {
				th.game, err = game.Resume(p.View, th.mines)
			} else {
				err = th.game.Resume(p.View, th.mines)
			}
			require.NoError(b, err)
			th.roll.pos.copyFrom(p, th.roll.limits)
			j = (j + 1) % 64 // a search's first 64 layouts
		}
	})
	// rebuild: the same position built from the view instead of copied,
	// every open cell's hint told to a KB again.
	b.Run("rebuild", func(b *testing.B) {
		b.ReportAllocs()
		j := 0
		for b.Loop() {
			require.NoError(b, th.layout(ctx, smp, 1, j))
			require.NoError(b, th.game.Resume(p.View, th.mines))
			var res Result
			_, err := th.roll.begin(th.game, &res)
			require.NoError(b, err)
			j = (j + 1) % 64
		}
	})
	// rollout: the whole rollout, played to the end of the game.
	b.Run("rollout", func(b *testing.B) {
		b.ReportAllocs()
		j := 0
		for b.Loop() {
			require.NoError(b, th.layout(ctx, smp, 1, j))
			if _, err := th.rollout(ctx, p, cell, j, 1); err != nil {
				b.Fatal(err)
			}
			j = (j + 1) % 64 // a search's first 64 layouts
		}
	})
}
