// Package batch plays many games of Minesweeper with the agent, counts
// them exactly and writes, reads and merges their summary files: the batch
// runner of 'minesat play' and 'minesat merge', for Go programs and for
// runs split across machines.
//
// Play 100 expert games with the default agent on two workers:
//
//	c := batch.Config{Level: game.Expert, Agent: agent.DefaultConfig, Seed: 1}
//	s, err := batch.Run(ctx, c, 0, 100, batch.Options{Workers: 2})
//	if err != nil { ... }
//	lo, hi := s.Base.Interval() // the win rate's 95% interval
//
// A Config names what is played: a level, its rules and first click, the
// agent's settings as plain values (agent.Config), optionally a second agent for
// paired play, and a run seed. Run plays games [from, to) of it on any
// number of workers. Game i is always played from the seed
// game.GameSeed(seed, i), and the agent draws its random choices from that
// seed, so the results and the records are the same for any number of
// workers and for any split of the range.
//
// Run returns a Summary: the configuration, the range of games, and their
// counts (won, lost, stuck, guesses, time; for paired play the second
// player's counts and the games each won alone). Merge joins the summaries
// of adjacent ranges of one configuration into the summary of one run over
// them all, count for count; it refuses summaries of different
// configurations, and ranges with games missing or counted twice, naming
// them. Win rates, their 95% Wilson intervals, and the paired difference
// with McNemar's z (package stats) are computed from the counts, so
// a merged summary gives exactly the statistics of a single run.
//
// Shards: Shard(k, n, games) splits a run into n contiguous slices whose
// sizes differ by at most one; each can be played anywhere, and their
// summaries merged. ParseShard reads a shard written K/N, and ShardFromEnv
// the shard a job array assigns to this process (Slurm's
// SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, or a Kubernetes Indexed
// Job's JOB_COMPLETION_INDEX with the Job's completions).
//
// Summary files: SummaryFile is the published JSON form of a run's
// summaries (schema minesat.summary/1, docs/formats.md), which 'minesat
// play --format json' writes: NewSummaryFile builds one, Encode writes it,
// ParseSummaryFile reads one back, checking its keys and that its counts
// add up, and MergeSummaryFiles merges the files of a run's shards, naming
// the files in its errors.
//
// Records: with Options.Records, Run writes one JSON line per game
// (game.RecordLine, built by agent.NewRecordLine), in game order. The
// record files of adjacent ranges, concatenated in order, are byte for
// byte the record file of one run over them all.
//
// Cancellation: when its context is cancelled, Run stops promptly,
// abandoning the games in progress, and returns the summary of the games
// finished without a gap from the first, with the context's error. Games
// finished after a gap (game k+1 done while game k was still in play) are
// dropped from the summary and the records alike: the summary's range is
// exactly the games counted and written, every record line is whole, and
// a later run of the rest of the range merges with it.
package batch
