package agent

import (
	"context"
	"fmt"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/kb"
)

// Strategy is one way of finding moves. The agent asks its strategies in
// order and plays the first non-empty answer; a strategy that finds
// nothing returns no moves and no error. Deduce may add to p.KB.
type Strategy interface {
	Name() string
	Deduce(ctx context.Context, p *Position) ([]Move, error)
}

// KBGlobalClauses is the most clauses the kb preset writes the global mine
// count in: past it the count is left out, which loses a few games that
// SAT would win and bounds the time the encoding costs (the trade is
// measured in docs/notes/2026-11-25-logic-and-formulas.md).
const KBGlobalClauses = 16384

// binaryLimits is resolution with one clause of each pair of at most 2
// literals, no merging: the limits of the sat and full presets (and of
// fast, which never resolves).
var binaryLimits = kb.Limits{Short: 2, NoMerge: true}

// guesses reports whether s is the guessing step.
func guesses(s Strategy) bool {
	_, ok := s.(GuessStrategy)
	return ok
}

// Units plays the literals KB0 has settled: unit propagation runs inside
// the KB as each hint is added, so this is step 1 of the loop.
type Units struct{}

// Name returns "units".
func (Units) Name() string { return "units" }

// Deduce returns a move per literal settled since the last call.
func (Units) Deduce(_ context.Context, p *Position) ([]Move, error) {
	return p.Pending(), nil
}

// Resolution runs the KB's restricted resolution until a literal settles or
// the KB is closed under it.
type Resolution struct{}

// Name returns "resolution".
func (Resolution) Name() string { return "resolution" }

// Deduce resolves until some literal settles, and returns its moves.
func (Resolution) Deduce(ctx context.Context, p *Position) ([]Move, error) {
	for p.KB.Pending() {
		if _, err := p.KB.Resolve(); err != nil {
			return nil, err
		}
		if m := p.Pending(); len(m) > 0 {
			return m, nil
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// Global adds the global mine count to the KB as binomial clauses over
// every unknown cell (nothing when the position's total is unknown),
// once it needs at most MaxClauses clauses (default
// 256; at any size when no mines or only mines are left), then resolves. Seed 004's
// agent used the count near the end of a game in the same way.
type Global struct {
	MaxClauses int // default 256
}

// Name returns "global".
func (Global) Name() string { return "global" }

// Deduce adds the count once it fits and resolves.
func (s Global) Deduce(ctx context.Context, p *Position) ([]Move, error) {
	if p.global || p.closed == 0 || !p.View.MinesKnown() {
		return nil, nil
	}
	limit := s.MaxClauses
	if limit <= 0 {
		limit = 256
	}
	left := p.MinesLeft()
	if left == 0 || left == p.closed {
		limit = max(limit, p.closed)
	}
	cells := make([]int, 0, p.closed)
	for i, c := range p.View.Cells {
		if c.State == game.Unknown {
			cells = append(cells, i)
		}
	}
	added, err := p.KB.AddTotal(cells, left, limit)
	if err != nil || !added {
		return nil, err
	}
	p.global = true
	if m := p.Pending(); len(m) > 0 {
		return m, nil
	}
	return Resolution{}.Deduce(ctx, p)
}

// ForcedFinder returns the cells (row-major) that hold a mine, and those
// that are safe, in every layout that agrees with p's hints, flags (known
// mines) and mine total.
type ForcedFinder func(ctx context.Context, p *game.Puzzle) (mines, safe []int, err error)

// SAT proves forced cells over the whole position, the global mine count
// included: once it has run, no logically determined cell is left.
//
// With a nil Find it proves them as exact.FindForced does (Analysis.Forced),
// counting with the game's cache of counted components, and when nothing
// is forced it leaves its count to the guess that follows on the same
// position: the same cells, found sooner.
type SAT struct {
	Find ForcedFinder
}

// Name returns "sat".
func (SAT) Name() string { return "sat" }

// Deduce asks Find for the forced cells.
func (s SAT) Deduce(ctx context.Context, p *Position) ([]Move, error) {
	if p.closed == 0 {
		return nil, nil
	}
	p.SATCalls++
	var mines, safe []int
	var err error
	if s.Find != nil {
		mines, safe, err = s.Find(ctx, p.View)
	} else {
		mines, safe, err = p.findForced(ctx)
	}
	if err != nil {
		return nil, err
	}
	moves := make([]Move, 0, len(mines)+len(safe))
	for _, i := range mines {
		moves = append(moves, Move{Op: game.OpFlag, Cell: i, Basis: BasisSAT, Mines: p.View.Mines})
	}
	for _, i := range safe {
		moves = append(moves, Move{Op: game.OpOpen, Cell: i, Basis: BasisSAT, Mines: p.View.Mines})
	}
	return moves, nil
}

// GuessStrategy opens the cell its Guesser picks, or, in an agent with
// WithThink, the cell the win-probability search picks among the
// guesser's candidates.
type GuessStrategy struct {
	G     guess.Guesser
	state *guess.State // the guesser's memory, each agent's own (New gives it)
	think *thinker     // the agent's win-probability search; nil without WithThink
}

// Name returns "guess: " and the guesser's name.
func (s GuessStrategy) Name() string { return "guess: " + s.G.Name() }

// Deduce returns one guessed open.
func (s GuessStrategy) Deduce(ctx context.Context, p *Position) ([]Move, error) {
	if p.closed == 0 {
		return nil, nil
	}
	gp := p.guessPosition()
	if s.think != nil {
		// The search races the guesser's ranking, the same whether or
		// not the moves are kept.
		gp.Rank, gp.Explain = thinkCandidates, true
	}
	g, err := s.G.Guess(ctx, gp, s.state)
	if err != nil {
		return nil, err
	}
	if g.Cell < 0 || g.Cell >= len(p.View.Cells) || p.View.Cells[g.Cell].State != game.Unknown {
		return nil, fmt.Errorf("agent: guesser %s picked cell %d, which is not unknown", s.G.Name(), g.Cell)
	}
	if s.think != nil {
		if g, err = s.think.choose(ctx, p, gp, g); err != nil {
			return nil, err
		}
	}
	return []Move{{Op: game.OpOpen, Cell: g.Cell, Basis: BasisGuess, Guess: &g}}, nil
}
