package game

import (
	"maps"
	"slices"
)

// GuessesKey is the optional extra key of a record line that says how each
// guess was chosen. Its value is a MoveGuesses: an object from a guessed
// move's index in "moves" (as a decimal string) to a GuessNote. The move's
// Why stays WhyGuess. A writer adds it by embedding Record, as for ProbsKey:
//
//	{"level":"expert",...,"result":"lost","guesses":{"41":{"method":"endgame search","p":0.5,"score":0.5}}}
const GuessesKey = "guesses"

// GuessNote is how one guess was chosen: by which method, the guessed cell's
// mine probability, the method's own score of it when it has one (the chance
// of surviving two moves for a lookahead, of winning the game for an endgame
// search), and the same for the runner-up, if any.
type GuessNote struct {
	Method      string  `json:"method"`                 // e.g. "endgame search"
	P           float64 `json:"p"`                      // the guessed cell's mine probability
	Score       float64 `json:"score,omitempty"`        // the method's score of the guess, in [0, 1]; 0 if it has none
	Runner      *[2]int `json:"runner,omitempty"`       // the runner-up [row, col]; absent if none
	RunnerP     float64 `json:"runner_p,omitempty"`     // its mine probability
	RunnerScore float64 `json:"runner_score,omitempty"` // its score

	// Think holds, for a guess chosen by a win-probability search (play
	// --think), each candidate's games won over the layouts it was played
	// on, in the search's order (the guesser's first); absent otherwise.
	Think []ThinkEstimate `json:"think,omitempty"`
}

// ThinkEstimate is one candidate of a win-probability search: the cell,
// and the games the player won, playing on after opening it, over the
// layouts drawn for the search. Wins/Rollouts estimates its chance to win
// the game.
type ThinkEstimate struct {
	Cell     [2]int `json:"cell"`     // [row, col]
	Wins     int    `json:"wins"`     // games won
	Rollouts int    `json:"rollouts"` // games played from it, 1 or more
}

// MoveGuesses maps a guessed move's index in Record.Moves to its GuessNote.
// See GuessesKey.
type MoveGuesses map[int]GuessNote

// Check reports the first entry of mg that does not fit rec: a move index
// out of range or of a move that is not a guess, an empty method, a
// probability or score outside [0, 1], or a runner-up off the board or on
// the guessed cell. Errors are *RecordError naming the move.
func (mg MoveGuesses) Check(rec *Record) error {
	for _, i := range slices.Sorted(maps.Keys(mg)) {
		n := mg[i]
		if i < 0 || i >= len(rec.Moves) {
			return recordErrorf(-1, "%s: move %d: the record has %d moves", GuessesKey, i, len(rec.Moves))
		}
		if w := rec.Moves[i].Why; w != WhyGuess {
			return recordErrorf(i, "%s: the move is not a guess (why %q)", GuessesKey, w)
		}
		if n.Method == "" {
			return recordErrorf(i, "%s: no method", GuessesKey)
		}
		for _, v := range []struct {
			name string
			x    float64
		}{{"p", n.P}, {"score", n.Score}, {"runner_p", n.RunnerP}, {"runner_score", n.RunnerScore}} {
			if !(v.x >= 0 && v.x <= 1) {
				return recordErrorf(i, "%s: %s %v is outside [0, 1]", GuessesKey, v.name, v.x)
			}
		}
		if err := n.checkThink(rec, i); err != nil {
			return err
		}
		if n.Runner != nil {
			p := PosOf(*n.Runner)
			if p.Row < 0 || p.Row >= rec.Rows || p.Col < 0 || p.Col >= rec.Cols {
				return recordErrorf(i, "%s: runner-up %v off the %dx%d board", GuessesKey, p, rec.Rows, rec.Cols)
			}
			if *n.Runner == rec.Moves[i].Cell {
				return recordErrorf(i, "%s: the runner-up %v is the guessed cell", GuessesKey, p)
			}
		}
	}
	return nil
}

// checkThink reports the first estimate of n.Think, the note of guessed
// move i of rec, that does not fit: a cell off the board or listed twice,
// no rollout, more wins than rollouts, or no estimate for the guessed cell.
func (n GuessNote) checkThink(rec *Record, i int) error {
	if n.Think == nil {
		return nil
	}
	seen := make(map[[2]int]bool, len(n.Think))
	for _, e := range n.Think {
		p := PosOf(e.Cell)
		switch {
		case p.Row < 0 || p.Row >= rec.Rows || p.Col < 0 || p.Col >= rec.Cols:
			return recordErrorf(i, "%s: think: cell %v off the %dx%d board", GuessesKey, p, rec.Rows, rec.Cols)
		case seen[e.Cell]:
			return recordErrorf(i, "%s: think: cell %v listed twice", GuessesKey, p)
		case e.Rollouts < 1 || e.Wins < 0 || e.Wins > e.Rollouts:
			return recordErrorf(i, "%s: think: cell %v: %d wins of %d rollouts", GuessesKey, p, e.Wins, e.Rollouts)
		}
		seen[e.Cell] = true
	}
	if !seen[rec.Moves[i].Cell] {
		return recordErrorf(i, "%s: think: no estimate for the guessed cell %v", GuessesKey, PosOf(rec.Moves[i].Cell))
	}
	return nil
}
