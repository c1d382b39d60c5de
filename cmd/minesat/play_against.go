package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/stats"
)

// against pairs the games of 'play --against FILE' with another player's
// recorded outcomes on the same games.
type against struct {
	path   string
	ref    *batch.Reference
	paired batch.PairedTally
}

// checkAgainstFlags checks 'play --against' given paths: a second player
// that --vs does not also add, on one level, written as a text table, in a
// run of many games.
func checkAgainstFlags(cfg *playConfig, paths []string) error {
	if len(paths) == 0 {
		return nil
	}
	switch {
	case cfg.vs != nil:
		return usageErrorf("play: --against and --vs each add a second player; drop one")
	case len(cfg.levels) != 1:
		return usageErrorf("play: --against pairs the games of one level; give one --level")
	case cfg.format != "text":
		return usageErrorf("play: --against writes a text table; drop --format %s", cfg.format)
	case cfg.trace:
		return usageErrorf("play: --trace follows one game; drop --against")
	}
	cfg.againstPaths = paths
	return nil
}

// readAgainsts reads the files of --against within ctx, each checked to
// hold the games of the run c plans.
func readAgainsts(ctx context.Context, io *stdio, cfg playConfig, c batch.Config) ([]*against, error) {
	var refs []*against
	for _, path := range cfg.againstPaths {
		ref, err := readAgainst(ctx, io, path)
		if err != nil {
			return nil, err
		}
		if err := ref.check(c, cfg.shard.From, cfg.shard.To); err != nil {
			return nil, err
		}
		refs = append(refs, ref)
	}
	return refs, nil
}

// readAgainst reads the reference file of --against within ctx.
func readAgainst(ctx context.Context, io *stdio, path string) (*against, error) {
	f, err := io.open(ctx, path)
	if err == nil {
		defer f.Close()
		var ref *batch.Reference
		if ref, err = batch.ReadReference(f, path); err == nil {
			return &against{path: path, ref: ref}, nil
		}
	}
	if ctx.Err() != nil {
		return nil, budgetError(fmt.Errorf("play: interrupted while reading --against %s", path))
	}
	return nil, usageErrorf("play: --against: %w", err)
}

// check returns a usage error unless the reference holds games from..to-1
// of the run c plans.
func (a *against) check(c batch.Config, from, to int) error {
	rules, first, err := c.Resolve()
	if err != nil {
		return err
	}
	s := batch.Summary{Level: c.Level, Rules: rules, First: first, Seed: c.Seed}
	if err := a.ref.Covers(s, from, to); err != nil {
		return usageErrorf("play: --against %s: %w", a.path, err)
	}
	return nil
}

// count pairs game i, played with result res, with the reference's.
func (a *against) count(i int, res agent.Result) {
	a.paired.Add(res.Outcome == game.Won, a.ref.Won[i-a.ref.From])
}

// write writes the game-by-game comparison of the games counted.
func (a *against) write(w io.Writer, s batch.Summary) error {
	p := a.paired
	ref := p.Both + p.OnlyVs
	lo, hi := stats.Wilson(ref, p.Games())
	d, dlo, dhi, z := p.Diff()
	role := a.ref.Role.Describe()
	if role != "" {
		role = "; " + role
	}
	fmt.Fprintf(w, "\nagainst %s (%s%s), game by game on the same layouts:\n", a.ref.Player, a.path, role)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "level\tgames\tboth won\tonly minesat\tonly reference\tneither\treference won\treference rate\t95% CI\treference - minesat\t95% CI\tz")
	fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.2f%%\t[%.2f%%, %.2f%%]\t%+.2f pts\t[%+.2f, %+.2f]\t%+.2f\n",
		s.Level.Name, p.Games(), p.Both, p.OnlyBase, p.OnlyVs, p.Neither, ref,
		100*float64(ref)/float64(max(p.Games(), 1)), 100*lo, 100*hi, 100*d, 100*dlo, 100*dhi, z)
	return tw.Flush()
}
