package backtrack

import (
	"context"
	"math"
	"math/bits"

	"github.com/minesat/minesat/game"
)

// Stats is the work a search did.
type Stats struct {
	Nodes      int64 // values tried, one per (variable, value); see the package doc
	Backtracks int64 // tried values rejected by the consistency or forward check
	Solutions  int64 // solutions found
}

// Result is the outcome of Solve.
type Result struct {
	Mines []int // a solution: row-major mine indices, ascending, flags included; nil unless Found
	Found bool  // a solution was found; false means the puzzle has none
	Stats Stats // the work done
}

// Domain bits.
const (
	safeBit uint8 = 1 << 0
	mineBit uint8 = 1 << 1
)

// frame is one variable on the search stack and the values left to try.
type frame struct {
	v     int32   // the variable
	vals  [2]int8 // the values to try, in order
	n, k  int8    // len(vals) in use; index of the next value to try
	cur   int8    // the value now assigned, or -1
	legal uint8   // legal values (domain bits) when the frame was pushed
}

// Solve returns one solution of p, searched with o. It is New(p) followed
// by Solver.Solve.
func Solve(ctx context.Context, p *game.Puzzle, o Options) (Result, error) {
	s, err := New(p)
	if err != nil {
		return Result{}, err
	}
	return s.Solve(ctx, o)
}

// Enumerate calls fn with every solution of p, searched with o. It is New(p)
// followed by Solver.Enumerate.
func Enumerate(ctx context.Context, p *game.Puzzle, o Options, fn func(mines []int) bool) (Stats, error) {
	s, err := New(p)
	if err != nil {
		return Stats{}, err
	}
	return s.Enumerate(ctx, o, fn)
}

// Count returns the number of solutions of p in Stats.Solutions, enumerated
// with o. Every solution costs at least one node, so the budget bounds the
// count that can be reached.
func Count(ctx context.Context, p *game.Puzzle, o Options) (Stats, error) {
	return Enumerate(ctx, p, o, nil)
}

// Solve searches for one solution. It returns Found false with a nil error
// when the puzzle has none, and a *GaveUpError (with the Stats so far) when
// the budget or ctx ran out first.
func (s *Solver) Solve(ctx context.Context, o Options) (Result, error) {
	var r Result
	st, err := s.search(ctx, o, func(mines []int) bool {
		r.Mines = append([]int(nil), mines...)
		r.Found = true
		return false
	})
	r.Stats = st
	return r, err
}

// Enumerate searches for every solution and calls fn, if not nil, with each
// one (row-major mine indices, ascending, flags included; the slice is
// reused after fn returns). It stops early, without error, when fn returns
// false. Stats.Solutions counts the solutions found. It returns a
// *GaveUpError when the budget or ctx ran out first.
func (s *Solver) Enumerate(ctx context.Context, o Options, fn func(mines []int) bool) (Stats, error) {
	if fn == nil {
		fn = func([]int) bool { return true }
	}
	return s.search(ctx, o, fn)
}

// search is the one search loop. Every heuristic is a parameter of it.
func (s *Solver) search(ctx context.Context, o Options, found func([]int) bool) (Stats, error) {
	var st Stats
	budget := o.MaxNodes
	switch {
	case budget == 0:
		budget = DefaultMaxNodes
	case budget < 0:
		budget = math.MaxInt64
	}
	if err := ctx.Err(); err != nil {
		return st, &GaveUpError{Stats: st, Err: err}
	}
	s.reset()
	if s.infeasible || (o.FC && s.failed()) {
		return st, nil
	}
	if s.freeG == 0 {
		st.Solutions++
		found(s.solution())
		return st, nil
	}
	s.push(o)
	for len(s.stack) > 0 {
		f := &s.stack[len(s.stack)-1]
		if f.cur >= 0 {
			s.unassign(f.v)
			f.cur = -1
		}
		if f.k == f.n {
			s.stack = s.stack[:len(s.stack)-1]
			continue
		}
		x := f.vals[f.k]
		f.k++
		if st.Nodes >= budget {
			return st, &GaveUpError{Stats: st, Err: ErrBudget}
		}
		st.Nodes++
		if st.Nodes&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return st, &GaveUpError{Stats: st, Err: err}
			}
		}
		if f.legal&(1<<x) == 0 { // the consistency check (never fails under FC)
			st.Backtracks++
			continue
		}
		s.assign(f.v, x)
		f.cur = x
		if o.FC && s.failed() {
			st.Backtracks++
			continue
		}
		if s.freeG == 0 {
			st.Solutions++
			if !found(s.solution()) {
				return st, nil
			}
			continue
		}
		s.push(o)
	}
	return st, nil
}

// failed is the forward check: a variable has no legal value, or the
// variables forced to a mine (to safe) outnumber the mines (safe cells) left.
func (s *Solver) failed() bool {
	return s.classN[clsNone] > 0 || s.classN[clsMine] > s.needG || s.classN[clsSafe] > s.freeG-s.needG
}

// domain returns the domain of an unassigned variable of class cls: its
// legal values, tightened under FC by the bounds of the mine count.
func (s *Solver) domain(cls int, fc bool) uint8 {
	d := [4]uint8{safeBit | mineBit, safeBit, mineBit, 0}[cls]
	if s.needG == 0 {
		d &^= mineBit
	}
	if s.freeG == s.needG {
		d &^= safeBit
	}
	if fc && cls == clsBoth {
		if s.needG <= s.classN[clsMine] {
			d &^= mineBit
		}
		if s.freeG-s.needG <= s.classN[clsSafe] {
			d &^= safeBit
		}
	}
	return d
}

// push chooses the next variable and pushes its frame.
func (s *Solver) push(o Options) {
	v := s.choose(o)
	d := s.domain(s.class(v), o.FC)
	f := frame{v: v, cur: -1, legal: d}
	try := d // values tried: the domain under FC, both values without
	if !o.FC {
		try = safeBit | mineBit
	}
	if try&safeBit != 0 {
		f.vals[f.n] = 0
		f.n++
	}
	if try&mineBit != 0 {
		f.vals[f.n] = 1
		f.n++
	}
	if o.Value == ValueLCV && f.n == 2 && s.lcvMineFirst(v, d) {
		f.vals = [2]int8{1, 0}
	}
	s.stack = append(s.stack, f)
}

// choose returns the next variable under order o.Order. It reads the
// counts of the 4 classes and 36 buckets and at most a few lowest set bits;
// remaining ties go to the lowest row-major index.
func (s *Solver) choose(o Options) int32 {
	if o.Order == OrderNone {
		return s.sets[setAll].first()
	}
	var size [4]int
	minSize := 3
	for cls := range size {
		size[cls] = bits.OnesCount8(s.domain(cls, o.FC))
		if s.classN[cls] > 0 {
			minSize = min(minSize, size[cls])
		}
	}
	best := int32(-1)
	better := func(v int32) {
		if best < 0 || v < best {
			best = v
		}
	}
	switch o.Order {
	case OrderMRV:
		for cls := range size {
			if s.classN[cls] > 0 && size[cls] == minSize {
				better(s.sets[setClass+cls].first())
			}
		}
	case OrderDegree: // the highest degree present, then the smallest domain
		for deg := 8; deg >= 0 && best < 0; deg-- {
			bestSize := 3
			for cls := range size {
				if s.bucketN[cls*9+deg] > 0 && size[cls] <= bestSize {
					if size[cls] < bestSize {
						bestSize, best = size[cls], -1
					}
					better(s.sets[cls*9+deg].first())
				}
			}
		}
	default: // OrderMRVDegree: the smallest domain, then the highest degree
		for deg := 8; deg >= 0 && best < 0; deg-- {
			for cls := range size {
				if size[cls] == minSize && s.bucketN[cls*9+deg] > 0 {
					better(s.sets[cls*9+deg].first())
				}
			}
		}
	}
	return best
}

// lcvMineFirst reports whether LCV orders "mine" before "safe" for v: mine
// removes fewer values from the variables sharing a hint with v, or safe is
// illegal (d lacks it). Ties go to safe.
func (s *Solver) lcvMineFirst(v int32, d uint8) bool {
	switch {
	case d&safeBit == 0:
		return d&mineBit != 0
	case d&mineBit == 0:
		return false
	}
	return s.ruledOut(v, 1) < s.ruledOut(v, 0)
}

// ruledOut counts the values that assigning x to v would remove from the
// domains of the unassigned variables sharing a hint with v: a mine that
// brings a hint's need to 0 removes "mine" from its other cells, a safe cell
// that leaves a hint exactly as many cells as mines removes "safe". Each
// (variable, value) counts once. Cost: O(sum of v's constraints' sizes).
func (s *Solver) ruledOut(v int32, x int8) int {
	s.gen++
	if s.gen == 0 {
		clear(s.stampM)
		clear(s.stampS)
		s.gen = 1
	}
	n := 0
	for _, c := range s.consOf(v) {
		need, free := s.need[c]-x, s.free[c]-1
		if free == 0 {
			continue
		}
		toZero := x == 1 && need == 0
		toFull := x == 0 && need == free
		if !toZero && !toFull {
			continue
		}
		for _, u := range s.varsOf(c) {
			if u == v || s.val[u] >= 0 {
				continue
			}
			if toZero && s.zero[u] == 0 && s.stampM[u] != s.gen {
				s.stampM[u] = s.gen
				n++
			}
			if toFull && s.full[u] == 0 && s.stampS[u] != s.gen {
				s.stampS[u] = s.gen
				n++
			}
		}
	}
	return n
}

// solution returns the current full assignment as mine indices, reusing a
// buffer.
func (s *Solver) solution() []int {
	s.mines = s.mines[:0]
	fl := s.flags
	for v, c := range s.cells {
		if s.val[v] != 1 {
			continue
		}
		for len(fl) > 0 && fl[0] < c {
			s.mines = append(s.mines, fl[0])
			fl = fl[1:]
		}
		s.mines = append(s.mines, c)
	}
	s.mines = append(s.mines, fl...)
	return s.mines
}
