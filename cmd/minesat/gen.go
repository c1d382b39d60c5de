package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/words"
)

const genAbout = `
Gen writes a random puzzle file to stdout (the format of docs/formats.md):
"rows cols mines", then one line per row, -1 for an unknown cell and 0..8 for
a hint. Mines are placed uniformly at random, then some safe cells are
revealed as hints, so the puzzle always has a solution.

The size is --rows, --cols and --mines, or --level (easy, medium, hard,
beginner, intermediate, expert, or RxC/M such as 20x40/150). The hints are
--reveal P, the fraction of safe cells revealed (round(P*safe) of them), or
--hints H, exactly H of them; with neither, --reveal 0.5. The same --seed
always gives the same puzzle; without --seed a random seed is used and
reported on stderr. --layout adds the mine layout as a final comment line,
"# layout: (r,c)(r,c)...", which minesat's reader skips (readers of the
format written for other programs may not). Ctrl-C stops gen (exit 3);
output cut short ends with a whole line.

--no-guess writes instead a board that pure logic wins from its first click:
the position after that click, as the player first sees it, with the cells
the click opened as hints (no --reveal or --hints). --rules is safe (the
first click is never a mine) or zero (nor are its neighbours), --first the
click: corner, center or R,C (0-based; default the corner under safe, and
under zero the click play uses, see 'minesat play -h'). Gen draws layouts as
the rules draw them for that click and keeps the first one that the sat
strategy without guessing wins, so every no-guess layout the rules allow is
equally likely; --layout lists the mines. --tries bounds the
layouts drawn and --timeout the time (exit 3 when either runs out, as on a
board too dense to have any no-guess layout).`

// runGen implements 'minesat gen'.
func runGen(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("gen", "", genAbout, io)
	rows := fs.Int("rows", 9, "number of rows")
	cols := fs.Int("cols", 9, "number of columns")
	mines := fs.Int("mines", 10, "number of mines")
	levelName := fs.String("level", "", "a named level or RxC/M, instead of --rows, --cols and --mines")
	reveal := fs.Float64("reveal", 0.5, "fraction `P` of the safe cells revealed as hints, 0..1")
	hints := fs.Int("hints", 0, "exact number `H` of hint cells, instead of --reveal")
	seed := fs.Int64("seed", 0, "random seed `S` (default: a random seed, reported on stderr)")
	layout := fs.Bool("layout", false, "append the mine layout as a comment line")
	noGuess := fs.Bool("no-guess", false, "write a board pure logic wins from its first click, opened there")
	rulesName := fs.String("rules", "safe", "with --no-guess: start rules, safe or zero")
	firstSpec := fs.String("first", "", "with --no-guess: the first click, corner, center or R,C (0-based); as in play, the corner under safe unless set")
	tries := fs.Int("tries", agent.DefaultNoGuessTries, "with --no-guess: give up after `N` layouts, exit 3")
	timeout := fs.Duration("timeout", 0, "with --no-guess: give up after `D` (such as 10s), exit 3; 0 means no limit")
	if help, err := parseFlags(fs, args, io); help || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return flagError("gen", fmt.Errorf("unexpected argument %q: gen takes only flags", fs.Arg(0)))
	}
	set := setFlags(fs)

	if *levelName != "" {
		if set["rows"] || set["cols"] || set["mines"] {
			return usageErrorf("gen: use --level or --rows/--cols/--mines, not both")
		}
		l, err := game.ParseLevel(*levelName)
		if err != nil {
			return usageErrorf("gen: --level: %w", err)
		}
		*rows, *cols, *mines = l.Rows, l.Cols, l.Mines
	}
	if *noGuess {
		for _, f := range []string{"reveal", "hints"} {
			if set[f] {
				return usageErrorf("gen: --%s does not go with --no-guess, whose hints are the cells the first click opens", f)
			}
		}
	} else {
		for _, f := range []string{"rules", "first", "tries", "timeout"} {
			if set[f] {
				return usageErrorf("gen: --%s goes only with --no-guess", f)
			}
		}
	}
	var opt game.GenOptions
	switch {
	case set["reveal"] && set["hints"]:
		return usageErrorf("gen: use --reveal or --hints, not both")
	case set["hints"]:
		opt.Hints = *hints
	default:
		opt.Reveal = *reveal
	}
	if err := checkGenSize(*rows, *cols, *mines, *hints, *reveal); err != nil {
		return err
	}
	if *noGuess {
		l := game.Level{Name: fmt.Sprintf("%dx%d/%d", *rows, *cols, *mines), Rows: *rows, Cols: *cols, Mines: *mines}
		if *levelName != "" {
			l, _ = game.ParseLevel(*levelName)
		}
		return runGenNoGuess(ctx, io, genNoGuess{level: l, rules: *rulesName, first: *firstSpec,
			tries: *tries, timeout: *timeout, seed: *seed, seedSet: set["seed"], layout: *layout})
	}
	if !set["seed"] {
		*seed = genSeed(io)
	}

	// Generating and rendering a large board takes seconds: Ctrl-C stops
	// both, and the writing after them.
	text, err := untilDone(ctx, func() ([]byte, error) {
		p, mineLayout, err := game.Generate(*rows, *cols, *mines, opt, *seed)
		if err != nil {
			return nil, err
		}
		return renderGen(p, mineLayout, *layout), nil
	})
	switch {
	case ctx.Err() != nil:
		return budgetError(fmt.Errorf("gen: interrupted"))
	case err != nil:
		return usageErrorf("gen: %w", err)
	}
	_, err = io.stdout(ctx).Write(text)
	return genWriteError(ctx, err)
}

// genSeed draws a seed for a gen run without --seed and reports it on
// stderr, so the run can be repeated.
func genSeed(io *stdio) int64 {
	seed := rand.Int64()
	fmt.Fprintf(io.err, "minesat: gen: no --seed given, using --seed %d\n", seed)
	return seed
}

// renderGen renders a generated puzzle, and its layout as a final comment
// line if asked.
func renderGen(p *game.Puzzle, mines []game.Pos, layout bool) []byte {
	var b bytes.Buffer
	p.WriteTo(&b)
	if layout {
		b.WriteString("# layout: ")
		for _, q := range mines {
			b.WriteString(q.String())
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// genNoGuess is what 'gen --no-guess' was asked for.
type genNoGuess struct {
	level   game.Level
	rules   string
	first   string
	tries   int
	timeout time.Duration
	seed    int64
	seedSet bool
	layout  bool
}

// runGenNoGuess implements 'minesat gen --no-guess': it writes the
// position after the first click of a board agent.NoGuessGame found.
func runGenNoGuess(ctx context.Context, io *stdio, f genNoGuess) error {
	rules, err := game.ParseRules(f.rules)
	switch {
	case err != nil:
		return usageErrorf("gen: --rules: %w", err)
	case rules == game.RulesSeed:
		return usageErrorf("gen: --rules seed: a no-guess board needs a first click, under rules safe or zero")
	}
	if err := f.level.Check(rules); err != nil {
		return usageErrorf("gen: %w", err)
	}
	first, _, err := agent.ChooseFirst(f.level, rules, f.first)
	if err != nil {
		return usageErrorf("gen: --first: %w", err)
	}
	if f.tries < 1 {
		return usageErrorf("gen: --tries %d: want at least 1", f.tries)
	}
	if err := checkTimeout("gen", f.timeout); err != nil {
		return err
	}
	if !f.seedSet {
		f.seed = genSeed(io)
	}
	ctx, cancel := withTimeout(ctx, f.timeout)
	defer cancel()
	g, st, err := agent.NoGuessGame(ctx, f.level, rules, first.Pos, f.seed, f.tries)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return budgetError(fmt.Errorf("gen: --timeout %v ran out after %s without a no-guess board", f.timeout, words.Count(st.Tries, "layout")))
	case ctx.Err() != nil:
		return budgetError(fmt.Errorf("gen: interrupted after %s without a no-guess board", words.Count(st.Tries, "layout")))
	case errors.Is(err, agent.ErrNoGuessTries):
		return budgetError(fmt.Errorf("gen: %w (raise --tries, or use fewer mines)", err))
	case err != nil:
		return err
	}
	if _, err := g.Open(first.Pos); err != nil {
		return fmt.Errorf("gen: opening the first click: %w", err)
	}
	text := renderGen(g.View(), g.Mines(), f.layout)
	_, err = io.stdout(ctx).Write(text)
	return genWriteError(ctx, err)
}

// genWriteError maps an error writing gen's output: exit 3 when ctx stopped
// it (the output then ends with a whole line).
func genWriteError(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil {
		return budgetError(fmt.Errorf("gen: interrupted"))
	}
	return err
}

// checkGenSize checks gen's size flags in the user's terms, naming the
// flags (a size from --level was checked by ParseLevel).
func checkGenSize(rows, cols, mines, hints int, reveal float64) error {
	switch {
	case rows < 1:
		return usageErrorf("gen: --rows %d: want at least 1", rows)
	case cols < 1:
		return usageErrorf("gen: --cols %d: want at least 1", cols)
	case rows > game.MaxCells/cols:
		return usageErrorf("gen: --rows %d --cols %d: more than the %d cells supported", rows, cols, game.MaxCells)
	case mines < 0 || mines > rows*cols:
		return usageErrorf("gen: --mines %d: want 0..%d mines on a %dx%d board", mines, rows*cols, rows, cols)
	case hints < 0 || hints > rows*cols-mines:
		return usageErrorf("gen: --hints %d: want 0..%d, the safe cells of a %dx%d board with %d mines",
			hints, rows*cols-mines, rows, cols, mines)
	case math.IsNaN(reveal) || reveal < 0 || reveal > 1:
		return usageErrorf("gen: --reveal %g: want a fraction 0..1", reveal)
	}
	return nil
}
