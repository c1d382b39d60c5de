package advice

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/internal/probe"
)

// TestAdviseAsksExactOnce follows puzzles through Advise, the path of
// 'minesat analyze', whatever the puzzle, the budget or whether it has a
// solution: one exact.Analyzer is made and asked for one Report (count,
// forced cells, probabilities, dead cells, or the conflict); the agent's
// SAT step and guesser take that report's analysis rather than analysing
// the position again; every analysis made on the way is that Analyzer's
// (probe counts them all); and kb builds at most one knowledge base. The
// other whole positions the Analyzer analyses are those the pseudo 50/50
// scan makes, the position with a candidate cell flagged, counted here by
// running the scan alone.
func TestAdviseAsksExactOnce(t *testing.T) {
	files, err := filepath.Glob("../testdata/puzzles/seed/*.txt")
	require.NoError(t, err)
	more, err := filepath.Glob("../testdata/compare/*/*.txt")
	require.NoError(t, err)
	files = append(files, more...)
	require.Greater(t, len(files), 20)
	var puzzles []*game.Puzzle
	for _, f := range files {
		in, err := os.Open(f)
		require.NoError(t, err)
		p, err := game.ParsePuzzle(f, in)
		in.Close()
		require.NoError(t, err)
		puzzles = append(puzzles, p)
	}
	// Positions where the agent guesses: a 50/50, one without a total, and
	// random ones with few cells open.
	puzzles = append(puzzles, mustPuzzle(t, "2 2 1\n1 1\n-1 -1\n"), mustPuzzle(t, "mines ?\n1..\n...\n...\n"))
	for i := range 12 {
		p, _, err := game.Generate(9, 9, 15, game.GenOptions{Reveal: 0.05}, int64(i))
		require.NoError(t, err)
		puzzles = append(puzzles, p)
	}
	var made []*exact.Analyzer
	newAnalyzer = func(b exact.Budget) *exact.Analyzer {
		z := exact.NewAnalyzer(b)
		made = append(made, z)
		return z
	}
	defer func() { newAnalyzer = exact.NewAnalyzer }()
	ctx := context.Background()
	guesses := 0
	for k, p := range puzzles {
		f := fmt.Sprintf("puzzle %d\n%s", k, p)
		for _, budget := range []exact.Budget{{}, {MaxStates: 1}} {
			made = made[:0]
			analyses, kbs := probe.Analyses.Load(), probe.KBs.Load()
			adv, err := Advise(ctx, p, agent.WithBudget(budget))
			require.NoError(t, err)
			if adv.Move != nil && !adv.Move.Forced {
				guesses++
			}
			analyses, kbs = probe.Analyses.Load()-analyses, probe.KBs.Load()-kbs
			require.Len(t, made, 1, "%s: analyzers made", f)
			st := made[0].Stats()
			assert.Equal(t, 1, st.Reports, "%s: reports asked", f)
			assert.Equal(t, 1+fiftyFiftyPositions(t, p, budget), st.Positions, "%s: positions analysed whole", f)
			assert.Equal(t, int64(st.Positions+st.Reveals), analyses, "%s: analyses made by another analyzer", f)
			assert.LessOrEqual(t, kbs, int64(1), "%s: knowledge bases built", f)
		}
	}
	assert.Greater(t, guesses, 5, "answers that guess")
}

// fiftyFiftyPositions returns the number of positions the pseudo 50/50
// scan analyses whole in p, counting within budget.
func fiftyFiftyPositions(t *testing.T, p *game.Puzzle, budget exact.Budget) int {
	t.Helper()
	ctx := context.Background()
	r, err := exact.NewAnalyzer(budget).Report(ctx, p, exact.Ask{Probabilities: true})
	require.NoError(t, err)
	if r.Probs == nil {
		return 0
	}
	z := exact.NewAnalyzer(budget)
	_, err = guess.FiftyFifties(ctx, &guess.Position{View: p, Analyzer: z}, r.Probs, budget)
	require.NoError(t, err)
	return z.Stats().Positions
}
