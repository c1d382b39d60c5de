package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/minesat/minesat/scripts/internal/docgen"
)

// A speedLine is one level of the speed table, timed with each strategy.
type speedLine struct {
	level     string // --level, played under its default rules and first click
	games     int    // games a run
	tinyGames int    // games a run with -tiny
}

// speedLines are the speed table's levels; a run takes a few seconds.
var speedLines = []speedLine{
	{level: "beginner", games: 30_000, tinyGames: 300},
	{level: "intermediate", games: 10_000, tinyGames: 100},
	{level: "expert", games: 2_500, tinyGames: 25},
}

// speedStrategies are the strategies timed: the default, and fast, which
// makes the same moves' guesses and wins the same games in less time.
var speedStrategies = []string{"full", "fast"}

// speedHeader and speedAlign are the speed table's columns.
var (
	speedHeader = []string{"level", "games a run", "ms a game, full (the default)", "ms a game, fast", "peak RSS, full", "peak RSS, fast"}
	speedAlign  = []string{"---", "---:", "---:", "---:", "---:", "---:"}
)

// measureSpeed times every level and strategy on one worker, one process
// at a time, in rounds (each round runs every process once, so that a
// change of load falls on all of them), and returns the block of speed.md.
func measureSpeed(o options, st stamp, log io.Writer) (string, error) {
	rounds := o.rounds
	if o.tiny {
		rounds = 1
	}
	n := len(speedLines) * len(speedStrategies)
	cpu := make([][]time.Duration, n) // cpu[i]: a game's CPU time of process i, a round each
	rss := make([]int64, n)           // the largest peak over the rounds
	labels := make([]string, len(speedLines))
	var cmds []string
	for round := range rounds {
		for li, l := range speedLines {
			for si, strategy := range speedStrategies {
				games := l.games
				if o.tiny {
					games = l.tinyGames
				}
				args := []string{"play", "--level", l.level, "--strategy", strategy, "--games", strconv.Itoa(games),
					"--seed", "1", "--workers", "1", "--format", "json"}
				if round == 0 {
					cmds = append(cmds, "minesat "+strings.Join(args, " "))
				}
				fmt.Fprintf(log, "docnumbers: round %d: minesat %s\n", round+1, strings.Join(args, " "))
				r, err := play(o.minesat, o.root, args)
				if err != nil {
					return "", err
				}
				labels[li] = levelLabel(r.Summary) + ", " + r.Summary.Rules.String() + ", " + r.Summary.First
				i := li*len(speedStrategies) + si
				cpu[i] = append(cpu[i], r.CPU/time.Duration(games))
				rss[i] = max(rss[i], r.PeakRSS)
			}
		}
	}
	var b strings.Builder
	writeHeader(&b, st, o.tiny, cmds)
	var rows [][]string
	for li, l := range speedLines {
		row := []string{labels[li], docgen.Thousands(l.games)}
		if o.tiny {
			row[1] = docgen.Thousands(l.tinyGames)
		}
		var mem []string
		for si := range speedStrategies {
			i := li*len(speedStrategies) + si
			row = append(row, msRange(cpu[i]))
			mem = append(mem, fmt.Sprintf("%.1f MB", float64(rss[i])/1e6))
		}
		rows = append(rows, append(row, mem...))
	}
	docgen.WriteTable(&b, speedHeader, speedAlign, rows)
	if rounds == 1 {
		b.WriteString("\nA game's time is the CPU time (user and system) of its process over its games; the peak is its largest resident memory.\n")
	} else {
		fmt.Fprintf(&b, "\nA game's time is the CPU time (user and system) of its process over its games, the median of %d "+
			"rounds with their range; the peak is the largest resident memory of the rounds.\n", rounds)
	}
	return b.String(), nil
}

// msRange writes the median of ts in milliseconds, with their range when
// there are several.
func msRange(ts []time.Duration) string {
	s := slices.Clone(ts)
	slices.Sort(s)
	ms := func(d time.Duration) string { return strconv.FormatFloat(float64(d)/1e6, 'f', 3, 64) }
	if len(s) == 1 {
		return ms(s[0]) + " ms"
	}
	return fmt.Sprintf("%s ms (%s-%s)", ms(s[len(s)/2]), ms(s[0]), ms(s[len(s)-1]))
}
