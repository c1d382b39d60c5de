package advice

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// TestAdviseAsksExactOnce follows the seed puzzles through Advise, the
// path of 'minesat analyze': one exact.Analyzer is made and asked for one
// Report (count, forced cells, probabilities, dead cells, or the conflict),
// whatever the puzzle, the budget or whether it has a solution.
func TestAdviseAsksExactOnce(t *testing.T) {
	files, err := filepath.Glob("../testdata/puzzles/seed/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var made []*exact.Analyzer
	newAnalyzer = func(b exact.Budget) *exact.Analyzer {
		z := exact.NewAnalyzer(b)
		made = append(made, z)
		return z
	}
	defer func() { newAnalyzer = exact.NewAnalyzer }()
	for _, f := range files {
		for _, budget := range []exact.Budget{{}, {MaxStates: 1}} {
			made = made[:0]
			in, err := os.Open(f)
			require.NoError(t, err)
			p, err := game.ParsePuzzle(f, in)
			in.Close()
			require.NoError(t, err)
			_, err = Advise(context.Background(), p, agent.WithBudget(budget))
			require.NoError(t, err)
			require.Len(t, made, 1, "%s: analyzers made", f)
			assert.Equal(t, 1, made[0].Reports(), "%s: reports asked", f)
		}
	}
}
