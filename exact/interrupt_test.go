package exact

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

// latticeComponent returns the largest component of
// testdata/lattice-40x60.txt: a 40x60 board with a hint on every cell of
// even row and even column, true to a random layout of density 0.2, mine
// total unknown. Its 524 cells are too many to count, and gophersat's
// Minimize on it runs for more than five minutes.
func latticeComponent(t *testing.T) *Component {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "lattice-40x60.txt"))
	require.NoError(t, err)
	defer f.Close()
	p, err := game.ParsePuzzle("lattice-40x60.txt", f)
	require.NoError(t, err)
	sp, err := NewSplit(p)
	require.NoError(t, err)
	var big *Component
	for _, co := range sp.Components {
		if big == nil || len(co.Cells) > len(big.Cells) {
			big = co
		}
	}
	require.NotNil(t, big)
	return big
}

// TestSATInterrupted runs the search that once held every analysis of a
// server for minutes: it stops at its deadline, and meanwhile other
// searches, sharing no lock with it, are answered at once.
func TestSATInterrupted(t *testing.T) {
	co := latticeComponent(t)
	const budget = 300 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	start := time.Now()
	done := make(chan error, 1)
	go func() {
		_, err := minMines(ctx, co.satProblem(), co.lits())
		done <- err
	}()

	small, err := game.ParsePuzzle("small", strings.NewReader("mines 1\n1..\n"))
	require.NoError(t, err)
	for range 20 {
		s := time.Now()
		_, ok, err := Solve(context.Background(), small)
		require.NoError(t, err)
		require.True(t, ok)
		assert.Less(t, time.Since(s), time.Second, "a small Solve waited for the hard search")
		time.Sleep(5 * time.Millisecond)
	}

	select {
	case err := <-done:
		elapsed := time.Since(start)
		require.Error(t, err, "the search finished within %v: the test needs a harder one", budget)
		assert.True(t, errors.Is(err, context.DeadlineExceeded), "%v", err)
		assert.Less(t, elapsed, budget+time.Second, "the search outlived its deadline")
		t.Logf("stopped %v after its %v deadline", elapsed-budget, budget)
	case <-time.After(budget + 10*time.Second):
		t.Fatal("the search did not stop within 10s of its deadline")
	}

	// The same through the exported API: satTotals, from Analyze's
	// partial mode, as FindForced and Solve use it.
	ctx2, cancel2 := context.WithTimeout(context.Background(), budget)
	defer cancel2()
	start = time.Now()
	_, err = co.satTotals(ctx2)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Less(t, time.Since(start), budget+time.Second)
}
