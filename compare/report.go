package compare

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// Outcome is how one run (one puzzle, one solver) ended.
type Outcome string

// The outcomes of a run.
const (
	Solved     Outcome = "solved"      // a solution (with Options.All: every solution) found and checked
	NoSolution Outcome = "no solution" // the solver proved there is none
	GaveUp     Outcome = "gave up"     // the node budget or the timeout ran out
	Wrong      Outcome = "wrong"       // an invalid solution, or "no solution" when there is one
	Errored    Outcome = "error"       // the solver failed
)

// Result is one row of the comparison: one puzzle, one solver.
type Result struct {
	File       string   `json:"file"`   // the puzzle's name
	Solver     string   `json:"method"` // Solver.Name
	Outcome    Outcome  `json:"outcome"`
	Solutions  int64    `json:"solutions"` // 1 when one was found; with Options.All, all of them
	Nodes      *int64   `json:"nodes"`     // nil for solvers that do not count nodes (sat)
	Backtracks *int64   `json:"backtracks"`
	Seconds    float64  `json:"seconds"`
	VsSat      *float64 `json:"vs_sat"` // Seconds / sat's Seconds on the same puzzle; nil without sat
	Error      string   `json:"error,omitempty"`

	elapsed time.Duration
}

// Total sums one solver's results.
type Total struct {
	Solver     string   `json:"method"`
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

// Report is a comparison: its results, puzzle by puzzle and solver by
// solver in order, and the totals per solver, in the solvers' order.
type Report struct {
	Runs   []Result `json:"runs,omitempty"`
	Totals []Total  `json:"totals"`
}

// Wrong returns the number of wrong answers and errors.
func (r *Report) Wrong() int {
	n := 0
	for _, t := range r.Totals {
		n += t.Wrong
	}
	return n
}

// The columns of the two tables, shared by every format.
var (
	runColumns   = []string{"file", "method", "outcome", "solutions", "nodes", "backtracks", "seconds", "vs_sat"}
	totalColumns = []string{"method", "puzzles", "solved", "no_solution", "gave_up", "wrong", "nodes", "backtracks", "seconds", "vs_sat"}
)

// cells returns r's columns as text; human selects the text table's forms
// (durations and "-"), otherwise plain numbers and empty cells for CSV.
func (r Result) cells(human bool) []string {
	return []string{r.File, r.Solver, string(r.Outcome), strconv.FormatInt(r.Solutions, 10),
		fmtCount(r.Nodes, human), fmtCount(r.Backtracks, human),
		fmtSeconds(r.elapsed, human), fmtRatio(r.VsSat, human)}
}

func (t Total) cells(human bool) []string {
	return []string{t.Solver, strconv.Itoa(t.Puzzles), strconv.Itoa(t.Solved), strconv.Itoa(t.NoSolution),
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

// WriteText writes the report as aligned text: the results table, a blank
// line and the totals table, or with totalsOnly the totals table alone.
// Times are durations ("41.2µs"), missing values "-".
func (r *Report) WriteText(w io.Writer, totalsOnly bool) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	row := func(cells []string) { fmt.Fprintln(tw, strings.Join(cells, "\t")) }
	header := func(cols []string) { row(textHeader(cols)) }
	if !totalsOnly {
		header(runColumns)
		for _, res := range r.Runs {
			row(res.cells(true))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	header(totalColumns)
	for _, t := range r.Totals {
		row(t.cells(true))
	}
	return tw.Flush()
}

// WriteCSV writes one table as CSV with a header line: the results, or with
// totalsOnly the totals. Times are seconds, missing values empty.
func (r *Report) WriteCSV(w io.Writer, totalsOnly bool) error {
	cw := csv.NewWriter(w)
	if totalsOnly {
		cw.Write(totalColumns)
		for _, t := range r.Totals {
			cw.Write(t.cells(false))
		}
	} else {
		cw.Write(runColumns)
		for _, res := range r.Runs {
			cw.Write(res.cells(false))
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteJSON writes the report as one indented JSON object with the keys
// runs (left out with totalsOnly) and totals.
func (r *Report) WriteJSON(w io.Writer, totalsOnly bool) error {
	out := *r
	if totalsOnly {
		out.Runs = nil
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
