package cnf

import (
	"fmt"
	"iter"
)

// Clause is a disjunction of literals. The empty clause is false.
type Clause []Lit

// Holds reports whether some literal of c is true under a.
func (c Clause) Holds(a Assignment) bool {
	for _, l := range c {
		if a.Value(l) {
			return true
		}
	}
	return false
}

// Dimacs returns c's literals as DIMACS integers, without the closing 0.
func (c Clause) Dimacs() []int {
	out := make([]int, len(c))
	for i, l := range c {
		out[i] = l.Dimacs()
	}
	return out
}

// Assignment gives each variable a truth value: a[v] is the value of variable
// v, and a[0] is unused. Variables beyond len(a) are false.
type Assignment []bool

// Value returns the truth value of l under a.
func (a Assignment) Value(l Lit) bool {
	v := l.Var()
	val := int(v) < len(a) && a[v]
	return val != l.IsNeg()
}

// Sink receives an encoding: encoders ask it for fresh auxiliary variables and
// give it clauses. Add must not keep lits, which the caller may reuse; an Add
// with no literals is the empty clause, making the formula unsatisfiable.
type Sink interface {
	NewVar() Var
	Add(lits ...Lit)
}

// Formula is a CNF formula: a number of variables and a list of clauses. It is
// the Sink that keeps what it receives. Clauses are stored back to back in one
// slice, so adding one costs no allocation beyond amortized growth. The zero
// Formula is empty and ready to use.
type Formula struct {
	vars Var
	lits []Lit // every clause's literals, in order
	ends []int // ends[i] is the end of clause i in lits
}

// NewFormula returns an empty formula over variables 1..vars; NewVar
// continues from vars+1.
func NewFormula(vars int) *Formula {
	if vars < 0 || Var(vars) > MaxVar {
		panic(fmt.Sprintf("cnf: NewFormula(%d): out of range", vars))
	}
	return &Formula{vars: Var(vars)}
}

// NewVar returns a fresh variable, one more than the largest so far.
func (f *Formula) NewVar() Var {
	if f.vars == MaxVar {
		panic("cnf: out of variables")
	}
	f.vars++
	return f.vars
}

// Add appends the clause lits (copied). It panics if a literal is zero or
// names a variable the formula has not allocated: that is an encoder bug.
func (f *Formula) Add(lits ...Lit) {
	for _, l := range lits {
		if v := l.Var(); v == 0 || v > f.vars {
			panic(fmt.Sprintf("cnf: literal %v of a formula over %d variables", l, f.vars))
		}
	}
	f.lits = append(f.lits, lits...)
	f.ends = append(f.ends, len(f.lits))
}

// NumVars returns the number of variables, 1..NumVars.
func (f *Formula) NumVars() int { return int(f.vars) }

// Len returns the number of clauses.
func (f *Formula) Len() int { return len(f.ends) }

// NumLits returns the total number of literal occurrences in the clauses.
func (f *Formula) NumLits() int { return len(f.lits) }

// Clause returns clause i, 0 <= i < Len. The slice is shared: callers must
// not modify it.
func (f *Formula) Clause(i int) Clause {
	start := 0
	if i > 0 {
		start = f.ends[i-1]
	}
	return Clause(f.lits[start:f.ends[i]:f.ends[i]])
}

// Clauses iterates over the clauses in order, with their indices. The
// clauses are shared: callers must not modify them.
func (f *Formula) Clauses() iter.Seq2[int, Clause] {
	return func(yield func(int, Clause) bool) {
		start := 0
		for i, end := range f.ends {
			if !yield(i, Clause(f.lits[start:end:end])) {
				return
			}
			start = end
		}
	}
}

// Violated returns the index of the first clause that a falsifies, or -1 if a
// satisfies every clause.
func (f *Formula) Violated(a Assignment) int {
	for i, c := range f.Clauses() {
		if !c.Holds(a) {
			return i
		}
	}
	return -1
}
