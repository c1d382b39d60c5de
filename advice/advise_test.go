package advice

import (
	"context"
	"encoding/json"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/internal/puzzletest"
)

func mustPuzzle(t *testing.T, text string) *game.Puzzle {
	t.Helper()
	p, err := game.ParsePuzzle("test", strings.NewReader(text))
	require.NoError(t, err)
	return p
}

func TestAdviseAnalysis(t *testing.T) {
	ctx := context.Background()
	// The 1 at (0,0) sees (0,1) and (1,1)... a 1-2-1 along the top of a
	// 3x3 board: mines at (1,0) and (1,2), (1,1) safe, the bottom row
	// free of hints.
	p := mustPuzzle(t, "3 3 2\n1 2 1\n-1 -1 -1\n-1 -1 -1\n")
	adv, err := Advise(ctx, p)
	require.NoError(t, err)
	assert.Equal(t, new(true), adv.Satisfiable)
	assert.Equal(t, "1", adv.Count)
	assert.Equal(t, [][2]int{{1, 0}, {1, 2}}, adv.ForcedMines)
	assert.Equal(t, [][2]int{{1, 1}, {2, 0}, {2, 1}, {2, 2}}, adv.ForcedSafe)
	require.NotNil(t, adv.Move)
	assert.True(t, adv.Move.Forced)
	assert.Contains(t, adv.ForcedSafe, adv.Move.Cell)
	assert.NotEmpty(t, adv.Move.Proof)
	pr, ok := adv.Prob(game.Pos{Row: 1, Col: 0})
	assert.True(t, ok)
	assert.Equal(t, 1.0, pr)
	_, ok = adv.Prob(game.Pos{Row: 0, Col: 0})
	assert.False(t, ok, "a hint has no probability")

	// A classic 50/50: the 1s along the top see two closed cells, one
	// mine between them, and nothing can ever tell which.
	p = mustPuzzle(t, "2 2 1\n1 1\n-1 -1\n")
	adv, err = Advise(ctx, p)
	require.NoError(t, err)
	assert.Equal(t, "2", adv.Count)
	require.NotNil(t, adv.Move)
	assert.False(t, adv.Move.Forced)
	assert.Equal(t, agent.BasisGuess.String(), adv.Move.Basis)
	assert.InDelta(t, 0.5, adv.Move.P, 1e-12)
	assert.ElementsMatch(t, [][2]int{{1, 0}, {1, 1}}, adv.FiftyFifties)
	assert.ElementsMatch(t, [][2]int{{1, 0}, {1, 1}}, adv.Dead, "each shows 1 when safe")
}

func TestAdviseNoSolution(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, text, want string
	}{
		{"hint", "2 2 1\n1 0\n-1 -1\n", "hint 1 at (0,0) sees 0 undecided cells"},
		{"total", "2 2 3\n1 -1\n-1 -1\n", "no layout agrees with the hints and the 3-mine total"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			adv, err := Advise(ctx, mustPuzzle(t, tc.text))
			require.NoError(t, err)
			assert.Equal(t, new(false), adv.Satisfiable)
			assert.Contains(t, adv.Conflict, tc.want)
			assert.Nil(t, adv.Move)
		})
	}
}

func TestAdviseFlagConflict(t *testing.T) {
	// The 1 at (0,0) has its mine at (1,1) (the 1 at (0,2) sees only
	// (1,1) and (1,2), and the 0... see below); a flag on (1,0) is wrong.
	p := mustPuzzle(t, "2 3 1\n1 1 1\n-1 -1 -1\n")
	p.Cells[3] = game.Cell{State: game.Flagged} // (1,0)
	adv, err := Advise(context.Background(), p)
	require.NoError(t, err)
	assert.Equal(t, new(false), adv.Satisfiable)
	assert.Contains(t, adv.Conflict, "the flag at (1,0) contradicts")
}

func TestAdviseBudget(t *testing.T) {
	// A budget of one diagram state counts nothing: the answer keeps the
	// forced cells SAT proves, says what is missing, and guesses by the
	// local estimate, as ProbGuesser does past its budget.
	p := mustPuzzle(t, "2 3 1\n1 1 -1\n-1 -1 -1\n")
	adv, err := Advise(context.Background(), p, agent.WithBudget(exact.Budget{MaxStates: 1}))
	require.NoError(t, err)
	assert.Equal(t, new(true), adv.Satisfiable)
	require.NotEmpty(t, adv.Incomplete)
	assert.Contains(t, adv.Incomplete[0], "too large to count")
	assert.Empty(t, adv.Count)
	assert.Nil(t, adv.Probabilities)
	require.NotNil(t, adv.Move)
	assert.True(t, adv.Move.Forced)

	full, err := Advise(context.Background(), p)
	require.NoError(t, err)
	assert.Empty(t, full.Incomplete)
	assert.Equal(t, full.ForcedMines, adv.ForcedMines, "SAT proves what counting proves")
	assert.Equal(t, [][2]int{{0, 2}, {1, 2}}, adv.ForcedSafe)
	assert.Equal(t, full.ForcedSafe, adv.ForcedSafe)

	adv, err = Advise(context.Background(), mustPuzzle(t, "2 2 1\n1 1\n-1 -1\n"), agent.WithBudget(exact.Budget{MaxStates: 1}))
	require.NoError(t, err)
	require.NotNil(t, adv.Move)
	assert.False(t, adv.Move.Forced)
	assert.Equal(t, guess.MethodLocal.Chosen(), adv.Move.Chosen)
}

func TestAdviseCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, err := game.New(game.Expert, game.RulesSeed, 3)
	require.NoError(t, err)
	_, err = Advise(ctx, g.View())
	require.ErrorIs(t, err, context.Canceled)
}

func TestAdviseJSONKeys(t *testing.T) {
	adv, err := Advise(context.Background(), mustPuzzle(t, "2 2 1\n1 1\n-1 -1\n"))
	require.NoError(t, err)
	data, err := json.Marshal(adv)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	assert.Equal(t, []string{"cols", "count", "dead", "flags", "forced_mines", "forced_safe", "mines", "move", "probabilities",
		"pseudo_fifty_fifties", "rows", "satisfiable", "solutions", "unknown"}, keys)
}

// TestAdvisePlayerForms advises on positions as players have them: flags
// and no mine total. Without a total, each layout counts once: a cell next
// to no hint is a mine in half of them.
func TestAdvisePlayerForms(t *testing.T) {
	ctx := context.Background()
	p := mustPuzzle(t, "mines ?\n1..\n...\n...\n")
	adv, err := Advise(ctx, p)
	require.NoError(t, err)
	assert.Nil(t, adv.Mines)
	require.Equal(t, new(true), adv.Satisfiable)
	// (0,1), (1,0), (1,1): one mine among 3 (3 ways), 5 free cells: 3 * 32.
	assert.Equal(t, "96", adv.Count)
	pr, _ := adv.Prob(game.Pos{Row: 2, Col: 2})
	assert.Equal(t, 0.5, pr)
	pr, _ = adv.Prob(game.Pos{Row: 1, Col: 1})
	assert.InDelta(t, 1.0/3, pr, 1e-12)
	require.NotNil(t, adv.Move)
	assert.False(t, adv.Move.Forced)
	assert.NotEqual(t, guess.MethodEndgame.Chosen(), adv.Move.Chosen, "no endgame search without a total")

	// A flag the hints prove: its neighbour is then safe.
	p = mustPuzzle(t, "mines ?\n1F\n..\n")
	adv, err = Advise(ctx, p)
	require.NoError(t, err)
	require.Equal(t, new(true), adv.Satisfiable)
	assert.Equal(t, [][2]int{{1, 0}, {1, 1}}, adv.ForcedSafe)
	require.NotNil(t, adv.Move)
	assert.True(t, adv.Move.Forced)

	// A flag the hints refuse.
	p = mustPuzzle(t, "mines ?\n0F\n..\n")
	adv, err = Advise(ctx, p)
	require.NoError(t, err)
	assert.Equal(t, new(false), adv.Satisfiable)
	assert.Contains(t, adv.Conflict, "(0,1)")
}

// TestAdviseDeadAgainstBruteForce checks the dead cells on small random
// positions, with and without a total, against every layout: an undecided
// cell is dead when all the layouts where it is safe give it one hint.
func TestAdviseDeadAgainstBruteForce(t *testing.T) {
	runs := 200
	if testing.Short() {
		runs = 60
	}
	rng := rand.New(rand.NewPCG(20, 21))
	ctx := context.Background()
	dead := 0
	for range runs {
		rows, cols := 2+rng.IntN(5), 2+rng.IntN(6)
		p, _, err := game.Generate(rows, cols, 1+rng.IntN(rows*cols/3), game.GenOptions{Reveal: 0.2 + 0.5*rng.Float64()}, rng.Int64())
		require.NoError(t, err)
		if p.Unknowns() > 16 {
			continue
		}
		if rng.IntN(2) == 0 {
			p.Mines = game.UnknownMines
		}
		hints := make([]uint16, len(p.Cells)) // per cell: bit v when it shows v safe in some layout
		mines := make([]int, len(p.Cells))
		layouts := 0
		require.NoError(t, puzzletest.Solutions(p, func(mine []bool) bool {
			layouts++
			for i, m := range mine {
				if m {
					mines[i]++
					continue
				}
				v := 0
				for _, j := range p.Board.Neighbors(i) {
					if mine[j] {
						v++
					}
				}
				hints[i] |= 1 << v
			}
			return true
		}))
		want := [][2]int{}
		for i, c := range p.Cells {
			if c.State == game.Unknown && mines[i] > 0 && mines[i] < layouts && bits.OnesCount16(hints[i]) == 1 {
				want = append(want, p.Board.Pos(i).Pair())
			}
		}
		adv, err := Advise(ctx, p)
		require.NoError(t, err)
		require.Equal(t, new(true), adv.Satisfiable)
		assert.Equal(t, want, adv.Dead, "%s", p)
		dead += len(want)
	}
	assert.Greater(t, dead, 10)
}

// TestAdviseLongLine answers a 1x20,000 line with a hint every third cell
// (6,667 components) within a generous deadline. Finding each cell's part
// by a scan of the analysis's parts, and testing each dead cell against
// the whole board, made this cubic: about 100 s on one core, where it is
// now well under a second.
func TestAdviseLongLine(t *testing.T) {
	if testing.Short() {
		t.Skip("a 20,000-cell position")
	}
	var sb strings.Builder
	sb.WriteString("mines ?\n")
	for i := range 20000 {
		sb.WriteByte(".1."[i%3])
	}
	p, err := game.ParsePuzzle("line", strings.NewReader(sb.String()))
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	start := time.Now()
	adv, err := Advise(ctx, p)
	require.NoError(t, err, "Advise on a 1x20000 line did not end within 20 s")
	require.Less(t, time.Since(start), 20*time.Second, "Advise on a 1x20000 line")
	assert.Equal(t, new(true), adv.Satisfiable)
	assert.Empty(t, adv.Incomplete)
	// Inside, a closed cell safe can show 0 or 1. At the ends, (0,0) sees
	// only a hint and would show 0; the last 1 forces (0,19998), so
	// (0,19997) would show 1.
	assert.Equal(t, [][2]int{{0, 0}, {0, 19997}}, adv.Dead)
	assert.Equal(t, [][2]int{{0, 19998}}, adv.ForcedMines)
}
