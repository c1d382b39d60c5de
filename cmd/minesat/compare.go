package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/minesat/minesat/backtrack"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
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
with the nodes and time it spent.`

// defaultCompareMethods are sat and the eight searches: bt, mrv, degree and
// lcv, each with and without forward checking.
const defaultCompareMethods = "sat,bt,bt+fc,mrv,mrv+fc,degree,degree+fc,lcv,lcv+fc"

// The outcomes of one run.
const (
	outSolved  = "solved"      // a solution (with --all: every solution) found and checked
	outNoSol   = "no solution" // the method proved there is none
	outGaveUp  = "gave up"     // the node budget or the timeout ran out
	outWrong   = "wrong"       // an invalid solution, or "no solution" when there is one
	outErrored = "error"       // the method failed
)

// compareMethod is one column of the comparison.
type compareMethod struct {
	name string            // canonical name: "sat" or backtrack.Options.String()
	bt   backtrack.Options // the search, unless name is "sat"
}

// compareRun is one row of the comparison: one puzzle, one method.
type compareRun struct {
	File       string   `json:"file"`
	Method     string   `json:"method"`
	Outcome    string   `json:"outcome"`
	Solutions  int64    `json:"solutions"`
	Nodes      *int64   `json:"nodes"` // nil for methods that do not count nodes
	Backtracks *int64   `json:"backtracks"`
	Seconds    float64  `json:"seconds"`
	VsSat      *float64 `json:"vs_sat"` // Seconds / sat's Seconds on the same puzzle
	Error      string   `json:"error,omitempty"`

	elapsed time.Duration
}

// compareTotal sums one method's runs.
type compareTotal struct {
	Method     string   `json:"method"`
	Puzzles    int      `json:"puzzles"`
	Solved     int      `json:"solved"`
	NoSolution int      `json:"no_solution"`
	GaveUp     int      `json:"gave_up"`
	Wrong      int      `json:"wrong"` // wrong answers and errors
	Nodes      *int64   `json:"nodes"`
	Backtracks *int64   `json:"backtracks"`
	Seconds    float64  `json:"seconds"`
	VsSat      *float64 `json:"vs_sat"` // Seconds / sat's Seconds

	elapsed time.Duration
}

// runCompare implements 'minesat compare'.
func runCompare(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("compare", "FILES...", compareAbout, io)
	methodList := fs.String("methods", defaultCompareMethods, "comma-separated `LIST` of methods: sat, bt, or heuristics joined by + (mrv, degree, lcv, fc)")
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
		if _, err := plotFormat(*plotName); err != nil {
			return usageErrorf("compare: --%w", err)
		}
	}
	methods, err := parseCompareMethods(*methodList, *maxNodes)
	if err != nil {
		return err
	}
	if setFlags(fs)["max-nodes"] && !slices.ContainsFunc(methods, func(m compareMethod) bool { return m.name != "sat" }) {
		return usageErrorf("compare: --max-nodes bounds the backtracking methods, and --methods lists none")
	}
	files := fs.Args()
	puzzles := make([]*game.Puzzle, len(files))
	for k, name := range files {
		if puzzles[k], files[k], err = loadComparePuzzle(ctx, io, name); err != nil {
			return err
		}
	}

	bar := newProgress(io, len(files)*len(methods), "runs")
	var runs []compareRun
	for k, p := range puzzles {
		first := len(runs)
		for _, m := range methods {
			r := runCompareMethod(ctx, p, m, *timeout, *all)
			for i := 1; i < *repeat && ctx.Err() == nil; i++ {
				if again := runCompareMethod(ctx, p, m, *timeout, *all); again.elapsed < r.elapsed && again.Outcome == r.Outcome {
					r = again
				}
			}
			r.File = files[k]
			runs = append(runs, r)
			bar.add(1)
			if err := ctx.Err(); err != nil {
				bar.finish()
				return budgetError(fmt.Errorf("compare: interrupted: %w", err))
			}
		}
		crossCheck(runs[first:], *all)
	}
	bar.finish()
	totals := compareTotals(methods, runs)

	var werr error
	switch *format {
	case "text":
		werr = writeCompareText(io.out, runs, totals, *totalsOnly)
	case "csv":
		werr = writeCompareCSV(io.out, runs, totals, *totalsOnly)
	case "json":
		werr = writeCompareJSON(io.out, runs, totals, *totalsOnly)
	}
	if werr != nil {
		return werr
	}
	if *plotName != "" {
		if err := plotCompare(*plotName, runs); err != nil {
			return err
		}
	}
	wrong := 0
	for _, t := range totals {
		wrong += t.Wrong
	}
	if wrong > 0 {
		return &exitError{code: exitNoSolution, err: fmt.Errorf("compare: %d wrong answers or errors (see the outcome column)", wrong)}
	}
	return nil
}

// parseCompareMethods parses the --methods list into canonical, distinct
// methods, each backtracking one with the node budget.
func parseCompareMethods(list string, maxNodes int64) ([]compareMethod, error) {
	var methods []compareMethod
	seen := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		m := compareMethod{name: name}
		if name != "sat" {
			o, err := backtrack.ParseMethod(name)
			if err != nil {
				return nil, usageErrorf("compare: --methods: %w", err)
			}
			o.MaxNodes = maxNodes
			m = compareMethod{name: o.String(), bt: o}
		}
		if seen[m.name] {
			return nil, usageErrorf("compare: --methods: %s listed twice", m.name)
		}
		seen[m.name] = true
		methods = append(methods, m)
	}
	return methods, nil
}

// loadComparePuzzle reads one puzzle file ("-" is stdin) and returns it with
// its name in messages. A puzzle impossible on its face has no solution to
// compare: exit 1, as solve and cnf give.
func loadComparePuzzle(ctx context.Context, io *stdio, name string) (*game.Puzzle, string, error) {
	p, name, err := openPuzzle(ctx, io, "compare", name)
	switch {
	case ctx.Err() != nil:
		return nil, name, budgetError(fmt.Errorf("compare: interrupted: %w", ctx.Err()))
	case err != nil:
		return nil, name, err
	}
	if err := p.Validate(); err != nil {
		return nil, name, noSolutionError("compare", name, err)
	}
	if !p.MinesKnown() {
		return nil, name, usageErrorf("compare: %s: the mine total is unknown (?): the backtracking search needs it; give the count in the header", name)
	}
	return p, name, nil
}

// runCompareMethod runs one method on one puzzle and checks its answer.
func runCompareMethod(ctx context.Context, p *game.Puzzle, m compareMethod, timeout time.Duration, all bool) compareRun {
	ctx, cancel := withTimeout(ctx, timeout)
	defer cancel()
	r := compareRun{Method: m.name}
	var err error
	var found bool
	start := time.Now()
	switch {
	case m.name == "sat" && all:
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
	case m.name == "sat":
		var mines []int
		mines, found, err = exact.Solve(ctx, p)
		r.elapsed = time.Since(start)
		if err == nil && found {
			r.Solutions = 1
			if verr := p.Satisfies(mines); verr != nil {
				r.Outcome, r.Error = outWrong, verr.Error()
			}
		}
	case all:
		var st backtrack.Stats
		var check time.Duration // time spent checking solutions, not counted
		st, err = backtrack.Enumerate(ctx, p, m.bt, func(mines []int) bool {
			t := time.Now()
			verr := p.Satisfies(mines)
			check += time.Since(t)
			if verr != nil && r.Error == "" {
				r.Outcome, r.Error = outWrong, verr.Error()
			}
			return true
		})
		r.elapsed = time.Since(start) - check
		found = st.Solutions > 0
		r.Solutions, r.Nodes, r.Backtracks = st.Solutions, &st.Nodes, &st.Backtracks
	default:
		var res backtrack.Result
		res, err = backtrack.Solve(ctx, p, m.bt)
		r.elapsed = time.Since(start)
		found = res.Found
		r.Nodes, r.Backtracks = &res.Stats.Nodes, &res.Stats.Backtracks
		if found {
			r.Solutions = 1
			if verr := p.Satisfies(res.Mines); verr != nil {
				r.Outcome, r.Error = outWrong, verr.Error()
			}
		}
	}
	r.Seconds = r.elapsed.Seconds()
	switch {
	case r.Outcome != "":
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, backtrack.ErrBudget) || errors.Is(err, exact.ErrBudget):
		r.Outcome = outGaveUp
	case err != nil:
		r.Outcome, r.Error = outErrored, err.Error()
	case found:
		r.Outcome = outSolved
	default:
		r.Outcome = outNoSol
	}
	return r
}

// crossCheck marks wrong, among one puzzle's runs, every "no solution"
// when another method found a checked solution. With --all, where every
// enumerated solution was checked (so the largest count enumerated is a
// lower bound on the truth, and exact once an enumeration finishes), it also
// marks wrong every finished enumeration that found fewer, and sat's count
// (not enumerated, so not checked one by one) when it is below that bound or
// differs from a finished enumeration.
func crossCheck(runs []compareRun, all bool) {
	best, exact := int64(0), false
	for _, r := range runs {
		if r.Method == "sat" && all {
			continue
		}
		if r.Outcome == outSolved || r.Outcome == outGaveUp {
			best = max(best, r.Solutions)
		}
		exact = exact || (all && (r.Outcome == outSolved || r.Outcome == outNoSol))
	}
	for k := range runs {
		r := &runs[k]
		finished := r.Outcome == outSolved || r.Outcome == outNoSol
		switch {
		case r.Outcome == outNoSol && best > 0:
			r.Outcome, r.Error = outWrong, "no solution claimed, but another method found one"
		case all && finished && r.Solutions < best:
			r.Outcome, r.Error = outWrong, fmt.Sprintf("%d solutions counted, another method enumerated %d", r.Solutions, best)
		case all && finished && exact && r.Solutions != best:
			r.Outcome, r.Error = outWrong, fmt.Sprintf("%d solutions counted, an enumeration found exactly %d", r.Solutions, best)
		}
	}
	// Ratios to sat on the same puzzle.
	var sat *compareRun
	for k := range runs {
		if runs[k].Method == "sat" {
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

// compareCosts returns the runs as plot points: one case per puzzle file,
// named by its base name, or by the name as given when two files share a
// base name. sat counts no nodes (NaN).
func compareCosts(runs []compareRun) []plotCost {
	dirs := map[string]map[string]bool{}
	for _, r := range runs {
		b := filepath.Base(r.File)
		if dirs[b] == nil {
			dirs[b] = map[string]bool{}
		}
		dirs[b][r.File] = true
	}
	costs := make([]plotCost, len(runs))
	for k, r := range runs {
		c := plotCost{Method: r.Method, Case: r.File, Nodes: math.NaN(), Seconds: r.Seconds}
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

// plotCompare draws the runs' nodes and time to the named .svg or .png file.
func plotCompare(name string, runs []compareRun) error {
	err := savePlot(name, func(w io.Writer, format string) error {
		return plotCosts(w, format, "minesat compare", compareCosts(runs))
	})
	if err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	return nil
}

// compareTotals sums the runs per method, in the order of methods.
func compareTotals(methods []compareMethod, runs []compareRun) []compareTotal {
	totals := make([]compareTotal, len(methods))
	index := map[string]int{}
	for k, m := range methods {
		totals[k].Method = m.name
		index[m.name] = k
	}
	for _, r := range runs {
		t := &totals[index[r.Method]]
		t.Puzzles++
		switch r.Outcome {
		case outSolved:
			t.Solved++
		case outNoSol:
			t.NoSolution++
		case outGaveUp:
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
		if totals[k].Method == "sat" {
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

// The columns of the two tables, shared by every format.
var (
	runColumns   = []string{"file", "method", "outcome", "solutions", "nodes", "backtracks", "seconds", "vs_sat"}
	totalColumns = []string{"method", "puzzles", "solved", "no_solution", "gave_up", "wrong", "nodes", "backtracks", "seconds", "vs_sat"}
)

// cells returns r's columns as text; human selects the text table's forms
// (durations and "-"), otherwise plain numbers and empty cells for CSV.
func (r compareRun) cells(human bool) []string {
	return []string{r.File, r.Method, r.Outcome, strconv.FormatInt(r.Solutions, 10),
		fmtCount(r.Nodes, human), fmtCount(r.Backtracks, human),
		fmtSeconds(r.elapsed, human), fmtRatio(r.VsSat, human)}
}

func (t compareTotal) cells(human bool) []string {
	return []string{t.Method, strconv.Itoa(t.Puzzles), strconv.Itoa(t.Solved), strconv.Itoa(t.NoSolution),
		strconv.Itoa(t.GaveUp), strconv.Itoa(t.Wrong), fmtCount(t.Nodes, human), fmtCount(t.Backtracks, human),
		fmtSeconds(t.elapsed, human), fmtRatio(t.VsSat, human)}
}

func fmtCount(n *int64, human bool) string {
	switch {
	case n != nil:
		return strconv.FormatInt(*n, 10)
	case human:
		return "-"
	}
	return ""
}

// fmtSeconds writes a duration with three significant digits for humans
// ("41.2µs", "1.93s"), and as seconds with microsecond precision otherwise.
func fmtSeconds(d time.Duration, human bool) string {
	if !human {
		return strconv.FormatFloat(d.Seconds(), 'f', 6, 64)
	}
	for unit := time.Duration(1); unit < time.Hour; unit *= 10 {
		if d < 1000*unit {
			return d.Round(unit).String()
		}
	}
	return d.Round(time.Second).String()
}

func fmtRatio(v *float64, human bool) string {
	switch {
	case v == nil && human:
		return "-"
	case v == nil:
		return ""
	case human && *v >= 100:
		return strconv.FormatFloat(*v, 'f', 0, 64) + "x"
	case human && *v >= 1:
		return strconv.FormatFloat(*v, 'f', 2, 64) + "x"
	case human:
		return strconv.FormatFloat(*v, 'g', 2, 64) + "x"
	}
	return strconv.FormatFloat(*v, 'g', 6, 64)
}

// textHeader returns the text table's column names: the CSV names, except
// that the text table shows "seconds" as a duration, under "time".
func textHeader(cols []string) []string {
	h := make([]string, len(cols))
	for k, c := range cols {
		h[k] = c
		if c == "seconds" {
			h[k] = "time"
		}
	}
	return h
}

func writeCompareText(w io.Writer, runs []compareRun, totals []compareTotal, totalsOnly bool) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	row := func(cells []string) { fmt.Fprintln(tw, strings.Join(cells, "\t")) }
	header := func(cols []string) { row(textHeader(cols)) }
	if !totalsOnly {
		header(runColumns)
		for _, r := range runs {
			row(r.cells(true))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	header(totalColumns)
	for _, t := range totals {
		row(t.cells(true))
	}
	return tw.Flush()
}

func writeCompareCSV(w io.Writer, runs []compareRun, totals []compareTotal, totalsOnly bool) error {
	cw := csv.NewWriter(w)
	if totalsOnly {
		cw.Write(totalColumns)
		for _, t := range totals {
			cw.Write(t.cells(false))
		}
	} else {
		cw.Write(runColumns)
		for _, r := range runs {
			cw.Write(r.cells(false))
		}
	}
	cw.Flush()
	return cw.Error()
}

func writeCompareJSON(w io.Writer, runs []compareRun, totals []compareTotal, totalsOnly bool) error {
	out := struct {
		Runs   []compareRun   `json:"runs,omitempty"`
		Totals []compareTotal `json:"totals"`
	}{Totals: totals}
	if !totalsOnly {
		out.Runs = runs
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
