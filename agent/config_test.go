package agent

import (
	"errors"
	"testing"

	"github.com/minesat/minesat/guess"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConfigCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*Config)
		want string // "" for none
	}{
		{"default", func(*Config) {}, ""},
		{"local", func(c *Config) { c.Guesser = "local" }, ""},
		{"guesser", func(c *Config) { c.Guesser = "psychic" }, `guesser "psychic": want exact or local`},
		{"lookahead", func(c *Config) { c.Lookahead = -1 }, "lookahead -1: want 0 or more"},
		{"depth", func(c *Config) { c.Depth = guess.MaxDepth + 1 }, "depth 3: want 1 to 2"},
		{"depth without lookahead", func(c *Config) { c.Depth, c.Lookahead = 2, 0 }, "depth 2: want a lookahead of 1 or more: lookahead 0 weighs no cell"},
		{"deep-open", func(c *Config) { c.DeepOpen = -2 }, "deep-open -2: want 0 or more"},
		{"endgame", func(c *Config) { c.Endgame = -1 }, "endgame -1: want 0 to 10000"},
		{"strategy", func(c *Config) { c.Strategy = "psychic" }, `strategy: agent: unknown strategy "psychic"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := DefaultConfig
			tc.edit(&c)
			opts, err := c.Options()
			if tc.want == "" {
				require.NoError(t, err)
				_, err = New(opts...)
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			var fe *FieldError
			assert.True(t, errors.As(err, &fe), "a *FieldError")
		})
	}
}

func TestConfigGuesserName(t *testing.T) {
	assert.Equal(t, "exact, lookahead 8, endgame 1000, policy auto", DefaultConfig.GuesserName())
	assert.Equal(t, "local estimate", Config{Guesser: "local"}.GuesserName())
	assert.Equal(t, "exact, lookahead 8, depth 2 up to 20 open, endgame 0", Config{Guesser: "exact", Lookahead: 8, Depth: 1, DeepOpen: 20}.GuesserName())
	assert.True(t, DefaultConfig.Guesses())
	assert.False(t, Config{Strategy: PresetFull, NoGuess: true}.Guesses())
}

func TestConfigDiff(t *testing.T) {
	fast := DefaultConfig
	fast.Strategy, fast.Lookahead = PresetFast, 0
	assert.Equal(t, "", DefaultConfig.Diff(DefaultConfig))
	assert.Equal(t, "--strategy full and fast, --lookahead 8 and 0", DefaultConfig.Diff(fast))
}
