package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/minesat/minesat/agent"
)

// parseVs returns the second player of 'play --vs': base's agent flags
// (addAgentFlags) with those in s changed. The level, rules, first click
// and seeds stay the base's, so that both players meet the same layouts. It
// rejects any other flag, and the output flags that follow one player
// (--record, --trace, --plot).
func parseVs(base playConfig, s string) (*playConfig, error) {
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
	vs := base
	vs.vs = nil
	fs := flag.NewFlagSet("play --vs", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addAgentFlags(fs, &vs, base)
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
	vs.vsArgs = strings.Join(args, " ")
	return &vs, nil
}

// playPair plays game i of a level with the base player a and the second
// player b, on the same layout. They take turns to go first, game by game:
// whoever plays second meets a warmer machine (the A/A run --vs "--lookahead
// 8" timed the second player 4% faster when the base always went first), so
// alternating keeps the time ratio fair.
func playPair(ctx context.Context, a, b *agent.Agent, r *levelRun, cfg playConfig, i int) gameResult {
	var base, vs gameResult
	if i%2 == 0 {
		base = playOne(ctx, a, r, cfg, i)
		vs = playOne(ctx, b, r.vs, cfg, i)
	} else {
		vs = playOne(ctx, b, r.vs, cfg, i)
		base = playOne(ctx, a, r, cfg, i)
	}
	if base.err == nil {
		base.vs, base.err = &vs.res, vs.err
	}
	return base
}

// pairTally counts one level's games by which of the two players won them.
type pairTally struct {
	both, onlyBase, onlyVs, neither int
}

// add counts one game, played by the base and by the second player.
func (t *pairTally) add(base, vs agent.Result) {
	switch b, v := base.Outcome == agent.Won, vs.Outcome == agent.Won; {
	case b && v:
		t.both++
	case b:
		t.onlyBase++
	case v:
		t.onlyVs++
	default:
		t.neither++
	}
}

// pairedDiff compares two players over the same n games, of which b were
// won by the first alone and c by the second alone. It returns the second's
// win rate less the first's, d = (c-b)/n; the 95% Wald interval of that
// paired difference, d ± 1.96 sqrt(((b+c)/n - d²)/n); and McNemar's
// statistic z = (c-b)/sqrt(b+c), 0 when no game was won by one alone (|z|
// above 1.96 is a difference at the 5% level, two-sided). The games both
// or neither won carry no information on the difference; pairing the
// players on the same layouts removes the spread between layouts, which is
// why a paired test sees differences that two separate runs' intervals hide.
func pairedDiff(b, c, n int) (d, lo, hi, z float64) {
	if n == 0 {
		return 0, 0, 0, 0
	}
	const z95 = 1.959963984540054
	nf := float64(n)
	d = float64(c-b) / nf
	half := z95 * math.Sqrt(max(0, float64(b+c)/nf-d*d)/nf)
	if b+c > 0 {
		z = float64(c-b) / math.Sqrt(float64(b+c))
	}
	return d, d - half, d + half, z
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

func (r *levelRun) paired(cfg playConfig) pairedSummary {
	t := r.pair
	d, lo, hi, z := pairedDiff(t.onlyBase, t.onlyVs, r.games)
	s := pairedSummary{Vs: cfg.vs.vsArgs, Games: r.games, BothWon: t.both, OnlyBase: t.onlyBase, OnlyVs: t.onlyVs,
		Neither: t.neither, Difference: d, CI95: [2]float64{lo, hi}, Z: z}
	if r.elapsed > 0 {
		s.TimeRatio = float64(r.vs.elapsed) / float64(r.elapsed)
	}
	return s
}

// writeVsSummary writes the results of 'play --vs': each level's two rows,
// base and vs, then the game-by-game comparison.
func writeVsSummary(w io.Writer, cfg playConfig, runs []*levelRun, wall time.Duration) error {
	sums := make([]vsSummary, len(runs))
	games := 0
	for i, r := range runs {
		sums[i] = vsSummary{Base: r.summary(cfg), Vs: r.vs.summary(*cfg.vs), Paired: r.paired(cfg)}
		games += r.games
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
	fmt.Fprintf(w, "\nvs is base with %s; game by game, on the same layouts:\n", cfg.vs.vsArgs)
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
