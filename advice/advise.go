package advice

import (
	"context"
	"time"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// newAnalyzer makes the one Analyzer an Advise asks; a test counts them.
var newAnalyzer = exact.NewAnalyzer

// uncounted is what Incomplete says of a position too large to count.
const uncounted = "a component is too large to count within the budget: no probabilities, no solution count, no pseudo 50/50s or dead cells; the forced cells are proved by SAT"

// Advise answers position p: the move an agent made from opts would play
// there (agent.Agent.Answer), its reason, and the analysis (per-cell mine
// probabilities, forced cells, the number of layouts, pseudo 50/50s and
// dead cells). One exact.Analyzer, within agent.WithBudget's budget,
// answers the analysis once (Analyzer.Report); the agent answers from
// that report (its SAT step reads the forced cells, its guesser the
// count), and the same Analyzer counts whatever else it weighs.
//
// An invalid puzzle (see game.Puzzle.Validate) is an error. A puzzle with
// no solution is not: Satisfiable is false and Conflict says why. Work is
// bounded by the budget and by ctx: when ctx ends, Advise returns what it
// found so far, with ctx's error.
func Advise(ctx context.Context, p *game.Puzzle, opts ...agent.Option) (Advice, error) {
	if err := p.Validate(); err != nil {
		return Advice{}, err
	}
	a, err := agent.New(opts...)
	if err != nil {
		return Advice{}, err
	}
	z := newAnalyzer(a.Budget())
	r, err := z.Report(ctx, p, exact.Ask{Count: true, Forced: true, Probabilities: true, Dead: true})
	if err != nil || !r.Satisfiable {
		return adviceOf(r, agent.Answer{}), err
	}
	// The agent's answer comes before the JSON form: the KB it builds is
	// gone before the grid of probabilities is made.
	ans, err := a.Answer(ctx, r, z)
	return adviceOf(r, ans), err
}

// adviceOf returns the advice made of r, a position's report, and ans,
// the agent's answer there.
func adviceOf(r *exact.Report, ans agent.Answer) Advice {
	var incomplete []string
	if r.Uncounted != nil {
		incomplete = append(incomplete, uncounted)
	}
	b := r.Puzzle.Board
	adv := Advice{ReportJSON: r.JSON(incomplete), FiftyFifties: exact.Pairs(b, ans.FiftyFifties)}
	if r.Satisfiable {
		adv.Solutions = adv.Count // the former key kept its value only with a solution
	}
	if ans.Found {
		adv.Played = ans.Move
		adv.Move = recommend(b, ans, r.Probs)
	}
	return adv
}

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
func AdviseWithin(ctx context.Context, p *game.Puzzle, grace time.Duration, opts ...agent.Option) (*Advice, error) {
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
