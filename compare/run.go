package compare

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/minesat/minesat/backtrack"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// Puzzle is a puzzle to compare the solvers on, with the name its rows
// carry (a file name, say).
type Puzzle struct {
	Name   string
	Puzzle *game.Puzzle // with a known mine total: the search needs it
}

// Options say how Run compares.
type Options struct {
	Solvers  []Solver      // the solvers, in column order; nil: DefaultSolvers with backtrack.DefaultMaxNodes
	Timeout  time.Duration // the time limit of each run (one puzzle, one solver); 0: none
	All      bool          // count every solution instead of finding one (sat counts, backtracking enumerates)
	Repeat   int           // run each puzzle and solver this many times and keep the fastest; 0 is 1
	Progress func()        // if not nil, called after each puzzle and solver
}

// Run runs every solver on every puzzle, in order, and returns their
// results and totals. When ctx ends it stops after the run in progress and
// returns the results so far with an error wrapping ctx's; a puzzle
// without a mine total is an error before any run. The wrong answers are
// in the report (Report.Wrong), not in the error.
func Run(ctx context.Context, puzzles []Puzzle, opts Options) (*Report, error) {
	solvers := opts.Solvers
	if solvers == nil {
		var err error
		if solvers, err = ParseSolvers(DefaultSolvers, backtrack.DefaultMaxNodes); err != nil {
			return nil, fmt.Errorf("compare: %w", err)
		}
	}
	for _, p := range puzzles {
		if bt := NeedsTotal(solvers); !p.Puzzle.MinesKnown() && bt != "" {
			return nil, fmt.Errorf("compare: %s: the mine total is unknown (?): the backtracking search %s needs it", p.Name, bt)
		}
	}
	rep := &Report{}
	for _, p := range puzzles {
		first := len(rep.Runs)
		for _, m := range solvers {
			r := runSolver(ctx, p.Puzzle, m, opts.Timeout, opts.All)
			for i := 1; i < opts.Repeat && ctx.Err() == nil; i++ {
				if again := runSolver(ctx, p.Puzzle, m, opts.Timeout, opts.All); again.elapsed < r.elapsed && again.Outcome == r.Outcome {
					r = again
				}
			}
			r.File = p.Name
			rep.Runs = append(rep.Runs, r)
			if opts.Progress != nil {
				opts.Progress()
			}
			if err := ctx.Err(); err != nil {
				rep.Totals = totals(solvers, rep.Runs)
				return rep, fmt.Errorf("compare: interrupted: %w", err)
			}
		}
		crossCheck(rep.Runs[first:], opts.All)
	}
	rep.Totals = totals(solvers, rep.Runs)
	return rep, nil
}

// runSolver runs one solver on one puzzle and checks its answer.
func runSolver(ctx context.Context, p *game.Puzzle, m Solver, timeout time.Duration, all bool) Result {
	cancel := context.CancelFunc(func() {})
	if timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, timeout)
	}
	defer cancel()
	r := Result{Solver: m.Name}
	var err error
	var found bool
	start := time.Now()
	switch {
	case m.IsSAT() && all:
		var n *big.Int
		n, err = exact.Count(ctx, p)
		r.elapsed = time.Since(start)
		if err == nil {
			found = n.Sign() > 0
			r.Solutions = math.MaxInt64
			if n.IsInt64() {
				r.Solutions = n.Int64()
			}
		}
	case m.IsSAT():
		var mines []int
		mines, found, err = exact.Solve(ctx, p)
		r.elapsed = time.Since(start)
		if err == nil && found {
			r.Solutions = 1
			if verr := p.Satisfies(mines); verr != nil {
				r.Outcome, r.Error = Wrong, verr.Error()
			}
		}
	case all:
		var st backtrack.Stats
		var check time.Duration // time spent checking solutions, not counted
		st, err = backtrack.Enumerate(ctx, p, m.Backtrack, func(mines []int) bool {
			t := time.Now()
			verr := p.Satisfies(mines)
			check += time.Since(t)
			if verr != nil && r.Error == "" {
				r.Outcome, r.Error = Wrong, verr.Error()
			}
			return true
		})
		r.elapsed = time.Since(start) - check
		found = st.Solutions > 0
		r.Solutions, r.Nodes, r.Backtracks = st.Solutions, &st.Nodes, &st.Backtracks
	default:
		var res backtrack.Result
		res, err = backtrack.Solve(ctx, p, m.Backtrack)
		r.elapsed = time.Since(start)
		found = res.Found
		r.Nodes, r.Backtracks = &res.Stats.Nodes, &res.Stats.Backtracks
		if found {
			r.Solutions = 1
			if verr := p.Satisfies(res.Mines); verr != nil {
				r.Outcome, r.Error = Wrong, verr.Error()
			}
		}
	}
	r.Seconds = r.elapsed.Seconds()
	switch {
	case r.Outcome != "":
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, backtrack.ErrBudget) || errors.Is(err, exact.ErrBudget):
		r.Outcome = GaveUp
	case err != nil:
		r.Outcome, r.Error = Errored, err.Error()
	case found:
		r.Outcome = Solved
	default:
		r.Outcome = NoSolution
	}
	return r
}

// crossCheck marks wrong, among one puzzle's runs, every "no solution"
// when another solver found a checked solution. With all, where every
// enumerated solution was checked (so the largest count enumerated is a
// lower bound on the truth, and exact once an enumeration finishes), it also
// marks wrong every finished enumeration that found fewer, and sat's count
// (not enumerated, so not checked one by one) when it is below that bound or
// differs from a finished enumeration. Then it sets each run's ratio to
// sat's time.
func crossCheck(runs []Result, all bool) {
	best, exact := int64(0), false
	for _, r := range runs {
		if r.Solver == "sat" && all {
			continue
		}
		if r.Outcome == Solved || r.Outcome == GaveUp {
			best = max(best, r.Solutions)
		}
		exact = exact || (all && (r.Outcome == Solved || r.Outcome == NoSolution))
	}
	for k := range runs {
		r := &runs[k]
		finished := r.Outcome == Solved || r.Outcome == NoSolution
		switch {
		case r.Outcome == NoSolution && best > 0:
			r.Outcome, r.Error = Wrong, "no solution claimed, but another solver found one"
		case all && finished && r.Solutions < best:
			r.Outcome, r.Error = Wrong, fmt.Sprintf("%d solutions counted, another solver enumerated %d", r.Solutions, best)
		case all && finished && exact && r.Solutions != best:
			r.Outcome, r.Error = Wrong, fmt.Sprintf("%d solutions counted, an enumeration found exactly %d", r.Solutions, best)
		}
	}
	// Ratios to sat on the same puzzle.
	var sat *Result
	for k := range runs {
		if runs[k].Solver == "sat" {
			sat = &runs[k]
		}
	}
	if sat == nil || sat.elapsed <= 0 {
		return
	}
	for k := range runs {
		v := runs[k].Seconds / sat.Seconds
		runs[k].VsSat = &v
	}
}

// totals sums the runs per solver, in the order of solvers.
func totals(solvers []Solver, runs []Result) []Total {
	totals := make([]Total, len(solvers))
	index := map[string]int{}
	for k, m := range solvers {
		totals[k].Solver = m.Name
		index[m.Name] = k
	}
	for _, r := range runs {
		t := &totals[index[r.Solver]]
		t.Puzzles++
		switch r.Outcome {
		case Solved:
			t.Solved++
		case NoSolution:
			t.NoSolution++
		case GaveUp:
			t.GaveUp++
		default:
			t.Wrong++
		}
		if r.Nodes != nil {
			t.Nodes = addPtr(t.Nodes, *r.Nodes)
			t.Backtracks = addPtr(t.Backtracks, *r.Backtracks)
		}
		t.elapsed += r.elapsed
	}
	sat := -1
	for k := range totals {
		totals[k].Seconds = totals[k].elapsed.Seconds()
		if totals[k].Solver == "sat" {
			sat = k
		}
	}
	if sat >= 0 && totals[sat].elapsed > 0 {
		for k := range totals {
			v := totals[k].Seconds / totals[sat].Seconds
			totals[k].VsSat = &v
		}
	}
	return totals
}

func addPtr(p *int64, n int64) *int64 {
	if p == nil {
		return &n
	}
	v := *p + n
	return &v
}
