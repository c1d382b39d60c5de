package agent

import (
	"fmt"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/kb"
)

// Basis is the kind of reason a move was made on: the first click, a
// proof (unit, resolution, global count, pair, SAT) or a guess. Its String
// is the first word of the move's Why.
type Basis uint8

// The bases of moves.
const (
	BasisNone       Basis = iota // no reason: never on a played move
	BasisFirst                   // the first click, which the rules make safe
	BasisUnit                    // a hint's clause became a unit
	BasisResolution              // a resolvent became a unit
	BasisGlobal                  // a clause of the global mine count became a unit
	BasisSAT                     // SAT proved the cell forced in every layout
	BasisGuess                   // a guess
	BasisPair                    // two hints together settle the cell (HintPairs)
)

// String returns "first", "unit", "resolution", "global count", "sat",
// "guess" or "pair".
func (r Basis) String() string {
	switch r {
	case BasisFirst:
		return "first"
	case BasisUnit:
		return "unit"
	case BasisResolution:
		return "resolution"
	case BasisGlobal:
		return "global count"
	case BasisSAT:
		return "sat"
	case BasisGuess:
		return game.WhyGuess
	case BasisPair:
		return "pair"
	}
	return "none"
}

// Deduced reports whether a move made for this reason is proved safe (an
// open) or proved a mine (a flag). Only guesses are not; the first click is
// safe by the rules, so it counts here (it must be sound), though
// Result.Deduced does not count it.
func (r Basis) Deduced() bool { return r != BasisGuess && r != BasisNone }

// basisOf maps the kb source that settled a literal to the move's basis.
func basisOf(r kb.Source) Basis {
	switch r {
	case kb.SourceHint:
		return BasisUnit
	case kb.SourceResolution:
		return BasisResolution
	case kb.SourceTotal:
		return BasisGlobal
	}
	return BasisNone
}

// Move is one move of a game, with its reason. It is the event a trace
// renderer shows: an Observer receives every move as it is played.
type Move struct {
	Op     game.Op      // game.OpOpen or game.OpFlag
	Cell   int          // the cell, row-major
	Basis  Basis        // why the move was made
	Reason kb.Reason    // for BasisUnit, BasisResolution, BasisGlobal: the clause that became the unit, and where it came from
	Guess  *guess.Guess // for BasisGuess: the estimate behind the guess
	Mines  int          // for BasisSAT: the mine total the proof used, game.UnknownMines (-1) when unknown
	Pair   *PairReason  // for BasisPair: the two hints and the bound that settle the cell
	Opened []int        // for game.OpOpen: the cells the move revealed, row-major, in the game's order (empty if it hit a mine)
}

// Why returns the move's reason as a record's "why": exactly "guess" for a
// guess; otherwise the basis, a colon, and the clause or constraint behind
// the move, written with cell names, such as
// "unit: clause -(0,1) v -(1,1) of hint 1 at (0,0)".
func (m Move) Why(b *game.Board) string {
	switch m.Basis {
	case BasisGuess:
		return game.WhyGuess
	case BasisFirst:
		return game.WhyFirst
	case BasisSAT:
		return "sat: " + m.satClaim(b)
	case BasisUnit, BasisResolution, BasisGlobal:
		return m.Basis.String() + ": " + m.Reason.Format(b)
	case BasisPair:
		return fmt.Sprintf("pair: %s: %s", m.Verdict(b), m.Pair.Explain(b, m.Op))
	}
	return m.Basis.String()
}

// satClaim is what the SAT step proved of m: its verdict in every layout
// that agrees with the hints and the mine total (or with the hints alone
// when the total is unknown).
func (m Move) satClaim(b *game.Board) string {
	if m.Mines < 0 {
		return m.Verdict(b) + " in every layout that agrees with the hints (the mine total is unknown)"
	}
	return fmt.Sprintf("%s in every layout that agrees with the hints and the %d-mine total", m.Verdict(b), m.Mines)
}

// Verdict returns "(r,c) is a mine" for a flag, "(r,c) is safe" otherwise.
func (m Move) Verdict(b *game.Board) string {
	if m.Op == game.OpFlag {
		return b.Pos(m.Cell).String() + " is a mine"
	}
	return b.Pos(m.Cell).String() + " is safe"
}

// Record returns the move as a record's game.MoveRecord.
func (m Move) Record(b *game.Board) game.MoveRecord {
	return game.MoveRecord{Op: m.Op.String(), Cell: b.Pos(m.Cell).Pair(), Why: m.Why(b)}
}
