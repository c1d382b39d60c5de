package game

import "fmt"

// Outcome is how a game stands: not over yet, won, lost, or given up by a
// player who found no move. A Record's result is an Outcome, written as its
// String ("won", "lost", "stuck"; "unfinished" for a game stopped early).
type Outcome uint8

// The outcomes of a game.
const (
	Unfinished Outcome = iota // not over: still being played, or stopped before its end
	Won                       // every safe cell is open
	Lost                      // a mine was opened
	Stuck                     // the player stopped with safe cells closed and no mine opened
)

var outcomeWords = [...]string{Unfinished: "unfinished", Won: "won", Lost: "lost", Stuck: "stuck"}

// String returns "unfinished", "won", "lost" or "stuck".
func (o Outcome) String() string {
	if int(o) < len(outcomeWords) {
		return outcomeWords[o]
	}
	return fmt.Sprintf("Outcome(%d)", uint8(o))
}

// MarshalText returns the outcome's String, the word a record holds.
func (o Outcome) MarshalText() ([]byte, error) {
	if int(o) >= len(outcomeWords) {
		return nil, fmt.Errorf("game: outcome %d out of range", uint8(o))
	}
	return []byte(outcomeWords[o]), nil
}

// UnmarshalText reads the word of an outcome, as String writes it.
func (o *Outcome) UnmarshalText(text []byte) error {
	for i, w := range outcomeWords {
		if string(text) == w {
			*o = Outcome(i)
			return nil
		}
	}
	return fmt.Errorf("game: result %q: want %q, %q, %q or %q", text, Won, Lost, Stuck, Unfinished)
}
