package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/internal/longtest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These tests play games with the guessers of package guess.

func TestConfigPolicy(t *testing.T) {
	with := func(f func(*Config)) Config {
		c := DefaultConfig
		f(&c)
		return c
	}
	hill := with(func(c *Config) { c.Policy = PolicyOf(guess.PolicyHill) })
	dead := PolicyOf(guess.PolicyDead)
	tests := []struct {
		name string
		c    Config
		err  string // "" for none
	}{
		{"default", DefaultConfig, ""},
		{"hill", hill, ""},
		{"two heuristics", with(func(c *Config) { c.Policy = PolicyOf(guess.PolicyBlend | guess.PolicyRisk) }), ""},
		{"no lookahead", with(func(c *Config) { c.Policy, c.Lookahead = dead, 0 }), `policy "dead": want a lookahead of 1 or more`},
		{"depth 2", with(func(c *Config) { c.Policy, c.Depth = dead, 2 }), `policy "dead": want depth 1`},
		{"deep open", with(func(c *Config) { c.Policy, c.DeepOpen = dead, 5 }), `policy "dead": want depth 1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.c.Check()
			if tt.err == "" {
				require.NoError(t, err)
				return
			}
			var fe *FieldError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, "policy", fe.Field)
			assert.Contains(t, err.Error(), tt.err)
			_, err = tt.c.Options()
			assert.ErrorAs(t, err, &fe)
		})
	}

	assert.Equal(t, "exact, lookahead 8, endgame 1000, policy hill", hill.GuesserName())
	assert.Equal(t, "exact, lookahead 8, endgame 1000, policy auto", DefaultConfig.GuesserName())
	assert.Equal(t, "exact, lookahead 8, endgame 1000", with(func(c *Config) { c.Policy = 0 }).GuesserName())
	assert.Equal(t, `--policy auto and hill`, DefaultConfig.Diff(hill))
	assert.Equal(t, `--policy none and auto`, with(func(c *Config) { c.Policy = 0 }).Diff(DefaultConfig))
	all, err := ParsePolicySetting("risk,blend,dead,candidates,progress,overrides")
	require.NoError(t, err)
	assert.Equal(t, "", hill.Diff(with(func(c *Config) { c.Policy = all })))
	_, err = ParsePolicySetting("blend,psychic")
	assert.ErrorContains(t, err, `unknown heuristic "psychic"`)

	js, err := json.Marshal(with(func(c *Config) { c.Policy = 0 }))
	require.NoError(t, err)
	assert.NotContains(t, string(js), "policy", "a summary without a policy is as before policies")
	js, err = json.Marshal(hill)
	require.NoError(t, err)
	assert.Contains(t, string(js), `"policy":"hill"`)
	var back Config
	require.NoError(t, json.Unmarshal(js, &back))
	assert.Equal(t, hill, back, "read back")
	js, err = json.Marshal(DefaultConfig)
	require.NoError(t, err)
	assert.Contains(t, string(js), `"strategy":"full","no_guess":false,"guesser":"exact"`)
	assert.Contains(t, string(js), `"policy":"auto"`)

	opts, err := hill.Options()
	require.NoError(t, err)
	a, err := New(opts...)
	require.NoError(t, err)
	assert.Equal(t, guess.PolicyHill, a.guesser.(guess.ProbGuesser).Policy)
}

// TestProbGuesserWins plays small games with and without the guesser's
// refinements, all on the same seeds: exact probabilities must beat the
// local estimate, and every game's moves must stay sound.
func TestProbGuesserWins(t *testing.T) {
	games := longtest.Pick(150, 600)
	l := custom(t, "9x9/10")
	wins := map[string]int{}
	for _, tc := range []struct {
		name string
		g    guess.Guesser
	}{{"local", guess.LocalGuesser{}}, {"exact", guess.ProbGuesser{}}, {"default", plainGuesser()}} {
		a, err := New(WithGuesser(tc.g))
		if err != nil {
			t.Fatal(err)
		}
		for i := range games {
			g, err := game.New(l, game.RulesSafe, game.GameSeed(5, i))
			if err != nil {
				t.Fatal(err)
			}
			res, err := a.Play(context.Background(), g)
			if err != nil {
				t.Fatalf("%s game %d: %v", tc.name, i, err)
			}
			if res.Outcome == game.Won {
				wins[tc.name]++
			}
		}
	}
	t.Logf("wins over %d beginner games: %v", games, wins)
	if wins["exact"] < wins["local"] || wins["default"] < wins["local"] {
		t.Errorf("exact probabilities win less than the local estimate: %v", wins)
	}
}

// recordingGuesser passes on g's guesses and keeps them.
type recordingGuesser struct {
	g   guess.Guesser
	out *[]guess.Guess
}

func (r recordingGuesser) Name() string { return r.g.Name() }

func (r recordingGuesser) Guess(ctx context.Context, p *guess.Position, s *guess.State) (guess.Guess, error) {
	g, err := r.g.Guess(ctx, p, s)
	*r.out = append(*r.out, g)
	return g, err
}

// TestRunnerUpOnlyWhenShown plays the same games with an agent that keeps
// its moves and one that does not: the second weighs no runner-up, and
// must make the same guesses to the bit, only without runner-ups.
func TestRunnerUpOnlyWhenShown(t *testing.T) {
	games := longtest.Pick(15, 60)
	var kept, bare []guess.Guess
	strategies := func(out *[]guess.Guess) Option {
		return WithStrategies(Units{}, HintPairs{}, SAT{}, GuessStrategy{G: recordingGuesser{plainGuesser(), out}})
	}
	shown, _ := New(strategies(&kept), WithMoves())
	hidden, _ := New(strategies(&bare))
	compared, runners := 0, 0
	for _, level := range []game.Level{game.Intermediate, game.Expert} {
		for i := range games {
			kept, bare = kept[:0], bare[:0]
			res, _ := playBoth(t, [2]*Agent{shown, hidden}, level, game.RulesSafe, game.GameSeed(14, i))
			name := fmt.Sprintf("%s game %d", level.Name, i)
			if res[0].Outcome != res[1].Outcome || len(kept) != len(bare) {
				t.Fatalf("%s: %v after %d guesses keeping the moves, %v after %d without", name, res[0].Outcome, len(kept), res[1].Outcome, len(bare))
			}
			for j := range kept {
				x, y := kept[j], bare[j]
				if x.Method == guess.MethodLookahead {
					if x.Runner >= 0 {
						runners++
					}
					if y.Runner != -1 {
						t.Fatalf("%s, guess %d: a runner-up %d without kept moves", name, j, y.Runner)
					}
					x.Runner, x.RunnerP, x.RunnerScore = -1, 0, 0
				}
				if !sameGuess(&x, &y) {
					t.Fatalf("%s, guess %d: keeping the moves %+v, without %+v", name, j, x, y)
				}
				compared++
			}
		}
	}
	if compared < games || runners == 0 {
		t.Fatalf("only %d guesses compared, %d of them with a runner-up", compared, runners)
	}
}

// TestConfigPolicyAuto checks that Config's policy auto gives the default
// guesser, and no heuristic with --deep-open or --depth 2.
func TestConfigPolicyAuto(t *testing.T) {
	opts, err := DefaultConfig.Options()
	require.NoError(t, err)
	a, err := New(opts...)
	require.NoError(t, err)
	assert.Equal(t, guess.DefaultGuesser(), a.guesser, "policy auto is guess.DefaultGuesser")
	for _, c := range []Config{{Strategy: PresetFull, Guesser: "exact", Lookahead: 8, Depth: 1, DeepOpen: 40, Endgame: 1000, Policy: PolicyAuto},
		{Strategy: PresetFull, Guesser: "exact", Lookahead: 8, Depth: 2, Endgame: 1000, Policy: PolicyAuto}} {
		opts, err := c.Options()
		require.NoError(t, err)
		a, err := New(opts...)
		require.NoError(t, err)
		assert.Zero(t, a.guesser.(guess.ProbGuesser).Policy, "auto plays no heuristic with --deep-open or --depth 2: %+v", c)
	}
}

// plainGuesser is guess.DefaultGuesser without a policy.
func plainGuesser() guess.ProbGuesser {
	g := guess.DefaultGuesser()
	g.Policy, g.PolicyDensity = 0, 0
	return g
}
