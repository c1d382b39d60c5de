package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/minesat/minesat/scripts/internal/docgen"
)

// stamp says what was measured, when, and how it was read.
type stamp struct {
	commit  string   // the commit of the binary that played, from DIR/commit.txt; "" if unknown
	date    string   // the day the last run used finished, UTC
	command string   // this command, as run
	runs    []string // the commands of the runs used, in table order
	image   string   // the plot's path from the block's file; "" without one
}

// The tables' columns.
var (
	curveHeader = []string{"level, rules", "seed", "think", "games", "think won [95% interval]", "default won [95% interval]",
		"both / default alone / think alone / neither", "think - default, points [95% interval]", "McNemar's z", "CPU ms a game, think / default"}
	curveAlign = []string{"---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"}
	refHeader  = []string{"level, rules", "seed", "think", "games", "player", "player won [95% interval]",
		"player - think, points [95% interval]", "z", "player - default, points [95% interval]", "z"}
	refAlign    = []string{"---", "---:", "---:", "---:", "---", "---:", "---:", "---:", "---:", "---:"}
	phaseHeader = []string{"level, rules", "seed", "think",
		"won alone, think / default: " + BeforeOpening.String(), "won alone: " + MidGame.String(), "won alone: " + Endgame.String(),
		"guesses searched (replaced): " + BeforeOpening.String(), "searched: " + MidGame.String(), "searched: " + Endgame.String()}
	phaseAlign = []string{"---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"}
)

// writeBlock writes the block: the stamp, the commands, and the three
// tables with what they mean.
func writeBlock(w io.Writer, st stamp, ps []*pairing) {
	commit := "unknown (no commit.txt in the directory)"
	if st.commit != "" {
		commit = "`" + st.commit + "`"
	}
	fmt.Fprintf(w, "Played by minesat at commit %s, the last run finished on %s, read by `%s`. The runs, each timed by "+
		"`/usr/bin/time` (CPU time: user + system, over all workers):\n\n", commit, st.date, st.command)
	fmt.Fprintf(w, "```sh\n%s\n```\n\n", strings.Join(st.runs, "\n"))
	fmt.Fprintf(w, "Each think run is paired with the default run of the same level, rules and seed on the games both played "+
		"(the first ones: game i is the same layout in both):\n\n")
	rows := make([][]string, 0, len(ps))
	for _, p := range ps {
		rows = append(rows, curveRow(p))
	}
	docgen.WriteTable(w, curveHeader, curveAlign, rows)
	if refRows := refTable(ps); len(refRows) > 0 {
		fmt.Fprintf(w, "\nThe same games against the other players that played them (their outcomes in the reference files named):\n\n")
		docgen.WriteTable(w, refHeader, refAlign, refRows)
	}
	if st.image != "" {
		fmt.Fprintf(w, "\n![Win rate gained by --think over the default against CPU time a game, 95%% intervals](%s)\n", st.image)
	}
	fmt.Fprintf(w, "\n**Where the extra wins come from.** %s The search draws nothing from the game's random source, "+
		"so a game goes on exactly as the default's until the search plays another cell than the guesser's choice: "+
		"each game one player alone won is counted at the phase of the first guess the search replaced. "+
		"The guesses are counted over all the paired games.\n\n", phaseRule)
	rows = rows[:0]
	for _, p := range ps {
		rows = append(rows, phaseRow(p))
	}
	docgen.WriteTable(w, phaseHeader, phaseAlign, rows)
	fmt.Fprintf(w, "\n%s\n", unexplainedLine(ps))
}

// runLabel is the first columns of a pairing's row: level and rules, seed
// and budget.
func runLabel(p *pairing) []string {
	return []string{p.think.Level + ", " + p.think.Rules, strconv.FormatInt(p.think.Seed, 10), strconv.Itoa(p.think.Think)}
}

// curveRow is a pairing's row of the curve table.
func curveRow(p *pairing) []string {
	t := p.tally
	d, lo, hi, z := t.Diff()
	return append(runLabel(p),
		docgen.Thousands(p.games),
		docgen.Rate(t.Both+t.OnlyVs, p.games),
		docgen.Rate(t.Both+t.OnlyBase, p.games),
		fmt.Sprintf("%s / %s / %s / %s", docgen.Thousands(t.Both), docgen.Thousands(t.OnlyBase), docgen.Thousands(t.OnlyVs), docgen.Thousands(t.Neither)),
		points(d, lo, hi),
		fmt.Sprintf("%+.2f", z),
		ms(p.think.msPerGame())+" / "+ms(p.base.msPerGame()),
	)
}

// refTable returns the rows of the reference table: one a pairing and
// reference.
func refTable(ps []*pairing) [][]string {
	var rows [][]string
	for _, p := range ps {
		for _, r := range p.refs {
			dt, lot, hit, zt := r.think.Diff()
			db, lob, hib, zb := r.base.Diff()
			rows = append(rows, append(runLabel(p),
				docgen.Thousands(p.games),
				r.ref.Player+" (`"+r.file+"`)",
				docgen.Rate(r.think.Both+r.think.OnlyVs, p.games),
				points(dt, lot, hit), fmt.Sprintf("%+.2f", zt),
				points(db, lob, hib), fmt.Sprintf("%+.2f", zb),
			))
		}
	}
	return rows
}

// phaseRow is a pairing's row of the phase table.
func phaseRow(p *pairing) []string {
	row := runLabel(p)
	phases := []Phase{BeforeOpening, MidGame, Endgame}
	for _, ph := range phases {
		c := p.phases[ph]
		row = append(row, fmt.Sprintf("%s / %s", docgen.Thousands(c.OnlyThink), docgen.Thousands(c.OnlyDefault)))
	}
	for _, ph := range phases {
		c := p.phases[ph]
		row = append(row, fmt.Sprintf("%s (%s)", docgen.Thousands(c.Searched), docgen.Thousands(c.Replaced)))
	}
	return row
}

// unexplainedLine says whether every game one player alone won had a
// guess the search replaced, and names those that had none.
func unexplainedLine(ps []*pairing) string {
	var parts []string
	total := 0
	for _, p := range ps {
		if len(p.unexplained) == 0 {
			continue
		}
		total += len(p.unexplained)
		games := make([]string, 0, len(p.unexplained))
		for _, g := range p.unexplained[:min(len(p.unexplained), 10)] {
			games = append(games, strconv.Itoa(g))
		}
		if len(p.unexplained) > 10 {
			games = append(games, "...")
		}
		parts = append(parts, fmt.Sprintf("%s: %s of them (games %s)", p.think, docgen.Thousands(len(p.unexplained)), strings.Join(games, ", ")))
	}
	if total == 0 {
		return "Every game one player alone won has a guess the search replaced, as it must."
	}
	slices.Sort(parts)
	return fmt.Sprintf("**%s games one player alone won have no guess the search replaced**, which the search's "+
		"separate random source should rule out: %s.", docgen.Thousands(total), strings.Join(parts, "; "))
}

// points writes a difference of win rates and its interval in points,
// with 2 decimals, or up to 4 where the interval is narrower than 2 units
// of the last decimal (a million games of which a few differ), so that an
// interval reads [+0.00, +0.00] only when no game differs.
func points(d, lo, hi float64) string {
	dec := 2
	for dec < 4 && hi > lo && 100*(hi-lo) < 2*math.Pow(10, -float64(dec)) {
		dec++
	}
	return fmt.Sprintf("%+.*f [%+.*f, %+.*f]", dec, 100*d, dec, 100*lo, dec, 100*hi)
}

// ms writes milliseconds to three significant digits or so.
func ms(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	case v >= 1:
		return fmt.Sprintf("%.2f", v)
	}
	return fmt.Sprintf("%.3f", v)
}
