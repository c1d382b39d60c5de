package compare

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/backtrack"
)

// TestReportFormats checks that text, CSV and JSON carry the same rows and
// columns, and that the text tables are aligned.
func TestReportFormats(t *testing.T) {
	rep, err := Run(context.Background(), seeds(t, 0, 1, 2), Options{Solvers: methods(t, "sat,bt,mrv+fc", backtrack.DefaultMaxNodes)})
	require.NoError(t, err)
	write := func(w func(io.Writer, bool) error, totalsOnly bool) string {
		var b strings.Builder
		require.NoError(t, w(&b, totalsOnly))
		return b.String()
	}
	text, textTot := write(rep.WriteText, false), write(rep.WriteText, true)
	csvOut, csvTot := write(rep.WriteCSV, false), write(rep.WriteCSV, true)
	jsonOut := write(rep.WriteJSON, false)
	// Text: a runs table, a blank line, a totals table; columns aligned.
	tables := strings.Split(strings.TrimSuffix(text, "\n"), "\n\n")
	if len(tables) != 2 {
		t.Fatalf("text output has %d tables; want 2:\n%s", len(tables), text)
	}
	if a, b := strings.Split(tables[1], "\n"), strings.Split(textTot, "\n"); strings.Join(strings.Fields(a[0]), " ") != strings.Join(strings.Fields(b[0]), " ") || len(a)+1 != len(b) {
		t.Errorf("--totals text is not the totals table:\n%s\nvs\n%s", textTot, tables[1])
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
	recs, err := csv.NewReader(strings.NewReader(csvOut)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	tot, err := csv.NewReader(strings.NewReader(csvTot)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var js map[string][]map[string]any
	if err := json.Unmarshal([]byte(jsonOut), &js); err != nil {
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
