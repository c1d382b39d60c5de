package agent

import (
	"context"
	"time"

	"github.com/minesat/minesat/game"
)

// AdviseWithin runs Advise and returns by grace after ctx ends at the
// latest: with the advice found so far when Advise hands it back by then,
// else with nil. The error is then ctx's.
//
// Advise itself stops soon after ctx ends: counting checks ctx as it goes
// and every gophersat search stops at its next conflict (package exact).
// So an Advise that AdviseWithin leaves behind stops on its own, shortly,
// and its answer is dropped; grace only bounds the wait for a caller that
// must answer on time whatever the machine's load. A caller that counts
// the analyses running, as a server's slots do, should call Advise and
// wait: it returns when the work has ended.
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
