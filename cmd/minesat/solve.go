package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/minesat/minesat/backtrack"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

const solveAbout = `
Solve reads a puzzle file (or standard input for -; the format of
docs/formats.md) and prints one solution: its mine cells (r,c)(r,c)... in
row-major order on one line, 0-based. Every solution is checked against the
puzzle before it is printed. A puzzle without solutions prints "no solution"
and exits 1; one impossible on its face (a hint larger than its neighbours,
more mines than unknown cells) also says why on stderr, as cnf and compare
do.

Each component of the puzzle's frontier (unknown cells linked by hints) is
solved by the SAT solver gophersat; cells next to no hint are never
enumerated, they only count through binomial coefficients.

--count adds a line "count: N", the exact number of solutions; --forced the
lines "forced mines: (r,c)..." and "forced safe: (r,c)...", the cells that
are a mine in every solution and those safe in every solution, each proved by
SAT with the mine count honoured; --probabilities a line "probabilities:"
and a grid of the exact probability that each unknown cell is a mine,
uniform over all solutions, to 3 decimals (hint cells show their digit).
Counting builds each component's decision diagram, bounded by --max-states
(exit 3 when a component needs more); --forced falls back on SAT alone for
components beyond it.

--grid draws the solution on the board: hints as digits, mines *, safe
unknown cells . (coloured on a terminal unless NO_COLOR is set or
--no-color). --format json prints one object, the analysis report of
docs/formats.md ("rows", "cols", "mines", "flags", "unknown",
"satisfiable", "conflict", "count", "probabilities", "forced_mines",
"forced_safe", "dead") and "solution":[[r,c],...], "method",
"elapsed_ms", and "nodes" with --method backtrack. count and
probabilities appear only when asked for (probabilities only with a
solution), the forced cells are null unless asked for, and dead is
null. "forced":{"mines","safe"} repeats the forced cells under their
former key for one release (null without a solution).

--method backtrack solves with the backtracking CSP search instead (see
--order, --value, --fc, --max-nodes); it can count, but proves no forced
cells and gives no probabilities. --timeout stops any method, and the
reading of the puzzle, with exit 3.

A flag that would do nothing is refused: --order, --value, --fc and
--max-nodes need --method backtrack; --max-states needs counting (--count,
--forced or --probabilities) with --method sat; --grid and --no-color need
the text format.`

// solveFlags are solve's options.
type solveFlags struct {
	count, forced, probs, grid, noColor bool
	format, method                      string
	timeout                             time.Duration
	maxStates                           int
	bt                                  *backtrackFlags
}

// solveReport is everything solve found, printed as text or JSON: the
// solution the chosen method found, and exact's Report of what was asked.
type solveReport struct {
	*exact.Report               // Satisfiable is the method's; Count may be backtracking's
	Solution      []int         // the solution's mine cells, row-major
	Method        string        // how Solution was found: "sat" (exact.Solve) or "backtrack"
	Nodes         int64         // the nodes backtracking visited; 0 for sat
	Elapsed       time.Duration // the time it all took
	invalid       error         // why the puzzle fails Validate, if it does
}

// MarshalJSON writes the report as one object: the keys of
// exact.ReportJSON, "solution" ([[r,c],...], null without one), "forced"
// ({"mines","safe"}: forced_mines and forced_safe under their former
// key, kept one release), "method", "nodes" (when not 0) and
// "elapsed_ms".
func (r *solveReport) MarshalJSON() ([]byte, error) {
	obj := struct {
		exact.ReportJSON
		Solution  [][2]int        `json:"solution"`
		Forced    json.RawMessage `json:"forced,omitempty"` // null without a solution
		Method    string          `json:"method"`
		Nodes     int64           `json:"nodes,omitempty"`
		ElapsedMS float64         `json:"elapsed_ms"`
	}{
		ReportJSON: r.JSON(nil), Method: r.Method, Nodes: r.Nodes,
		ElapsedMS: math.Round(float64(r.Elapsed.Microseconds())) / 1000,
	}
	if r.Satisfiable {
		obj.Solution = exact.Pairs(r.Puzzle.Board, r.Solution)
	}
	if r.Ask.Forced {
		var err error
		obj.Forced, err = json.Marshal(map[string][][2]int{"mines": obj.ForcedMines, "safe": obj.ForcedSafe})
		if err != nil {
			return nil, err
		}
		if !r.Satisfiable {
			obj.Forced = json.RawMessage("null")
		}
	}
	return json.Marshal(obj)
}

// runSolve implements 'minesat solve'.
func runSolve(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("solve", "FILE|-", solveAbout, io)
	var f solveFlags
	fs.BoolVar(&f.count, "count", false, "also print the exact number of solutions")
	fs.BoolVar(&f.forced, "forced", false, "also print the cells forced mine or safe in every solution")
	fs.BoolVar(&f.probs, "probabilities", false, "also print each unknown cell's probability of a mine")
	fs.BoolVar(&f.grid, "grid", false, "draw the solution on the board instead of listing its cells")
	fs.BoolVar(&f.noColor, "no-color", false, "no colour in --grid, even on a terminal")
	fs.StringVar(&f.format, "format", "text", "output `format`: text or json")
	fs.StringVar(&f.method, "method", "sat", "solving `method`: sat (gophersat and exact counting) or backtrack")
	fs.DurationVar(&f.timeout, "timeout", 0, "give up after `D` (such as 10s), exit 3; 0 means no limit")
	fs.IntVar(&f.maxStates, "max-states", exact.DefaultMaxStates, "counting budget: most diagram states per component `N`; exit 3 beyond")
	f.bt = addBacktrackFlags(fs)
	if help, err := parseFlags(fs, args, io); help || err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return flagError("solve", fmt.Errorf("want one puzzle file (or - for standard input), got %d arguments", fs.NArg()))
	}
	if err := f.check(setFlags(fs)); err != nil {
		return err
	}
	// The time limit covers reading the puzzle too: a huge board takes
	// seconds to parse.
	ctx, cancel := withTimeout(ctx, f.timeout)
	defer cancel()
	p, name, err := openPuzzleTimed(ctx, io, "solve", fs.Arg(0), f.timeout)
	if err != nil {
		return err
	}
	if !p.MinesKnown() && f.method == "backtrack" {
		return usageErrorf("solve: %s: the mine total is unknown (?): --method backtrack needs it; use --method sat", name)
	}

	start := time.Now()
	r, err := solveWithin(ctx, p, &f)
	if err != nil {
		nodes, searched := gaveUpNodes(err)
		switch {
		case searched && errors.Is(err, context.DeadlineExceeded) && f.timeout > 0:
			return budgetError(fmt.Errorf("solve: %s: gave up after %d nodes (--timeout %v)", name, nodes, f.timeout))
		case searched && errors.Is(err, backtrack.ErrBudget):
			return budgetError(fmt.Errorf("solve: %s: gave up after %d nodes (--max-nodes %d)", name, nodes, f.bt.maxNodes))
		case errors.Is(err, context.DeadlineExceeded) && f.timeout > 0:
			return budgetError(fmt.Errorf("solve: %s: gave up after --timeout %v", name, f.timeout))
		case errors.Is(err, context.Canceled):
			return budgetError(fmt.Errorf("solve: %s: interrupted", name))
		}
		return err
	}
	r.Elapsed = time.Since(start)
	// The printing is inside the time limit too: a huge board prints for
	// long. Cut short, the output ends with a whole line (exit 3).
	w := bufio.NewWriter(io.stdout(ctx))
	if f.format == "json" {
		err = json.NewEncoder(w).Encode(r)
	} else {
		err = r.writeText(w, &f, useColor(io, f.noColor))
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return outputError(ctx, "solve", err)
	}
	switch {
	case r.invalid != nil:
		return noSolutionError("solve", name, r.invalid)
	case !r.Satisfiable && p.Flags() > 0:
		// Name the flags to blame, if the hints alone have a solution.
		c := r.Conflict
		if c == nil {
			c = exact.NewAnalyzer(exact.Budget{MaxStates: f.maxStates}).Conflict(ctx, p)
		}
		return &exitError{code: exitNoSolution, err: fmt.Errorf("solve: %s: %s", name, c.Why())}
	case !r.Satisfiable:
		return errNoSolution
	}
	return nil
}

// check refuses bad values and flags that would do nothing with the others;
// set names the flags the command line set.
func (f *solveFlags) check(set map[string]bool) error {
	switch {
	case f.format != "text" && f.format != "json":
		return usageErrorf("solve: --format %q: want text or json", f.format)
	case f.method != "sat" && f.method != "backtrack":
		return usageErrorf("solve: --method %q: want sat or backtrack", f.method)
	case f.method == "backtrack" && (f.forced || f.probs):
		return usageErrorf("solve: --method backtrack proves no forced cells and gives no probabilities; use --method sat")
	case f.grid && f.format == "json":
		return usageErrorf("solve: --grid draws the text output; drop --grid or --format json")
	case set["no-color"] && !f.grid:
		return usageErrorf("solve: --no-color applies to --grid only")
	}
	if err := checkTimeout("solve", f.timeout); err != nil {
		return err
	}
	if f.method != "backtrack" {
		for _, name := range backtrackFlagNames {
			if set[name] {
				return usageErrorf("solve: --%s applies to --method backtrack only", name)
			}
		}
	} else if err := checkMaxNodes("solve", f.bt.maxNodes); err != nil {
		return err
	}
	switch {
	case set["max-states"] && f.method == "backtrack":
		return usageErrorf("solve: --max-states bounds the counting of --method sat; --method backtrack counts by enumerating, within --max-nodes")
	case set["max-states"] && !f.count && !f.forced && !f.probs:
		return usageErrorf("solve: --max-states bounds counting: use it with --count, --forced or --probabilities")
	case f.maxStates <= 0:
		return usageErrorf("solve: --max-states %d: want at least 1", f.maxStates)
	}
	return nil
}

// solveWithin runs solve's work, returning as soon as ctx is done, before
// the work has noticed (every gophersat search stops at its next conflict,
// counting at its next check): the command exits then, taking the
// abandoned goroutine with it. The
// backtracking search watches ctx itself, so it is waited for: when ctx
// stops it, its error is a *backtrack.GaveUpError counting the nodes done.
func solveWithin(ctx context.Context, p *game.Puzzle, f *solveFlags) (*solveReport, error) {
	if f.method == "backtrack" {
		return solvePuzzle(ctx, p, f)
	}
	return untilDone(ctx, func() (*solveReport, error) { return solvePuzzle(ctx, p, f) })
}

// solvePuzzle computes what the flags ask for: a solution by the chosen
// method, the backtracking count, and the rest from exact's Report.
func solvePuzzle(ctx context.Context, p *game.Puzzle, f *solveFlags) (*solveReport, error) {
	ask := exact.Ask{Count: f.count, Forced: f.forced, Probabilities: f.probs}
	r := &solveReport{Report: &exact.Report{Puzzle: p, Ask: ask}, Method: f.method, invalid: p.Validate()}
	if r.invalid != nil {
		if f.count {
			r.Count = new(big.Int)
		}
		return r, nil
	}
	var err error
	r.Solution, r.Satisfiable, r.Nodes, err = findSolution(ctx, p, f)
	if err != nil {
		return nil, err
	}
	if r.Satisfiable {
		if err := p.Satisfies(r.Solution); err != nil {
			return nil, fmt.Errorf("solve: internal error: the %s solution fails its check: %w", f.method, err)
		}
	}
	if f.method == "backtrack" {
		ask.Count = false // counted by backtracking, below
	}
	if err := r.answer(ctx, f, ask); err != nil {
		return nil, err
	}
	if f.count && f.method == "backtrack" {
		if r.Count, err = countByBacktracking(ctx, p, f); err != nil {
			return nil, err
		}
	}
	if f.count && (r.Count.Sign() > 0) != r.Satisfiable {
		return nil, fmt.Errorf("solve: internal error: %s counts %v solutions but the solver says satisfiable=%v",
			f.method, r.Count, r.Satisfiable)
	}
	return r, nil
}

// answer fills in what ask asks of exact, from one Report within the
// flags' budget: a component too large to count is exit 3 when the count
// or the probabilities are asked (the forced cells alone are proved by
// SAT then), and the Report must agree with the method on
// satisfiability.
func (r *solveReport) answer(ctx context.Context, f *solveFlags, ask exact.Ask) error {
	if ask == (exact.Ask{}) {
		return nil
	}
	z := exact.NewAnalyzer(exact.Budget{MaxStates: f.maxStates})
	rep, err := z.Report(ctx, r.Puzzle, ask)
	if err == nil && rep.Uncounted != nil && (ask.Count || ask.Probabilities) {
		err = rep.Uncounted
	}
	if err != nil {
		return solveError(err)
	}
	if rep.Satisfiable != r.Satisfiable {
		return fmt.Errorf("solve: internal error: %s says satisfiable=%v but exact's analysis says %v",
			f.method, r.Satisfiable, rep.Satisfiable)
	}
	rep.Ask = r.Ask
	r.Report = rep
	return nil
}

// findSolution is solveMethod; a test replaces it with a wrong solver to
// show that a solution failing its check never reaches the user.
var findSolution = solveMethod

// solveMethod finds one solution by the chosen method. Methods that count
// no nodes report 0.
func solveMethod(ctx context.Context, p *game.Puzzle, f *solveFlags) (mines []int, ok bool, nodes int64, err error) {
	switch f.method {
	case "backtrack":
		return solveBacktrack(ctx, p, f.bt)
	default:
		mines, ok, err = exact.Solve(ctx, p)
		return mines, ok, 0, solveError(err)
	}
}

// countByBacktracking counts the solutions with --method backtrack.
func countByBacktracking(ctx context.Context, p *game.Puzzle, f *solveFlags) (*big.Int, error) {
	n, _, err := countBacktrack(ctx, p, f.bt)
	if err != nil {
		return nil, err
	}
	return big.NewInt(n), nil
}

// solveError maps kb's errors to exit codes: an exhausted budget or a
// cancelled context is exit 3, anything else an internal failure.
func solveError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, exact.ErrBudget):
		return budgetError(fmt.Errorf("solve: %w (raise --max-states)", err))
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return err
	}
	return fmt.Errorf("solve: %w", err)
}

// writeCells writes cells as (r,c)(r,c)... and a newline, one cell at a
// time: a list of millions of cells is never built whole.
func writeCells(w *bufio.Writer, p *game.Puzzle, cells []int) {
	for _, i := range cells {
		w.WriteString(p.Board.Pos(i).String())
	}
	w.WriteByte('\n')
}

// writeText writes the report as text: the solution (a line of cells, or
// the board with --grid), then "count: N", "forced mines: ...", "forced
// safe: ..." and "probabilities:" with a grid, as asked.
func (r *solveReport) writeText(w *bufio.Writer, f *solveFlags, color bool) error {
	p := r.Puzzle
	switch {
	case !r.Satisfiable:
		fmt.Fprintln(w, "no solution")
	case f.grid:
		marks := make([]mark, len(p.Cells))
		for i := range marks {
			marks[i] = markSafe
		}
		for _, i := range r.Solution {
			marks[i] = markMine
		}
		if err := renderBoard(w, p, marks, color); err != nil {
			return err
		}
	default:
		writeCells(w, p, r.Solution)
	}
	if f.count {
		fmt.Fprintf(w, "count: %s\n", r.Count)
	}
	if !r.Satisfiable {
		return nil
	}
	if f.forced {
		w.WriteString("forced mines: ")
		writeCells(w, p, r.Forced.Mines)
		w.WriteString("forced safe: ")
		writeCells(w, p, r.Forced.Safe)
	}
	if f.probs {
		fmt.Fprintln(w, "probabilities:")
		for row := range p.Rows() {
			for col := range p.Cols() {
				if col > 0 {
					w.WriteByte(' ')
				}
				i := row*p.Cols() + col
				switch c := p.Cells[i]; c.State {
				case game.Revealed:
					fmt.Fprintf(w, "%5d", c.Hint)
				case game.Flagged:
					fmt.Fprintf(w, "%5s", "F")
				default:
					x, _ := r.Probs.At(i)
					fmt.Fprintf(w, "%5.3f", x)
				}
			}
			w.WriteByte('\n')
		}
	}
	return nil
}
