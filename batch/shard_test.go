package batch

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		name     string
		spec     string
		from, to int
		err      string
	}{
		{"first", "0/4", 0, 2000, ""},
		{"K/N", "1/4", 2000, 4000, ""},
		{"uneven", "2/3", 5333, 8000, ""},
		{"K too large", "4/4", 0, 0, "4/4: want 0 <= K < N <= 1048576"},
		{"no shards", "0/0", 0, 0, "0/0: want 0 <= K < N <= 1048576"},
		{"too many", "0/1048577", 0, 0, "0/1048577: want 0 <= K < N <= 1048576"},
		{"malformed", "half", 0, 0, `"half": want K/N (shard K of N, counted from 0, e.g. 0/4)`},
		{"dash", "1-4", 0, 0, `"1-4": want K/N (shard K of N, counted from 0, e.g. 0/4)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ParseShard(tc.spec, 8000)
			if tc.err != "" {
				assert.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, [2]int{tc.from, tc.to}, [2]int{r.From, r.To})
		})
	}
	_, err := ParseShard("x/y", 1)
	assert.ErrorIs(t, err, ErrShardSyntax)
}

func TestShardFromEnv(t *testing.T) {
	slurm := func(id, count string) map[string]string {
		return map[string]string{"SLURM_ARRAY_TASK_ID": id, "SLURM_ARRAY_TASK_COUNT": count}
	}
	for _, tc := range []struct {
		name     string
		count    int
		env      map[string]string
		want     ShardRange
		err      string
		sentinel error
	}{
		{"slurm", 0, slurm("3", "4"), ShardRange{Index: 3, Shards: 4, From: 6000, To: 8000}, "", nil},
		{"slurm from 1", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"}, ShardRange{Index: 0, Shards: 4, From: 0, To: 2000}, "", nil},
		{"slurm spaces", 0, slurm(" 2 ", "4"), ShardRange{Index: 2, Shards: 4, From: 4000, To: 6000}, "", nil},
		{"kubernetes", 8, map[string]string{"JOB_COMPLETION_INDEX": "7"}, ShardRange{Index: 7, Shards: 8, From: 7000, To: 8000}, "", nil},
		{"slurm before kubernetes", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "2", "JOB_COMPLETION_INDEX": "1"}, ShardRange{Index: 0, Shards: 2, From: 0, To: 4000}, "", nil},
		{"env unset", 0, nil, ShardRange{}, "neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set", nil},
		{"slurm without count", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "0"}, ShardRange{}, "SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT (a Slurm job array sets both)", nil},
		{"slurm with a count", 4, slurm("0", "4"), ShardRange{}, "under Slurm the count is SLURM_ARRAY_TASK_COUNT", ErrShardCountUnderSlurm},
		{"slurm id past count", 0, slurm("4", "4"), ShardRange{}, "SLURM_ARRAY_TASK_ID=4, SLURM_ARRAY_TASK_COUNT=4: want shard K of N with 0 <= K < N <= 1048576, got 4 of 4", nil},
		{"slurm below min", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"}, ShardRange{}, "SLURM_ARRAY_TASK_ID=0, SLURM_ARRAY_TASK_MIN=1, SLURM_ARRAY_TASK_COUNT=4: want shard K of N with 0 <= K < N <= 1048576, got -1 of 4", nil},
		{"slurm not a number", 0, slurm("x", "4"), ShardRange{}, `SLURM_ARRAY_TASK_ID="x": want a whole number`, nil},
		{"slurm min not a number", 0, map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "a", "SLURM_ARRAY_TASK_COUNT": "4"}, ShardRange{}, `SLURM_ARRAY_TASK_MIN="a": want a whole number`, nil},
		{"slurm count not a number", 0, slurm("1", "four"), ShardRange{}, `SLURM_ARRAY_TASK_COUNT="four": want a whole number`, nil},
		{"kubernetes without count", 0, map[string]string{"JOB_COMPLETION_INDEX": "2"}, ShardRange{}, "JOB_COMPLETION_INDEX=2: JOB_COMPLETION_INDEX needs a count of shards, the Job's completions", ErrNoShardCount},
		{"kubernetes index past count", 2, map[string]string{"JOB_COMPLETION_INDEX": "2"}, ShardRange{}, "JOB_COMPLETION_INDEX=2, count 2: want shard K of N with 0 <= K < N <= 1048576, got 2 of 2", nil},
		{"kubernetes not a number", 2, map[string]string{"JOB_COMPLETION_INDEX": "one"}, ShardRange{}, `JOB_COMPLETION_INDEX="one": want a whole number`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ShardFromEnv(func(k string) string { return tc.env[k] }, tc.count, 8000)
			if tc.err != "" {
				assert.EqualError(t, err, tc.err)
				if tc.sentinel != nil {
					assert.ErrorIs(t, err, tc.sentinel)
				}
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, r)
		})
	}
}
