package game

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
)

// ProbsKey is the optional extra key of a record line that carries the mine
// probabilities a player weighed. Its value is a MoveProbs: an object from
// a move's index in "moves" (as a decimal string) to a list of CellProb
// triples [row, col, p], the estimated mine probability p of each closed
// cell just before that move. Only moves made from probabilities (guesses,
// typically) need an entry. A writer adds it by embedding Record:
//
//	type line struct {
//		game.Record
//		Probs game.MoveProbs `json:"probs,omitempty"`
//	}
//
// For example: {"level":"easy",...,"result":"won","probs":{"0":[[0,0,0.12],[0,1,0.12]]}}
const ProbsKey = "probs"

// CellProb is one cell's estimated mine probability. In JSON it is the
// triple [row, col, p].
type CellProb struct {
	Pos Pos     // the cell
	P   float64 // probability that it holds a mine, in [0, 1]
}

// MarshalJSON writes the triple [row, col, p].
func (c CellProb) MarshalJSON() ([]byte, error) {
	if math.IsNaN(c.P) || math.IsInf(c.P, 0) {
		return nil, fmt.Errorf("game: probability of %v is %v", c.Pos, c.P)
	}
	return json.Marshal([3]any{c.Pos.Row, c.Pos.Col, c.P})
}

// UnmarshalJSON reads the triple [row, col, p]; row and col must be
// integers.
func (c *CellProb) UnmarshalJSON(b []byte) error {
	var t []json.Number
	if err := json.Unmarshal(b, &t); err != nil || len(t) != 3 {
		return fmt.Errorf("game: cell probability %s: want [row, col, p]", b)
	}
	r, err1 := t[0].Int64()
	col, err2 := t[1].Int64()
	p, err3 := t[2].Float64()
	if err1 != nil || err2 != nil || err3 != nil {
		return fmt.Errorf("game: cell probability %s: want integers row and col and a number p", b)
	}
	*c = CellProb{Pos{int(r), int(col)}, p}
	return nil
}

// MoveProbs maps a move's index in Record.Moves to the cell probabilities
// weighed before that move. See ProbsKey for how records carry it.
type MoveProbs map[int][]CellProb

// Check reports the first entry of mp that does not fit rec: a move index
// out of range, a cell off the board or listed twice for one move, or a
// probability outside [0, 1]. Errors are *RecordError naming the move.
func (mp MoveProbs) Check(rec *Record) error {
	for _, i := range slices.Sorted(maps.Keys(mp)) {
		cps := mp[i]
		if i < 0 || i >= len(rec.Moves) {
			return recordErrorf(-1, "%s: move %d: the record has %d moves", ProbsKey, i, len(rec.Moves))
		}
		seen := make(map[Pos]bool, len(cps))
		for _, cp := range cps {
			p := cp.Pos
			if p.Row < 0 || p.Row >= rec.Rows || p.Col < 0 || p.Col >= rec.Cols {
				return recordErrorf(i, "%s: cell %v off the %dx%d board", ProbsKey, p, rec.Rows, rec.Cols)
			}
			if seen[p] {
				return recordErrorf(i, "%s: cell %v listed twice", ProbsKey, p)
			}
			seen[p] = true
			if !(cp.P >= 0 && cp.P <= 1) {
				return recordErrorf(i, "%s: cell %v has probability %v, outside [0, 1]", ProbsKey, p, cp.P)
			}
		}
	}
	return nil
}
