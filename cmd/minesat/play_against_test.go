package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/batch"
)

// writeReference writes a reference of beginner games 0..len(won)-1 of
// seed 3 (safe rules, corner) with the outcomes won.
func writeReference(t *testing.T, won []bool) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("minesat.reference/1\nplayer coin\nlevel beginner\nrules safe\nfirst corner (0,0)\nseed 3\nfrom 0\n")
	for _, w := range won {
		b.WriteByte("LW"[btoi(w)])
	}
	b.WriteByte('\n')
	path := filepath.Join(t.TempDir(), "ref.txt")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	return path
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestPlayAgainst pairs a run with a reference whose outcomes alternate,
// and checks the pair counts against the run's own per-game outcomes, read
// from its records.
func TestPlayAgainst(t *testing.T) {
	const games = 60
	ref := make([]bool, games)
	for i := range ref {
		ref[i] = i%2 == 0
	}
	path := writeReference(t, ref)
	rec := filepath.Join(t.TempDir(), "games.jsonl")
	r := runCmd(t, "", nil, "play", "--level", "beginner", "--games", fmt.Sprint(games), "--seed", "3", "--record", rec, "--against", path)
	require.Equal(t, 0, r.code, r.err)

	var p batch.PairedTally
	data, err := os.ReadFile(rec)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	require.Len(t, lines, games)
	for i, l := range lines {
		p.Add(strings.Contains(l, `"result":"won"`), ref[i])
	}
	_, _, _, z := p.Diff()
	want := fmt.Sprintf("beginner  %d     %d", games, p.Both)
	assert.Contains(t, r.out, "against coin ("+path+"), game by game on the same layouts:")
	assert.Contains(t, r.out, want)
	assert.Contains(t, r.out, fmt.Sprintf("%+.2f\n", z))
	assert.Contains(t, r.out, fmt.Sprintf("%d", games/2)+"             50.00%")
}

// TestPlayAgainstRole checks that the table's heading names the role a
// reference file gives its games.
func TestPlayAgainstRole(t *testing.T) {
	path := writeReference(t, make([]bool, 5))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, tt := range []struct{ role, want string }{
		{"", "(" + path + "), game by game"},
		{"role select\n", "(" + path + "; the selection set), game by game"},
		{"role confirm\n", "(" + path + "; the confirmation set, held out), game by game"},
	} {
		withRole := strings.Replace(string(data), "from 0\n", "from 0\n"+tt.role, 1)
		require.NoError(t, os.WriteFile(path, []byte(withRole), 0o644))
		r := runCmd(t, "", nil, "play", "--level", "beginner", "--games", "5", "--seed", "3", "--against", path)
		require.Equal(t, 0, r.code, r.err)
		assert.Contains(t, r.out, "against coin "+tt.want, "role %q", tt.role)
	}
}

func TestPlayAgainstRefused(t *testing.T) {
	path := writeReference(t, make([]bool, 10))
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--games", "11"}, "--against " + path + ": the reference holds games 0-9, the run plays games 0-10"},
		{[]string{"--games", "5", "--seed", "4"}, "the reference is of seed 3, the run of seed 4"},
		{[]string{"--games", "5", "--rules", "zero"}, "the reference is under rules safe, the run under zero"},
		{[]string{"--games", "5", "--vs", "--strategy fast"}, "--against and --vs each add a second player"},
		{[]string{"--games", "5", "--format", "json"}, "--against writes a text table; drop --format json"},
		{[]string{"--games", "5", "--level", "expert"}, "give one --level"},
	}
	for _, tt := range tests {
		args := append([]string{"play", "--level", "beginner", "--seed", "3", "--against", path}, tt.args...)
		r := runCmd(t, "", nil, args...)
		assert.Equal(t, 2, r.code, "%v", tt.args)
		assert.Contains(t, r.err, tt.want, "%v", tt.args)
	}
	r := runCmd(t, "", nil, "play", "--level", "beginner", "--against", filepath.Join(t.TempDir(), "none.txt"))
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.err, "no such file")
}

// TestPlayOutcomes writes a run's outcomes with --outcomes and pairs a
// second run of the same games against them, twice in one command: every
// game is won by both or lost by both, in each table.
func TestPlayOutcomes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.txt")
	r := runCmd(t, "", nil, "play", "--level", "beginner", "--games", "120", "--seed", "3", "--shard", "1/2", "--outcomes", path)
	require.Equal(t, 0, r.code, r.err)
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	ref, err := batch.ReadReference(f, path)
	require.NoError(t, err)
	assert.Equal(t, 60, ref.From)
	assert.Len(t, ref.Won, 60)
	assert.Equal(t, "minesat, strategy full, exact, lookahead 8, endgame 1000, policy auto", ref.Player)
	assert.Contains(t, r.out, fmt.Sprintf(" %d ", ref.Wins(60, 120)), "the table's wins")

	r = runCmd(t, "", nil, "play", "--level", "beginner", "--games", "120", "--seed", "3", "--shard", "1/2", "--against", path, "--against", path)
	require.Equal(t, 0, r.code, r.err)
	assert.Equal(t, 2, strings.Count(r.out, "game by game on the same layouts"))
	assert.Equal(t, 2, strings.Count(r.out, fmt.Sprintf("beginner  60     %d", ref.Wins(60, 120))), r.out)
}

func TestPlayOutcomesRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--level", "beginner,expert", "--outcomes", "x.txt"}, "--outcomes holds the games of one level"},
		{[]string{"--level", "beginner", "--outcomes", filepath.Join(t.TempDir(), "no", "dir", "x.txt")}, "--outcomes: open"},
	} {
		r := runCmd(t, "", nil, append([]string{"play", "--games", "3"}, tc.args...)...)
		assert.Equal(t, 2, r.code, tc.args)
		assert.Contains(t, r.err, tc.want)
	}
}
