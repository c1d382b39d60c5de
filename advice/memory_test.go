package advice

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/cellmem"
)

// BenchmarkAdviseMemory measures what 'minesat analyze' costs a cell: the
// advice on a generated position, one mine in twenty cells, 90% of the
// safe cells shown.
func BenchmarkAdviseMemory(b *testing.B) {
	for _, n := range []int{1000, 2048} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			p, _, err := game.Generate(n, n, n*n/20, game.GenOptions{Reveal: 0.9}, 1)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			cellmem.Report(b, n*n, func() {
				if _, err := Advise(context.Background(), p); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// TestAdviseMemoryPerCell pins what advising on a big position holds a
// cell at its peak: under 128 bytes on BenchmarkAdviseMemory's 1000x1000
// position (the pending moves, each with its reason, and the clause
// records copied as they grew once held 164 B a cell there).
func TestAdviseMemoryPerCell(t *testing.T) {
	if testing.Short() {
		t.Skip("a 1000x1000 position")
	}
	const n = 1000
	p, _, err := game.Generate(n, n, n*n/20, game.GenOptions{Reveal: 0.9}, 1)
	require.NoError(t, err)
	peak, _ := cellmem.Measure(func() {
		_, err := Advise(context.Background(), p)
		require.NoError(t, err)
	})
	perCell := float64(peak) / (n * n)
	t.Logf("peak %.1f B a cell", perCell)
	assert.Less(t, perCell, 128.0, "peak heap a cell of a 1000x1000 analysis")
}
