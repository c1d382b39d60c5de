package main

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/batch"
)

// playRun plays the games of configs, one level after another, handing
// each game in order to the modes that follow the games (--record,
// --outcomes, --against) as it finishes, then writes the report and the
// plot. A single game lost exits 1, an interrupted run 3, with the report
// of the games counted.
func playRun(ctx context.Context, io *stdio, cfg playConfig, configs []batch.Config, refs []*against, po playOutputs) error {
	if procs := playProcs(io.getenv, cfg.workers, runtime.NumCPU()); procs > 0 && io.setMaxProcs != nil {
		io.setMaxProcs(procs)
	}
	recs := newRecords(cfg.record, po.record)
	outs := newOutcomes(cfg, configs[0], po.outcomes)
	opt := batch.Options{Workers: cfg.workers, Records: recs.sink, Each: eachGame(refs, outs)}
	start := time.Now()
	sums, total, err := playLevels(ctx, io, cfg, configs, opt)
	wall := time.Since(start)
	// Every output is closed; the first error is the run's.
	if err := cmp.Or(err, recs.close(), outs.close()); err != nil {
		return err
	}
	f := batch.NewSummaryFile(sums, cfg.games, cfg.shard, cfg.vsArgs, wall)
	if err := writePlayReport(ctx, io, cfg, f, sums, refs, po.plot); err != nil {
		return err
	}
	done := 0
	for _, s := range sums {
		done += s.Games()
	}
	switch {
	case ctx.Err() != nil:
		return budgetError(fmt.Errorf("play: interrupted after %d of %d games; the summary counts %s", done, total, countedGames(sums)))
	case total == 1 && sums[0].Base.Lost == 1:
		return errNoSolution
	}
	return nil
}

// eachGame returns the function that hands game i's result, in game order,
// to the modes that follow the games one by one: each reference of
// --against, and the file of --outcomes (nil: none). It returns nil when
// no mode does.
func eachGame(refs []*against, outs *outcomes) func(i int, res agent.Result) {
	if len(refs) == 0 && outs == nil {
		return nil
	}
	return func(i int, res agent.Result) {
		for _, ref := range refs {
			ref.count(i, res)
		}
		outs.add(res)
	}
}

// playLevels plays the games of configs with opt, one level after another,
// and returns the summary of each level played, with the total of games
// the run plans. An interrupted level keeps the summary of its games
// counted, and the levels after it are played with none.
func playLevels(ctx context.Context, io *stdio, cfg playConfig, configs []batch.Config, opt batch.Options) ([]batch.Summary, int, error) {
	total := (cfg.shard.To - cfg.shard.From) * len(configs)
	bar := newProgress(io, total, "games")
	defer bar.finish()
	sums := make([]batch.Summary, 0, len(configs))
	for _, c := range configs {
		last := 0
		opt.Progress = func(finished int) {
			bar.add(finished - last)
			last = finished
		}
		s, err := batch.Run(ctx, c, cfg.shard.From, cfg.shard.To, opt)
		if err != nil && ctx.Err() == nil {
			return sums, total, fmt.Errorf("play: %w", err)
		}
		sums = append(sums, s)
	}
	return sums, total, nil
}

// writePlayReport writes the run's summary f on stdout, the tables of
// --against, and the plot into plotOut unless nil.
func writePlayReport(ctx context.Context, io *stdio, cfg playConfig, f batch.SummaryFile, sums []batch.Summary, refs []*against, plotOut *outFile) error {
	out := io.stdout(ctx)
	if err := writeReport(out, cfg.format, f, cfg.workers, 0); err != nil {
		return outputError(ctx, "play", err)
	}
	for _, ref := range refs {
		if len(sums) == 0 {
			break
		}
		if err := ref.write(out, sums[0]); err != nil {
			return outputError(ctx, "play", err)
		}
	}
	if plotOut != nil {
		if err := writePlayPlot(cfg, sums, plotOut); err != nil {
			return outputError(ctx, "play: --plot", err)
		}
	}
	return nil
}

// countedGames names the games each level's summary counts, e.g. "games
// 0-1999 of expert, none of hard".
func countedGames(sums []batch.Summary) string {
	var parts []string
	for _, s := range sums {
		if s.Games() == 0 {
			parts = append(parts, "none of "+s.Level.Name)
			continue
		}
		parts = append(parts, batch.GameRange(s.From, s.To)+" of "+s.Level.Name)
	}
	return strings.Join(parts, ", ")
}
