package cnf

// Exactly is the constraint "exactly N of Lits are true". Lits must name
// distinct variables. N may lie outside 0..len(Lits): the constraint is then
// unsatisfiable, and every encoding of it says so.
type Exactly struct {
	Lits []Lit // distinct variables
	N    int   // how many of Lits are true
}

// Feasible reports whether some assignment satisfies e: 0 <= N <= len(Lits).
func (e Exactly) Feasible() bool { return e.N >= 0 && e.N <= len(e.Lits) }

// NumTrue returns how many of e.Lits are true under a.
func (e Exactly) NumTrue(a Assignment) int {
	n := 0
	for _, l := range e.Lits {
		if a.Value(l) {
			n++
		}
	}
	return n
}

// Holds reports whether exactly e.N of e.Lits are true under a.
func (e Exactly) Holds(a Assignment) bool { return e.NumTrue(a) == e.N }

// Cards returns e as two cardinality constraints: at least N of Lits, and at
// most N of Lits (at least len(Lits)-N of their negations). Both own fresh
// slices. When e is infeasible one of the two asks for more literals than it
// has; the other may then ask for a negative number, which always holds.
func (e Exactly) Cards() [2]Card { return [2]Card{AtLeast(e.Lits, e.N), AtMost(e.Lits, e.N)} }

// Card is the cardinality constraint "at least AtLeast of Lits are true", a
// pseudo-boolean constraint with unit weights. It maps one to one onto
// gophersat's solver.PBConstr{Lits: c.Dimacs(), AtLeast: c.AtLeast} (give it
// to ParsePBConstrs, not ParseCardConstrs, which drops some constraints).
// AtLeast <= 0 always holds; AtLeast > len(Lits) never does.
type Card struct {
	Lits    []Lit // distinct variables
	AtLeast int   // the least number of Lits that are true
}

// AtLeast returns "at least n of lits are true". It copies lits.
func AtLeast(lits []Lit, n int) Card {
	return Card{Lits: append([]Lit(nil), lits...), AtLeast: n}
}

// AtMost returns "at most n of lits are true", expressed as "at least
// len(lits)-n of their negations are true". It does not modify lits.
func AtMost(lits []Lit, n int) Card {
	neg := make([]Lit, len(lits))
	for i, l := range lits {
		neg[i] = l.Not()
	}
	return Card{Lits: neg, AtLeast: len(lits) - n}
}

// Holds reports whether at least c.AtLeast of c.Lits are true under a.
func (c Card) Holds(a Assignment) bool {
	return Exactly{Lits: c.Lits}.NumTrue(a) >= c.AtLeast
}

// Dimacs returns c's literals as DIMACS integers, the form gophersat takes.
func (c Card) Dimacs() []int { return Clause(c.Lits).Dimacs() }
