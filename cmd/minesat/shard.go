package main

import (
	"errors"

	"github.com/minesat/minesat/batch"
)

// checkShardFlags reads 'play --shard' spec and --shard-count count (the
// flags the command line set in set) into cfg.shard: the games of each
// level to play. A trace follows game 0, of no shard.
func checkShardFlags(cfg *playConfig, spec string, count int, set map[string]bool, getenv func(string) string) error {
	if cfg.trace && spec != "" {
		return usageErrorf("play: --trace follows game 0; drop --shard")
	}
	var err error
	cfg.shard, err = parseShard(spec, count, set["shard-count"], cfg.games, getenv)
	return err
}

// parseShard reads play's --shard (K/N, or env: batch.ShardFromEnv) and
// --shard-count. Without --shard, the whole run is shard 0 of 1.
func parseShard(spec string, count int, countSet bool, games int, getenv func(string) string) (batch.ShardRange, error) {
	switch {
	case spec == "" && countSet:
		return batch.ShardRange{}, usageErrorf("play: --shard-count applies to --shard env (with Kubernetes' JOB_COMPLETION_INDEX)")
	case spec == "":
		return batch.ShardOf(0, 1, games), nil
	case spec != "env" && countSet:
		return batch.ShardRange{}, usageErrorf("play: --shard-count applies to --shard env; --shard %s gives its own count", spec)
	case spec != "env":
		r, err := batch.ParseShard(spec, games)
		if errors.Is(err, batch.ErrShardSyntax) {
			return r, usageErrorf("play: --shard %w or env", err)
		} else if err != nil {
			return r, usageErrorf("play: --shard %w", err)
		}
		return r, nil
	case countSet && count == 0: // 0 would read as no count
		return batch.ShardRange{}, usageErrorf("play: --shard-count 0: want 1 to %d", batch.MaxShards)
	}
	r, err := batch.ShardFromEnv(getenv, count, games)
	switch {
	case errors.Is(err, batch.ErrShardCountUnderSlurm):
		return r, usageErrorf("play: --shard-count: under Slurm the count is SLURM_ARRAY_TASK_COUNT; drop --shard-count")
	case errors.Is(err, batch.ErrNoShardCount):
		return r, usageErrorf("play: --shard env: JOB_COMPLETION_INDEX=%s needs --shard-count N, the Job's completions", getenv("JOB_COMPLETION_INDEX"))
	case err != nil:
		return r, usageErrorf("play: --shard env: %w", err)
	}
	return r, nil
}
