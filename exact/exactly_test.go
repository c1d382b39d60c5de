package exact

import (
	"context"
	"fmt"
	"math/bits"
	"testing"

	"github.com/minesat/minesat/cnf"
)

// TestExactlyAgreesWithBruteForce checks that "exactly n of m", as cnf's
// two cardinality constraints (cnf.Exactly.Cards) handed to gophersat
// through ParsePBConstrs, holds under each of the 2^m full assignments
// exactly when n literals are true, for every m <= 8 and -1 <= n <= m+1
// (n = -1 and n = m+1 hold under none). Each assignment is assumed whole;
// satSolver.solve passes the problem's units again, which Assume forgets,
// and refuses an assignment contradicting them, which Assume would accept.
// The literals are all positive, or every other one negated.
func TestExactlyAgreesWithBruteForce(t *testing.T) {
	for m := 0; m <= 8; m++ {
		for _, negate := range []bool{false, true} {
			lits := make([]cnf.Lit, m)
			for k := range lits {
				lits[k] = cnf.Var(k + 1).Lit(!negate || k%2 == 0)
			}
			for n := -1; n <= m+1; n++ {
				t.Run(fmt.Sprintf("%d of %d negate=%v", n, m, negate), func(t *testing.T) {
					sp := newSATProblem(m)
					sp.exactly(lits, n)
					ss := sp.build(context.Background())
					wrong := 0
					for a := range uint(1) << m {
						assume := make([]cnf.Lit, m)
						for k := range assume {
							assume[k] = cnf.Var(k + 1).Lit(a>>k&1 == 1)
						}
						want := bruteExactly(lits, a, n)
						model, sat := mustSolve(t, ss, assume...)
						if sat != want {
							if wrong++; wrong <= 3 {
								t.Errorf("assignment %0*b: sat %v; want %v", max(m, 1), a, sat, want)
							}
							continue
						}
						for k := range m {
							if sat && model[k+1] != (a>>k&1 == 1) {
								t.Errorf("assignment %0*b: model %v does not match it", m, a, model)
								break
							}
						}
					}
					if wrong > 3 {
						t.Errorf("%d of %d assignments wrong", wrong, 1<<m)
					}
				})
			}
		}
	}
}

// bruteExactly reports whether exactly n of lits are true when variable k+1
// is bit k of a.
func bruteExactly(lits []cnf.Lit, a uint, n int) bool {
	var truth uint
	for _, l := range lits {
		if v := uint(1) << (int(l.Var()) - 1); l.IsNeg() {
			truth |= v & ^a
		} else {
			truth |= v & a
		}
	}
	return bits.OnesCount(truth) == n
}
