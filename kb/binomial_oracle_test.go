package kb

import (
	"fmt"

	"github.com/minesat/minesat/cnf"
)

// The binomial encoding as package cnf writes it, over the KB's variables:
// the oracle that KB.addBinomial, which writes the same clauses itself, is
// checked against.

// binomial calls emit with each clause of the binomial encoding of "exactly
// n of cells hold mines" (cnf.Binomial): every (n+1)-subset of cells gets a
// clause of safe literals (at most n), every (m-n+1)-subset a clause of
// mine literals (at least n), m = len(cells); C(m,n+1) + C(m,n-1) clauses
// in all. Each emitted clause is sorted; the slice passed to emit is
// reused after it returns. It returns an ErrContradiction error if
// 0 <= n <= m fails, because no layout then satisfies the constraint.
func binomial(cells []int, n int, emit func(cnf.Clause) error) error {
	s := clauseSink{emit: emit}
	return s.binomial(cells, n)
}

// binomial is the package's binomial, emitting to s; its buffers are kept
// for the next call.
func (s *clauseSink) binomial(cells []int, n int) error {
	m := len(cells)
	if n < 0 || n > m {
		return fmt.Errorf("kb: %d mines among %d cells: %w", n, m, ErrContradiction)
	}
	s.lits = s.lits[:0]
	for _, c := range cells {
		s.lits = append(s.lits, MineLit(c))
	}
	s.err = nil
	s.enc = cnf.Binomial.EncodeBuf(s, cnf.Exactly{Lits: s.lits, N: n}, s.enc)
	return s.err
}

// clauseSink is the cnf.Sink that passes each clause, sorted, to emit,
// stopping at the first error.
type clauseSink struct {
	buf  cnf.Clause
	lits []cnf.Lit
	enc  []cnf.Lit // the encoder's buffer
	emit func(cnf.Clause) error
	err  error
}

// NewVar panics: the binomial encoding needs no auxiliary variables.
func (s *clauseSink) NewVar() cnf.Var {
	panic("kb: the binomial encoding asked for an auxiliary variable")
}

// Add sorts one clause and emits it.
func (s *clauseSink) Add(lits ...cnf.Lit) {
	if s.err != nil {
		return
	}
	s.buf = append(s.buf[:0], lits...)
	for i := 1; i < len(s.buf); i++ {
		for j := i; j > 0 && s.buf[j] < s.buf[j-1]; j-- {
			s.buf[j], s.buf[j-1] = s.buf[j-1], s.buf[j]
		}
	}
	s.err = s.emit(s.buf)
}

// binomialFits reports whether binomial emits at most limit clauses for
// exactly n of m cells.
func binomialFits(m, n, limit int) bool { return cnf.BinomialSize(m, n) <= limit }
