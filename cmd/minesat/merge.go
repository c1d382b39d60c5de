package main

import (
	"context"
	"fmt"
	"slices"

	"github.com/minesat/minesat/batch"
)

const mergeAbout = `
Merge reads the JSON summaries of the shards of one run ('minesat play
--shard K/N --format json'), checks that together they count every game of
the run exactly once, and prints the summary of the whole run: the same
table, or with --format json the same JSON, as one 'minesat play' of all
the games would print. The counts are added; the win rates, their 95%
Wilson intervals and, for --vs runs, the paired difference and McNemar's z
are computed again from the merged counts, so they equal a single run's.
Only the times differ: ms per game is the mean over every shard's games,
and the JSON's wall_seconds the sum of the shards'.

The summaries may come in any order. Merge refuses, naming the files: a
summary of another run (a different seed, games, levels, rules, first
click or agent flags), games counted by two summaries (a shard given
twice), and games no summary counts: a shard missing, or one interrupted
(its summary says "complete": false and counts only the games it finished
without a gap). A merged summary can be merged again with the shards it
does not already hold.

A SUMMARY of "-" is read from standard input. A summary takes a few KB;
a file over 1 MiB is refused unread beyond that. Every count, time and
figure is checked: counts that do not add up, figures other than those the
counts give, a shard range other than its index gives, and sums that
overflow are refused, naming the file and the key.

Exit status: 0 when merged; 2 for an unreadable summary, mixed runs, and
games missing or counted twice; 3 interrupted (Ctrl-C, SIGTERM) while
reading, as from a pipe or FIFO that stays open.

Example, a run of 8,000 expert games in 4 shards:

  for K in 0 1 2 3; do
    minesat play --level expert --games 8000 --seed 1 --shard $K/4 --format json --record shard-$K.jsonl > shard-$K.json
  done
  minesat merge shard-*.json
  cat shard-0.jsonl shard-1.jsonl shard-2.jsonl shard-3.jsonl > run.jsonl   # the single run's records, byte for byte
`

// runMerge implements 'minesat merge'.
func runMerge(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("merge", "SUMMARY...", mergeAbout, io)
	format := fs.String("format", "text", "output format: text or json")
	if help, err := parseFlags(fs, args, io); help || err != nil {
		return err
	}
	if *format != "text" && *format != "json" {
		return usageErrorf("merge: --format %q: want text or json", *format)
	}
	names := fs.Args()
	if len(names) == 0 {
		return usageErrorf("merge: no summary given: want the JSON summaries of a run's shards")
	}
	if i := slices.Index(names, "-"); i >= 0 && slices.Contains(names[i+1:], "-") {
		return usageErrorf("merge: - given twice: standard input holds one summary")
	}
	files := make([]batch.SummaryFile, len(names))
	for i, name := range names {
		f, err := readSummary(ctx, io, name)
		if err != nil {
			return err
		}
		files[i] = f
		if name == "-" {
			names[i] = stdinName
		}
	}
	f, err := batch.MergeSummaryFiles(names, files)
	if err != nil {
		return usageErrorf("merge: %w", err)
	}
	return outputError(ctx, "merge", writeReport(io.stdout(ctx), *format, f, 0, len(files)))
}

// readSummary reads the summary file name ("-" for standard input). An
// open or a read that blocks (a FIFO no one writes, a terminal) ends at once
// when ctx is done, an interrupt (exit 3).
func readSummary(ctx context.Context, io *stdio, name string) (batch.SummaryFile, error) {
	shown := name
	if name == "-" {
		shown = stdinName
	}
	f, err := untilDone(ctx, func() (batch.SummaryFile, error) {
		r, err := io.open(ctx, name)
		if err != nil {
			return batch.SummaryFile{}, err
		}
		defer r.Close()
		return batch.ReadSummaryFile(shown, r)
	})
	switch {
	case ctx.Err() != nil:
		return f, budgetError(fmt.Errorf("merge: interrupted while reading %s", shown))
	case err != nil:
		return f, usageErrorf("merge: %w", err)
	}
	return f, nil
}
