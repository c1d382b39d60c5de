package main

import (
	"bytes"
	"context"
	"path/filepath"
	"runtime"
	"strconv"
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
		{"beginner and easy", none, []game.Level{game.Easy, game.Beginner}, 1, false, 12 << 20},
		{"intermediate", none, []game.Level{game.Beginner, game.Intermediate}, 1, false, 0},
		{"medium", none, []game.Level{game.Medium}, 1, false, 0},
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

func TestPlayProcs(t *testing.T) {
	none := map[string]string{}
	for _, tc := range []struct {
		name          string
		env           map[string]string
		workers, cpus int
		want          int
	}{
		{"one worker", none, 1, 2, 1},
		{"fewer workers than CPUs", none, 3, 8, 3},
		{"a worker a CPU", none, 2, 2, 0},
		{"more workers than CPUs", none, 4, 2, 0},
		{"GOMAXPROCS set", map[string]string{"GOMAXPROCS": "2"}, 1, 2, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := playProcs(func(k string) string { return tc.env[k] }, tc.workers, tc.cpus)
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestPlaySetsMemoryLimit checks that play hands the limit to the
// collector, counting both players of each worker in paired play, and
// runs one worker on one thread.
func TestPlaySetsMemoryLimit(t *testing.T) {
	oneThread := []int{1}
	if runtime.NumCPU() == 1 {
		oneThread = nil // one worker already fills the machine
	}
	for _, tc := range []struct {
		args  []string
		want  []int64
		procs []int
	}{
		{[]string{"play", "--level", "beginner", "--games", "2", "--workers", "1"}, []int64{12 << 20}, oneThread},
		{[]string{"play", "--level", "beginner", "--games", "2", "--workers", "1", "--vs", "--strategy fast"}, []int64{24 << 20}, oneThread},
		{[]string{"play", "--level", "expert", "--games", "2", "--workers", "1"}, nil, oneThread},
		{[]string{"play", "--level", "beginner", "--games", "2", "--workers", "1", "--record", filepath.Join(t.TempDir(), "r.jsonl")}, nil, oneThread},
		{[]string{"play", "--level", "beginner", "--games", "2", "--workers", strconv.Itoa(runtime.NumCPU())}, []int64{int64(runtime.NumCPU()) * 12 << 20}, nil},
	} {
		var set []int64
		var procs []int
		s := &stdio{out: &bytes.Buffer{}, err: &bytes.Buffer{}, getenv: func(string) string { return "" },
			setMemoryLimit: func(n int64) int64 { set = append(set, n); return 0 },
			setMaxProcs:    func(n int) int { procs = append(procs, n); return 0 }}
		require.NoError(t, run(context.Background(), tc.args, s), "%v", tc.args)
		assert.Equal(t, tc.want, set, "%v", tc.args)
		assert.Equal(t, tc.procs, procs, "%v", tc.args)
	}
}
