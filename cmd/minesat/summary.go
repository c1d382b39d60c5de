package main

// The output of 'play' and 'merge': a table, or the run summary in JSON
// (batch.SummaryFile, schema minesat.summary/1, documented in
// docs/formats.md under "Run summary (JSON)"), which 'merge' reads back.

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/internal/words"
)

// writeReport writes the summary f in format, text or json. The text's
// footer names the run's workers, or for a merge the summaries merged.
func writeReport(w io.Writer, format string, f batch.SummaryFile, workers, merged int) error {
	if format == "json" {
		return f.Encode(w)
	}
	rows := make([]tableRow, 0, 2*len(f.Levels))
	var players []string
	for _, l := range f.Levels {
		rows = append(rows, tableRow{&l, &l.Base})
		if l.Vs != nil {
			rows = append(rows, tableRow{&l, l.Vs})
			players = []string{"base", "vs"}
		}
	}
	if err := writeRunTable(w, rows, players); err != nil {
		return err
	}
	if f.Vs != nil {
		if err := writePairedTable(w, f); err != nil {
			return err
		}
	}
	return writeRunFooter(w, f, workers, merged)
}

// tableRow is a row of the text table: one player at one level.
type tableRow struct {
	level  *batch.SummaryLevel
	player *batch.SummaryPlayer
}

// writeRunTable writes the text table of rows. With players, a first
// column names row i's player, players[i%len(players)].
func writeRunTable(w io.Writer, rows []tableRow, players []string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if players != nil {
		fmt.Fprint(tw, "player\t")
	}
	fmt.Fprintln(tw, "level\trules\tfirst\tstrategy\tgames\twon\tlost\tstuck\twin rate\t95% CI\tguesses/game\tms/game")
	for i, r := range rows {
		if players != nil {
			fmt.Fprintf(tw, "%s\t", players[i%len(players)])
		}
		l, p := r.level, r.player
		strategy := string(p.Strategy)
		if p.NoGuess {
			strategy += " (no guess)"
		}
		if p.Guesser != "" && p.Guesser != defaultGuesserName {
			strategy += " (" + p.Guesser + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t", l.Level, l.Rules, l.First, strategy, p.Games, p.Won, p.Lost, p.Stuck)
		if p.Games == 0 { // no rate of no game: not 0.0%
			fmt.Fprintln(tw, "-\t-\t-\t-")
			continue
		}
		fmt.Fprintf(tw, "%.1f%%\t[%.1f%%, %.1f%%]\t%.2f\t%.3f\n", 100*p.WinRate, 100*p.CI95[0], 100*p.CI95[1], p.GuessesPerGame, p.MsPerGame)
	}
	return tw.Flush()
}

// writePairedTable writes the game-by-game comparison of a --vs run, a row
// a level.
func writePairedTable(w io.Writer, f batch.SummaryFile) error {
	fmt.Fprintf(w, "\nvs is base with %s; game by game, on the same layouts:\n", f.Vs.Flags)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "level\tgames\tboth won\tonly base\tonly vs\tneither\tvs - base\t95% CI\tz\ttime vs/base")
	for _, l := range f.Levels {
		p := l.Paired
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%+.2f pts\t[%+.2f, %+.2f]\t%+.2f\t%.2f\n",
			l.Level, l.To-l.From, p.BothWon, p.OnlyBase, p.OnlyVs, p.Neither,
			100*p.Difference, 100*p.CI95[0], 100*p.CI95[1], p.Z, p.TimeRatio)
	}
	return tw.Flush()
}

// writeRunFooter writes the text output's last line: what was counted (say,
// "100 games", and the shard's range), in how long, on how many workers
// (games a second), from which run seed; for a merge, from how many
// summaries.
func writeRunFooter(w io.Writer, f batch.SummaryFile, workers, merged int) error {
	games := 0
	for _, l := range f.Levels {
		games += l.To - l.From
	}
	parts := []string{words.Count(games, "game")}
	if f.Vs != nil {
		parts = append(parts, "each played by both")
	}
	if sh := f.Shard; sh.Shards > 1 {
		parts = append(parts, fmt.Sprintf("shard %d/%d (%s of %d a level)", sh.Index, sh.Shards, batch.GameRange(sh.From, sh.To), f.Games))
	}
	if merged > 0 {
		parts = append(parts, "merged from "+words.CountAs(merged, "summary", "summaries"))
		_, err := fmt.Fprintf(w, "%s, seed %d\n", strings.Join(parts, ", "), f.Seed)
		return err
	}
	what := strings.Join(parts, ", ")
	if len(parts) > 1 {
		what += ","
	}
	rate := float64(games) / max(f.WallSeconds, 1e-9)
	workerText := fmt.Sprintf("%d workers", workers)
	if workers == 1 {
		workerText = "1 worker"
	}
	_, err := fmt.Fprintf(w, "%s in %.2f s on %s (%.0f games/s), seed %d\n", what, f.WallSeconds, workerText, rate, f.Seed)
	return err
}
