package cnf

// A small DPLL solver for the tests: occurrence lists, a trail, no learning.
// It is the independent judge of what the encodings mean, so it is kept
// simple enough to check by eye.

type dpll struct {
	f     *Formula
	val   []int8    // by variable: 0 unassigned, 1 true, -1 false
	occ   [][]int32 // by Lit.Index(): the clauses containing the literal
	trail []Lit
	empty bool // the formula has an empty clause
}

func newDPLL(f *Formula) *dpll {
	s := &dpll{f: f, val: make([]int8, f.NumVars()+1), occ: make([][]int32, 2*f.NumVars())}
	for i, c := range f.Clauses() {
		if len(c) == 0 {
			s.empty = true
		}
		for _, l := range c {
			s.occ[l.Index()] = append(s.occ[l.Index()], int32(i))
		}
	}
	return s
}

// value returns 1 if l is true, -1 if false, 0 if unassigned.
func (s *dpll) value(l Lit) int8 {
	v := s.val[l.Var()]
	if l.IsNeg() {
		return -v
	}
	return v
}

// assume sets l true and propagates; it returns false on a conflict. The
// caller undoes with undo(len(trail) before the call).
func (s *dpll) assume(l Lit) bool {
	switch s.value(l) {
	case 1:
		return true
	case -1:
		return false
	}
	start := len(s.trail)
	s.set(l)
	return s.propagate(start)
}

func (s *dpll) set(l Lit) {
	if l.IsNeg() {
		s.val[l.Var()] = -1
	} else {
		s.val[l.Var()] = 1
	}
	s.trail = append(s.trail, l)
}

func (s *dpll) undo(to int) {
	for _, l := range s.trail[to:] {
		s.val[l.Var()] = 0
	}
	s.trail = s.trail[:to]
}

// propagate runs unit propagation over the trail from index from.
func (s *dpll) propagate(from int) bool {
	for k := from; k < len(s.trail); k++ {
		for _, ci := range s.occ[s.trail[k].Not().Index()] {
			var unit Lit
			free, sat := 0, false
			for _, l := range s.f.Clause(int(ci)) {
				switch s.value(l) {
				case 1:
					sat = true
				case 0:
					free++
					unit = l
				}
				if sat {
					break
				}
			}
			switch {
			case sat:
			case free == 0:
				return false
			case free == 1:
				s.set(unit)
			}
		}
	}
	return true
}

// start propagates the unit clauses; false means the formula is unsatisfiable
// by propagation alone.
func (s *dpll) start() bool {
	if s.empty {
		return false
	}
	for _, c := range s.f.Clauses() {
		if len(c) == 1 && !s.assume(c[0]) {
			return false
		}
	}
	return true
}

// satisfiable reports whether the current partial assignment extends to a
// model; it leaves the assignment as it found it.
func (s *dpll) satisfiable() bool { return s.models(1) == 1 }

// models counts the total assignments extending the current one, up to limit.
func (s *dpll) models(limit int) int {
	v := Var(0)
	for u := Var(1); int(u) < len(s.val); u++ {
		if s.val[u] == 0 {
			v = u
			break
		}
	}
	if v == 0 {
		if s.f.Violated(s.assignment()) >= 0 {
			panic("dpll: full assignment violates a clause")
		}
		return 1
	}
	n := 0
	for _, l := range [2]Lit{v.Neg(), v.Pos()} {
		mark := len(s.trail)
		if s.assume(l) {
			n += s.models(limit - n)
		}
		s.undo(mark)
		if n >= limit {
			break
		}
	}
	return n
}

func (s *dpll) assignment() Assignment {
	a := make(Assignment, len(s.val))
	for v := range s.val {
		a[v] = s.val[v] == 1
	}
	return a
}

// solveWith reports whether f is satisfiable with the given literals true,
// and how many models it then has (counted up to limit).
func solveWith(f *Formula, units []Lit, limit int) (sat bool, models int) {
	s := newDPLL(f)
	if !s.start() {
		return false, 0
	}
	for _, l := range units {
		if !s.assume(l) {
			return false, 0
		}
	}
	n := s.models(limit)
	return n > 0, n
}
