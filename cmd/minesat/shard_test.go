package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseShard(t *testing.T) {
	slurm := func(id, count string) map[string]string {
		return map[string]string{"SLURM_ARRAY_TASK_ID": id, "SLURM_ARRAY_TASK_COUNT": count}
	}
	for _, tc := range []struct {
		name     string
		spec     string
		count    int // --shard-count; 0 for unset
		env      map[string]string
		from, to int
		err      string
	}{
		{"whole run", "", 0, nil, 0, 8000, ""},
		{"K/N", "1/4", 0, nil, 2000, 4000, ""},
		{"uneven", "2/3", 0, nil, 5333, 8000, ""},
		{"slurm", "env", 0, slurm("3", "4"), 6000, 8000, ""},
		{"slurm from 1", "env", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"}, 0, 2000, ""},
		{"kubernetes", "env", 8, map[string]string{"JOB_COMPLETION_INDEX": "7"}, 7000, 8000, ""},
		{"K too large", "4/4", 0, nil, 0, 0, "--shard 4/4: want 0 <= K < N"},
		{"no shards", "0/0", 0, nil, 0, 0, "--shard 0/0: want 0 <= K < N"},
		{"malformed", "half", 0, nil, 0, 0, `--shard "half": want K/N`},
		{"count without env", "1/4", 4, nil, 0, 0, "--shard-count applies to --shard env"},
		{"count alone", "", 4, nil, 0, 0, "--shard-count applies to --shard env"},
		{"env unset", "env", 0, nil, 0, 0, "neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set"},
		{"slurm without count", "env", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "0"}, 0, 0, "SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT"},
		{"slurm with --shard-count", "env", 4, slurm("0", "4"), 0, 0, "under Slurm the count is SLURM_ARRAY_TASK_COUNT"},
		{"slurm id past count", "env", 0, slurm("4", "4"), 0, 0, "SLURM_ARRAY_TASK_ID=4, SLURM_ARRAY_TASK_COUNT=4: want shard K of N with 0 <= K < N"},
		{"slurm not a number", "env", 0, slurm("x", "4"), 0, 0, `SLURM_ARRAY_TASK_ID="x": want a whole number`},
		{"kubernetes without count", "env", 0, map[string]string{"JOB_COMPLETION_INDEX": "2"}, 0, 0, "JOB_COMPLETION_INDEX=2 needs --shard-count N"},
		{"kubernetes index past count", "env", 2, map[string]string{"JOB_COMPLETION_INDEX": "2"}, 0, 0, "want shard K of N with 0 <= K < N"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := parseShard(tc.spec, tc.count, tc.count != 0, 8000, func(k string) string { return tc.env[k] })
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				assert.Equal(t, exitUsage, exitCode(err))
				return
			}
			require.NoError(t, err)
			assert.Equal(t, [2]int{tc.from, tc.to}, [2]int{r.From, r.To})
		})
	}
}
