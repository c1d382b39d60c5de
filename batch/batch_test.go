package batch

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// testConfig is cheap to play and guesses, so that the counts vary.
func testConfig(vs bool) Config {
	c := Config{Level: game.Beginner, Agent: agent.DefaultConfig, Seed: 3}
	c.Agent.Lookahead, c.Agent.Endgame = 0, 0
	if vs {
		v := c.Agent
		v.Guesser = "local"
		c.Vs = &v
	}
	return c
}

// untimed returns s without its times, which no two runs share.
func untimed(s Summary) Summary {
	s.Base.Elapsed, s.VsTally.Elapsed = 0, 0
	return s
}

// runRecords runs games from..to-1 of c and returns the summary and the
// records.
func runRecords(t *testing.T, c Config, from, to, workers int) (Summary, []byte) {
	t.Helper()
	var buf bytes.Buffer
	opt := Options{Workers: workers, Records: &buf}
	if c.Vs != nil {
		opt.Records = nil
	}
	s, err := Run(context.Background(), c, from, to, opt)
	require.NoError(t, err)
	return s, buf.Bytes()
}

// TestMergeSplits plays a run whole and in random splits on random
// workers, merged in a random order: the merged summary equals the whole
// run's field for field (times aside), and the splits' records,
// concatenated in order, are the whole run's byte for byte.
func TestMergeSplits(t *testing.T) {
	const games = 60
	rng := rand.New(rand.NewPCG(1, 2))
	for _, vs := range []bool{false, true} {
		c := testConfig(vs)
		whole, wholeRecs := runRecords(t, c, 0, games, 2)
		require.Equal(t, games, whole.Base.Games)
		require.Positive(t, whole.Base.Won)
		require.Positive(t, whole.Base.Lost)
		if vs {
			require.Equal(t, games, whole.Paired.Games())
			require.Positive(t, whole.Paired.OnlyBase+whole.Paired.OnlyVs, "the players differ in no game: the test compares nothing")
		} else {
			require.Equal(t, games, bytes.Count(wholeRecs, []byte("\n")))
		}
		for trial := range 6 {
			cuts := []int{0, games}
			for range 1 + rng.IntN(5) {
				cuts = append(cuts, rng.IntN(games+1))
			}
			slices.Sort(cuts)
			var parts []Summary
			var recs []byte
			for i := 1; i < len(cuts); i++ {
				s, r := runRecords(t, c, cuts[i-1], cuts[i], 1+rng.IntN(3))
				parts = append(parts, s)
				recs = append(recs, r...)
			}
			rng.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
			merged, err := Merge(parts...)
			require.NoError(t, err, "vs %v, cuts %v", vs, cuts)
			assert.Equal(t, untimed(whole), untimed(merged), "vs %v trial %d, cuts %v", vs, trial, cuts)
			assert.True(t, bytes.Equal(wholeRecs, recs), "vs %v trial %d, cuts %v: the records differ", vs, trial, cuts)
		}
	}
}

func TestMergeErrors(t *testing.T) {
	c := testConfig(false)
	part := func(from, to int) Summary {
		return Summary{Level: c.Level, Rules: game.RulesSafe, First: "corner (0,0)", Agent: c.Agent, Seed: c.Seed,
			From: from, To: to, Base: Tally{Games: to - from}}
	}
	other := part(10, 20)
	other.Seed = 4
	lvl := part(10, 20)
	lvl.Level = game.Expert
	vs := part(10, 20)
	vs.Vs = &c.Agent
	for _, tc := range []struct {
		name string
		ss   []Summary
		want string
	}{
		{"none", nil, "no summary"},
		{"gap", []Summary{part(0, 10), part(20, 30), part(30, 40)}, "games 10-19 missing (between summaries 0 and 1)"},
		{"one game missing", []Summary{part(11, 20), part(0, 10)}, "game 10 missing (between summaries 1 and 0)"},
		{"duplicate", []Summary{part(0, 10), part(10, 20), part(10, 20)}, "games 10-19 counted twice (in summaries 1 and 2)"},
		{"overlap", []Summary{part(0, 15), part(10, 20)}, "games 10-14 counted twice"},
		{"seed", []Summary{part(0, 10), other}, "summaries 0 and 1 are of different runs: seed 3 and 4"},
		{"level", []Summary{part(0, 10), lvl}, "level beginner and expert"},
		{"paired", []Summary{part(0, 10), vs}, "paired play in one and not the other"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Merge(tc.ss...)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	var re *RangeError
	_, err := Merge(part(0, 10), part(12, 20))
	require.ErrorAs(t, err, &re)
	assert.Equal(t, RangeError{From: 10, To: 12, Missing: true, A: 0, B: 1}, *re)
}

// TestRunInterrupted cancels runs at random moments: the summary counts
// exactly the games from the first without a gap, which are the records
// written, each the whole run's line for its game.
func TestRunInterrupted(t *testing.T) {
	c := Config{Level: game.Expert, Agent: agent.DefaultConfig, Seed: 9}
	c.Agent.Strategy = "fast"
	whole, wholeRecs := runRecords(t, c, 100, 140, 2)
	lines := strings.SplitAfter(string(wholeRecs), "\n")
	for _, delay := range []time.Duration{0, 20 * time.Millisecond, 150 * time.Millisecond} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(delay, cancel)
		var buf bytes.Buffer
		s, err := Run(ctx, c, 100, 100000, Options{Workers: 3, Records: &buf})
		cancel()
		require.ErrorIs(t, err, context.Canceled)
		n := s.Games()
		assert.Equal(t, 100, s.From)
		assert.Equal(t, n, s.Base.Games)
		assert.Equal(t, n, s.Base.Won+s.Base.Lost+s.Base.Stuck)
		got := strings.SplitAfter(buf.String(), "\n")
		require.Equal(t, n+1, len(got), "delay %v: %d games counted, %d lines", delay, n, len(got)-1)
		for i := 0; i < min(n, len(lines)-1); i++ {
			assert.Equal(t, lines[i], got[i], "delay %v: line %d", delay, i)
		}
		if n <= whole.Games() {
			prefix, _ := runRecords(t, c, 100, 100+n, 1)
			assert.Equal(t, untimed(prefix), untimed(s), "delay %v", delay)
		}
	}
}

func TestRunErrors(t *testing.T) {
	c := testConfig(false)
	for _, tc := range []struct {
		name     string
		c        Config
		from, to int
		opt      Options
		want     string
	}{
		{"range", c, 5, 4, Options{}, "games 5 to 4"},
		{"workers", c, 0, 4, Options{Workers: MaxWorkers + 1}, "257 workers: want 1 to 256"},
		{"records of pairs", testConfig(true), 0, 4, Options{Records: &bytes.Buffer{}}, "paired play writes no records"},
		{"strategy", Config{Level: game.Beginner, Agent: agent.Config{Strategy: "psychic", Guesser: "exact", Depth: 1}}, 0, 4, Options{}, `unknown strategy "psychic"`},
		{"lookahead", Config{Level: game.Beginner, Agent: agent.Config{Strategy: "full", Guesser: "exact", Lookahead: -1, Depth: 1}}, 0, 4, Options{}, "lookahead -1: want 0 or more"},
		{"second agent", Config{Level: game.Beginner, Agent: agent.DefaultConfig, Vs: &agent.Config{Strategy: "full", Guesser: "psychic", Depth: 1}}, 0, 4, Options{}, `vs: guesser "psychic": want exact or local`},
		{"first click under seed rules", Config{Level: game.Easy, First: "center", Agent: agent.DefaultConfig}, 0, 4, Options{}, "first: a first click applies under the safe and zero rules only; easy is played under seed rules"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Run(context.Background(), tc.c, tc.from, tc.to, tc.opt)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	_, err := Run(context.Background(), Config{Level: game.Easy, First: "center", Agent: agent.DefaultConfig}, 0, 1, Options{})
	assert.True(t, errors.Is(err, ErrFirstUnderSeed))
	var fe *agent.FieldError
	require.True(t, errors.As(err, &fe))
	assert.Equal(t, "first", fe.Field)
}

func TestShard(t *testing.T) {
	for _, games := range []int{0, 1, 7, 100, 99991} {
		for n := 1; n <= 9; n++ {
			next, lo, hi := 0, games, 0
			for k := range n {
				from, to := Shard(k, n, games)
				require.Equal(t, next, from, "games %d, shard %d/%d", games, k, n)
				next = to
				lo, hi = min(lo, to-from), max(hi, to-from)
			}
			assert.Equal(t, games, next, "games %d, %d shards", games, n)
			assert.LessOrEqual(t, hi-lo, 1, "games %d, %d shards", games, n)
		}
	}
	assert.Panics(t, func() { Shard(3, 3, 10) })
}

// TestThinkWorkers checks that a player with the win-probability search
// plays the same games, record for record, on any number of workers: the
// search draws everything from the game's seed.
func TestThinkWorkers(t *testing.T) {
	c := Config{Level: game.Beginner, Agent: agent.DefaultConfig, Seed: 3}
	c.Agent.Think = 16
	s1, rec1 := runRecords(t, c, 0, 24, 1)
	s3, rec3 := runRecords(t, c, 0, 24, 3)
	assert.Equal(t, untimed(s1), untimed(s3))
	require.Equal(t, string(rec1), string(rec3))
	assert.Contains(t, string(rec1), `"method":"win-probability search"`)
	assert.Contains(t, string(rec1), `"think":[{"cell":`)
}
