package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

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

Exit status: 0 when merged; 2 for an unreadable summary, mixed runs, and
games missing or counted twice.

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
	files := make([]runFile, len(names))
	for i, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return usageErrorf("merge: %w", err)
		}
		if files[i], err = readRunFile(name, data); err != nil {
			return usageErrorf("merge: %w", err)
		}
	}
	rep, err := mergeFiles(names, files)
	if err != nil {
		return usageErrorf("merge: %w", err)
	}
	return writeReport(io.out, *format, rep)
}

// mergeFiles merges the checked summaries files, read from names, into the
// report of the whole run.
func mergeFiles(names []string, files []runFile) (report, error) {
	ref := files[0]
	for i, f := range files[1:] {
		if d := runDiff(ref, f); d != "" {
			return report{}, fmt.Errorf("%s and %s are of different runs: %s", names[0], names[i+1], d)
		}
	}
	rep := report{games: ref.Games, shard: slice(0, 1, ref.Games), merged: len(files)}
	if ref.Vs != nil {
		rep.vsFlags = ref.Vs.Flags
	}
	levels := make([][]batch.Summary, len(ref.Levels))
	for _, f := range files {
		rep.wall += time.Duration(f.WallSeconds * float64(time.Second))
		for j, s := range f.summaries() {
			levels[j] = append(levels[j], s)
		}
	}
	for j, ss := range levels {
		s, err := mergeLevel(names, files, ss, ref.Games)
		if err != nil {
			return report{}, fmt.Errorf("%s: %w", ref.Levels[j].Level, err)
		}
		rep.sums = append(rep.sums, s)
	}
	return rep, nil
}

// mergeLevel merges the summaries ss of one level (ss[i] from names[i])
// into the summary of its games 0..games-1 (see batch.Merge), or reports
// the games they leave out or count twice, or their different
// configurations, naming the files.
func mergeLevel(names []string, files []runFile, ss []batch.Summary, games int) (batch.Summary, error) {
	s, err := batch.Merge(ss...)
	var ce *batch.ConfigError
	var re *batch.RangeError
	switch {
	case errors.As(err, &ce):
		return s, fmt.Errorf("%s and %s are of different runs: %s", names[ce.A], names[ce.B], ce.Diff)
	case errors.As(err, &re) && re.Missing:
		return s, missingError(names, files, re.From, re.To)
	case errors.As(err, &re):
		return s, fmt.Errorf("%s counted twice, by %s and %s", batch.GameRange(re.From, re.To), names[re.A], names[re.B])
	case err != nil:
		return s, err
	case s.Games() == 0: // an interrupted shard's games are reported missing
		return s, missingError(names, files, 0, games)
	case s.From > 0:
		return s, missingError(names, files, 0, s.From)
	case s.To < games:
		return s, missingError(names, files, s.To, games)
	}
	return s, nil
}

// runDiff returns what differs between the runs of two summaries beyond
// their levels' own configurations, which batch.Merge compares, or "".
func runDiff(a, b runFile) string {
	var diffs []string
	if a.Seed != b.Seed {
		diffs = append(diffs, fmt.Sprintf("seed %d and %d", a.Seed, b.Seed))
	}
	if a.Games != b.Games {
		diffs = append(diffs, fmt.Sprintf("games %d and %d", a.Games, b.Games))
	}
	la, lb := levelNames(a), levelNames(b)
	if la != lb {
		diffs = append(diffs, fmt.Sprintf("levels %s and %s", la, lb))
	}
	if a.Agent != b.Agent {
		diffs = append(diffs, fmt.Sprintf("agent %+v and %+v", a.Agent, b.Agent))
	}
	switch {
	case (a.Vs == nil) != (b.Vs == nil):
		diffs = append(diffs, "--vs in one and not the other")
	case a.Vs != nil && a.Vs.Agent != b.Vs.Agent:
		diffs = append(diffs, fmt.Sprintf("--vs %q and %q", a.Vs.Flags, b.Vs.Flags))
	}
	return strings.Join(diffs, ", ")
}

func levelNames(f runFile) string {
	names := make([]string, len(f.Levels))
	for i, l := range f.Levels {
		names[i] = l.Level
	}
	return strings.Join(names, ",")
}

// missingError reports games from..to-1 missing, with the summaries that
// were to count them and stopped short, or else a missing shard.
func missingError(names []string, files []runFile, from, to int) error {
	var short []string
	for i, f := range files {
		if sh := f.Shard; !f.Complete && sh.From < to && sh.To > from {
			short = append(short, fmt.Sprintf("%s (shard %d/%d, %s) was interrupted", names[i], sh.Index, sh.Count, batch.GameRange(sh.From, sh.To)))
		}
	}
	if len(short) == 0 {
		return fmt.Errorf("%s missing: no summary counts them (a shard not given?)", batch.GameRange(from, to))
	}
	return fmt.Errorf("%s missing: %s", batch.GameRange(from, to), strings.Join(short, "; "))
}
