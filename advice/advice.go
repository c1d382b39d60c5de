package advice

import (
	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// Advice is minesat's answer about one position: the move the agent would
// make there and why, and what is known of every closed cell. Its fields
// are plain values with JSON names that are part of the interface (minesat
// analyze --format json writes it as it is): those of exact.ReportJSON,
// every one asked, then the move, the pseudo 50/50s and, one release
// more, "solutions". Cells are [row, col] pairs, 0-based.
type Advice struct {
	// The position and its analysis: Satisfiable is false when no layout
	// agrees with the hints, the flags and the total, and Conflict then
	// says why, naming the flags to blame when the hints alone have a
	// solution; it is nil when the analysis stopped before it could tell
	// (HasSolution reads it). Count and Probabilities are empty and Dead nil when the
	// position was too large to count (see Incomplete), the forced cells
	// then proved by SAT alone.
	exact.ReportJSON

	// Move is the recommended move; nil when there is none (no solution,
	// no closed cell, or a strategy that does not guess and can prove
	// nothing).
	Move *Recommendation `json:"move"`

	// FiftyFifties are the pseudo 50/50s: cells that, whenever they hold
	// a mine, close a pair or 2x2 block that no move can ever tell from its
	// mirror image (see guess.ProbGuesser).
	FiftyFifties [][2]int `json:"pseudo_fifty_fifties"`

	// Solutions is Count under its former key, kept one release.
	Solutions string `json:"solutions,omitempty"`

	// Played is the recommended move as the agent would play it, with the
	// clause, pair, proof or estimate behind it; zero when Move is nil.
	Played agent.Move `json:"-"`
}

// Prob returns the mine probability of the cell at pos, and false when it
// is open, flagged, off the board or was not counted.
func (a *Advice) Prob(pos game.Pos) (float64, bool) {
	if pos.Row < 0 || pos.Row >= len(a.Probabilities) || pos.Col < 0 || pos.Col >= len(a.Probabilities[pos.Row]) {
		return 0, false
	}
	p := a.Probabilities[pos.Row][pos.Col]
	if p == nil {
		return 0, false
	}
	return *p, true
}
