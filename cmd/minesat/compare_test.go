package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/minesat/minesat/compare"
)

// runHeader is the CSV header of compare's runs table.
const runHeader = "file,method,outcome,solutions,nodes,backtracks,seconds,vs_sat"

func TestCompareGolden(t *testing.T) {
	// No time limit: the node budget alone bounds the searches, so that the
	// outcomes do not depend on the machine's load (or the race detector).
	r := runCmd(t, "", nil, append([]string{"compare", "--format", "csv", "--timeout", "0"}, seedPaths()...)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	recs, err := csv.NewReader(strings.NewReader(r.out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(recs[0], ","); got != runHeader {
		t.Fatalf("CSV header %q; want %q", got, runHeader)
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
	text := string(b)
	if !strings.HasPrefix(strings.TrimSpace(text), "<?xml") && !strings.Contains(text, "<svg") {
		t.Fatalf("the plot is not SVG: %.60q", text)
	}
	for _, want := range []string{"minesat compare: search nodes", "wall time", "sat", "mrv+fc", "bt",
		filepath.Base(paths[0]), filepath.Base(paths[1])} {
		if !strings.Contains(text, want) {
			t.Errorf("the plot lacks %q; its text:\n%s", want, text)
		}
	}

	n := int64(7)
	costs := compareCosts([]compare.Result{
		{File: "a/x.txt", Solver: "sat", Seconds: 0.5},
		{File: "b/x.txt", Solver: "bt", Nodes: &n, Seconds: 0.25},
		{File: "a/y.txt", Solver: "bt", Nodes: &n},
	})
	if got := []string{costs[0].Case, costs[1].Case, costs[2].Case}; strings.Join(got, " ") != "a/x.txt b/x.txt y.txt" {
		t.Errorf("cases %q; want full names only where base names clash", got)
	}
	if !math.IsNaN(costs[0].Nodes) || costs[1].Nodes != 7 || costs[1].Seconds != 0.25 {
		t.Errorf("costs %+v; want NaN nodes for sat and the run's nodes and seconds otherwise", costs)
	}
}
