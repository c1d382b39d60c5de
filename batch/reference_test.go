package batch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

const refHeader = "minesat.reference/1\nplayer P\nlevel beginner\nrules safe\nfirst corner (0,0)\nseed 7\nfrom 10\n"

func TestReadReference(t *testing.T) {
	ref, err := ReadReference(strings.NewReader("# a comment\n\n"+refHeader+"WLW\r\nLL\n# done\n"), "r.txt")
	require.NoError(t, err)
	assert.Equal(t, "P", ref.Player)
	assert.Equal(t, game.Beginner, ref.Level)
	assert.Equal(t, game.RulesSafe, ref.Rules)
	assert.Equal(t, "corner (0,0)", ref.First)
	assert.Equal(t, int64(7), ref.Seed)
	assert.Equal(t, 10, ref.From)
	assert.Equal(t, 15, ref.To())
	assert.Equal(t, []bool{true, false, true, false, false}, ref.Won)
	assert.Equal(t, 2, ref.Wins(10, 15))
	assert.Equal(t, 1, ref.Wins(11, 14))
	assert.Equal(t, RoleUnset, ref.Role, "a file without a role")
}

// TestReadReferenceRole reads the optional role of a reference's games.
func TestReadReferenceRole(t *testing.T) {
	for _, tt := range []struct {
		line string
		want Role
	}{
		{"role select\n", RoleSelect},
		{"role confirm\n", RoleConfirm},
	} {
		ref, err := ReadReference(strings.NewReader(refHeader+tt.line+"WL\n"), "r.txt")
		require.NoError(t, err, tt.line)
		assert.Equal(t, tt.want, ref.Role, tt.line)
		assert.Equal(t, strings.Fields(tt.line)[1], ref.Role.String())
		assert.Contains(t, ref.Role.Describe(), "the "+strings.Fields(tt.line)[1][:4])
	}
	// The role counts as none of the six keys a header must give.
	header := strings.Replace(refHeader, "from 10\n", "role confirm\n", 1)
	_, err := ReadReference(strings.NewReader(header+"WL\n"), "r.txt")
	if assert.Error(t, err) {
		assert.Contains(t, err.Error(), "r.txt:8:1: outcomes before the header is whole")
	}
	_, err = ParseRole("held out")
	assert.EqualError(t, err, "want select or confirm")
	assert.Equal(t, "Role(9)", Role(9).String())
	assert.Empty(t, RoleUnset.Describe())
}

func TestReadReferenceErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "r.txt: empty: want a minesat.reference/1 file"},
		{"minesat.summary/1\n", `r.txt:1:1: want "minesat.reference/1", found "minesat.summary/1"`},
		{"minesat.reference/1\nplayer P\nWL\n", "r.txt:3:1: outcomes before the header is whole"},
		{refHeader, "r.txt:7: no outcomes"},
		{refHeader + "WLX\n", `r.txt:8:3: want W (won) or L (not won), found 'X'`},
		{refHeader + "W\nseed 3\n", "r.txt:9:1: want only outcome lines after the first one"},
		{"minesat.reference/1\nseed 1\nseed 2\n", "r.txt:3:1: seed given twice"},
		{"minesat.reference/1\nseed x\n", `r.txt:2:6: seed x: strconv.ParseInt: parsing "x": invalid syntax`},
		{"minesat.reference/1\nlevel 0x0/1\n", "r.txt:2:7: level 0x0/1:"},
		{"minesat.reference/1\nfrom -1\n", "r.txt:2:6: from -1: want 0 or more"},
		{"minesat.reference/1\ncolour red\n", `r.txt:2:1: unknown key "colour": want player, level, rules, first, seed, from or role`},
		{"minesat.reference/1\nrole maybe\n", "r.txt:2:6: role maybe: want select or confirm"},
		{"minesat.reference/1\nrole confirm\nrole select\n", "r.txt:3:1: role given twice"},
		{"minesat.reference/1\nplayer\n", `r.txt:2:1: want "key value", found "player"`},
	}
	for _, tt := range tests {
		_, err := ReadReference(strings.NewReader(tt.in), "r.txt")
		if assert.Error(t, err, "%q", tt.in) {
			assert.Contains(t, err.Error(), tt.want, "%q", tt.in)
		}
	}
}

func TestReferenceCovers(t *testing.T) {
	ref, err := ReadReference(strings.NewReader(refHeader+"WLWLW\n"), "r.txt")
	require.NoError(t, err)
	run := Summary{Level: game.Beginner, Rules: game.RulesSafe, First: "corner (0,0)", Seed: 7}
	assert.NoError(t, ref.Covers(run, 10, 15))
	assert.NoError(t, ref.Covers(run, 12, 13))
	tests := []struct {
		name     string
		s        Summary
		from, to int
		want     string
	}{
		{"level", Summary{Level: game.Expert, Rules: game.RulesSafe, First: "corner (0,0)", Seed: 7}, 10, 15, "level beginner, the run of expert"},
		{"rules", Summary{Level: game.Beginner, Rules: game.RulesZero, First: "corner (0,0)", Seed: 7}, 10, 15, "rules safe, the run under zero"},
		{"first", Summary{Level: game.Beginner, Rules: game.RulesSafe, First: "(2,2)", Seed: 7}, 10, 15, "first click is corner (0,0), the run's (2,2)"},
		{"seed", Summary{Level: game.Beginner, Rules: game.RulesSafe, First: "corner (0,0)", Seed: 1}, 10, 15, "seed 7, the run of seed 1"},
		{"games", run, 9, 15, "holds games 10-14, the run plays games 9-14"},
		{"beyond", run, 10, 16, "holds games 10-14, the run plays games 10-15"},
	}
	for _, tt := range tests {
		err := ref.Covers(tt.s, tt.from, tt.to)
		if assert.Error(t, err, tt.name) {
			assert.Contains(t, err.Error(), tt.want, tt.name)
		}
	}
}

// TestHillReference reads the reference files of D. Hill's solver kept in
// testdata, the selection set and the confirmation set, and checks what
// each holds against the totals it was made with.
func TestHillReference(t *testing.T) {
	for _, tt := range []struct {
		file        string
		seed        int64
		role        Role
		games, wins int
	}{
		{"hill-expert-safe-corner-seed1.txt", 1, RoleSelect, 200_000, 82_477},
		{"hill-expert-safe-corner-seed2.txt", 2, RoleConfirm, 200_000, 82_306},
	} {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("..", "testdata", "reference", tt.file))
			require.NoError(t, err)
			defer f.Close()
			ref, err := ReadReference(f, tt.file)
			require.NoError(t, err)
			assert.Equal(t, "D. Hill's solver", ref.Player)
			assert.Equal(t, tt.role, ref.Role)
			assert.NoError(t, ref.Covers(Summary{Level: game.Expert, Rules: game.RulesSafe, First: "corner (0,0)", Seed: tt.seed}, 0, tt.games))
			assert.Equal(t, tt.games, ref.To())
			assert.Equal(t, tt.wins, ref.Wins(0, tt.games))
		})
	}
}

// TestReferenceWriterRoundTrip writes references of 0 to 250 games and
// reads each back: the same header, the same outcomes, lines of 100.
func TestReferenceWriterRoundTrip(t *testing.T) {
	for _, n := range []int{1, 99, 100, 101, 250} {
		want := &Reference{Player: "minesat, strategy fast", Level: game.Expert, Rules: game.RulesSafe,
			First: "corner (0,0)", Seed: 1, From: 30, Role: Role(n % 3)}
		for i := range n {
			want.Won = append(want.Won, i%3 == 0)
		}
		var b strings.Builder
		w := NewReferenceWriter(&b, want, "how it was made", "a second line")
		for _, won := range want.Won {
			w.Add(won)
		}
		require.NoError(t, w.Close())
		assert.True(t, strings.HasPrefix(b.String(), "# how it was made\n# a second line\nminesat.reference/1\n"))
		for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
			assert.LessOrEqual(t, len(line), 100, "n=%d", n)
		}
		got, err := ReadReference(strings.NewReader(b.String()), "w.txt")
		require.NoError(t, err, "n=%d", n)
		assert.Equal(t, want, got, "n=%d", n)
	}
}
