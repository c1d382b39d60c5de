package cnf

import (
	"fmt"
	"math"
	"strconv"
)

// Var is a propositional variable, numbered from 1 as in DIMACS. The zero Var
// names no variable.
type Var uint32

// MaxVar is the largest variable: its literals still fit a DIMACS int32.
const MaxVar Var = math.MaxInt32

// Pos returns the literal that is true when v is true.
func (v Var) Pos() Lit { return Lit(v << 1) }

// Neg returns the literal that is true when v is false.
func (v Var) Neg() Lit { return Lit(v<<1 | 1) }

// Lit returns v's positive literal if value is true, its negation otherwise.
func (v Var) Lit(value bool) Lit {
	if value {
		return v.Pos()
	}
	return v.Neg()
}

// Lit is a variable or its negation, stored as Var<<1 | negated (as gini's
// z.Lit), so that literals index dense arrays: see Index. The zero Lit names
// no literal. Lit.String and Dimacs give the DIMACS form, -3 for "not x3".
type Lit uint32

// LitOf returns the literal of a non-zero DIMACS integer: d for variable d,
// -d for its negation. It panics if d is 0 or outside the int32 range, the
// values DIMACS cannot express.
func LitOf(d int) Lit {
	if d == 0 || d < -math.MaxInt32 || d > math.MaxInt32 {
		panic(fmt.Sprintf("cnf: %d is not a DIMACS literal", d))
	}
	if d < 0 {
		return Var(-d).Neg()
	}
	return Var(d).Pos()
}

// Var returns the literal's variable.
func (l Lit) Var() Var { return Var(l >> 1) }

// IsNeg reports whether l is a negated variable.
func (l Lit) IsNeg() bool { return l&1 == 1 }

// Not returns the negation of l. Not(Not(l)) == l.
func (l Lit) Not() Lit { return l ^ 1 }

// Dimacs returns l as a DIMACS integer: the variable, negated if l is. The
// inverse is LitOf.
func (l Lit) Dimacs() int {
	if l.IsNeg() {
		return -int(l >> 1)
	}
	return int(l >> 1)
}

// Index returns a dense index for l: 2*(Var-1) for the positive literal and
// one more for the negative, so the literals of variables 1..n index a slice
// of length 2n.
func (l Lit) Index() int { return int(l) - 2 }

// String returns l in DIMACS form, such as "3" or "-3".
func (l Lit) String() string { return strconv.Itoa(l.Dimacs()) }
