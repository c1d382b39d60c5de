package game

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/minesat/minesat/internal/jsonerr"
)

// ProbsKey is the optional extra key of a record line that carries the mine
// probabilities a player weighed. Its value is a MoveProbs: an object from
// a move's index in "moves" (as a decimal string) to the estimated mine
// probability of each closed cell just before that move. Only moves made
// from probabilities (guesses, typically) need an entry. A writer adds it
// with a RecordLine.
//
// Record version 2 writes each move's cells grouped by probability, each
// group a list [p, row, col, row, col, ...], with p rounded to 4 decimals
// (most cells share a probability, so this is about 4 times shorter):
//
//	{"version":2,"level":"easy",...,"result":"won","probs":{"0":[[0.12,0,0,0,1],[0.5,3,4]]}}
//
// Version 1 wrote one triple [row, col, p] a cell, p in full precision:
//
//	{"level":"easy",...,"result":"won","probs":{"0":[[0,0,0.12],[0,1,0.12],[3,4,0.5]]}}
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
	t, ok := numbers(b)
	if !ok || len(t) != 3 {
		return fmt.Errorf("game: cell probability %.40s: want [row, col, p]", b)
	}
	r, err1 := strconv.Atoi(t[0])
	col, err2 := strconv.Atoi(t[1])
	p, err3 := strconv.ParseFloat(t[2], 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return fmt.Errorf("game: cell probability %s: want integers row and col and a number p", b)
	}
	*c = CellProb{Pos{r, col}, p}
	return nil
}

// numbers returns the elements of a JSON list of numbers as written, or
// false if b is not one.
func numbers(b []byte) ([]string, bool) {
	var vs []jsontext.Value
	if jsonv2.Unmarshal(b, &vs) != nil {
		return nil, false
	}
	out := make([]string, len(vs))
	for i, v := range vs {
		if v.Kind() != '0' {
			return nil, false
		}
		out[i] = string(v)
	}
	return out, true
}

// MoveProbs maps a move's index in Record.Moves to the cell probabilities
// weighed before that move. See ProbsKey for how records carry it. Its JSON
// is the version 2 form, cells grouped by probability; within a move, the
// cells of one probability keep their order and the groups come in the
// order of their first cell.
type MoveProbs map[int][]CellProb

// probDecimals is how many decimals MarshalJSON keeps of a probability.
const probDecimals = 1e4

// MarshalJSON writes the version 2 form, probabilities rounded to 4
// decimals. It refuses NaN and infinite probabilities.
func (mp MoveProbs) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for k, i := range slices.Sorted(maps.Keys(mp)) {
		if k > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, `":[`...)
		var groups [][]Pos
		var ps []float64
		for _, cp := range mp[i] {
			if math.IsNaN(cp.P) || math.IsInf(cp.P, 0) {
				return nil, fmt.Errorf("game: probability of %v is %v", cp.Pos, cp.P)
			}
			p := math.Round(cp.P*probDecimals) / probDecimals
			g := slices.Index(ps, p)
			if g < 0 {
				g = len(ps)
				ps, groups = append(ps, p), append(groups, nil)
			}
			groups[g] = append(groups[g], cp.Pos)
		}
		for g, cells := range groups {
			if g > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = strconv.AppendFloat(b, ps[g], 'f', -1, 64)
			for _, p := range cells {
				b = append(b, ',')
				b = strconv.AppendInt(b, int64(p.Row), 10)
				b = append(b, ',')
				b = strconv.AppendInt(b, int64(p.Col), 10)
			}
			b = append(b, ']')
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads the version 2 form, as MarshalJSON writes it.
func (mp *MoveProbs) UnmarshalJSON(b []byte) error {
	var groups map[int][]probGroup
	if err := jsonv2.Unmarshal(b, &groups, jsonerr.Strict); err != nil {
		return err
	}
	*mp = make(MoveProbs, len(groups))
	for i, gs := range groups {
		var cps []CellProb
		for _, g := range gs {
			cps = append(cps, g...)
		}
		(*mp)[i] = cps
	}
	return nil
}

// probGroup is one group [p, row, col, row, col, ...] of the version 2
// form.
type probGroup []CellProb

func (g *probGroup) UnmarshalJSON(b []byte) error {
	t, ok := numbers(b)
	if !ok || len(t) < 3 || len(t)%2 == 0 {
		return fmt.Errorf("game: want [p, row, col, row, col, ...], got %.40s", b)
	}
	p, err := strconv.ParseFloat(t[0], 64)
	if err != nil {
		return fmt.Errorf("game: want a number p first, got %s", t[0])
	}
	*g = make(probGroup, 0, len(t)/2)
	for k := 1; k < len(t); k += 2 {
		r, err1 := strconv.Atoi(t[k])
		c, err2 := strconv.Atoi(t[k+1])
		if err1 != nil || err2 != nil {
			return fmt.Errorf("game: want integers row and col after p, got %s, %s", t[k], t[k+1])
		}
		*g = append(*g, CellProb{Pos{r, c}, p})
	}
	return nil
}

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
