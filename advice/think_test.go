package advice

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/stats"
)

// thinkBeginner is a beginner position after two corners opened as 1s: the
// lookahead weighs the two other corners, which the search races.
const thinkBeginner = "mines 10\n1........\n.........\n.........\n.........\n.........\n.........\n.........\n.........\n1........\n"

// TestAdviseThink checks the search's JSON in the advice: each candidate's
// wins and rollouts, its share and a 95% Wilson interval around it, the
// guesser's pick first; the totals; and the rounds a time budget races.
func TestAdviseThink(t *testing.T) {
	ctx := context.Background()
	adv, err := Advise(ctx, mustPuzzle(t, thinkBeginner), agent.WithThinkTime(time.Nanosecond))
	require.NoError(t, err)
	require.NotNil(t, adv.Move)
	th := adv.Move.Think
	require.NotNil(t, th)
	assert.Equal(t, "think", adv.Move.Chosen)
	assert.Equal(t, 1, th.Rounds, "a nanosecond races one round")
	assert.Contains(t, []string{"time", "decided"}, th.Stopped)
	assert.Empty(t, th.Skipped)
	require.Len(t, th.Candidates, 2)
	assert.Equal(t, [2]int{0, 8}, th.Candidates[0].Cell, "the guesser's pick first")
	total := 0
	for _, c := range th.Candidates {
		assert.Equal(t, 8, c.Rollouts)
		total += c.Rollouts
		assert.InDelta(t, float64(c.Wins)/float64(c.Rollouts), c.Win, 1e-12)
		lo, hi := stats.Wilson(c.Wins, c.Rollouts)
		assert.Equal(t, lo, c.Low)
		assert.Equal(t, hi, c.High)
		assert.True(t, c.Low <= c.Win && c.Win <= c.High, "%+v", c)
		p, ok := adv.Prob(game.PosOf(c.Cell))
		require.True(t, ok)
		assert.Equal(t, p, c.P)
	}
	assert.Equal(t, total, th.Rollouts)
	assert.Greater(t, th.ElapsedMS, 0.0)
	require.NotNil(t, adv.Move.Score)
	assert.Contains(t, []float64{th.Candidates[0].Win, th.Candidates[1].Win}, *adv.Move.Score, "the move's score is its estimate")
	// The estimate of the cell played, on a race whose estimates differ.
	raced, err := Advise(ctx, mustPuzzle(t, thinkBeginner), agent.WithThink(64))
	require.NoError(t, err)
	require.NotNil(t, raced.Move.Think)
	cands := raced.Move.Think.Candidates
	require.Len(t, cands, 2)
	require.NotEqual(t, cands[0].Win, cands[1].Win, "a race that tells the candidates apart")
	played := slices.IndexFunc(cands, func(c ThinkCandidate) bool { return c.Cell == raced.Move.Cell })
	require.GreaterOrEqual(t, played, 0, "the move is a candidate")
	require.NotNil(t, raced.Move.Score)
	assert.Equal(t, cands[played].Win, *raced.Move.Score)

	b, err := json.Marshal(adv.Move)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	think := m["think"].(map[string]any)
	for _, k := range []string{"candidates", "rounds", "rollouts", "elapsed_ms", "stopped"} {
		assert.Contains(t, think, k)
	}
	c0 := think["candidates"].([]any)[0].(map[string]any)
	for _, k := range []string{"cell", "p", "wins", "rollouts", "win", "low", "high"} {
		assert.Contains(t, c0, k)
	}
}

// TestAdviseThinkSkipped checks what the advice says where the search
// does not race: the guess of an endgame search says why; a move proved
// safe, or advice without the search, has no "think".
func TestAdviseThinkSkipped(t *testing.T) {
	ctx := context.Background()
	think := agent.WithThinkTime(time.Second)
	adv, err := Advise(ctx, mustPuzzle(t, "2 2 1\n1 1\n-1 -1\n"), think)
	require.NoError(t, err)
	require.NotNil(t, adv.Move.Think)
	assert.Equal(t, "skipped", adv.Move.Think.Stopped)
	assert.Contains(t, adv.Move.Think.Skipped, "endgame search")
	assert.Empty(t, adv.Move.Think.Candidates)

	adv, err = Advise(ctx, mustPuzzle(t, "3 3 2\n1 2 1\n-1 -1 -1\n-1 -1 -1\n"), think)
	require.NoError(t, err)
	assert.True(t, adv.Move.Forced)
	assert.Nil(t, adv.Move.Think)
	b, err := json.Marshal(adv.Move)
	require.NoError(t, err)
	assert.NotContains(t, string(b), `"think"`)

	adv, err = Advise(ctx, mustPuzzle(t, thinkBeginner))
	require.NoError(t, err)
	assert.Nil(t, adv.Move.Think, "not asked")
}
