package agent

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/kb"
)

// Advice is minesat's answer about one position: the move the agent would
// make there and why, and what is known of every closed cell. Its fields
// are plain values with JSON names that are part of the interface (minesat
// analyze --format json writes it as it is); cells are [row, col] pairs,
// 0-based.
type Advice struct {
	Rows    int  `json:"rows"`
	Cols    int  `json:"cols"`
	Mines   *int `json:"mines"`   // the position's mine total, flags included; nil when unknown
	Flags   int  `json:"flags"`   // flagged cells, taken as mines
	Unknown int  `json:"unknown"` // closed cells, flags not included

	// Satisfiable is false when no layout agrees with the hints, the flags
	// and the total; Conflict then says why, naming the flags to blame
	// when the hints alone have a solution.
	Satisfiable bool   `json:"satisfiable"`
	Conflict    string `json:"conflict,omitempty"`

	// Move is the recommended move; nil when there is none (no solution,
	// no closed cell, or a strategy that does not guess and can prove
	// nothing).
	Move *Recommendation `json:"move"`

	// Solutions is the exact number of layouts, in decimal; "" when the
	// position was too large to count (see Incomplete).
	Solutions string `json:"solutions,omitempty"`
	// Probabilities holds one row per board row, one entry per cell: the
	// probability that the cell holds a mine, uniform over the layouts
	// (exactly 0 or 1 for forced cells), or null for an open or flagged
	// cell. Nil when the position was too large to count.
	Probabilities [][]*float64 `json:"probabilities,omitempty"`
	ForcedMines   [][2]int     `json:"forced_mines"` // closed cells that are a mine in every layout
	ForcedSafe    [][2]int     `json:"forced_safe"`  // closed cells that are safe in every layout
	// FiftyFifties are the pseudo 50/50s: cells that, whenever they hold
	// a mine, close a pair or 2x2 block that no move can ever tell from its
	// mirror image (see ProbGuesser).
	FiftyFifties [][2]int `json:"pseudo_fifty_fifties"`
	// Dead are the undecided cells whose opening can tell nothing new: in
	// every layout where they are safe they show the same hint.
	Dead [][2]int `json:"dead"`

	// Incomplete lists what could not be worked out within the budget or
	// the time given, and why; empty for a full answer.
	Incomplete []string `json:"incomplete,omitempty"`

	// Played is the recommended move as the agent would play it, with the
	// clause, pair, proof or estimate behind it; zero when Move is nil.
	Played Move `json:"-"`
}

// Recommendation is the move Advice recommends: always an open, of a cell
// proved safe when there is one, else of the cell the guesser picks.
type Recommendation struct {
	Op     string   `json:"op"`     // "open"
	Cell   [2]int   `json:"cell"`   // the cell to open
	Rule   string   `json:"rule"`   // why: unit, resolution, global count, pair, sat or guess (Rule's names)
	Forced bool     `json:"forced"` // proved safe; false for a guess
	P      float64  `json:"p"`      // the cell's mine probability: 0 when forced
	Why    string   `json:"why"`    // one line, as a game record's "why"
	Proof  []string `json:"proof"`  // the lines play --trace prints under the move

	// For a guess: how it was chosen (Chosen: Method.Chosen, "endgame",
	// "fifty-fifty", "lookahead", "probability" or "local estimate";
	// Method: Method.String, the guesser's words), its score (the chance of surviving this move and
	// the next for a lookahead, of winning the game for an endgame search;
	// absent otherwise) and the runner-up.
	Chosen      string   `json:"chosen,omitempty"`
	Method      string   `json:"method,omitempty"`
	Score       *float64 `json:"score,omitempty"`
	Runner      *[2]int  `json:"runner_up,omitempty"`
	RunnerP     *float64 `json:"runner_up_p,omitempty"`
	RunnerScore *float64 `json:"runner_up_score,omitempty"`
}

// Prob returns the mine probability of the cell at pos, and false when it
// is open, flagged, off the board or was not counted.
func (a *Advice) Prob(pos game.Pos) (float64, bool) {
	if pos.Row < 0 || pos.Row >= len(a.Probabilities) || pos.Col < 0 || pos.Col >= len(a.Probabilities[pos.Row]) {
		return 0, false
	}
	p := a.Probabilities[pos.Row][pos.Col]
	if p == nil {
		return 0, false
	}
	return *p, true
}

// WithBudget bounds the counting Advise does (exact.Budget; the default is
// exact.DefaultMaxStates), and that of a ProbGuesser given without a budget of
// its own: a position with a component too large to count is answered
// with what SAT proves, says so in Advice.Incomplete, and guesses as
// ProbGuesser does then (LocalGuesser).
func WithBudget(b exact.Budget) Option {
	return func(a *Agent) error { a.budget = b; return nil }
}

// adviceSeedStream is the second PCG word of Advise's default generator.
const adviceSeedStream = gameSeedStream

// Advise answers a position with the move an agent made from opts would
// play there, and the analysis behind it; see Agent.Advise.
func Advise(ctx context.Context, p *game.Puzzle, opts ...Option) (Advice, error) {
	a, err := New(opts...)
	if err != nil {
		return Advice{}, err
	}
	return a.Advise(ctx, p)
}

// Advise answers position p: the move the agent would play there, its
// reason, and the analysis (per-cell mine probabilities, forced cells, the
// number of layouts, pseudo 50/50s and dead cells).
//
// The move is the agent's own: its strategies run on p in order, as in
// Play. Flags they prove are placed and the loop goes on, until one
// proposes an open: a cell proved safe (by a hint's clause, resolution,
// the global count, a pair of hints or SAT), or the guesser's pick. So in a
// position met during Play, Advise opens the cell Play opens next when it
// guesses (given the same random state: WithRand), and a cell Play's next
// deduction could open otherwise (several cells may be proved safe at
// once, and which comes first depends on the KB's history). Random tie
// breaks draw from WithRand's generator, by default one with a fixed seed,
// so the same position gets the same advice.
//
// An invalid puzzle (see game.Puzzle.Validate) is an error. A puzzle with
// no solution is not: Satisfiable is false and Conflict says why. Work is
// bounded by WithBudget and by ctx: when ctx ends, Advise returns what it
// found so far, with ctx's error.
func (a *Agent) Advise(ctx context.Context, p *game.Puzzle) (Advice, error) {
	if err := p.Validate(); err != nil {
		return Advice{}, err
	}
	adv := Advice{Rows: p.Rows(), Cols: p.Cols(), Flags: p.Flags(), Unknown: p.Unknowns(),
		ForcedMines: [][2]int{}, ForcedSafe: [][2]int{}, FiftyFifties: [][2]int{}, Dead: [][2]int{}}
	if p.Mines >= 0 {
		m := p.Mines
		adv.Mines = &m
	}
	b := p.Board
	pos := a.advisePosition(p)

	// The analysis: exact counts when every component fits the budget,
	// else the forced cells SAT proves.
	an, err := exact.AnalyzeCached(ctx, pos.View, a.budget, pos.count.cache)
	var forced exact.Forced
	var probs []float64
	switch {
	case errors.Is(err, exact.ErrBudget):
		adv.Incomplete = append(adv.Incomplete, "a component is too large to count within the budget: no probabilities, no solution count, no pseudo 50/50s or dead cells; the forced cells are proved by SAT")
		an = nil
		forced, err = exact.FindForced(ctx, pos.View)
		if errors.Is(err, exact.ErrNoSolution) {
			adv.Conflict = exact.FindConflict(ctx, p, a.budget).Why()
			return adv, nil
		}
		if err != nil {
			return adv, err
		}
	case err != nil:
		return adv, err
	case !an.Satisfiable():
		adv.Conflict = exact.FindConflict(ctx, p, a.budget).Why()
		return adv, nil
	default:
		if forced, err = an.Forced(ctx); err != nil {
			return adv, err
		}
		if probs, err = an.Probabilities(ctx); err != nil {
			return adv, err
		}
		n, err := an.Count(ctx)
		if err != nil {
			return adv, err
		}
		adv.Solutions = n.String()
	}
	adv.Satisfiable = true
	adv.ForcedMines = pairsOf(b, forced.Mines)
	adv.ForcedSafe = pairsOf(b, forced.Safe)

	// The move, as the agent's loop finds it.
	m, ok, err := a.adviseMove(ctx, pos)
	// The KB's clauses are done with: the grid of probabilities, made
	// only now, does not add to them at the peak.
	pos.KB = nil
	if probs != nil {
		adv.Probabilities = probGrid(p, probs)
	}
	if err != nil {
		return adv, err
	}
	if ok {
		adv.Played = m
		adv.Move = recommend(b, m, probs)
	}

	// Pseudo 50/50s and dead cells need the counts.
	if an != nil {
		ff, err := guess.FiftyFifties(ctx, &guess.Position{View: pos.View, Cache: pos.count.cache}, probs, a.budget)
		if err != nil {
			return adv, err
		}
		adv.FiftyFifties = pairsOf(b, ff)
		dead, err := guess.DeadCells(ctx, p, an, probs, a.budget, pos.count.cache)
		if err != nil {
			return adv, err
		}
		adv.Dead = pairsOf(b, dead)
	}
	return adv, nil
}

// advisePosition returns a Position over a copy of p, as Play would hold
// it with p on the board, but for its KB, which adviseMove builds once the
// position is known to have a solution.
func (a *Agent) advisePosition(p *game.Puzzle) *Position {
	pos := &Position{
		View:    p.Clone(),
		Rand:    a.rng,
		count:   counts{cache: exact.NewCache()},
		explain: true,
		lazy:    true, // only the move recommended needs its reason
	}
	if pos.Rand == nil {
		pos.Rand = rand.New(rand.NewPCG(0, adviceSeedStream))
	}
	for i, c := range p.Cells {
		switch c.State {
		case game.Unknown:
			pos.closed++
		case game.Flagged:
			pos.flagged++
		}
		pos.pairs.note(i)
	}
	return pos
}

// adviseMove runs the agent's strategies on pos until one proposes an
// open, placing the flags proved on the way, and returns that open; ok is
// false when every strategy is empty first.
func (a *Agent) adviseMove(ctx context.Context, pos *Position) (m Move, ok bool, err error) {
	// The KB learns the position only now, once it is known to have a
	// solution: a contradiction would fail its inserts.
	pos.KB = kb.NewWithLimits(pos.View.Board, *a.limits)
	for i, c := range pos.View.Cells {
		switch c.State {
		case game.Revealed:
			err = pos.KB.AddHint(i, int(c.Hint))
		case game.Flagged:
			err = pos.KB.Assert(kb.MineLit(i))
		}
		if err != nil {
			return Move{}, false, fmt.Errorf("agent: advise: %w", err)
		}
	}
	_, err = a.loop(ctx, pos, func() bool { return pos.closed == 0 }, func(moves []Move) (bool, error) {
		for _, mv := range moves {
			if mv.Op == game.OpOpen && pos.View.Cells[mv.Cell].State == game.Unknown {
				m, ok = pos.withReason(mv), true
				return true, nil
			}
		}
		for _, mv := range moves {
			if mv.Op != game.OpFlag || pos.View.Cells[mv.Cell].State != game.Unknown {
				continue
			}
			pos.Moves++
			if err := pos.placeFlag(mv.Cell); err != nil {
				return true, fmt.Errorf("agent: advise: %w", err)
			}
		}
		return false, nil
	})
	if err != nil {
		return Move{}, false, err
	}
	return m, ok, nil
}

// recommend describes m; probs are the position's mine probabilities (nil
// when not counted).
func recommend(b *game.Board, m Move, probs []float64) *Recommendation {
	r := &Recommendation{Op: m.Op.String(), Cell: b.Pos(m.Cell).Pair(), Rule: m.Rule.String(),
		Forced: m.Rule.Deduced(), Why: m.Why(b), Proof: m.Explain(b)}
	if m.Guess != nil {
		describeGuess(m.Guess, r, b, probs)
	}
	return r
}

// probGrid returns probs (per cell, NaN for cells not closed) as rows with
// nil for the cells not closed. The values pointed to are in one array, an
// entry a closed cell.
func probGrid(p *game.Puzzle, probs []float64) [][]*float64 {
	out := make([][]*float64, p.Rows())
	flat := make([]float64, 0, p.Unknowns())
	for r := range out {
		out[r] = make([]*float64, p.Cols())
		for c := range out[r] {
			i := r*p.Cols() + c
			if p.Cells[i].State != game.Unknown || math.IsNaN(probs[i]) {
				continue
			}
			flat = append(flat, min(max(probs[i], 0), 1))
			out[r][c] = &flat[len(flat)-1]
		}
	}
	return out
}

// pairsOf returns cells (row-major) as [row, col] pairs, never nil.
func pairsOf(b *game.Board, cells []int) [][2]int {
	out := make([][2]int, 0, len(cells))
	for _, i := range cells {
		out = append(out, b.Pos(i).Pair())
	}
	return out
}
