package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		name           string
		zero           bool
		flagged, mines int
		want           Phase
	}{
		{"no zero yet", false, 0, 99, BeforeOpening},
		{"no zero, few mines left", false, 98, 99, BeforeOpening},
		{"after the opening", true, 0, 99, MidGame},
		{"expert, 20 left", true, 79, 99, MidGame},
		{"expert, 19 left", true, 80, 99, Endgame},
		{"beginner, 3 left", true, 7, 10, MidGame},
		{"beginner, 2 left", true, 8, 10, Endgame},
		{"intermediate, 8 left", true, 32, 40, Endgame},
		{"intermediate, 9 left", true, 31, 40, MidGame},
		{"every mine flagged", true, 10, 10, Endgame},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := classify(tc.zero, tc.flagged, tc.mines); got != tc.want {
				t.Errorf("classify(%v, %d, %d) = %v; want %v", tc.zero, tc.flagged, tc.mines, got, tc.want)
			}
		})
	}
	assert.Equal(t, "before the first opening", BeforeOpening.String())
	assert.Equal(t, "unknown", PhaseUnknown.String())
	assert.Equal(t, "Phase(9)", Phase(9).String())
}

// scenario is a beginner game under RulesSafe played by hand, so that its
// record is one game.ReplayRecord accepts: the first click, guesses and
// flags at cells chosen on the real layout.
type scenario struct {
	t       *testing.T
	runSeed int64 // the game is game 0 of this run seed
	g       *game.Game
	rec     game.RecordLine
}

// newScenario starts game 0 of the first of run seeds 1, 2, ... whose
// first click at (0,0) shows a number, so that the game has not opened
// yet.
func newScenario(t *testing.T) *scenario {
	t.Helper()
	for runSeed := int64(1); ; runSeed++ {
		seed := game.GameSeed(runSeed, 0)
		g, err := game.New(game.Beginner, game.RulesSafe, seed)
		require.NoError(t, err)
		_, err = g.Open(game.Pos{})
		require.NoError(t, err)
		if g.Cell(0).Hint == 0 {
			continue
		}
		s := &scenario{t: t, runSeed: runSeed, g: g}
		s.rec.Record = game.Record{Level: "beginner", Rows: 9, Cols: 9, MineCount: 10, Rules: "safe", Seed: seed,
			Mines: game.PairsOf(g.Mines()), Initial: [][2]int{}, Outcome: game.Stuck,
			Moves: []game.MoveRecord{{Op: "open", Cell: [2]int{0, 0}, Why: game.WhyFirst}}}
		s.rec.Guesses = game.MoveGuesses{}
		return s
	}
}

// closed returns the first closed safe cell whose hint says zero as asked.
func (s *scenario) closed(zero bool) [2]int {
	s.t.Helper()
	for i := range s.g.Board().Len() {
		c := s.g.Cell(i)
		if c.State == game.Unknown && !s.g.IsMine(i) && s.hint(i) == 0 == zero {
			return s.g.Board().Pos(i).Pair()
		}
	}
	s.t.Fatalf("no closed safe cell with zero %v", zero)
	return [2]int{}
}

// hint counts the mines around cell i.
func (s *scenario) hint(i int) int {
	n := 0
	for _, j := range s.g.Board().Neighbors(i) {
		if s.g.IsMine(int(j)) {
			n++
		}
	}
	return n
}

// guess opens cell as a searched guess whose guesser's choice was choice.
func (s *scenario) guess(cell, choice [2]int) {
	s.t.Helper()
	_, err := s.g.Open(game.PosOf(cell))
	require.NoError(s.t, err)
	est := []game.ThinkEstimate{{Cell: choice, Wins: 1, Rollouts: 2}}
	if choice != cell {
		est = append(est, game.ThinkEstimate{Cell: cell, Wins: 2, Rollouts: 2})
	}
	s.rec.Guesses[len(s.rec.Moves)] = game.GuessNote{Method: thinkMethod, P: 0.1, Think: est}
	s.rec.Moves = append(s.rec.Moves, game.MoveRecord{Op: "open", Cell: cell, Why: game.WhyGuess})
}

// flag flags the next n mines not flagged yet.
func (s *scenario) flag(n int) {
	s.t.Helper()
	for _, m := range s.g.Mines() {
		if n == 0 {
			return
		}
		if s.g.Cell(s.g.Board().Index(m)).State == game.Flagged {
			continue
		}
		require.NoError(s.t, s.g.Flag(m))
		s.rec.Moves = append(s.rec.Moves, game.MoveRecord{Op: "flag", Cell: m.Pair(), Why: "a mine: the test knows"})
		n--
	}
}

// TestSearchedGuesses replays a hand-played game through every phase and
// checks each searched guess's phase and whether it was replaced.
func TestSearchedGuesses(t *testing.T) {
	s := newScenario(t)
	numbered := s.closed(false)
	s.guess(numbered, numbered) // kept, no zero yet
	zero := s.closed(true)
	s.guess(zero, numbered) // replaced; it opens the first zero, but the position before it had none
	s.flag(7)
	later := s.closed(false)
	s.guess(later, later) // 3 of 10 mines not flagged: mid-game
	s.flag(1)
	last := s.closed(false)
	s.guess(last, zero)                                                                                       // 2 of 10: endgame, replaced
	s.rec.Moves = append(s.rec.Moves, game.MoveRecord{Op: "open", Cell: s.closed(false), Why: game.WhyGuess}) // a guess of another method
	require.Equal(t, game.Unfinished, s.g.Outcome(), "the scenario wants the game open to its last move")
	require.NoError(t, s.rec.Guesses.Check(&s.rec.Record))

	got, err := searchedGuesses(&s.rec)
	require.NoError(t, err)
	want := []searchedGuess{
		{move: 1, phase: BeforeOpening},
		{move: 2, phase: BeforeOpening, replaced: true},
		{move: 10, phase: MidGame},
		{move: 12, phase: Endgame, replaced: true},
	}
	assert.Equal(t, want, got)

	t.Run("no search", func(t *testing.T) {
		l := s.rec
		l.Guesses = nil
		got, err := searchedGuesses(&l)
		require.NoError(t, err)
		assert.Empty(t, got)
	})
	t.Run("a record that does not replay", func(t *testing.T) {
		l := s.rec
		l.Outcome = game.Won
		_, err := searchedGuesses(&l)
		require.Error(t, err)
		assert.Contains(t, err.Error(), `result is "won"`)
	})
	t.Run("no estimates", func(t *testing.T) {
		l := s.rec
		l.Guesses = game.MoveGuesses{1: {Method: thinkMethod, P: 0.1}}
		_, err := searchedGuesses(&l)
		assert.ErrorContains(t, err, "moves[1]: a win-probability search with no estimates")
	})
}
