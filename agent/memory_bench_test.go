package agent

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/cellmem"
)

// bigSizes are the boards the memory benchmarks measure, as 'minesat play
// --level NxN/1' plays them: one mine, so the first click opens the board.
var bigSizes = []int{1000, 2048}

// BenchmarkPlayMemory measures what playing a game costs a cell of its
// board (docs/limits.md, "Memory a cell").
func BenchmarkPlayMemory(b *testing.B) {
	for _, n := range bigSizes {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			l := game.Level{Name: fmt.Sprintf("%dx%d/1", n, n), Rows: n, Cols: n, Mines: 1}
			a, err := New()
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cellmem.Report(b, n*n, func() {
				g, err := game.New(l, game.RulesSafe, 1)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := a.Play(context.Background(), g); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// TestPlayMemoryPerCell pins what playing a big board holds a cell at its
// peak: under 128 bytes on a 1000x1000 board with one mine, opened by one
// flood (the clause records and the opened cells, grown by appends, once
// held 149 B a cell there).
func TestPlayMemoryPerCell(t *testing.T) {
	if testing.Short() {
		t.Skip("a 1000x1000 game")
	}
	const n = 1000
	l := game.Level{Name: "1000x1000/1", Rows: n, Cols: n, Mines: 1}
	a, err := New()
	require.NoError(t, err)
	peak, _ := cellmem.Measure(func() {
		g, err := game.New(l, game.RulesSafe, 1)
		require.NoError(t, err)
		_, err = a.Play(context.Background(), g)
		require.NoError(t, err)
	})
	perCell := float64(peak) / (n * n)
	t.Logf("peak %.1f B a cell", perCell)
	assert.Less(t, perCell, 128.0, "peak heap a cell of a 1000x1000 game")
}
