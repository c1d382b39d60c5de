package backtrack

import (
	"errors"
	"fmt"

	"github.com/minesat/minesat/game"
)

// Solver is a puzzle compiled into a CSP, ready to be searched any number of
// times with any Options. Searches reuse the Solver's memory, so a Solver is
// not safe for concurrent use; make one per goroutine (New costs O(cells)).
type Solver struct {
	// The problem, fixed by New.
	cells      []int   // cells[v] is variable v's row-major board index, ascending
	flags      []int   // flagged cells (known mines), ascending
	conStart   []int32 // conVars[conStart[c]:conStart[c+1]] are constraint c's variables
	conVars    []int32
	varStart   []int32 // varCons[varStart[v]:varStart[v+1]] are variable v's constraints
	varCons    []int32
	need0      []int8 // mines each constraint needs among its variables
	mines0     int    // mines to place among the variables
	infeasible bool   // some constraint is unsatisfiable on its face

	// The search state, reset by every search.
	val     []int8  // value of each variable: -1 unassigned, 0 safe, 1 mine
	need    []int8  // per constraint: mines still needed
	free    []int8  // per constraint: unassigned variables
	zero    []uint8 // per variable: its constraints with need 0 (forbid a mine)
	full    []uint8 // per variable: its constraints with need == free (forbid safe)
	deg     []uint8 // per variable: its constraints with free >= 2
	needG   int     // mines still to place
	freeG   int     // unassigned variables
	classN  [4]int  // unassigned variables per domain class
	bucketN [nBuckets]int32
	sets    []bitset // unassigned variables: nBuckets buckets, all, per class
	stack   []frame
	stampM  []uint32 // LCV scratch: variables already counted as losing "mine"
	stampS  []uint32 // LCV scratch: variables already counted as losing "safe"
	gen     uint32
	mines   []int // scratch for reporting a solution
}

// Domain classes: what a variable's own hints still allow.
const (
	clsBoth = iota // safe or mine
	clsSafe        // a hint needs no more mines: safe only
	clsMine        // a hint needs all its unassigned cells: mine only
	clsNone        // both: no legal value
)

// The sets of unassigned variables: one per (class, degree) bucket (degree
// is 0..8), then all of them, then one per class.
const (
	nBuckets = 4 * 9
	setAll   = nBuckets
	setClass = nBuckets + 1
	nSets    = setClass + 4
)

// New compiles p. Flagged cells are known mines; Revealed cells are hints;
// Unknown cells are the variables. A puzzle that is unsatisfiable on its face
// (a hint above its unknown neighbours, a negative mine count) compiles to a
// Solver that finds no solution. New fails on a malformed Puzzle, and with
// ErrNoTotal on one whose mine total is unknown.
func New(p *game.Puzzle) (*Solver, error) {
	if p == nil || p.Board == nil {
		return nil, errors.New("backtrack: nil puzzle")
	}
	if !p.MinesKnown() {
		return nil, ErrNoTotal
	}
	b := p.Board
	if len(p.Cells) != b.Len() {
		return nil, fmt.Errorf("backtrack: puzzle has %d cells for a %dx%d board", len(p.Cells), b.Rows(), b.Cols())
	}
	s := &Solver{}
	varOf := make([]int32, b.Len())
	for i, c := range p.Cells {
		varOf[i] = -1
		switch c.State {
		case game.Unknown:
			varOf[i] = int32(len(s.cells))
			s.cells = append(s.cells, i)
		case game.Flagged:
			s.flags = append(s.flags, i)
		}
	}
	n := len(s.cells)
	s.mines0 = p.Mines - len(s.flags)
	if s.mines0 < 0 || s.mines0 > n {
		s.infeasible = true
	}
	s.conStart = []int32{0}
	nCons := make([]int32, n+1)
	for i, c := range p.Cells {
		if c.State != game.Revealed {
			continue
		}
		need, k := int(c.Hint), 0
		for _, j := range b.Neighbors(i) {
			switch p.Cells[j].State {
			case game.Flagged:
				need--
			case game.Unknown:
				s.conVars = append(s.conVars, varOf[j])
				nCons[varOf[j]+1]++
				k++
			}
		}
		if need < 0 || need > k {
			s.infeasible = true
		}
		if k == 0 {
			continue
		}
		s.need0 = append(s.need0, int8(max(0, min(need, 8))))
		s.conStart = append(s.conStart, int32(len(s.conVars)))
	}
	// Invert constraint -> variables into variable -> constraints.
	s.varStart = nCons
	for v := 0; v < n; v++ {
		s.varStart[v+1] += s.varStart[v]
	}
	s.varCons = make([]int32, len(s.conVars))
	fill := append([]int32(nil), s.varStart[:n]...)
	for c := 0; c+1 < len(s.conStart); c++ {
		for _, v := range s.conVars[s.conStart[c]:s.conStart[c+1]] {
			s.varCons[fill[v]] = int32(c)
			fill[v]++
		}
	}
	m := len(s.need0)
	s.val = make([]int8, n)
	s.need = make([]int8, m)
	s.free = make([]int8, m)
	s.zero = make([]uint8, n)
	s.full = make([]uint8, n)
	s.deg = make([]uint8, n)
	s.sets = newBitsets(nSets, n)
	s.stack = make([]frame, 0, n+1)
	s.stampM = make([]uint32, n)
	s.stampS = make([]uint32, n)
	return s, nil
}

// Vars returns the number of variables: the puzzle's Unknown cells.
func (s *Solver) Vars() int { return len(s.cells) }

// Constraints returns the number of hint constraints (hints with at least one
// Unknown neighbour); the mine count is one more.
func (s *Solver) Constraints() int { return len(s.need0) }

func (s *Solver) consOf(v int32) []int32 { return s.varCons[s.varStart[v]:s.varStart[v+1]] }
func (s *Solver) varsOf(c int32) []int32 { return s.conVars[s.conStart[c]:s.conStart[c+1]] }

// Constraint status, a function of (need, free).
const (
	stOpen = iota // 0 < need < free
	stZero        // need == 0 < free: every unassigned variable must be safe
	stFull        // need == free > 0: every unassigned variable must be a mine
	stDone        // free == 0
)

func status(need, free int8) uint8 {
	switch {
	case free == 0:
		return stDone
	case need == 0:
		return stZero
	case need == free:
		return stFull
	}
	return stOpen
}

func b2i(b bool) int8 {
	if b {
		return 1
	}
	return 0
}

func (s *Solver) class(v int32) int {
	return int(b2i(s.zero[v] > 0)) | int(b2i(s.full[v] > 0))<<1
}

func (s *Solver) bucket(v int32) int { return s.class(v)*9 + int(s.deg[v]) }

// reset puts the search state at the root: nothing assigned.
func (s *Solver) reset() {
	n := int32(len(s.cells))
	for v := range s.val {
		s.val[v] = -1
		s.zero[v], s.full[v], s.deg[v] = 0, 0, 0
	}
	copy(s.need, s.need0)
	for c := range s.need {
		s.free[c] = int8(s.conStart[c+1] - s.conStart[c])
		st := status(s.need[c], s.free[c])
		for _, v := range s.varsOf(int32(c)) {
			s.zero[v] += uint8(b2i(st == stZero))
			s.full[v] += uint8(b2i(st == stFull))
			s.deg[v] += uint8(b2i(s.free[c] >= 2))
		}
	}
	s.needG, s.freeG = s.mines0, int(n)
	s.classN = [4]int{}
	s.bucketN = [nBuckets]int32{}
	for k := range s.sets {
		s.sets[k].clear()
	}
	for v := int32(0); v < n; v++ {
		s.enter(v)
	}
	s.stack = s.stack[:0]
}

// enter adds unassigned variable v to the bucket of its class and degree.
func (s *Solver) enter(v int32) {
	b := s.bucket(v)
	s.sets[b].add(v)
	s.bucketN[b]++
	s.classN[b/9]++
	s.sets[setClass+b/9].add(v)
	s.sets[setAll].add(v)
}

// leave removes v from the unassigned variables.
func (s *Solver) leave(v int32) {
	b := s.bucket(v)
	s.sets[b].remove(v)
	s.bucketN[b]--
	s.classN[b/9]--
	s.sets[setClass+b/9].remove(v)
	s.sets[setAll].remove(v)
}

// assign sets v to x (0 safe, 1 mine) and updates the counts of v's
// constraints and, where a constraint's status or degree contribution
// changes, of their variables. Cost: O(sum of v's constraints' sizes) <= 64.
func (s *Solver) assign(v int32, x int8) {
	s.leave(v)
	s.val[v] = x
	s.needG -= int(x)
	s.freeG--
	for _, c := range s.consOf(v) {
		n0, f0 := s.need[c], s.free[c]
		s.need[c], s.free[c] = n0-x, f0-1
		s.retouch(c, n0, f0)
	}
}

// unassign undoes assign(v, x). Undos must come in reverse order of assigns.
func (s *Solver) unassign(v int32) {
	x := s.val[v]
	for _, c := range s.consOf(v) {
		n0, f0 := s.need[c], s.free[c]
		s.need[c], s.free[c] = n0+x, f0+1
		s.retouch(c, n0, f0)
	}
	s.val[v] = -1
	s.needG += int(x)
	s.freeG++
	s.enter(v)
}

// retouch propagates constraint c's change from (n0, f0) to its current
// counts into the per-variable counts and buckets.
func (s *Solver) retouch(c int32, n0, f0 int8) {
	s0, s1 := status(n0, f0), status(s.need[c], s.free[c])
	dz := b2i(s1 == stZero) - b2i(s0 == stZero)
	df := b2i(s1 == stFull) - b2i(s0 == stFull)
	dd := b2i(s.free[c] >= 2) - b2i(f0 >= 2)
	if dz == 0 && df == 0 && dd == 0 {
		return
	}
	for _, u := range s.varsOf(c) {
		if s.val[u] >= 0 {
			s.zero[u] = uint8(int8(s.zero[u]) + dz)
			s.full[u] = uint8(int8(s.full[u]) + df)
			s.deg[u] = uint8(int8(s.deg[u]) + dd)
			continue
		}
		b0 := s.bucket(u)
		s.zero[u] = uint8(int8(s.zero[u]) + dz)
		s.full[u] = uint8(int8(s.full[u]) + df)
		s.deg[u] = uint8(int8(s.deg[u]) + dd)
		if b1 := s.bucket(u); b1 != b0 {
			s.sets[b0].remove(u)
			s.bucketN[b0]--
			s.sets[b1].add(u)
			s.bucketN[b1]++
			if c0, c1 := b0/9, b1/9; c0 != c1 {
				s.classN[c0]--
				s.sets[setClass+c0].remove(u)
				s.classN[c1]++
				s.sets[setClass+c1].add(u)
			}
		}
	}
}
