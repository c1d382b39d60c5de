package main

// 'play --trace': one game, move by move. Each move is written with its
// reason, then the board after it, drawn by the one board renderer
// (render.go):
//
//	move 3: flag (1,2)  [unit]
//	  hint 1 at (0,1): clause (1,2)
//	     0 1 2
//	  0  0 1 F
//	  ...
//
// A unit or global-count move shows the clause that became the unit, a
// resolution move that clause and the two it was resolved from, all with
// cell names; a SAT move says it was proved by SAT; a guess shows its
// estimated mine probability and the runner-up. The tag in brackets is
// coloured (deduced green, guess yellow, a mine hit red) when colour is on.

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/words"
)

// addTraceFlags defines play's --trace and --no-color flags.
func addTraceFlags(fs *flag.FlagSet, cfg *playConfig) {
	fs.BoolVar(&cfg.trace, "trace", false, "play one game (game 0 of one --level) and show every move with its reason and the board after it")
	fs.BoolVar(&cfg.noColor, "no-color", false, "no colour in the trace (also when NO_COLOR is set or stdout is not a terminal)")
}

// checkTraceFlags checks the flags of 'play --trace', given the flags the
// command line set: the trace follows one game as text, so --games may
// only be 1, and --format json and --plot, which would do nothing, are
// refused.
func checkTraceFlags(set map[string]bool, cfg *playConfig) error {
	if !cfg.trace {
		return nil
	}
	switch {
	case set["games"] && cfg.games != 1:
		return usageErrorf("play: --trace follows one game; drop --games %d", cfg.games)
	case set["format"] && cfg.format != "text":
		return usageErrorf("play: --trace writes its game as text; drop --format %s (--record writes the game as JSON)", cfg.format)
	case set["plot"]:
		return usageErrorf("play: --trace follows one game and --plot draws win rates; drop --plot")
	}
	cfg.games = 1
	return nil
}

// playTrace plays game 0 of the one level in configs with a tracer on
// stdout, and writes its record (with the guesses' estimates under the
// "probs" key) into record, the file of --record, unless nil. A lost game
// exits 1, as a single game does.
func playTrace(ctx context.Context, io *stdio, cfg playConfig, configs []batch.Config, record *outFile) error {
	if len(configs) != 1 {
		return usageErrorf("play: --trace follows one game: choose one --level (got %d levels)", len(configs))
	}
	c := configs[0]
	rules, first, err := c.Resolve()
	if err != nil {
		return usageErrorf("play: %w", asFlagError(err))
	}
	g, err := game.New(c.Level, rules, game.GameSeed(cfg.seed, 0))
	if err != nil {
		return usageErrorf("play: %w", err)
	}
	opts, err := c.AgentOptions()
	if err != nil {
		return usageErrorf("play: %w", asFlagError(err))
	}
	tr := newTracer(io.stdout(ctx), useColor(io, cfg.noColor))
	a, err := agent.New(append(opts, agent.WithObserver(tr.observe), agent.WithMoves())...)
	if err != nil {
		return usageErrorf("play: %w", err)
	}
	if first == "none" {
		first = ""
	}
	tr.header(g, first)
	res, err := a.Play(ctx, g)
	if err != nil {
		if ctx.Err() != nil {
			return budgetError(fmt.Errorf("play: interrupted after %d moves", len(res.Moves)))
		}
		return fmt.Errorf("play: %s game 0 (seed %d): %w", c.Level.Name, g.Seed(), err)
	}
	tr.footer(g, res)
	if tr.err != nil {
		return outputError(ctx, "play", tr.err)
	}
	if record != nil {
		if err := writeRecord(cfg.record, record, g, res); err != nil {
			return err
		}
	}
	if res.Outcome == game.Lost {
		return errNoSolution
	}
	return nil
}

// tracer writes a game's trace. Its observe method is an agent.Observer.
// The first write error stops the trace and is kept in err.
type tracer struct {
	w     io.Writer
	color painter
	n     int   // moves written
	err   error // first write error
}

// newTracer returns a tracer writing to w, in colour if color.
func newTracer(w io.Writer, color bool) *tracer { return &tracer{w: w, color: painter(color)} }

func (t *tracer) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, args...)
	}
}

// board draws g's view, with marks for unknown cells (nil: none).
func (t *tracer) board(g *game.Game, marks []mark) {
	if t.err == nil {
		t.err = renderBoard(t.w, g.View(), marks, bool(t.color))
	}
}

// header writes the game's description and the board before the first move.
func (t *tracer) header(g *game.Game, first string) {
	l := g.Level()
	t.printf("%s: %s %dx%d with %s, rules %s, seed %d", t.color.paint("1", "game"), l.Name, l.Rows, l.Cols, words.Count(l.Mines, "mine"), g.Rules(), g.Seed())
	if first != "" {
		t.printf(", first click %s", first)
	}
	t.printf("\n")
	if n := len(g.Initial()); n > 0 {
		t.printf("the rules opened %d cells before the first move\n", n)
	}
	t.board(g, nil)
}

// observe writes one move and the board after it.
func (t *tracer) observe(g *game.Game, m agent.Move) {
	t.n++
	b := g.Board()
	tag, sgr := m.Basis.String(), "1;32"
	switch {
	case m.Op == game.OpOpen && g.Outcome() == game.Lost:
		tag, sgr = "guess, hit a mine", "1;31"
	case m.Basis == agent.BasisGuess:
		sgr = "1;33"
	case m.Basis == agent.BasisSAT:
		tag = "SAT-proved"
	case m.Basis == agent.BasisPair:
		tag = "pair of hints"
	}
	t.printf("\n%s %s %v  [%s]\n", t.color.paint("1", fmt.Sprintf("move %d:", t.n)), m.Op, b.Pos(m.Cell), t.color.paint(sgr, tag))
	for _, line := range traceReason(b, m) {
		t.printf("  %s\n", line)
	}
	if len(m.Opened) > 1 {
		t.printf("  opened %d cells\n", len(m.Opened))
	}
	var marks []mark
	if g.Outcome() == game.Lost {
		marks = minesMarks(g)
	}
	t.board(g, marks)
}

// footer writes the outcome; a game that did not end in a win shows its
// remaining mines.
func (t *tracer) footer(g *game.Game, res agent.Result) {
	first := ""
	if res.ByBasis[agent.BasisFirst] > 0 {
		first = "first click, "
	}
	t.printf("\n%s %s after %d moves (%s%d deduced, %d guessed)\n", t.color.paint("1", "result:"), res.Outcome, len(res.Moves), first, res.Deduced, res.Guesses)
	if g.Outcome() == game.Unfinished && g.Placed() {
		t.printf("the mines it could not find:\n")
		t.board(g, minesMarks(g))
	}
}

// minesMarks marks every unknown mine of g '*'.
func minesMarks(g *game.Game) []mark {
	marks := make([]mark, g.Board().Len())
	for i := range marks {
		if g.IsMine(i) {
			marks[i] = markMine
		}
	}
	return marks
}

// traceReason returns the lines explaining m, with cell names (see
// agent.Move.Explain).
func traceReason(b *game.Board, m agent.Move) []string { return m.Explain(b) }
