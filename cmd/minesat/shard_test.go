package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseShard checks the flags' part of --shard and --shard-count; the
// parsing itself is batch's (batch.ParseShard, batch.ShardFromEnv).
func TestParseShard(t *testing.T) {
	slurm := map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"}
	for _, tc := range []struct {
		name     string
		spec     string
		count    int // --shard-count; -1 for unset
		env      map[string]string
		from, to int
		err      string
	}{
		{"whole run", "", -1, nil, 0, 8000, ""},
		{"K/N", "1/4", -1, nil, 2000, 4000, ""},
		{"slurm", "env", -1, slurm, 6000, 8000, ""},
		{"kubernetes", "env", 8, map[string]string{"JOB_COMPLETION_INDEX": "7"}, 7000, 8000, ""},
		{"K too large", "4/4", -1, nil, 0, 0, "play: --shard 4/4: want 0 <= K < N <= 1048576"},
		{"malformed", "half", -1, nil, 0, 0, `play: --shard "half": want K/N (shard K of N, counted from 0, e.g. 0/4) or env`},
		{"count without env", "1/4", 4, nil, 0, 0, "play: --shard-count applies to --shard env; --shard 1/4 gives its own count"},
		{"count alone", "", 4, nil, 0, 0, "play: --shard-count applies to --shard env (with Kubernetes' JOB_COMPLETION_INDEX)"},
		{"count 0", "env", 0, slurm, 0, 0, "play: --shard-count 0: want 1 to 1048576"},
		{"env unset", "env", -1, nil, 0, 0, "play: --shard env: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set"},
		{"slurm with --shard-count", "env", 4, slurm, 0, 0, "play: --shard-count: under Slurm the count is SLURM_ARRAY_TASK_COUNT; drop --shard-count"},
		{"kubernetes without count", "env", -1, map[string]string{"JOB_COMPLETION_INDEX": "2"}, 0, 0, "play: --shard env: JOB_COMPLETION_INDEX=2 needs --shard-count N, the Job's completions"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := parseShard(tc.spec, max(tc.count, 0), tc.count >= 0, 8000, func(k string) string { return tc.env[k] })
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
				assert.Equal(t, exitUsage, exitCode(err))
				return
			}
			require.NoError(t, err)
			assert.Equal(t, [2]int{tc.from, tc.to}, [2]int{r.From, r.To})
		})
	}
}
