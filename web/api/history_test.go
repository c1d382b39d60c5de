package api

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

// liveHeap returns the bytes of heap live after a full collection.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestMovesKeepNoRequest replays the moves that held 1.65 GB: flag and
// unflag, each with a 1 MiB query. A game keeps what its moves need (an op
// and a cell), not the requests that carried them, so the live heap stays
// near where it began.
func TestMovesKeepNoRequest(t *testing.T) {
	const moves = 64
	s := New(Config{})
	h := s
	g := newGame(t, h, `{"level": "beginner", "rules": "seed", "seed": "5"}`)
	query := "?pad=" + strings.Repeat("x", 1<<20)
	before := liveHeap()
	for i := range moves {
		op := []string{"flag", "unflag"}[i%2]
		code, body := do(t, h, "POST", "/api/games/"+g.ID+"/"+op+query, `{"cell": [0, 0]}`)
		require.Equal(t, StatusOK, code, body)
	}
	after := liveHeap()
	games, _ := s.Held()
	require.Equal(t, 1, games) // the server and its game are still live
	grew := int64(after) - int64(before)
	t.Logf("live heap %d MB before, %d MB after %d moves with 1 MiB queries", before>>20, after>>20, moves)
	assert.Less(t, grew, int64(moves<<20)/4, "the moves' requests are still held")
}

// TestHistoryBounded flags and unflags one cell without end, as a client
// may: the history keeps the last undoDepth moves and folds the others
// into at most a cell each.
func TestHistoryBounded(t *testing.T) {
	s := New(Config{})
	h := s
	g := newGame(t, h, `{"level": "beginner", "rules": "seed", "seed": "5"}`)
	const moves = 2*undoDepth + 1
	for i := range moves {
		op := []string{"flag", "unflag"}[i%2]
		code, body := do(t, h, "POST", "/api/games/"+g.ID+"/"+op, `{"cell": [0, 0]}`)
		require.Equal(t, StatusOK, code, body)
	}
	sess, _ := s.games.get(g.ID)
	hist := sess.history
	assert.Equal(t, moves, hist.moves())
	assert.Len(t, hist.recent, undoDepth)
	assert.LessOrEqual(t, len(hist.opened)+len(hist.flagged), 1)
	code, body := do(t, h, "GET", "/api/games/"+g.ID, "")
	require.Equal(t, StatusOK, code)
	assert.Equal(t, moves, decodeAs[GameState](t, body).Moves)
	assert.Equal(t, byte('F'), decodeAs[GameState](t, body).Board[0][0])
}

// snapshot is what TestUndoFolded compares of a game's state.
type snapshot struct {
	Board       []string
	Flags, Left int
	Moves       int
	Outcome     string
}

func snap(sess *session) snapshot {
	st := sess.state()
	return snapshot{st.Board, st.Flags, st.Left, st.Moves, st.Outcome}
}

// TestUndoFolded plays random opens, flags, unflags and undos with a
// history of depth 3: after every step the game is the one the moves not
// taken back make, however many were folded, and an undo past the depth
// is refused.
func TestUndoFolded(t *testing.T) {
	for _, rules := range []game.Rules{game.RulesSeed, game.RulesZero} {
		for seed := range int64(6) {
			t.Run(fmt.Sprintf("%v/%d", rules, seed), func(t *testing.T) {
				const depth = 3
				g, err := game.New(game.Beginner, rules, seed)
				require.NoError(t, err)
				sess := &session{g: g, boom: -1, start: openedAtStart(g), history: history{depth: depth}}
				rng := rand.New(rand.NewPCG(uint64(seed), 39))
				states := []snapshot{snap(sess)} // the state after each move not taken back
				undoable := 0
				for step := range 400 {
					if rng.IntN(4) == 0 {
						err := sess.takeBack()
						if undoable == 0 {
							require.NotNil(t, err, "step %d", step)
							require.Equal(t, CodeIllegalMove, err.Code, "step %d: %s", step, err.Message)
							continue
						}
						require.Nil(t, err, "step %d", step)
						states = states[:len(states)-1]
						undoable--
					} else {
						p := game.Pos{Row: rng.IntN(9), Col: rng.IntN(9)}
						op := []moveOp{opOpen, opFlag, opFlag, opUnflag, opUnflag}[rng.IntN(5)]
						if err := sess.play(p, op); err != nil {
							continue
						}
						states = append(states, snap(sess))
						undoable = min(undoable+1, depth)
					}
					require.Equal(t, states[len(states)-1], snap(sess), "step %d", step)
					require.LessOrEqual(t, len(sess.history.recent), depth)
				}
			})
		}
	}
}
