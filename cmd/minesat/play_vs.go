package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/minesat/minesat/batch"
)

// parseVs returns the second player of 'play --vs': base's agent flags
// (addAgentFlags) with those in s changed. The level, rules, first click
// and seeds stay the base's, so that both players meet the same layouts. It
// rejects any other flag, and the output flags that follow one player
// (--record, --trace, --plot).
func parseVs(base playConfig, s string) (*batch.Agent, error) {
	args := strings.Fields(s)
	if len(args) == 0 {
		return nil, usageErrorf(`play: --vs: no flags: give the agent flags the second player changes, e.g. --vs "--strategy fast"`)
	}
	switch {
	case base.record != "":
		return nil, usageErrorf("play: --record writes one player's games; drop --vs or --record")
	case base.trace:
		return nil, usageErrorf("play: --trace follows one player; drop --vs or --trace")
	case base.plot != "":
		return nil, usageErrorf("play: --plot draws one player's win rates; drop --vs or --plot")
	}
	vs := base.agent
	fs := flag.NewFlagSet("play --vs", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addAgentFlags(fs, &vs, base.agent)
	if err := fs.Parse(args); err != nil {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, "--"+f.Name) })
		return nil, usageErrorf("play: --vs: %w (--vs changes only the agent flags %s)", err, strings.Join(names, ", "))
	}
	if fs.NArg() > 0 {
		return nil, usageErrorf("play: --vs: unexpected argument %q", fs.Arg(0))
	}
	if err := checkAgentFlags(vs, setFlags(fs)); err != nil {
		return nil, usageErrorf("play: --vs: %w", err)
	}
	return &vs, nil
}

// pairedSummary is one level's game-by-game comparison in --format json.
type pairedSummary struct {
	Vs         string     `json:"vs"`         // the --vs flags
	Games      int        `json:"games"`      // games each player played, on the same layouts
	BothWon    int        `json:"both_won"`   // games both won
	OnlyBase   int        `json:"only_base"`  // games the base player won and the second lost
	OnlyVs     int        `json:"only_vs"`    // games the second player won and the base lost
	Neither    int        `json:"neither"`    // games neither won
	Difference float64    `json:"difference"` // the second's win rate less the base's
	CI95       [2]float64 `json:"ci95"`       // the difference's 95% interval (paired Wald)
	Z          float64    `json:"z"`          // McNemar's statistic, (only_vs - only_base) / sqrt(only_vs + only_base)
	TimeRatio  float64    `json:"time_ratio"` // the second's ms per game over the base's, timed side by side
}

// vsSummary is one level of 'play --vs' in --format json.
type vsSummary struct {
	Base   playSummary   `json:"base"`
	Vs     playSummary   `json:"vs"`
	Paired pairedSummary `json:"paired"`
}

// pairedOf returns the comparison of the two players of s, who played its
// games on the same layouts; vsArgs are the --vs flags.
func pairedOf(s batch.Summary, vsArgs string) pairedSummary {
	p := s.Pairs
	d, lo, hi, z := p.Diff()
	out := pairedSummary{Vs: vsArgs, Games: s.Games(), BothWon: p.Both, OnlyBase: p.OnlyBase, OnlyVs: p.OnlyVs,
		Neither: p.Neither, Difference: d, CI95: [2]float64{lo, hi}, Z: z}
	if s.Base.Elapsed > 0 {
		out.TimeRatio = float64(s.VsTally.Elapsed) / float64(s.Base.Elapsed)
	}
	return out
}

// writeVsSummary writes the results of 'play --vs': each level's two rows,
// base and vs, then the game-by-game comparison.
func writeVsSummary(w io.Writer, cfg playConfig, levels []batch.Summary, wall time.Duration) error {
	sums := make([]vsSummary, len(levels))
	games := 0
	for i, s := range levels {
		sums[i] = vsSummary{Base: levelSummary(s, s.Agent, s.Base), Vs: levelSummary(s, *s.Vs, s.VsTally), Paired: pairedOf(s, cfg.vsArgs)}
		games += s.Games()
	}
	if cfg.format == "json" {
		return writeJSONLevels(w, sums)
	}
	rows := make([]playSummary, 0, 2*len(sums))
	for _, s := range sums {
		rows = append(rows, s.Base, s.Vs)
	}
	if err := writeRunTable(w, rows, []string{"base", "vs"}); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nvs is base with %s; game by game, on the same layouts:\n", cfg.vsArgs)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "level\tgames\tboth won\tonly base\tonly vs\tneither\tvs - base\t95% CI\tz\ttime vs/base")
	for _, s := range sums {
		p := s.Paired
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%+.2f pts\t[%+.2f, %+.2f]\t%+.2f\t%.2f\n",
			s.Base.Level, p.Games, p.BothWon, p.OnlyBase, p.OnlyVs, p.Neither,
			100*p.Difference, 100*p.CI95[0], 100*p.CI95[1], p.Z, p.TimeRatio)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	return writeRunFooter(w, cfg, fmt.Sprintf("%d games, each played by both,", games), games, wall)
}
