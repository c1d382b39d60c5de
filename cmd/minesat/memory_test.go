package main

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

func TestPlayMemoryLimit(t *testing.T) {
	none := map[string]string{}
	for _, tc := range []struct {
		name    string
		env     map[string]string
		levels  []game.Level
		players int
		records bool
		want    int64
	}{
		{"beginner", none, []game.Level{game.Beginner}, 1, false, 12 << 20},
		{"two workers", none, []game.Level{game.Beginner}, 2, false, 24 << 20},
		{"up to intermediate", none, []game.Level{game.Easy, game.Medium, game.Intermediate}, 1, false, 12 << 20},
		{"expert", none, []game.Level{game.Beginner, game.Expert}, 1, false, 0},
		{"records", none, []game.Level{game.Beginner}, 1, true, 0},
		{"GOGC set", map[string]string{"GOGC": "100"}, []game.Level{game.Beginner}, 1, false, 0},
		{"GOMEMLIMIT set", map[string]string{"GOMEMLIMIT": "64MiB"}, []game.Level{game.Beginner}, 1, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := playMemoryLimit(func(k string) string { return tc.env[k] }, tc.levels, tc.players, tc.records)
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestPlaySetsMemoryLimit checks that play hands the limit to the
// collector, counting both players of each worker in paired play.
func TestPlaySetsMemoryLimit(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []int64
	}{
		{[]string{"play", "--level", "beginner", "--games", "2", "--workers", "1"}, []int64{12 << 20}},
		{[]string{"play", "--level", "beginner", "--games", "2", "--workers", "1", "--vs", "--strategy fast"}, []int64{24 << 20}},
		{[]string{"play", "--level", "expert", "--games", "2", "--workers", "1"}, nil},
		{[]string{"play", "--level", "beginner", "--games", "2", "--workers", "1", "--record", filepath.Join(t.TempDir(), "r.jsonl")}, nil},
	} {
		var set []int64
		s := &stdio{out: &bytes.Buffer{}, err: &bytes.Buffer{}, getenv: func(string) string { return "" },
			setMemoryLimit: func(n int64) int64 { set = append(set, n); return 0 }}
		require.NoError(t, run(context.Background(), tc.args, s), "%v", tc.args)
		assert.Equal(t, tc.want, set, "%v", tc.args)
	}
}
