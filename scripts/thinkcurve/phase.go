package main

import (
	"fmt"
	"slices"

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
// the phase of the position before its move, the hints of the cells
// opened read from the replayed game. The guesser's choice is the first of
// the search's estimates; the search replaced it when the move played is
// another cell. A record with no searched guess is not replayed.
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
	type opening struct{ move, cell int }
	var opens []opening                    // every cell a move opened, in order
	flagged := make([]int, len(l.Moves)+1) // flagged[i]: flags before move i
	g, err := game.ReplayRecord(&l.Record, func(i int, opened []int) {
		flagged[i+1] = flagged[i]
		if l.Moves[i].Op == game.OpFlag.String() {
			flagged[i+1]++
		}
		for _, c := range opened {
			opens = append(opens, opening{i, c})
		}
	})
	if err != nil {
		return out, err
	}
	firstZero := len(l.Moves) // the move that first opened a 0; -1 for the rules' initial cells
	for _, c := range l.Initial {
		if g.Cell(g.Board().Index(game.PosOf(c))).Hint == 0 {
			firstZero = -1
		}
	}
	if firstZero >= 0 {
		if k := slices.IndexFunc(opens, func(o opening) bool { return g.Cell(o.cell).Hint == 0 }); k >= 0 {
			firstZero = opens[k].move
		}
	}
	for i, k := range at {
		out[k].phase = classify(firstZero < i, flagged[i], l.MineCount)
	}
	return out, nil
}
