package main

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/minesat/minesat/game"
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
output cut short ends with a whole line.`

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
	if !set["seed"] {
		*seed = rand.Int64()
		fmt.Fprintf(io.err, "minesat: gen: no --seed given, using --seed %d\n", *seed)
	}

	// Generating and rendering a large board takes seconds: Ctrl-C stops
	// both, and the writing after them.
	text, err := untilDone(ctx, func() ([]byte, error) {
		p, mineLayout, err := game.Generate(*rows, *cols, *mines, opt, *seed)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		p.WriteTo(&b)
		if *layout {
			b.WriteString("# layout: ")
			for _, q := range mineLayout {
				b.WriteString(q.String())
			}
			b.WriteByte('\n')
		}
		return b.Bytes(), nil
	})
	switch {
	case ctx.Err() != nil:
		return budgetError(fmt.Errorf("gen: interrupted"))
	case err != nil:
		return usageErrorf("gen: %w", err)
	}
	_, err = (&lineWriter{ctx: ctx, w: io.out}).Write(text)
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
