package batch

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxShards bounds the number of shards ParseShard and ShardFromEnv accept.
const MaxShards = 1 << 20

// ShardOf returns shard k of n of a run of games games as a ShardRange (see
// Shard, whose conditions it shares).
func ShardOf(k, n, games int) ShardRange {
	from, to := Shard(k, n, games)
	return ShardRange{Index: k, Shards: n, From: from, To: to}
}

// ErrShardSyntax reports a shard that is not written K/N.
var ErrShardSyntax = errors.New("want K/N (shard K of N, counted from 0, e.g. 0/4)")

// ParseShard parses "K/N", shard K of N counted from 0, and returns that
// shard of a run of games games. A spec not of that form is an error
// wrapping ErrShardSyntax; K and N must satisfy 0 <= K < N <= MaxShards.
func ParseShard(spec string, games int) (ShardRange, error) {
	ks, ns, ok := strings.Cut(spec, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil {
		return ShardRange{}, fmt.Errorf("%q: %w", spec, ErrShardSyntax)
	}
	if n < 1 || n > MaxShards || k < 0 || k >= n {
		return ShardRange{}, fmt.Errorf("%s: want 0 <= K < N <= %d", spec, MaxShards)
	}
	return ShardOf(k, n, games), nil
}

// Errors of ShardFromEnv about the count it is given.
var (
	// ErrShardCountUnderSlurm reports a count given under Slurm, whose job
	// array sets its own (SLURM_ARRAY_TASK_COUNT).
	ErrShardCountUnderSlurm = errors.New("under Slurm the count is SLURM_ARRAY_TASK_COUNT")
	// ErrNoShardCount reports a Kubernetes Indexed Job's shard without a
	// count: the Job does not put its completions in the environment.
	ErrNoShardCount = errors.New("JOB_COMPLETION_INDEX needs a count of shards, the Job's completions")
)

// ShardFromEnv returns the shard of a run of games games that a job array
// assigns to this process, read with getenv (such as os.Getenv):
//
//   - Slurm: shard SLURM_ARRAY_TASK_ID (less SLURM_ARRAY_TASK_MIN when set)
//     of SLURM_ARRAY_TASK_COUNT; count must be 0, else the error wraps
//     ErrShardCountUnderSlurm.
//   - Kubernetes Indexed Job: shard JOB_COMPLETION_INDEX of count, the
//     Job's completions; a count of 0 is an error wrapping ErrNoShardCount.
//
// Slurm's variables are read first. The shard must satisfy
// 0 <= K < N <= MaxShards; errors name the variables and their values.
func ShardFromEnv(getenv func(string) string, count int, games int) (ShardRange, error) {
	var k, n int
	var from string
	id, kube := getenv("SLURM_ARRAY_TASK_ID"), getenv("JOB_COMPLETION_INDEX")
	switch {
	case id != "":
		if count != 0 {
			return ShardRange{}, ErrShardCountUnderSlurm
		}
		from = "SLURM_ARRAY_TASK_ID=" + id
		var err error
		if k, err = envInt("SLURM_ARRAY_TASK_ID", id); err != nil {
			return ShardRange{}, err
		}
		if m := getenv("SLURM_ARRAY_TASK_MIN"); m != "" {
			min, err := envInt("SLURM_ARRAY_TASK_MIN", m)
			if err != nil {
				return ShardRange{}, err
			}
			k -= min
			from += ", SLURM_ARRAY_TASK_MIN=" + m
		}
		c := getenv("SLURM_ARRAY_TASK_COUNT")
		if c == "" {
			return ShardRange{}, errors.New("SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT (a Slurm job array sets both)")
		}
		if n, err = envInt("SLURM_ARRAY_TASK_COUNT", c); err != nil {
			return ShardRange{}, err
		}
		from += ", SLURM_ARRAY_TASK_COUNT=" + c
	case kube != "":
		if count == 0 {
			return ShardRange{}, fmt.Errorf("JOB_COMPLETION_INDEX=%s: %w", kube, ErrNoShardCount)
		}
		var err error
		if k, err = envInt("JOB_COMPLETION_INDEX", kube); err != nil {
			return ShardRange{}, err
		}
		n = count
		from = fmt.Sprintf("JOB_COMPLETION_INDEX=%s, count %d", kube, count)
	default:
		return ShardRange{}, errors.New("neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set")
	}
	if n < 1 || n > MaxShards || k < 0 || k >= n {
		return ShardRange{}, fmt.Errorf("%s: want shard K of N with 0 <= K < N <= %d, got %d of %d", from, MaxShards, k, n)
	}
	return ShardOf(k, n, games), nil
}

// envInt parses the value v of the environment variable name.
func envInt(name, v string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, fmt.Errorf("%s=%q: want a whole number", name, v)
	}
	return n, nil
}
