package main

import (
	"fmt"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
)

// Phase is the part of a game a position is in.
type Phase uint8

const (
	PhaseUnknown  Phase = iota // not classified
	BeforeOpening              // no revealed cell shows 0 yet
	MidGame                    // neither of the others
	Endgame                    // at most a fifth of the mines not yet flagged
	numPhases
)

// phaseNames are the phases as the tables name them.
var phaseNames = [numPhases]string{PhaseUnknown: "unknown", BeforeOpening: "before the first opening", MidGame: "mid-game", Endgame: "endgame"}

// String names the phase as the tables do.
func (p Phase) String() string {
	if p < numPhases {
		return phaseNames[p]
	}
	return fmt.Sprintf("Phase(%d)", uint8(p))
}

// phaseRule states the rule classify applies, for the reader of the table.
const phaseRule = "A guess is *before the first opening* while no revealed cell of the board shows 0 " +
	"(the rules' first click included), else in the *endgame* when the mines not yet flagged are at most " +
	"a fifth of the level's mines (2 of beginner's 10, 8 of intermediate's 40, 19 of expert's 99; the player " +
	"flags every mine it proves before it guesses, so these are the mines it has not found), else *mid-game*."

// classify returns the phase of a position: whether a revealed cell shows
// 0, and the mines flagged of the total.
func classify(zeroSeen bool, flagged, mines int) Phase {
	switch {
	case !zeroSeen:
		return BeforeOpening
	case 5*(mines-flagged) <= mines:
		return Endgame
	}
	return MidGame
}

// A searchedGuess is a guess at which the win-probability search ran.
type searchedGuess struct {
	move     int   // its index in the record's moves
	phase    Phase // the phase of the position it was made in
	replaced bool  // the search played another cell than the guesser's choice
}

// thinkMethod is the method a record names for a guess of the search.
var thinkMethod = guess.MethodThink.String()

// searchedGuesses returns the guesses of a record line at which the search
// ran, in move order, each with its phase: the record is replayed on its
// own layout (game.ReplayRecord, which also checks it), and a guess gets
// the phase of the position before its move. The guesser's choice is the
// first of the search's estimates; the search replaced it when the move
// played is another cell.
func searchedGuesses(l *game.RecordLine) ([]searchedGuess, error) {
	var out []searchedGuess
	at := map[int]int{} // move index -> index in out
	for i := range l.Moves {
		n, ok := l.Guesses[i]
		if !ok || n.Method != thinkMethod {
			continue
		}
		if len(n.Think) == 0 {
			return nil, fmt.Errorf("moves[%d]: a %s with no estimates", i, thinkMethod)
		}
		at[i] = len(out)
		out = append(out, searchedGuess{move: i, replaced: l.Moves[i].Cell != n.Think[0].Cell})
	}
	if len(out) == 0 {
		return nil, nil
	}
	b, err := game.NewBoard(l.Rows, l.Cols)
	if err != nil {
		return nil, err
	}
	mine := make([]bool, b.Len())
	for _, m := range l.Mines {
		if p := game.PosOf(m); b.Contains(p) {
			mine[b.Index(p)] = true
		}
	}
	zero := func(i int) bool {
		for _, n := range b.Neighbors(i) {
			if mine[n] {
				return false
			}
		}
		return !mine[i]
	}
	zeroSeen, flagged := false, 0
	for _, c := range l.Initial {
		if p := game.PosOf(c); b.Contains(p) && zero(b.Index(p)) {
			zeroSeen = true
		}
	}
	_, err = game.ReplayRecord(&l.Record, func(i int, opened []int) {
		if k, ok := at[i]; ok {
			out[k].phase = classify(zeroSeen, flagged, l.MineCount)
		}
		if l.Moves[i].Op == game.OpFlag.String() {
			flagged++
		}
		for _, c := range opened {
			zeroSeen = zeroSeen || zero(c)
		}
	})
	return out, err
}
