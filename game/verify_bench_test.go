package game

import (
	"fmt"
	"io"
	"testing"

	"github.com/minesat/minesat/internal/cellmem"
)

// bigRecord returns the record of a won game on a rows x cols board with
// one mine under the safe rules: the first click opens every safe cell.
func bigRecord(tb testing.TB, rows, cols int) *Record {
	tb.Helper()
	l := Level{Name: fmt.Sprintf("%dx%d/1", rows, cols), Rows: rows, Cols: cols, Mines: 1}
	g, err := New(l, RulesSafe, 1)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := g.Open(Pos{0, 0}); err != nil {
		tb.Fatal(err)
	}
	return &Record{Version: RecordVersion, Level: l.Name, Rows: rows, Cols: cols, MineCount: 1, Rules: "safe", Seed: 1,
		Mines: PairsOf(g.Mines()), Initial: [][2]int{}, Outcome: g.Outcome(),
		Moves: []MoveRecord{{Op: OpOpen.String(), Cell: [2]int{0, 0}, Why: "first click"}}}
}

// BenchmarkReplayRecordMemory measures what verifying a record costs a
// cell of its board, which RecordCellsPerByte is set from.
func BenchmarkReplayRecordMemory(b *testing.B) {
	for _, n := range []int{1000, 2048} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			rec := bigRecord(b, n, n)
			b.ReportAllocs()
			cellmem.Report(b, n*n, func() {
				if err := VerifyRecord(rec); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkGenerateMemory measures what 'minesat gen' costs a cell: a
// puzzle of one mine in eight cells, half the safe cells shown, made and
// written.
func BenchmarkGenerateMemory(b *testing.B) {
	for _, n := range []int{1000, 2048} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			b.ReportAllocs()
			cellmem.Report(b, n*n, func() {
				p, _, err := Generate(n, n, n*n/8, GenOptions{Reveal: 0.5}, 1)
				if err != nil {
					b.Fatal(err)
				}
				if err := p.WriteGrid(io.Discard); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
