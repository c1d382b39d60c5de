package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/advice"
)

// TestAnalyzeThink runs analyze --think-time on a beginner position whose guess
// the search races: the text lists each candidate with its chance to win
// and interval, the JSON carries them under move.think; with
// --think alone the answer is the same every run.
func TestAnalyzeThink(t *testing.T) {
	const in = "testdata/analyze/think.txt"
	r := runCmd(t, "", nil, "analyze", "--think-time", "20ms", in)
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "chosen by think [guess]")
	assert.Regexp(t, `think: \d+ rollouts in \d+ rounds, \d+ ms, stopped: `, r.out)
	assert.Regexp(t, `\n  \(0,8\) +p\(mine\) 0\.110  win 0\.\d{3} \[0\.\d{3}, [01]\.\d{3}\]  won \d+ of \d+`, r.out)
	assert.Regexp(t, `\n  \(8,8\) +p\(mine\) 0\.110  win `, r.out)

	var got struct{ Move advice.Recommendation }
	r = runCmd(t, "", nil, "analyze", "--format", "json", "--think-time", "20ms", in)
	require.Equal(t, 0, r.code, r.err)
	require.NoError(t, json.Unmarshal([]byte(r.out), &got))
	th := got.Move.Think
	require.NotNil(t, th)
	require.Len(t, th.Candidates, 2)
	for _, c := range th.Candidates {
		assert.Positive(t, c.Rollouts)
		assert.InDelta(t, float64(c.Wins)/float64(c.Rollouts), c.Win, 1e-9)
		assert.True(t, c.Low <= c.Win && c.Win <= c.High, "%+v", c)
	}

	// A budget of rollouts: the same race every run, the text aside from
	// its time.
	var races []advice.Think
	for range 2 {
		r = runCmd(t, "", nil, "analyze", "--format", "json", "--think", "64", in)
		require.Equal(t, 0, r.code, r.err)
		var run struct{ Move advice.Recommendation } // fresh: Unmarshal would write into the last run's candidates
		require.NoError(t, json.Unmarshal([]byte(r.out), &run))
		require.NotNil(t, run.Move.Think)
		th := *run.Move.Think
		th.ElapsedMS = 0
		races = append(races, th)
	}
	require.Positive(t, races[0].Rollouts)
	assert.Equal(t, races[0], races[1])
	assert.LessOrEqual(t, races[0].Rollouts, 64)

	// Not raced: an endgame search's guess.
	r = runCmd(t, "2 2 1\n1 1\n-1 -1\n", nil, "analyze", "--think-time", "1s", "-")
	require.Equal(t, 0, r.code, r.err)
	assert.Contains(t, r.out, "think: not raced: an endgame search")
}
