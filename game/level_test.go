package game

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLevel(t *testing.T) {
	tests := []struct {
		in   string
		want Level
	}{
		{"easy", Level{"easy", 9, 9, 10}},
		{"medium", Level{"medium", 16, 16, 25}},
		{"hard", Level{"hard", 16, 30, 99}},
		{"beginner", Level{"beginner", 9, 9, 10}},
		{"intermediate", Level{"intermediate", 16, 16, 40}},
		{"expert", Level{"expert", 16, 30, 99}},
		{" Expert ", Level{"expert", 16, 30, 99}},
		{"20x40/150", Level{"20x40/150", 20, 40, 150}},
		{"20X40/150", Level{"20x40/150", 20, 40, 150}},
		{"1x1/0", Level{"1x1/0", 1, 1, 0}},
		{"1x1/1", Level{"1x1/1", 1, 1, 1}},
		{"4096x4096/1", Level{"4096x4096/1", 4096, 4096, 1}},
		{"007x8/3", Level{"7x8/3", 7, 8, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseLevel(tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			back, err := ParseLevel(got.Name)
			if assert.NoError(t, err, "ParseLevel of its own name %q", got.Name) {
				assert.Equal(t, got, back, "ParseLevel of its own name %q", got.Name)
			}
		})
	}
}

func TestParseLevelErrors(t *testing.T) {
	const names = "want easy, medium, hard, beginner, intermediate, expert or RxC/M (e.g. 20x40/150)"
	tests := []struct{ in, want string }{
		{"", `game: level "": ` + names},
		{"huge", `game: level "huge": ` + names},
		{"20x40", `game: level "20x40": ` + names},
		{"20/40", `game: level "20/40": ` + names},
		{"axb/c", `game: level "axb/c": rows, cols and mines must be integers, as in 20x40/150`},
		{"9x9/ten", `game: level "9x9/ten": rows, cols and mines must be integers, as in 20x40/150`},
		{"9x9/1.5", `game: level "9x9/1.5": rows, cols and mines must be integers, as in 20x40/150`},
		{"0x9/1", `game: level "0x9/1": board size 0x9: rows and cols must be positive`},
		{"9x-9/1", `game: level "9x-9/1": board size 9x-9: rows and cols must be positive`},
		{"4097x4096/1", `game: level "4097x4096/1": board size 4097x4096: more than 16777216 cells`},
		{"9223372036854775807x9223372036854775807/1",
			`game: level "9223372036854775807x9223372036854775807/1": board size 9223372036854775807x9223372036854775807: more than 16777216 cells`},
		{"9x9/-1", `game: level "9x9/-1": -1 mines: want 0..81 on a 9x9 board`},
		{"9x9/99999999999999999999", `game: level "9x9/99999999999999999999": 99999999999999999999 is too large`},
		{"9x9/82", `game: level "9x9/82": 82 mines: want 0..81 on a 9x9 board`},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			l, err := ParseLevel(tc.in)
			assert.EqualError(t, err, tc.want, "ParseLevel(%q) = %+v", tc.in, l)
		})
	}
}

// TestLevelCheck checks which levels are playable under which rules, at the
// boundary: each rule needs some cells free of mines.
func TestLevelCheck(t *testing.T) {
	tests := []struct {
		level string
		rules Rules
		want  string // "" if playable
	}{
		{"easy", RulesSeed, ""},
		{"expert", RulesZero, ""},
		{"9x9/72", RulesSeed, ""}, // 9 free, 9 initial cells
		{"9x9/73", RulesSeed, "game: level 9x9/73 cannot be played under rules seed: 73 mines in 81 cells leave 8 free, the rules need 9"},
		{"3x3/8", RulesSafe, ""},
		{"3x3/9", RulesSafe, "game: level 3x3/9 cannot be played under rules safe: 9 mines in 9 cells leave 0 free, the rules need 1"},
		{"4x4/7", RulesZero, ""},
		{"4x4/8", RulesZero, "game: level 4x4/8 cannot be played under rules zero: 8 mines in 16 cells leave 8 free, the rules need 9"},
		{"3x3/0", RulesZero, ""},
		{"3x3/1", RulesZero, "game: level 3x3/1 cannot be played under rules zero: 1 mines in 9 cells leave 8 free, the rules need 9"},
		{"1x5/2", RulesZero, ""}, // a middle cell and its two neighbours
		{"1x5/3", RulesZero, "game: level 1x5/3 cannot be played under rules zero: 3 mines in 5 cells leave 2 free, the rules need 3"},
		{"2x5/4", RulesZero, ""},
		{"2x5/5", RulesZero, "game: level 2x5/5 cannot be played under rules zero: 5 mines in 10 cells leave 5 free, the rules need 6"},
		{"1x1/0", RulesSafe, ""},
		{"1x1/0", RulesSeed, ""},
		{"easy", RulesUnset, "game: level easy: unknown rules unset"},
	}
	for _, tc := range tests {
		t.Run(tc.level+"/"+tc.rules.String(), func(t *testing.T) {
			l, err := ParseLevel(tc.level)
			require.NoError(t, err)
			err = l.Check(tc.rules)
			if tc.want == "" {
				assert.NoError(t, err)
			} else {
				assert.EqualError(t, err, tc.want)
			}
			_, nerr := New(l, tc.rules, 1)
			assert.Equal(t, err == nil, nerr == nil, "New = %v, Check = %v; want them to agree", nerr, err)
		})
	}
	assert.EqualError(t, (Level{"bad", 3, 3, -1}).Check(RulesSafe), "game: level bad: negative mine count -1")
	assert.ErrorContains(t, (Level{"bad", 0, 3, 0}).Check(RulesSafe), "rows and cols must be positive")
}

func TestDefaultRules(t *testing.T) {
	for _, l := range Levels {
		want := RulesSafe
		if l.Name == "easy" || l.Name == "medium" || l.Name == "hard" {
			want = RulesSeed
		}
		assert.Equal(t, want, l.DefaultRules(), "%s.DefaultRules()", l)
		assert.NoError(t, l.Check(l.DefaultRules()), "%s under its default rules", l)
	}
	assert.Equal(t, RulesSafe, (Level{"9x9/10", 9, 9, 10}).DefaultRules(), "a custom level's default rules")
}

func TestParseRules(t *testing.T) {
	for _, r := range []Rules{RulesSeed, RulesSafe, RulesZero} {
		got, err := ParseRules(strings.ToUpper(r.String()))
		if assert.NoError(t, err) {
			assert.Equal(t, r, got, "ParseRules(%q)", strings.ToUpper(r.String()))
		}
	}
	_, err := ParseRules("first")
	assert.EqualError(t, err, `game: rules "first": want seed, safe or zero`)
	assert.Equal(t, "unset", RulesUnset.String())
}

func TestInitialCount(t *testing.T) {
	tests := []struct{ rows, cols, want int }{
		{9, 9, 9}, {16, 16, 16}, {16, 30, 22}, {1, 1, 1}, {1, 2, 1}, {1, 3, 2}, {2, 3, 2}, {4096, 4096, 4096},
		{6, 6, 6}, {5, 5, 5}, {3, 4, 3}, {1, 12, 3}, // sqrt(12) = 3.46
		{2, 1, 1}, {1, 6, 2}, {1, 7, 3}, // sqrt(6) = 2.449, sqrt(7) = 2.646
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, InitialCount(tc.rows, tc.cols), "InitialCount(%d, %d)", tc.rows, tc.cols)
	}
}
