package agent

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// snapshot is a position met during Play: the view after a move, and the
// state of the game's random generator then.
type snapshot struct {
	view *game.Puzzle
	rng  []byte
}

// playRecorded plays one game with the full preset and returns its moves
// and, for each move k, the position it was played from (after move k-1).
func playRecorded(t testing.TB, level game.Level, rules game.Rules, seed int64) ([]Move, []snapshot, *game.Game) {
	t.Helper()
	g, err := game.New(level, rules, seed)
	require.NoError(t, err)
	src := rand.NewPCG(uint64(seed), gameSeedStream)
	var snaps []snapshot
	take := func(v *game.Puzzle) {
		state, err := src.MarshalBinary()
		require.NoError(t, err)
		snaps = append(snaps, snapshot{view: v, rng: state})
	}
	take(g.View())
	a, err := New(WithMoves(), WithRand(rand.New(src)), WithObserver(func(g *game.Game, _ Move) { take(g.View()) }))
	require.NoError(t, err)
	res, err := a.Play(context.Background(), g)
	require.NoError(t, err)
	require.Len(t, snaps, len(res.Moves)+1)
	return res.Moves, snaps[:len(res.Moves)], g
}

// TestAnswerAsPlayed takes positions from played games: before each guess,
// Answer with the game's random state must make the same guess, to the bit;
// before a deduction, it must open a cell proved safe (and safe in the
// game), and the agent's move must be among the forced cells.
func TestAnswerAsPlayed(t *testing.T) {
	games, every := 12, 7
	if testing.Short() {
		games, every = 4, 23
	}
	ctx := context.Background()
	guesses, deductions := 0, 0
	for _, l := range []struct {
		level game.Level
		rules game.Rules
		games int
	}{{game.Beginner, game.RulesSafe, 3 * games}, {game.Intermediate, game.RulesSafe, games}, {game.Expert, game.RulesZero, games / 2}} {
		for i := range l.games {
			seed := game.GameSeed(20, i)
			moves, snaps, g := playRecorded(t, l.level, l.rules, seed)
			for k, m := range moves {
				if m.Basis == BasisFirst || (m.Basis != BasisGuess && k%every != 0) {
					continue
				}
				src := rand.NewPCG(0, 0)
				require.NoError(t, src.UnmarshalBinary(snaps[k].rng))
				view := snaps[k].view
				a, err := New(WithRand(rand.New(src)))
				require.NoError(t, err)
				z := exact.NewAnalyzer(exact.Budget{})
				r, err := z.Report(ctx, view, exact.Ask{Forced: true, Probabilities: true})
				require.NoError(t, err)
				require.True(t, r.Satisfiable)
				forced := r.Forced
				ans, err := a.Answer(ctx, r, z)
				require.NoError(t, err)
				require.True(t, ans.Found, "%s game %d move %d", l.level.Name, i, k)
				b := g.Board()
				at := ans.Move.Cell
				if m.Basis == BasisGuess {
					guesses++
					require.Equal(t, BasisGuess, ans.Move.Basis, "%s game %d move %d: played a guess", l.level.Name, i, k)
					if !sameGuess(m.Guess, ans.Move.Guess) {
						t.Fatalf("%s game %d move %d: played %+v, answered %+v", l.level.Name, i, k, *m.Guess, *ans.Move.Guess)
					}
					continue
				}
				deductions++
				list := forced.Safe
				if m.Op == game.OpFlag {
					list = forced.Mines
				}
				assert.Contains(t, list, m.Cell, "%s game %d move %d: %v %v %s", l.level.Name, i, k, m.Op, b.Pos(m.Cell), m.Why(b))
				if len(forced.Safe) == 0 {
					// Only mines are forced: the agent flags them and
					// guesses next, as Advise did.
					next := slices.IndexFunc(moves[k:], func(m Move) bool { return m.Op == game.OpOpen })
					require.GreaterOrEqual(t, next, 0)
					require.Equal(t, BasisGuess, moves[k+next].Basis)
					if !sameGuess(moves[k+next].Guess, ans.Move.Guess) {
						t.Fatalf("%s game %d move %d: played %+v, answered %+v", l.level.Name, i, k+next, *moves[k+next].Guess, *ans.Move.Guess)
					}
					continue
				}
				assert.True(t, ans.Move.Basis.Deduced(), "%s game %d move %d: %+v", l.level.Name, i, k, ans.Move)
				assert.False(t, g.IsMine(at), "%s game %d move %d: answered %v is a mine", l.level.Name, i, k, b.Pos(at))
				assert.Contains(t, forced.Safe, at)
			}
		}
	}
	assert.Greater(t, guesses, 10)
	assert.Greater(t, deductions, 10)
}

// BenchmarkAnswerExpert answers expert positions met before guesses in
// played games (the hardest kind: nothing is forced, so the guesser and
// the pseudo 50/50 scan run; the dead cells are the report's).
func BenchmarkAnswerExpert(b *testing.B) {
	var views []*game.Puzzle
	for i := 0; len(views) < 8; i++ {
		moves, snaps, _ := playRecorded(b, game.Expert, game.RulesSafe, game.GameSeed(9, i))
		for k, m := range moves {
			if m.Basis == BasisGuess && k > 5 {
				views = append(views, snaps[k].view)
			}
		}
	}
	ctx := context.Background()
	a, err := New()
	if err != nil {
		b.Fatal(err)
	}
	reports := make([]*exact.Report, len(views))
	zs := make([]*exact.Analyzer, len(views))
	for i, v := range views {
		zs[i] = exact.NewAnalyzer(exact.Budget{})
		if reports[i], err = zs[i].Report(ctx, v, exact.Ask{Forced: true, Probabilities: true}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if _, err := a.Answer(ctx, reports[i%len(views)], zs[i%len(views)]); err != nil {
			b.Fatal(err)
		}
	}
}
