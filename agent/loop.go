package agent

import (
	"context"
	"fmt"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/kb"
)

// loop is the agent's deduction loop, the one Play and Advise share: until
// done reports true, it asks the strategies in order on p and hands the
// first non-empty answer to act, which plays the moves (Play) or looks for
// an open among them (Advise) and may stop the loop. It returns stuck when
// every strategy finds nothing, and ctx's error when ctx ends between
// rounds.
func (a *Agent) loop(ctx context.Context, p *Position, done func() bool, act func(moves []Move) (stop bool, err error)) (stuck bool, err error) {
	for !done() {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		moves, err := a.deduce(ctx, p)
		if err != nil {
			return false, err
		}
		if len(moves) == 0 {
			return true, nil
		}
		if stop, err := act(moves); stop || err != nil {
			return false, err
		}
	}
	return false, nil
}

// deduce returns the first non-empty answer of the agent's strategies on
// p, asked in order; none when every one finds nothing.
func (a *Agent) deduce(ctx context.Context, p *Position) ([]Move, error) {
	for _, s := range a.strategies {
		moves, err := s.Deduce(ctx, p)
		if err != nil {
			return nil, fmt.Errorf("agent: strategy %s: %w", s.Name(), err)
		}
		if len(moves) > 0 {
			return moves, nil
		}
	}
	return nil, nil
}

// placeFlag marks the closed cell i flagged in p's view and asserts its
// mine in the KB.
func (p *Position) placeFlag(i int) error {
	p.closed--
	p.flagged++
	p.View.Cells[i].State = game.Flagged
	p.pairs.note(i)
	return p.KB.Assert(kb.MineLit(i))
}
