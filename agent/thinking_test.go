package agent

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
)

// guessView returns a position before a guess of a game of level (rules
// safe) after its first click, where the search races.
func guessView(t testing.TB, level game.Level) *game.Puzzle {
	t.Helper()
	for i := range 50 {
		moves, snaps, _ := playRecorded(t, level, game.RulesSafe, game.GameSeed(37, i))
		for k, m := range moves {
			if m.Basis != BasisGuess || !thinks(m.Guess.Method) || k < 2 {
				continue
			}
			ans, err := answer(context.Background(), t, snaps[k].view, WithThink(1))
			require.NoError(t, err)
			if ans.Thinking.Skipped == skipBudget {
				return snaps[k].view
			}
		}
	}
	t.Fatal("no guess the search races in 50 games")
	return nil
}

// answer returns an agent of opts's answer in view.
func answer(ctx context.Context, t testing.TB, view *game.Puzzle, opts ...Option) (Answer, error) {
	t.Helper()
	a, err := New(opts...)
	require.NoError(t, err)
	z := exact.NewAnalyzer(exact.Budget{})
	r, err := z.Report(ctx, view, exact.Ask{Forced: true, Probabilities: true})
	require.NoError(t, err)
	require.True(t, r.Satisfiable)
	return a.Answer(ctx, r, z)
}

// checkEstimates checks a raced answer: the guess names the search, its
// estimates add up to the rollouts, each within its games.
func checkEstimates(t *testing.T, ans Answer) {
	t.Helper()
	require.True(t, ans.Found)
	require.NotNil(t, ans.Thinking)
	g := ans.Move.Guess
	require.NotNil(t, g)
	assert.Equal(t, guess.MethodThink, g.Method)
	require.GreaterOrEqual(t, len(g.Estimates), 2)
	sum := 0
	for _, e := range g.Estimates {
		assert.GreaterOrEqual(t, e.Wins, 0)
		assert.LessOrEqual(t, e.Wins, e.Rollouts)
		sum += e.Rollouts
	}
	assert.Equal(t, ans.Thinking.Rollouts, sum)
	assert.Empty(t, ans.Thinking.Skipped)
}

// TestThinkTimeRounds checks that a time budget races whole rounds and
// that the rounds do not depend on the clock: a budget of a nanosecond
// races exactly one round, as the rollout budget of one round does, with
// the same estimates and the same move.
func TestThinkTimeRounds(t *testing.T) {
	ctx := context.Background()
	view := guessView(t, game.Beginner)
	timed, err := answer(ctx, t, view, WithThinkTime(time.Nanosecond))
	require.NoError(t, err)
	checkEstimates(t, timed)
	th := timed.Thinking
	assert.Equal(t, 1, th.Rounds)
	assert.Contains(t, []ThinkStop{ThinkTime, ThinkDecided}, th.Stop)
	est := timed.Move.Guess.Estimates
	for _, e := range est {
		assert.Equal(t, thinkRound, e.Rollouts, "one round: every candidate plays its layouts")
	}

	counted, err := answer(ctx, t, view, WithThink(thinkRound*len(est)))
	require.NoError(t, err)
	checkEstimates(t, counted)
	assert.Equal(t, 1, counted.Thinking.Rounds)
	assert.Equal(t, est, counted.Move.Guess.Estimates)
	assert.Equal(t, timed.Move.Cell, counted.Move.Cell)
}

// TestThinkTimeCap checks that WithThink's rollouts cap a search with a
// time budget that never runs out, on an expert position whose race is
// never decided (its candidates are close): it stops at the cap.
func TestThinkTimeCap(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second) // a cap ignored fails, not hangs
	defer cancel()
	ans, err := answer(ctx, t, guessView(t, game.Expert), WithThink(50), WithThinkTime(time.Hour))
	require.NoError(t, err)
	checkEstimates(t, ans)
	assert.LessOrEqual(t, ans.Thinking.Rollouts, 50)
	assert.Greater(t, ans.Thinking.Rollouts, 40, "the cap spent, less than a layout a candidate")
	assert.Equal(t, ThinkRollouts, ans.Thinking.Stop)
}

// TestThinkTimeBudget checks that a search with a time budget races until
// the budget has passed, on an expert position (rollouts of milliseconds).
func TestThinkTimeBudget(t *testing.T) {
	const d = 100 * time.Millisecond
	ans, err := answer(context.Background(), t, guessView(t, game.Expert), WithThinkTime(d))
	require.NoError(t, err)
	checkEstimates(t, ans)
	th := ans.Thinking
	t.Logf("%d rounds, %d rollouts in %v, stopped: %v", th.Rounds, th.Rollouts, th.Elapsed, th.Stop)
	if th.Stop == ThinkTime {
		assert.GreaterOrEqual(t, th.Elapsed, d)
	} else {
		assert.Equal(t, ThinkDecided, th.Stop)
	}
}

// TestThinkTimeDeadline checks that a search with a time budget beyond its
// context's deadline stops before the deadline, with its estimates: the
// caller gets an answer rather than nothing.
func TestThinkTimeDeadline(t *testing.T) {
	view := guessView(t, game.Expert)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	ans, err := answer(ctx, t, view, WithThinkTime(time.Hour))
	require.NoError(t, err)
	checkEstimates(t, ans)
	assert.Equal(t, ThinkDeadline, ans.Thinking.Stop, "the deadline, not the hour of thinking asked")
	t.Logf("%d rounds in %v", ans.Thinking.Rounds, ans.Thinking.Elapsed)
}

// TestThinkTimeCancel checks that a search stops soon after its context
// ends, far inside its time budget: the context is read before every
// layout and in every rollout.
func TestThinkTimeCancel(t *testing.T) {
	view := guessView(t, game.Expert)
	ctx, cancel := context.WithCancel(context.Background())
	timer := time.AfterFunc(50*time.Millisecond, cancel)
	defer timer.Stop()
	start := time.Now()
	_, err := answer(ctx, t, view, WithThinkTime(time.Hour))
	require.ErrorIs(t, err, context.Canceled)
	// Wide: a rollout takes milliseconds, a loaded machine many more.
	assert.Less(t, time.Since(start), 10*time.Second)
}

// TestThinkingSkipped checks what Answer says of the search where it does
// not race: no report for a move proved safe or an agent without the
// search, the reason for a guess it leaves to the guesser.
func TestThinkingSkipped(t *testing.T) {
	ctx := context.Background()
	// Two cells, one mine: the endgame search's, which the search leaves
	// alone.
	half := thinkPuzzle(t, "2 2 1\n1 1\n-1 -1\n")
	ans, err := answer(ctx, t, half, WithThinkTime(time.Second))
	require.NoError(t, err)
	require.NotNil(t, ans.Thinking)
	assert.Equal(t, ThinkSkipped, ans.Thinking.Stop)
	assert.NotEmpty(t, ans.Thinking.Skipped)
	assert.Nil(t, ans.Move.Guess.Estimates)
	assert.Equal(t, guess.MethodEndgame, ans.Move.Guess.Method)

	// A cell proved safe: (0,3), the mine being (0,2).
	safe, err := answer(ctx, t, thinkPuzzle(t, "1 4 1\n0 1 -1 -1\n"), WithThinkTime(time.Second))
	require.NoError(t, err)
	require.True(t, safe.Found)
	assert.Equal(t, 3, safe.Move.Cell)
	assert.Nil(t, safe.Thinking, "no guess")

	off, err := answer(ctx, t, guessView(t, game.Beginner))
	require.NoError(t, err)
	assert.Nil(t, off.Thinking, "no search asked")

	_, err = New(WithThinkTime(-time.Second))
	assert.EqualError(t, err, "agent: think time -1s: want 0 or more")
}
