package main

// 'minesat solve --method backtrack': the flags choosing the search and the
// calls into package backtrack. solve.go owns the command; it registers these
// flags with addBacktrackFlags and calls solveBacktrack or countBacktrack.

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/minesat/minesat/backtrack"
	"github.com/minesat/minesat/game"
)

// backtrackFlags are solve's flags for --method backtrack.
type backtrackFlags struct {
	order    backtrack.Order
	value    backtrack.Value
	fc       bool
	maxNodes int64
}

// addBacktrackFlags registers --order, --value, --fc and --max-nodes on fs.
// The defaults are the best combination measured (MRV with ties broken by
// degree, safe first, forward checking); --order none --fc=false is plain
// backtracking.
func addBacktrackFlags(fs *flag.FlagSet) *backtrackFlags {
	f := &backtrackFlags{}
	fs.TextVar(&f.order, "order", backtrack.OrderMRVDegree, "with --method backtrack: variable `order`, none, mrv, degree or mrv+degree")
	fs.TextVar(&f.value, "value", backtrack.ValueFixed, "with --method backtrack: value `order`, fixed (safe first) or lcv")
	fs.BoolVar(&f.fc, "fc", true, "with --method backtrack: forward checking (--fc=false turns it off)")
	fs.Int64Var(&f.maxNodes, "max-nodes", backtrack.DefaultMaxNodes, "with --method backtrack: node budget `N`; exit 3 when it runs out")
	return f
}

// backtrackFlagNames are the flags addBacktrackFlags registers.
var backtrackFlagNames = []string{"order", "value", "fc", "max-nodes"}

// options returns the search the flags choose, or a usage error.
func (f *backtrackFlags) options() (backtrack.Options, error) {
	if err := checkMaxNodes("solve", f.maxNodes); err != nil {
		return backtrack.Options{}, err
	}
	return backtrack.Options{Order: f.order, Value: f.value, FC: f.fc, MaxNodes: f.maxNodes}, nil
}

// solveBacktrack finds one solution of p (row-major mine indices, flags
// included) by backtracking. ok is false when p has none. nodes is the
// search's work, reported also when it gives up; then err is a budget error
// (exit 3) reading "solve: backtrack: gave up after N nodes (...)".
func solveBacktrack(ctx context.Context, p *game.Puzzle, f *backtrackFlags) (mines []int, ok bool, nodes int64, err error) {
	o, err := f.options()
	if err != nil {
		return nil, false, 0, err
	}
	r, err := backtrack.Solve(ctx, p, o)
	return r.Mines, r.Found, r.Stats.Nodes, backtrackError(err)
}

// countBacktrack counts p's solutions by enumerating them all.
func countBacktrack(ctx context.Context, p *game.Puzzle, f *backtrackFlags) (count, nodes int64, err error) {
	o, err := f.options()
	if err != nil {
		return 0, 0, err
	}
	st, err := backtrack.Count(ctx, p, o)
	return st.Solutions, st.Nodes, backtrackError(err)
}

// backtrackError maps a search error to solve's exit codes: giving up (the
// node budget, or solve's timeout) is exit 3; anything else is bad input.
func backtrackError(err error) error {
	var gu *backtrack.GaveUpError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &gu):
		return budgetError(fmt.Errorf("solve: %w", err))
	}
	return usageErrorf("solve: %w", err)
}

// gaveUpNodes returns the nodes a backtracking search did before giving up,
// and whether err wraps a *backtrack.GaveUpError at all.
func gaveUpNodes(err error) (nodes int64, ok bool) {
	var gu *backtrack.GaveUpError
	if !errors.As(err, &gu) {
		return 0, false
	}
	return gu.Stats.Nodes, true
}
