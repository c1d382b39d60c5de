package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"time"

	"github.com/minesat/minesat/backtrack"
	"github.com/minesat/minesat/compare"
	"github.com/minesat/minesat/plot"
)

const compareAbout = `
Compare solves every puzzle FILE with every method and reports, for each
puzzle and method, the outcome (solved, no solution, gave up), the solutions
found, the nodes and backtracks of the search, and the time; then a total per
method: how many puzzles it solved, proved unsolvable or gave up on, its
nodes and time, and its time as a multiple of sat's ("vs sat"; 2.0x is twice
as slow as sat).

Methods (--methods, comma-separated): sat, the SAT solver gophersat through
minesat's encoding, and backtracking searches named by their heuristics
joined by +: bt (plain backtracking), mrv, degree, lcv and fc (forward
checking); mrv+degree is MRV with ties broken by degree. The default is sat
and eight searches: each of bt, mrv, degree and lcv with and without fc.
A node is one value tried for one variable (see 'go doc
github.com/minesat/minesat/backtrack'); sat reports no nodes.

Every solution is checked against the puzzle before it counts. A method
that returns an invalid solution, or says "no solution" when another method
found a valid one, is marked wrong and makes compare exit with status 1.

Each run (one puzzle, one method) stops at --max-nodes nodes or after
--timeout (0 for no limit), whichever comes first, and is reported as "gave
up"; so compare takes at most FILES x methods x --repeat x --timeout. A
puzzle impossible on its face (a hint larger than its neighbours, more mines
than unknown cells) has nothing to compare: compare exits 1 before any run,
as solve and cnf do. Times are wall-clock, measured in this process, the
fastest of --repeat runs (default 1).

With --all every solution is enumerated and checked, and the time to check
them is not counted; sat then stands for exact.Count, which counts by
components without enumerating, and its count is checked against the
enumerations. --max-nodes needs a backtracking method in --methods.

Formats: text (aligned tables), csv and json; all carry the same columns.
Text and json hold both tables; csv holds one, the runs, or with --totals
only the per-method totals.

--plot OUT.svg (or .png) also draws the nodes and the time of every method
on every puzzle, on log scales, with gonum/plot. A run that gave up is drawn
with the nodes and time it spent. The plot is written under a temporary
name in its directory, renamed into place at the end.

In Go: package compare ('go doc github.com/minesat/minesat/compare').`

// runCompare implements 'minesat compare': flags, puzzles, compare.Run,
// the report.
func runCompare(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("compare", "FILES...", compareAbout, io)
	methodList := fs.String("methods", compare.DefaultSolvers, "comma-separated `LIST` of methods: sat, bt, or heuristics joined by + (mrv, degree, lcv, fc)")
	timeout := fs.Duration("timeout", 5*time.Second, "time limit `D` for each puzzle and method; 0 means no limit")
	maxNodes := fs.Int64("max-nodes", backtrack.DefaultMaxNodes, "node budget `N` for each puzzle and backtracking method")
	format := fs.String("format", "text", "output `format`: text, csv or json")
	all := fs.Bool("all", false, "count every solution instead of finding one (sat counts, backtracking enumerates)")
	totalsOnly := fs.Bool("totals", false, "write only the per-method totals")
	repeat := fs.Int("repeat", 1, "run each puzzle and method `R` times and report the fastest")
	plotName := fs.String("plot", "", "also draw nodes and time per puzzle and method to `OUT.svg` (or .png)")
	if help, err := parseFlags(fs, args, io); help || err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return flagError("compare", errors.New("no puzzle files given"))
	}
	switch *format {
	case "text", "csv", "json":
	default:
		return usageErrorf("compare: --format %q: want text, csv or json", *format)
	}
	if err := checkTimeout("compare", *timeout); err != nil {
		return err
	}
	if err := checkMaxNodes("compare", *maxNodes); err != nil {
		return err
	}
	if *repeat <= 0 {
		return usageErrorf("compare: --repeat %d: want at least 1", *repeat)
	}
	if *plotName != "" {
		if err := checkPlot("compare", *plotName); err != nil {
			return err
		}
	}
	methods, err := compare.ParseSolvers(*methodList, *maxNodes)
	if err != nil {
		return usageErrorf("compare: --methods: %w", err)
	}
	if setFlags(fs)["max-nodes"] && !slices.ContainsFunc(methods, func(m compare.Solver) bool { return !m.IsSAT() }) {
		return usageErrorf("compare: --max-nodes bounds the backtracking methods, and --methods lists none")
	}
	puzzles := make([]compare.Puzzle, fs.NArg())
	for k, name := range fs.Args() {
		if puzzles[k], err = loadComparePuzzle(ctx, io, name, methods); err != nil {
			return err
		}
	}
	outs := outFiles{cmd: "compare"}
	plotOut := outs.add("plot", *plotName, outWhole)
	if err := outs.open(ctx); err != nil {
		return err
	}
	rep, err := runComparison(ctx, io, puzzles, compare.Options{Solvers: methods, Timeout: *timeout, All: *all, Repeat: *repeat},
		*format, *totalsOnly, plotOut)
	if cerr := outs.close(err != nil); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if wrong := rep.Wrong(); wrong > 0 {
		return &exitError{code: exitNoSolution, err: fmt.Errorf("compare: %d wrong answers or errors (see the outcome column)", wrong)}
	}
	return nil
}

// runComparison runs compare.Run with opt and writes its report in format
// (only the totals if totalsOnly), and the plot into plotOut unless nil.
func runComparison(ctx context.Context, io *stdio, puzzles []compare.Puzzle, opt compare.Options,
	format string, totalsOnly bool, plotOut *outFile) (*compare.Report, error) {
	bar := newProgress(io, len(puzzles)*len(opt.Solvers), "runs")
	opt.Progress = func() { bar.add(1) }
	rep, err := compare.Run(ctx, puzzles, opt)
	bar.finish()
	if err != nil {
		if ctx.Err() != nil {
			return nil, budgetError(err)
		}
		return nil, err
	}
	out := io.stdout(ctx)
	switch format {
	case "text":
		err = rep.WriteText(out, totalsOnly)
	case "csv":
		err = rep.WriteCSV(out, totalsOnly)
	case "json":
		err = rep.WriteJSON(out, totalsOnly)
	}
	if err != nil {
		return nil, outputError(ctx, "compare", err)
	}
	if plotOut != nil {
		if err := plotCompare(plotOut, rep.Runs); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// loadComparePuzzle reads one puzzle file ("-" is stdin) with its name in
// messages. A puzzle impossible on its face has no solution to compare:
// exit 1, as solve and cnf give; one without a mine total is bad input
// when a backtracking search among methods needs the total.
func loadComparePuzzle(ctx context.Context, io *stdio, name string, methods []compare.Solver) (compare.Puzzle, error) {
	p, name, err := openPuzzle(ctx, io, "compare", name)
	switch {
	case ctx.Err() != nil:
		return compare.Puzzle{}, budgetError(fmt.Errorf("compare: interrupted: %w", ctx.Err()))
	case err != nil:
		return compare.Puzzle{}, err
	}
	if err := p.Validate(); err != nil {
		return compare.Puzzle{}, noSolutionError("compare", name, err)
	}
	if bt := compare.NeedsTotal(methods); !p.MinesKnown() && bt != "" {
		return compare.Puzzle{}, usageErrorf("compare: %s: the mine total is unknown (?): the backtracking search %s needs it; give the count in the header, or compare with --methods sat", name, bt)
	}
	return compare.Puzzle{Name: name, Puzzle: p}, nil
}

// compareCosts returns the runs as plot points: one case per puzzle file,
// named by its base name, or by the name as given when two files share a
// base name. sat counts no nodes (NaN).
func compareCosts(runs []compare.Result) []plot.Cost {
	dirs := map[string]map[string]bool{}
	for _, r := range runs {
		b := filepath.Base(r.File)
		if dirs[b] == nil {
			dirs[b] = map[string]bool{}
		}
		dirs[b][r.File] = true
	}
	costs := make([]plot.Cost, len(runs))
	for k, r := range runs {
		c := plot.Cost{Solver: r.Solver, Case: r.File, Nodes: math.NaN(), Seconds: r.Seconds}
		if b := filepath.Base(r.File); len(dirs[b]) == 1 {
			c.Case = b
		}
		if r.Nodes != nil {
			c.Nodes = float64(*r.Nodes)
		}
		costs[k] = c
	}
	return costs
}

// plotCompare draws the runs' nodes and time into out, a .svg or .png file.
func plotCompare(out *outFile, runs []compare.Result) error {
	err := savePlot(out, func(w io.Writer, format string) error {
		return plot.Costs(w, format, "minesat compare", compareCosts(runs))
	})
	if err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	return nil
}
