package agent

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/kb"
)

// WithBudget bounds the counting of a ProbGuesser given without a budget
// of its own, and that of advice on a position (package advice): a
// position with a component too large to count (exact.Budget; the default
// is exact.DefaultMaxStates) is guessed on as ProbGuesser does then
// (LocalGuesser).
func WithBudget(b exact.Budget) Option {
	return func(a *Agent) error { a.budget = b; return nil }
}

// Budget returns the counting budget WithBudget set (zero: the default).
func (a *Agent) Budget() exact.Budget { return a.budget }

// adviceSeedStream is the second PCG word of Answer's default generator.
const adviceSeedStream = gameSeedStream

// Answer is what the agent says of a position, apart from its analysis:
// the move it would play there and the pseudo 50/50s.
type Answer struct {
	// Move is the open the agent would play, with the clause, pair, proof
	// or estimate behind it; Found is false when no strategy proposes one
	// (no closed cell, or a strategy list that does not guess and proves
	// nothing).
	Move  Move
	Found bool
	// FiftyFifties are the pseudo 50/50s, increasing: cells that, whenever
	// they hold a mine, close a pair or 2x2 block that no move can ever
	// tell from its mirror image (see ProbGuesser). Found only when the
	// position's probabilities were given.
	FiftyFifties []int
	// Thinking is what the win-probability search (WithThink,
	// WithThinkTime) did at Move, a guess; nil for an agent without the
	// search or a move that is not a guess. The candidates' estimates are
	// Move.Guess.Estimates.
	Thinking *Thinking
}

// Answer returns the move the agent would play in r's position (r a
// report with Ask.Forced of a position with a solution, made by z) and,
// when r has the probabilities, its pseudo 50/50s. Its strategies run on
// the position in order, as in Play: flags they prove are placed and the
// loop goes on, until one proposes an open, a cell proved safe (by a
// hint's clause, resolution, the global count, a pair of hints or SAT) or
// the guesser's pick. So in a position met during Play, Answer opens the
// cell Play opens next when it guesses (given the same random state:
// WithRand), and a cell Play's next deduction could open otherwise
// (several cells may be proved safe at once, and which comes first depends
// on the KB's history). Random tie breaks draw from WithRand's generator,
// by default one with a fixed seed, so the same position gets the same
// answer.
//
// Answer asks exact nothing r answers: the SAT step reads r's forced
// cells, and the guesser r's count, when no flag was placed before them;
// what else it counts (a flagged position, the positions a guess is
// weighed by) z counts, with its cache.
func (a *Agent) Answer(ctx context.Context, r *exact.Report, z *exact.Analyzer) (Answer, error) {
	pos := a.answerPosition(r, z)
	var ans Answer
	var err error
	ans.Move, ans.Found, err = a.answerMove(ctx, pos)
	pos.KB = nil // its clauses are done with
	if a.thinker != nil && ans.Found && ans.Move.Basis == BasisGuess && ans.Move.Guess != nil {
		th := a.thinker.last // every guess the agent makes is the search's last
		ans.Thinking = &th
	}
	if err != nil || r.Probs == nil {
		return ans, err
	}
	ans.FiftyFifties, err = guess.FiftyFifties(ctx, &guess.Position{View: pos.View, Analyzer: z}, r.Probs, a.budget)
	return ans, err
}

// answerPosition returns a Position over a copy of r's puzzle, as Play
// would hold it with the puzzle on the board, counted by z from r, but for
// its KB, which answerMove builds.
func (a *Agent) answerPosition(r *exact.Report, z *exact.Analyzer) *Position {
	p := r.Puzzle
	pos := &Position{
		View:    p.Clone(),
		Rand:    a.rng,
		count:   counts{z: z, report: r},
		explain: true,
		lazy:    true, // only the move answered needs its reason
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

// answerMove runs the agent's strategies on pos until one proposes an
// open, placing the flags proved on the way, and returns that open; ok is
// false when every strategy is empty first.
func (a *Agent) answerMove(ctx context.Context, pos *Position) (m Move, ok bool, err error) {
	// The KB learns the position only now: a position without a solution
	// would fail its inserts, and the caller asks only of one with.
	pos.KB = kb.NewWithLimits(pos.View.Board, *a.limits)
	for i, c := range pos.View.Cells {
		switch c.State {
		case game.Revealed:
			err = pos.KB.AddHint(i, int(c.Hint))
		case game.Flagged:
			err = pos.KB.Assert(kb.MineLit(i))
		}
		if err != nil {
			return Move{}, false, fmt.Errorf("agent: answer: %w", err)
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
				return true, fmt.Errorf("agent: answer: %w", err)
			}
		}
		return false, nil
	})
	if err != nil {
		return Move{}, false, err
	}
	return m, ok, nil
}
