package guess

import (
	"encoding/binary"
	"math"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// weighMemo remembers what the one-move lookahead's weighing of a cell
// gave in a position, across the games a player plays: the first guesses
// of games on one level come from a handful of positions (a first click in
// the corner that shows a 1, a 2 or a 3, before anything else is known),
// and their weighings are the same each time. A weighing depends only on
// the position (the board, its mine total and every cell's state and
// hint), the cell, the counting budget and its bar, never on the game's
// random draws, so a remembered answer is the answer.
//
// The bar is handled exactly: a weighing that ran to the end remembers the
// lowest bound it checked against its bar, and stops short under a new bar
// exactly when that bound is below it; one that stopped short under a bar
// stops short under any bar as high or higher. The memo forgets everything
// when its keys outgrow memoBytes.
type weighMemo struct {
	m     map[string]weighing
	key   []byte // scratch for keys
	bytes int    // the keys' bytes
}

// weighing is one remembered weighing.
type weighing struct {
	score, zero float64 // as weigh returned them, when it ran to the end
	least       float64 // the lowest bound checked against the bar (+Inf for none)
	cut         bool    // weigh stopped short under bar: score and zero are not known
	bar         float64
}

// memoBytes bounds the memo's keys: about 3,000 beginner positions, 500
// expert ones. The memo is live heap, which the collector marks at every
// cycle and which, under a soft memory limit (GOMEMLIMIT), makes it run
// more often.
const memoBytes = 1 << 18

// keyOf returns the key of cell in v, counted under budget: valid until the
// next call.
func (m *weighMemo) keyOf(v *game.Puzzle, cell int, budget exact.Budget) []byte {
	k := binary.AppendUvarint(m.key[:0], uint64(v.Board.Rows()))
	k = binary.AppendUvarint(k, uint64(v.Board.Cols()))
	k = binary.AppendVarint(k, int64(v.Mines))
	k = binary.AppendVarint(k, int64(budget.MaxStates))
	k = binary.AppendUvarint(k, uint64(cell))
	for _, c := range v.Cells {
		k = append(k, byte(c.State)<<4|c.Hint)
	}
	m.key = k
	return k
}

// lookup returns what weigh would return for key under bar, if the memo
// knows it.
func (m *weighMemo) lookup(key []byte, bar float64) (score, zero float64, ok bool) {
	e, ok := m.m[string(key)]
	switch {
	case !ok:
		return 0, 0, false
	case e.cut:
		if bar >= e.bar {
			return -1, 0, true
		}
		return 0, 0, false
	case e.least < bar:
		return -1, 0, true
	}
	return e.score, e.zero, true
}

// store remembers a weighing of key under bar that returned score and zero
// (score -1: stopped short), least being the lowest bound it checked.
func (m *weighMemo) store(key []byte, bar, score, zero, least float64) {
	e := weighing{score: score, zero: zero, least: least}
	if score < 0 {
		e = weighing{cut: true, bar: bar}
		if old, ok := m.m[string(key)]; ok && old.cut {
			e.bar = min(e.bar, old.bar) // stops short under either
		}
	}
	if m.m == nil || m.bytes+len(key) > memoBytes {
		m.m, m.bytes = make(map[string]weighing), 0
	}
	if _, ok := m.m[string(key)]; !ok {
		m.bytes += len(key)
	}
	m.m[string(key)] = e
}

// noBound is least before any bound is checked.
var noBound = math.Inf(1)
