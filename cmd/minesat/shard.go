package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/minesat/minesat/batch"
)

// maxShards bounds --shard's count and --shard-count.
const maxShards = 1 << 20

// slice returns shard k of n over games games (see batch.Shard).
func slice(k, n, games int) batch.ShardRange {
	from, to := batch.Shard(k, n, games)
	return batch.ShardRange{Index: k, Count: n, From: from, To: to}
}

// parseShard reads play's --shard (K/N, or env) and --shard-count. env
// reads the shard from the job array's environment: Slurm's
// SLURM_ARRAY_TASK_ID (less SLURM_ARRAY_TASK_MIN when set) and
// SLURM_ARRAY_TASK_COUNT, or else Kubernetes' JOB_COMPLETION_INDEX with
// --shard-count. Without --shard, the whole run is shard 0 of 1.
func parseShard(spec string, count int, countSet bool, games int, getenv func(string) string) (batch.ShardRange, error) {
	if spec == "" {
		if countSet {
			return batch.ShardRange{}, usageErrorf("play: --shard-count applies to --shard env (with Kubernetes' JOB_COMPLETION_INDEX)")
		}
		return slice(0, 1, games), nil
	}
	if spec != "env" {
		if countSet {
			return batch.ShardRange{}, usageErrorf("play: --shard-count applies to --shard env; --shard %s gives its own count", spec)
		}
		ks, ns, ok := strings.Cut(spec, "/")
		k, err1 := strconv.Atoi(ks)
		n, err2 := strconv.Atoi(ns)
		if !ok || err1 != nil || err2 != nil {
			return batch.ShardRange{}, usageErrorf("play: --shard %q: want K/N (shard K of N, counted from 0, e.g. 0/4) or env", spec)
		}
		if n < 1 || n > maxShards || k < 0 || k >= n {
			return batch.ShardRange{}, usageErrorf("play: --shard %s: want 0 <= K < N <= %d", spec, maxShards)
		}
		return slice(k, n, games), nil
	}
	var k, n int
	var from string
	id, kube := getenv("SLURM_ARRAY_TASK_ID"), getenv("JOB_COMPLETION_INDEX")
	switch {
	case id != "":
		if countSet {
			return batch.ShardRange{}, usageErrorf("play: --shard-count: under Slurm the count is SLURM_ARRAY_TASK_COUNT; drop --shard-count")
		}
		from = "SLURM_ARRAY_TASK_ID=" + id
		var err error
		if k, err = envInt("SLURM_ARRAY_TASK_ID", id); err != nil {
			return batch.ShardRange{}, err
		}
		if m := getenv("SLURM_ARRAY_TASK_MIN"); m != "" {
			min, err := envInt("SLURM_ARRAY_TASK_MIN", m)
			if err != nil {
				return batch.ShardRange{}, err
			}
			k -= min
			from += ", SLURM_ARRAY_TASK_MIN=" + m
		}
		c := getenv("SLURM_ARRAY_TASK_COUNT")
		if c == "" {
			return batch.ShardRange{}, usageErrorf("play: --shard env: SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT (a Slurm job array sets both)")
		}
		if n, err = envInt("SLURM_ARRAY_TASK_COUNT", c); err != nil {
			return batch.ShardRange{}, err
		}
		from += ", SLURM_ARRAY_TASK_COUNT=" + c
	case kube != "":
		if !countSet {
			return batch.ShardRange{}, usageErrorf("play: --shard env: JOB_COMPLETION_INDEX=%s needs --shard-count N, the Job's completions", kube)
		}
		var err error
		if k, err = envInt("JOB_COMPLETION_INDEX", kube); err != nil {
			return batch.ShardRange{}, err
		}
		n = count
		from = fmt.Sprintf("JOB_COMPLETION_INDEX=%s, --shard-count %d", kube, count)
	default:
		return batch.ShardRange{}, usageErrorf("play: --shard env: neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set")
	}
	if n < 1 || n > maxShards || k < 0 || k >= n {
		return batch.ShardRange{}, usageErrorf("play: --shard env: %s: want shard K of N with 0 <= K < N <= %d, got %d of %d", from, maxShards, k, n)
	}
	return slice(k, n, games), nil
}

// envInt parses the value v of the environment variable name.
func envInt(name, v string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, usageErrorf("play: --shard env: %s=%q: want a whole number", name, v)
	}
	return n, nil
}
