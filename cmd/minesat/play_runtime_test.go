package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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

// TestPlaySetsProcs checks that play runs one worker on one thread, and
// leaves Go's default when the workers fill the CPUs.
func TestPlaySetsProcs(t *testing.T) {
	oneThread := []int{1}
	if runtime.NumCPU() == 1 {
		oneThread = nil // one worker already fills the machine
	}
	for _, tc := range []struct {
		args  []string
		procs []int
	}{
		{[]string{"play", "--level", "beginner", "--games", "2", "--workers", "1"}, oneThread},
		{[]string{"play", "--level", "beginner", "--games", "2", "--workers", "1", "--vs", "--strategy fast"}, oneThread},
		{[]string{"play", "--level", "expert", "--games", "2", "--workers", "1"}, oneThread},
		{[]string{"play", "--level", "beginner", "--games", "2", "--workers", "1", "--record", filepath.Join(t.TempDir(), "r.jsonl")}, oneThread},
		{[]string{"play", "--level", "beginner", "--games", "2", "--workers", strconv.Itoa(runtime.NumCPU())}, nil},
	} {
		var procs []int
		s := &stdio{out: &bytes.Buffer{}, err: &bytes.Buffer{}, getenv: func(string) string { return "" },
			setMaxProcs: func(n int) int { procs = append(procs, n); return 0 }}
		require.NoError(t, run(context.Background(), tc.args, s), "%v", tc.args)
		assert.Equal(t, tc.procs, procs, "%v", tc.args)
	}
}

// memLimitEnv, set with mainEnv, makes the command say on stderr, after
// main returns, the soft memory limit the Go runtime holds.
const memLimitEnv = "MINESAT_TEST_MEMLIMIT"

// TestPlayKeepsMemoryLimit runs the command as a process: play sets no
// soft memory limit of its own (the runtime's default is none, MaxInt64),
// and a GOMEMLIMIT the user sets is the one the runtime keeps.
func TestPlayKeepsMemoryLimit(t *testing.T) {
	play := []string{"play", "--level", "beginner", "--games", "3", "--workers", "1"}
	for _, tc := range []struct {
		name string
		env  []string
		want int64
	}{
		{"none", nil, math.MaxInt64},
		{"GOMEMLIMIT", []string{"GOMEMLIMIT=64MiB"}, 64 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], play...)
			cmd.Env = append(os.Environ(), mainEnv+"=1", memLimitEnv+"=1", "GOMEMLIMIT=")
			cmd.Env = append(cmd.Env, tc.env...)
			var errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = io.Discard, &errb
			require.NoError(t, cmd.Run(), "stderr: %s", errb.String())
			assert.Equal(t, fmt.Sprintf("memory limit: %d\n", tc.want), errb.String())
		})
	}
}
