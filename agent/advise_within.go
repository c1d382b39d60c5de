package agent

import (
	"context"
	"time"

	"github.com/minesat/minesat/game"
)

// AdviseWithin runs Advise and returns soon after ctx ends even if a
// gophersat call is still running (one cannot be interrupted): with the
// advice found so far when Advise hands it back within grace of ctx's end,
// else with nil. The error is then ctx's. An Advise left running finishes
// in the background and its answer is dropped.
func AdviseWithin(ctx context.Context, p *game.Puzzle, grace time.Duration, opts ...Option) (*Advice, error) {
	type answer struct {
		adv Advice
		err error
	}
	done := make(chan answer, 1)
	go func() {
		adv, err := Advise(ctx, p, opts...)
		done <- answer{adv, err}
	}()
	select {
	case a := <-done:
		return &a.adv, a.err
	case <-ctx.Done():
	}
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case a := <-done:
		return &a.adv, ctx.Err()
	case <-t.C:
		return nil, ctx.Err()
	}
}
