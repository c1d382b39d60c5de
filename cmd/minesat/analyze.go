package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/minesat/minesat/advice"
	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

var analyzeAbout = `
Analyze reads a position (a puzzle file, or standard input for -) and says
what minesat would play there and why, with everything it knows of the
closed cells: the analysis of advice.Advise.

The position may be in the integer format ("rows cols mines", then -1 for
unknown, 0-8 for a hint, F for a flag; mines ? when the total is unknown)
or in the character grid players paste (an optional first line "mines N"
or "mines ?", then one line per row: . or -1 unknown, F flag, 0-8 hint);
see docs/formats.md. A flag counts as a mine; one that contradicts the
hints is named, never trusted. Without a total, every layout that agrees
with the hints and the flags counts once, whatever its number of mines.

The text output draws the board with row and column numbers. Each cell is
a hint 0-8, F for a flag, * for a closed cell that is a mine in every
layout, . for one that is safe in every layout, or the cell's mine
probability in percent (1% to 99%, uniform over every layout that agrees with
the hints, the flags and the mine total); the recommended cell is marked >.
On a terminal the probabilities are coloured from green (safe) to red
(unless NO_COLOR is set or --no-color). Then come the recommended move and
its reason: a cell proved safe with its proof (the clause, the pair of
hints or the SAT proof, as play --trace gives it), or the guess the agent's
guesser makes, with its probability, its score, the runner-up and how it
was chosen (endgame search, pseudo 50/50, lookahead or lowest probability).
Then the number of layouts, the forced mines and safe cells, the pseudo
50/50s (cells that, when they hold a mine, close a pair or a 2x2 block that
no move can ever resolve) and the dead cells (undecided cells that show the
same hint in every layout where they are safe), each line only when it has
something to say.

--format json prints one object, the analysis report of docs/formats.md
with every key asked, and the move:
  rows, cols, mines (null when unknown), flags, unknown (closed cells),
  satisfiable (null when stopped before it could tell), conflict (why there
         is no solution, naming a flag to blame),
  count (the exact number of layouts, a decimal string),
  probabilities (one array per row, the mine probability or null for an
         open or flagged cell),
  forced_mines, forced_safe, dead ([[r,c],...]; null without a solution,
         dead also when too large to count),
  incomplete (what was left out, and why; absent when nothing was),
  move: {op, cell [r,c], rule, forced, p, why, proof [lines], and for a
         guess chosen ("endgame", "fifty-fifty", "lookahead", "probability"
         or "local estimate"; "think" with --think or --think-time), method, score,
         runner_up [r,c], runner_up_p, runner_up_score, and with --think or --think-time
         think: {candidates [{cell, p, wins, rollouts, win, low, high}],
         rounds, rollouts, elapsed_ms, stopped, skipped}} or null,
  pseudo_fifty_fifties ([[r,c],...]),
  solutions (count under its former key, kept one release),
  samples: {seed, layouts [[[r,c],...],...]} with --sample.
Cells are 0-based [row, col] pairs; absent keys had nothing to report.

The agent flags shape the move as in play. A position whose components are
too large to count within --max-states is answered with the cells SAT
proves and says what is missing; --timeout bounds the whole analysis,
reading the puzzle included (exit 3). A position with no solution prints
why and exits 1.

Unless GOMEMLIMIT is set, analyze asks the Go collector to keep the
process under 128 bytes a cell of the position (96 MiB at least): a big
board then costs near its live memory, for more collector work; set
GOMEMLIMIT (or GOGC) to choose otherwise (docs/limits.md).

--sample N also draws N layouts uniformly at random from those that agree
with the hints, the flags and the mine total (exact.Sampler), each a line
"sample K: (r,c)(r,c)..." of its mines, flags included; --seed fixes them.` + analyzeThinkAbout

// analyzeFlags are analyze's options.
type analyzeFlags struct {
	format    string
	noColor   bool
	timeout   time.Duration
	maxStates int
	sample    int           // layouts to draw uniformly from the solutions
	seed      uint64        // the sampler's seed
	think     time.Duration // the win-probability search's time at a guess; 0 for none
	rollouts  int           // the search's rollouts at most; 0 for its default
	agent     agent.Config  // the agent flags, as play defines them
}

// runAnalyze implements 'minesat analyze'.
func runAnalyze(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("analyze", "FILE|-", analyzeAbout, io)
	var f analyzeFlags
	fs.StringVar(&f.format, "format", "text", "output `format`: text or json")
	fs.BoolVar(&f.noColor, "no-color", false, "no colour, even on a terminal")
	fs.DurationVar(&f.timeout, "timeout", 0, "give up after `D` (such as 500ms), exit 3; 0 means no limit")
	fs.IntVar(&f.maxStates, "max-states", exact.DefaultMaxStates, "counting budget: most diagram states per component `N`; beyond, only forced cells are given")
	fs.IntVar(&f.sample, "sample", 0, "also draw `N` layouts uniformly at random from those that fit the position")
	fs.Uint64Var(&f.seed, "seed", 1, "the `seed` of --sample's draws: the same seed, the same layouts")
	parsedVar(fs, &f.think, "think-time", 0, parseThinkTime, "race a guess for the game for `DURATION` (such as 2s): each candidate's chance to win, with its interval; 0 never")
	fs.IntVar(&f.rollouts, "think", 0, "the race's rollouts at most `N`; alone, a race of N rollouts, the same every run")
	addAgentFlags(fs, &f.agent, agent.DefaultConfig)
	if help, err := parseFlags(fs, args, io); help || err != nil {
		return err
	}
	if err := checkSampleFlags(f.sample); err != nil {
		return flagError("analyze", err)
	}
	if fs.NArg() != 1 {
		return flagError("analyze", fmt.Errorf("want one puzzle file (or - for standard input), got %d arguments", fs.NArg()))
	}
	switch {
	case f.format != "text" && f.format != "json":
		return flagError("analyze", fmt.Errorf("--format %q: want text or json", f.format))
	case f.timeout < 0:
		return flagError("analyze", fmt.Errorf("--timeout %v must not be negative", f.timeout))
	case f.maxStates <= 0:
		return flagError("analyze", fmt.Errorf("--max-states %d must be positive", f.maxStates))
	}
	opts, err := checkAgentFlags(f.agent, setFlags(fs))
	if err != nil {
		return flagError("analyze", err)
	}
	think, err := thinkOptions(f.think, f.rollouts)
	if err != nil {
		return flagError("analyze", err)
	}
	opts = append(opts, agent.WithBudget(exact.Budget{MaxStates: f.maxStates}))
	opts = append(opts, think...)
	// The time limit covers reading the puzzle too, as solve's does.
	ctx, cancel := withTimeout(ctx, f.timeout)
	defer cancel()
	p, name, err := openPuzzleTimed(ctx, io, "analyze", fs.Arg(0), f.timeout)
	if err != nil {
		return err
	}
	if err := p.Validate(); err != nil {
		return noSolutionError("analyze", name, err) // exit 1, as solve, cnf and compare
	}
	if io.getenv("GOMEMLIMIT") == "" {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(analyzeMemLimit(p)))
	}
	adv, err := advice.AdviseWithin(ctx, p, adviseGrace, opts...)
	if err != nil && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("analyze: %s: %w", name, err)
	}
	if err != nil {
		if adv == nil {
			return budgetError(fmt.Errorf("analyze: %s: gave up: %w", name, err))
		}
		adv.Incomplete = append(adv.Incomplete, "stopped by --timeout or an interrupt: "+err.Error())
	}
	var drawn *samples
	if f.sample > 0 && err == nil && adv.HasSolution() {
		drawn, err = drawSamples(ctx, p, f.sample, f.seed, exact.Budget{MaxStates: f.maxStates})
		if err != nil {
			adv.Incomplete = append(adv.Incomplete, "no samples: "+err.Error())
		}
	}
	// The printing is inside the time limit too (its grace past the limit
	// is outputGrace): cut short, the output ends with a whole line.
	w := bufio.NewWriter(io.stdout(ctx))
	if f.format == "json" {
		enc := json.NewEncoder(w)
		err = enc.Encode(adviceWithSamples{adv, drawn})
	} else {
		err = writeAdvice(w, p, adv, useColor(io, f.noColor), ctx.Err() != nil)
		if err == nil && drawn != nil {
			for k, l := range drawn.Layouts {
				fmt.Fprintf(w, "sample %d: ", k+1)
				writePairs(w, l)
			}
		}
	}
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	switch {
	case err != nil:
		return outputError(ctx, "analyze", err)
	case ctx.Err() != nil && len(adv.Incomplete) > 0:
		return budgetError(fmt.Errorf("analyze: %s: gave up before the end: %w", name, ctx.Err()))
	case !adv.HasSolution():
		return errNoSolution
	}
	return nil
}

// noMove says why an advice that has a solution has no move.
func noMove(adv *advice.Advice, stopped bool) string {
	switch {
	case stopped:
		return "the analysis stopped before it chose one"
	case adv.Unknown == 0:
		return "no closed cell is left"
	}
	return "no strategy proves a cell safe, and guessing is off"
}

// adviseGrace is how long analyze waits, once its context has ended, for
// the analysis to hand back what it found. The analysis stops by itself soon
// after (see advice.AdviseWithin); the grace bounds the wait on a loaded
// machine, so that --timeout is kept.
const adviseGrace = 200 * time.Millisecond

// analyzeMemLimit is analyze's soft memory limit for p unless GOMEMLIMIT
// is set: 128 bytes a cell, 96 MiB at least. The collector works harder
// near it, so that a big board's analysis stays near its live heap rather
// than growing to the five times main's gcPercent allows.
func analyzeMemLimit(p *game.Puzzle) int64 {
	return max(96<<20, 128*int64(p.Board.Len()))
}

// writeAdvice writes adv, the advice on p, as text; stopped says that the
// analysis was stopped (--timeout, an interrupt) before it ended.
func writeAdvice(w io.Writer, p *game.Puzzle, adv *advice.Advice, color, stopped bool) error {
	mines := "unknown"
	if adv.Mines != nil {
		mines = strconv.Itoa(*adv.Mines)
	}
	fmt.Fprintf(w, "board %dx%d, mines: %s, flags: %d, closed cells: %d\n", adv.Rows, adv.Cols, mines, adv.Flags, adv.Unknown)
	switch {
	case adv.Satisfiable == nil:
		// Stopped before the analysis could tell: say so, not "no solution".
		fmt.Fprintln(w, "solutions: not known, the analysis stopped first")
		for _, s := range adv.Incomplete {
			fmt.Fprintf(w, "incomplete: %s\n", s)
		}
		return nil
	case !*adv.Satisfiable:
		fmt.Fprintf(w, "no solution: %s\n", adv.Conflict)
		return nil
	}
	if err := writeAdviceBoard(w, p, adv, painter(color)); err != nil {
		return err
	}
	if m := adv.Move; m != nil {
		what := "proved safe"
		if !m.Forced {
			what = fmt.Sprintf("a guess, p(mine) %.3f, chosen by %s", m.P, m.Chosen)
		}
		fmt.Fprintf(w, "move: %s %v, %s [%s]\n", m.Op, game.PosOf(m.Cell), what, m.Basis)
		for _, line := range m.Proof {
			fmt.Fprintf(w, "  %s\n", line)
		}
		writeThink(w, m)
	} else {
		fmt.Fprintf(w, "move: none (%s)\n", noMove(adv, stopped))
	}
	if adv.Count != "" {
		fmt.Fprintf(w, "layouts: %s\n", adv.Count)
	}
	for _, l := range []struct {
		name  string
		cells [][2]int
	}{{"forced mines", adv.ForcedMines}, {"forced safe", adv.ForcedSafe}, {"pseudo 50/50s", adv.FiftyFifties}, {"dead cells", adv.Dead}} {
		if len(l.cells) > 0 {
			fmt.Fprintf(w, "%s: ", l.name)
			writePairs(w, l.cells)
		}
	}
	for _, s := range adv.Incomplete {
		fmt.Fprintf(w, "incomplete: %s\n", s)
	}
	return nil
}

// writePairs writes cells as (r,c)(r,c)... and a newline, as solve lists
// them, one cell at a time.
func writePairs(w io.Writer, cells [][2]int) {
	for _, c := range cells {
		io.WriteString(w, game.PosOf(c).String())
	}
	io.WriteString(w, "\n")
}

// writeAdviceBoard draws the board of adv: 4 characters per cell, right
// aligned, under column numbers and after row numbers. Probabilities carry
// a % sign, so that they never read as hints; the > marking the
// recommended cell takes the place of the space before it.
func writeAdviceBoard(w io.Writer, p *game.Puzzle, adv *advice.Advice, pt painter) error {
	mark := map[[2]int]string{}
	for _, c := range adv.ForcedMines {
		mark[c] = "*"
	}
	for _, c := range adv.ForcedSafe {
		mark[c] = "."
	}
	return drawBoard(w, p.Rows(), p.Cols(), 4, "", pt, func(i int) (string, string) {
		pos := p.Board.Pos(i)
		cell := p.Cells[i]
		text, sgr := "?", axisColor
		switch {
		case cell.State == game.Revealed:
			text, sgr = strconv.Itoa(int(cell.Hint)), hintColor[min(cell.Hint, 8)]
		case cell.State == game.Flagged:
			text, sgr = "F", markColor['F']
		case mark[pos.Pair()] != "":
			text = mark[pos.Pair()]
			sgr = markColor[text[0]]
		default:
			if pr, ok := adv.Prob(pos); ok {
				text, sgr = percent(pr)+"%", probColor(pr)
			}
		}
		if adv.Move != nil && adv.Move.Cell == pos.Pair() {
			text, sgr = ">"+text, "1;7"
		}
		return text, sgr
	})
}

// percent writes an undecided cell's probability as a whole percentage,
// 1 to 99: never 0 or 100, which belong to forced cells.
func percent(p float64) string {
	return strconv.Itoa(min(max(int(math.Round(p*100)), 1), 99))
}

// probColor is the colour of a probability: green below 10%, yellow below
// 30%, red from there on.
func probColor(p float64) string {
	switch {
	case p < 0.1:
		return "32"
	case p < 0.3:
		return "33"
	}
	return "31"
}
