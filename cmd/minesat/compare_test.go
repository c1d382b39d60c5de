package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// compareJSON runs compare --format json and decodes the output.
func compareJSON(t *testing.T, args ...string) (runs []compareRun, totals []compareTotal, r result) {
	t.Helper()
	r = runCmd(t, "", nil, append([]string{"compare", "--format", "json"}, args...)...)
	var out struct {
		Runs   []compareRun   `json:"runs"`
		Totals []compareTotal `json:"totals"`
	}
	if err := json.Unmarshal([]byte(r.out), &out); err != nil {
		t.Fatalf("output is not JSON: %v\n%s\nstderr: %s", err, r.out, r.err)
	}
	return out.Runs, out.Totals, r
}

// TestCompareSeeds runs every default method on the seed puzzles: each one
// solves the satisfiable ones and proves case5 unsatisfiable, and the totals
// add up.
func TestCompareSeeds(t *testing.T) {
	runs, totals, r := compareJSON(t, seedPaths()...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	methods := strings.Split(defaultCompareMethods, ",")
	if len(runs) != len(seedFiles)*len(methods) {
		t.Fatalf("%d runs; want %d", len(runs), len(seedFiles)*len(methods))
	}
	for k, run := range runs {
		file, m := k/len(methods), methods[k%len(methods)]
		want := outSolved
		if seedCounts[file] == 0 {
			want = outNoSol
		}
		if run.Method != m || !strings.HasSuffix(run.File, seedFiles[file]) || run.Outcome != want {
			t.Errorf("run %d: %s %s %s; want %s %s %s", k, run.File, run.Method, run.Outcome, seedFiles[file], m, want)
		}
		if (m == "sat") != (run.Nodes == nil) {
			t.Errorf("run %d (%s): nodes %v", k, m, run.Nodes)
		}
		if run.VsSat == nil || run.Seconds < 0 {
			t.Errorf("run %d: seconds %v, vs_sat %v", k, run.Seconds, run.VsSat)
		}
	}
	for k, tot := range totals {
		if tot.Method != methods[k] || tot.Puzzles != 9 || tot.Solved != 8 || tot.NoSolution != 1 || tot.GaveUp != 0 || tot.Wrong != 0 {
			t.Errorf("totals %+v", tot)
		}
		var nodes int64
		var secs float64
		for _, run := range runs {
			if run.Method == tot.Method {
				if run.Nodes != nil {
					nodes += *run.Nodes
				}
				secs += run.Seconds
			}
		}
		if tot.Nodes != nil && *tot.Nodes != nodes {
			t.Errorf("%s: total nodes %d; runs sum to %d", tot.Method, *tot.Nodes, nodes)
		}
		if d := tot.Seconds - secs; d > 1e-6 || d < -1e-6 {
			t.Errorf("%s: total seconds %v; runs sum to %v", tot.Method, tot.Seconds, secs)
		}
	}
}

// TestCompareAll enumerates every solution of the seed puzzles with the
// backtracking combinations, counts them with sat (exact.Count), and checks the
// known counts.
func TestCompareAll(t *testing.T) {
	paths := seedPaths()
	if testing.Short() {
		paths = paths[:8] // size8-b's 13920 solutions take seconds under -race
	}
	// Plain bt and lcv need over 10M nodes for size8-b's 13920 solutions;
	// package backtrack counts them with every combination.
	methods := "sat,bt+fc,mrv,mrv+fc,degree,degree+fc,lcv+fc,mrv+degree,mrv+degree+lcv+fc"
	runs, _, r := compareJSON(t, append([]string{"--all", "--timeout", "10m", "--methods", methods}, paths...)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	n := len(strings.Split(methods, ","))
	for k, run := range runs {
		want := seedCounts[k/n]
		if run.Solutions != want {
			t.Errorf("%s %s: %d solutions; want %d", run.File, run.Method, run.Solutions, want)
		}
		if (want == 0) != (run.Outcome == outNoSol) {
			t.Errorf("%s %s: outcome %s", run.File, run.Method, run.Outcome)
		}
	}
}

// TestCompareGolden pins the deterministic columns (outcome, solutions,
// nodes, backtracks) of the default methods on the seed puzzles, as CSV
// without the time columns. A change means the search changed.
func TestCompareGolden(t *testing.T) {
	r := runCmd(t, "", nil, append([]string{"compare", "--format", "csv"}, seedPaths()...)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	recs, err := csv.NewReader(strings.NewReader(r.out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(recs[0], ","); got != strings.Join(runColumns, ",") {
		t.Fatalf("CSV header %q; want %q", got, strings.Join(runColumns, ","))
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	for _, rec := range recs {
		rec[0] = filepath.Base(rec[0])
		w.Write(rec[:6]) // file, method, outcome, solutions, nodes, backtracks
	}
	w.Flush()
	checkGolden(t, "compare/seeds.csv", b.Bytes())
}

// TestCompareFormats checks that text, CSV and JSON carry the same rows and
// columns, and that the text tables are aligned.
func TestCompareFormats(t *testing.T) {
	paths := seedPaths()[:3]
	args := []string{"compare", "--methods", "sat,bt,mrv+fc"}
	text := runCmd(t, "", nil, append(args, paths...)...)
	csvOut := runCmd(t, "", nil, append(append(args, "--format", "csv"), paths...)...)
	csvTot := runCmd(t, "", nil, append(append(args, "--format", "csv", "--totals"), paths...)...)
	jsonOut := runCmd(t, "", nil, append(append(args, "--format", "json"), paths...)...)
	textTot := runCmd(t, "", nil, append(append(args, "--totals"), paths...)...)
	for _, r := range []result{text, csvOut, csvTot, jsonOut, textTot} {
		if r.code != 0 || r.err != "" {
			t.Fatalf("exit %d, stderr %q", r.code, r.err)
		}
	}
	// Text: a runs table, a blank line, a totals table; columns aligned.
	tables := strings.Split(strings.TrimSuffix(text.out, "\n"), "\n\n")
	if len(tables) != 2 {
		t.Fatalf("text output has %d tables; want 2:\n%s", len(tables), text.out)
	}
	if a, b := strings.Split(tables[1], "\n"), strings.Split(textTot.out, "\n"); strings.Join(strings.Fields(a[0]), " ") != strings.Join(strings.Fields(b[0]), " ") || len(a)+1 != len(b) {
		t.Errorf("--totals text is not the totals table:\n%s\nvs\n%s", textTot.out, tables[1])
	}
	for k, cols := range [][]string{runColumns, totalColumns} {
		lines := strings.Split(tables[k], "\n")
		header := strings.Fields(lines[0])
		if len(lines) != 1+[]int{9, 3}[k] {
			t.Errorf("table %d has %d lines:\n%s", k, len(lines), tables[k])
		}
		for _, line := range lines {
			// Each column starts where the header's column starts, counting
			// runes as tabwriter does ("µs").
			for _, h := range header[1:] {
				at := len([]rune(lines[0][:strings.Index(lines[0], " "+h)])) + 1
				line := []rune(line)
				if at >= len(line) || line[at-1] != ' ' || line[at] == ' ' {
					t.Errorf("column %q is not aligned in %q", h, string(line))
				}
			}
		}
		if got, want := strings.Join(header, " "), strings.Join(textHeader(cols), " "); got != want {
			t.Errorf("text table %d header %q; want %q", k, got, want)
		}
	}
	// CSV and JSON: the same columns, the same values where deterministic.
	recs, err := csv.NewReader(strings.NewReader(csvOut.out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	tot, err := csv.NewReader(strings.NewReader(csvTot.out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var js map[string][]map[string]any
	if err := json.Unmarshal([]byte(jsonOut.out), &js); err != nil {
		t.Fatal(err)
	}
	for name, pair := range map[string]struct {
		recs [][]string
		objs []map[string]any
	}{"runs": {recs, js["runs"]}, "totals": {tot, js["totals"]}} {
		if len(pair.recs)-1 != len(pair.objs) {
			t.Fatalf("%s: %d CSV rows, %d JSON objects", name, len(pair.recs)-1, len(pair.objs))
		}
		for k, obj := range pair.objs {
			if len(obj) != len(pair.recs[0]) {
				t.Errorf("%s %d: JSON keys %v; CSV columns %v", name, k, obj, pair.recs[0])
			}
			for c, col := range pair.recs[0] {
				v, ok := obj[col]
				if !ok {
					t.Errorf("%s %d: JSON lacks column %q", name, k, col)
					continue
				}
				if col == "seconds" || col == "vs_sat" {
					continue // measured again in each run
				}
				got := pair.recs[k+1][c]
				want := ""
				if v != nil {
					want = fmt.Sprint(v)
				}
				if got != want {
					t.Errorf("%s %d: column %s: CSV %q, JSON %q", name, k, col, got, want)
				}
			}
		}
	}
}

// TestCompareGaveUp checks that a run over its node budget is reported as
// "gave up" with exactly the budget's nodes, and that compare still exits 0.
func TestCompareGaveUp(t *testing.T) {
	size8b := seedPaths()[8]
	runs, totals, r := compareJSON(t, "--methods", "bt,degree+fc", "--max-nodes", "1000", size8b)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	if runs[0].Outcome != outGaveUp || *runs[0].Nodes != 1000 || totals[0].GaveUp != 1 {
		t.Errorf("bt: %+v, totals %+v; want gave up after 1000 nodes", runs[0], totals[0])
	}
	if runs[1].Outcome != outSolved {
		t.Errorf("degree+fc: %+v; want solved within 1000 nodes", runs[1])
	}
	// A timeout is the other budget.
	runs, _, _ = compareJSON(t, "--all", "--methods", "bt", "--max-nodes", "1000000000", "--timeout", "1ms", size8b)
	if runs[0].Outcome != outGaveUp {
		t.Errorf("bt --all with a 1ms timeout: %+v; want gave up", runs[0])
	}
}

// TestCompareRepeat checks that --repeat keeps the deterministic columns and
// reports the fastest run.
func TestCompareRepeat(t *testing.T) {
	paths := seedPaths()[7:8]
	once, _, _ := compareJSON(t, append([]string{"--methods", "bt,mrv+fc"}, paths...)...)
	many, _, r := compareJSON(t, append([]string{"--methods", "bt,mrv+fc", "--repeat", "5"}, paths...)...)
	if r.code != 0 || len(many) != 2 {
		t.Fatalf("exit %d, %d runs: %s", r.code, len(many), r.err)
	}
	for k := range many {
		if *many[k].Nodes != *once[k].Nodes || many[k].Outcome != once[k].Outcome {
			t.Errorf("--repeat 5: %+v; once: %+v", many[k], once[k])
		}
	}
}

func TestCompareUsage(t *testing.T) {
	seed := seedPaths()[0]
	bad := filepath.Join(t.TempDir(), "bad.txt")
	os.WriteFile(bad, []byte("2 2 1\n-1 x\n"), 0o644)
	invalid := filepath.Join(t.TempDir(), "invalid.txt")
	os.WriteFile(invalid, []byte("1 2 1\n5 -1\n"), 0o644)
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{}, 2, "minesat: compare: no puzzle files given (see 'minesat compare -h')\n"},
		{[]string{"--methods", "sat,mrv+xyz", seed}, 2, `unknown word "xyz"`},
		{[]string{"--methods", "mrv+fc,fc+mrv", seed}, 2, "mrv+fc listed twice"},
		{[]string{"--format", "xml", seed}, 2, `--format "xml": want text, csv or json`},
		{[]string{"--timeout", "-1s", seed}, 2, "--timeout -1s: want a duration of 0 (no limit) or more"},
		{[]string{"--max-nodes", "0", seed}, 2, "--max-nodes 0: want at least 1"},
		{[]string{"--methods", "sat", "--max-nodes", "10", seed}, 2, "--max-nodes bounds the backtracking methods, and --methods lists none"},
		{[]string{"--repeat", "0", seed}, 2, "--repeat 0: want at least 1"},
		{[]string{"--plot", "nodes.pdf", seed}, 2, "--plot nodes.pdf: want a .svg or .png file name"},
		{[]string{"no-such-file.txt"}, 2, "no-such-file.txt"},
		{[]string{bad}, 2, "bad.txt:2:4:"},
		{[]string{invalid}, 1, "invalid.txt has no solution: game: invalid puzzle: hint 5 at (0,0) but the cell has only 1 neighbours"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := runCmd(t, "", nil, append([]string{"compare"}, tc.args...)...)
			if r.code != tc.code || !strings.Contains(r.err, tc.msg) || r.out != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and %q", r.code, r.out, r.err, tc.code, tc.msg)
			}
		})
	}
}

// TestCompareInterrupted checks that a cancelled comparison (Ctrl-C) stops
// with exit 3, like solve, and writes no table.
func TestCompareInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	s := &stdio{out: &out, err: &errb, getenv: func(string) string { return "" }, openInput: func(name string) (io.ReadCloser, error) { return os.Open(name) }}
	err := run(ctx, []string{"compare", "--methods", "sat,mrv+fc", seedPaths()[0]}, s)
	if got := exitCode(err); got != exitBudget || err == nil || !strings.Contains(err.Error(), "compare: interrupted") {
		t.Errorf("error %v, exit %d; want \"compare: interrupted\" and exit %d", err, got, exitBudget)
	}
	if out.Len() != 0 {
		t.Errorf("stdout %q; want nothing", out.String())
	}
}

// TestComparePlot checks that --plot draws every method and puzzle, as well
// as writing the tables, and names the puzzles by their base names unless
// two share one.
func TestComparePlot(t *testing.T) {
	paths := seedPaths()[:2]
	out := filepath.Join(t.TempDir(), "cost.svg")
	r := runCmd(t, "", nil, append([]string{"compare", "--plot", out, "--methods", "sat,mrv+fc,bt"}, paths...)...)
	if r.code != 0 || !strings.Contains(r.out, "mrv+fc") {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.out, r.err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	text := checkSVG(t, b)
	for _, want := range []string{"minesat compare: search nodes", "wall time", "sat", "mrv+fc", "bt",
		filepath.Base(paths[0]), filepath.Base(paths[1])} {
		if !strings.Contains(text, want) {
			t.Errorf("the plot lacks %q; its text:\n%s", want, text)
		}
	}

	n := int64(7)
	costs := compareCosts([]compareRun{
		{File: "a/x.txt", Method: "sat", Seconds: 0.5},
		{File: "b/x.txt", Method: "bt", Nodes: &n, Seconds: 0.25},
		{File: "a/y.txt", Method: "bt", Nodes: &n},
	})
	if got := []string{costs[0].Case, costs[1].Case, costs[2].Case}; strings.Join(got, " ") != "a/x.txt b/x.txt y.txt" {
		t.Errorf("cases %q; want full names only where base names clash", got)
	}
	if !math.IsNaN(costs[0].Nodes) || costs[1].Nodes != 7 || costs[1].Seconds != 0.25 {
		t.Errorf("costs %+v; want NaN nodes for sat and the run's nodes and seconds otherwise", costs)
	}
}

// TestCrossCheck checks the verdicts compare gives when methods disagree.
func TestCrossCheck(t *testing.T) {
	runs := []compareRun{
		{Method: "sat", Outcome: outSolved, Solutions: 1, Seconds: 2, elapsed: 2},
		{Method: "bt", Outcome: outNoSol, Seconds: 4, elapsed: 4},
		{Method: "mrv", Outcome: outGaveUp, Seconds: 1, elapsed: 1},
	}
	crossCheck(runs, false)
	if runs[1].Outcome != outWrong || runs[0].Outcome != outSolved || runs[2].Outcome != outGaveUp {
		t.Errorf("outcomes %s, %s, %s; want solved, wrong, gave up", runs[0].Outcome, runs[1].Outcome, runs[2].Outcome)
	}
	if *runs[1].VsSat != 2 || *runs[2].VsSat != 0.5 {
		t.Errorf("vs sat %v, %v; want 2, 0.5", *runs[1].VsSat, *runs[2].VsSat)
	}
	// --all: a finished enumeration with fewer solutions than another is wrong.
	all := []compareRun{
		{Method: "bt", Outcome: outSolved, Solutions: 7},
		{Method: "mrv", Outcome: outGaveUp, Solutions: 8},
		{Method: "mrv+fc", Outcome: outSolved, Solutions: 8},
	}
	crossCheck(all, true)
	if all[0].Outcome != outWrong || all[2].Outcome != outSolved || all[0].VsSat != nil {
		t.Errorf("outcomes %+v", all)
	}
	// --all: sat's count is checked against the enumerations, never the
	// reverse: above a finished enumeration, or below one that gave up, it
	// is wrong.
	for _, tc := range []struct {
		satCount int64
		other    string
		want     string
	}{
		{8, outSolved, outSolved}, {9, outSolved, outWrong}, {7, outSolved, outWrong},
		{9, outGaveUp, outSolved}, {7, outGaveUp, outWrong},
	} {
		runs := []compareRun{
			{Method: "sat", Outcome: outSolved, Solutions: tc.satCount},
			{Method: "bt", Outcome: tc.other, Solutions: 8},
		}
		crossCheck(runs, true)
		if runs[0].Outcome != tc.want || runs[1].Outcome != tc.other {
			t.Errorf("sat counts %d, bt %s with 8: %s, %s; want %s, %s", tc.satCount, tc.other,
				runs[0].Outcome, runs[1].Outcome, tc.want, tc.other)
		}
	}
	// Every outcome but solved, no solution and gave up counts as wrong.
	tot := compareTotals([]compareMethod{{name: "bt"}}, []compareRun{
		{Method: "bt", Outcome: outWrong}, {Method: "bt", Outcome: outErrored}, {Method: "bt", Outcome: outSolved}})
	if tot[0].Wrong != 2 || tot[0].Solved != 1 || tot[0].Nodes != nil {
		t.Errorf("totals %+v", tot[0])
	}
}

// TestCompareProgress checks that compare shows play's progress bar (runs
// done out of the total, with the rate) on a terminal and clears it before
// the tables, and writes nothing on stderr in a pipe.
func TestCompareProgress(t *testing.T) {
	args := []string{"compare", "--methods", "sat,mrv+fc", seedPaths()[0]}
	for _, tty := range []bool{false, true} {
		t.Run(fmt.Sprintf("errTTY=%v", tty), func(t *testing.T) {
			var out, errb bytes.Buffer
			s := &stdio{out: &out, err: &errb, errTTY: tty, getenv: func(string) string { return "" },
				openInput: func(name string) (io.ReadCloser, error) { return os.Open(name) }}
			if err := run(context.Background(), args, s); err != nil {
				t.Fatalf("compare: %v", err)
			}
			if !strings.Contains(out.String(), "mrv+fc") {
				t.Errorf("stdout %q; want the tables", out.String())
			}
			got := errb.String()
			switch {
			case !tty && got != "":
				t.Errorf("stderr %q on a non-terminal; want nothing", got)
			case tty && (!strings.Contains(got, "runs") || !strings.Contains(got, "/2") || !strings.HasSuffix(got, "\r")):
				t.Errorf("stderr %q on a terminal; want a bar of runs out of 2, cleared at the end", got)
			case tty && strings.Contains(got, "compare: "):
				t.Errorf("stderr %q; want the progress bar, not the old progress line", got)
			}
		})
	}
}

// TestCompareTestdata checks that testdata/compare holds exactly what its
// README's gen commands produce, and that every puzzle there is solved by
// the best backtracking combination within a small budget.
func TestCompareTestdata(t *testing.T) {
	settings := []struct{ dir, rows, cols, mines, hints string }{
		{"9x9-15-24", "9", "9", "15", "24"}, {"9x9-22-36", "9", "9", "22", "36"},
		{"12x12-30-48", "12", "12", "30", "48"}, {"12x12-40-64", "12", "12", "40", "64"},
	}
	var paths []string
	for _, s := range settings {
		for seed := 1; seed <= 5; seed++ {
			path := filepath.Join("..", "..", "testdata", "compare", s.dir, strconv.Itoa(seed)+".txt")
			paths = append(paths, path)
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			r := runCmd(t, "", nil, "gen", "--rows", s.rows, "--cols", s.cols, "--mines", s.mines, "--hints", s.hints, "--seed", strconv.Itoa(seed))
			if r.out != string(want) {
				t.Errorf("%s differs from gen's output:\n%s", path, r.out)
			}
		}
	}
	_, totals, r := compareJSON(t, append([]string{"--methods", "mrv+degree+fc", "--max-nodes", "10000"}, paths...)...)
	if r.code != 0 || totals[0].Solved != len(paths) {
		t.Errorf("mrv+degree+fc: exit %d, %+v", r.code, totals)
	}
}
