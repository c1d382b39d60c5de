package cnf

import (
	"fmt"
	"math"
	"slices"
)

// Encoding is a way to write an Exactly constraint as clauses. The zero
// Encoding, Auto, picks one by size.
type Encoding uint8

// The encodings of "exactly n of m literals".
const (
	// Auto is Binomial for at most 8 literals (a hint's neighbourhood) and
	// Totalizer above.
	Auto Encoding = iota
	// Binomial writes, with no auxiliary variables, C(m,n+1) clauses of n+1
	// negative literals (no n+1 are all true) and C(m,m-n+1) clauses of
	// m-n+1 positive literals (no m-n+1 are all false). Its size is
	// exponential in m: Encode panics above MaxBinomialClauses clauses.
	Binomial
	// Sequential is Sinz's sequential counter (2005), written in both
	// directions and kept to the band of counts that can still reach n:
	// register s(i,j) means "at least j of the first i literals are true",
	// for max(0,n-(m-i)) < j <= min(i,n). At most m*min(n,m-n) auxiliary
	// variables and 4 clauses per variable, plus O(m).
	Sequential
	// Totalizer is Bailleux and Boufkhad's totalizer (2003): a balanced
	// binary tree whose nodes count their leaves in unary, capped at k+1
	// where k = min(n,m-n) (counting false literals when fewer are false
	// than true), written in both directions. O(m log k) auxiliary variables
	// and O(m k) clauses.
	Totalizer
)

// Encodings lists the named encodings, Auto first.
var Encodings = []Encoding{Auto, Binomial, Sequential, Totalizer}

// String returns "auto", "binomial", "sequential" or "totalizer".
func (enc Encoding) String() string {
	switch enc {
	case Auto:
		return "auto"
	case Binomial:
		return "binomial"
	case Sequential:
		return "sequential"
	case Totalizer:
		return "totalizer"
	}
	return fmt.Sprintf("Encoding(%d)", uint8(enc))
}

// ParseEncoding returns the encoding named s, as String writes it.
func ParseEncoding(s string) (Encoding, error) {
	for _, enc := range Encodings {
		if enc.String() == s {
			return enc, nil
		}
	}
	return Auto, fmt.Errorf("cnf: unknown encoding %q: expected auto, binomial, sequential or totalizer", s)
}

// MaxBinomialClauses bounds the Binomial encoding: it is 2^20 clauses
// (C(20,10) is 184,756; C(24,12) is 2,704,156).
const MaxBinomialClauses = 1 << 20

// BinomialSize returns the number of clauses Binomial writes for exactly n of
// m literals, C(m,n+1)+C(m,n-1), saturating at math.MaxInt. An infeasible
// constraint counts one clause, the empty one.
func BinomialSize(m, n int) int {
	if n < 0 || n > m {
		return 1
	}
	a, b := choose(m, n+1), choose(m, n-1)
	if a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
}

// choose returns C(m,k), saturating at math.MaxInt.
func choose(m, k int) int {
	if k < 0 || k > m {
		return 0
	}
	k = min(k, m-k)
	c := 1
	for i := 1; i <= k; i++ {
		// c*(m-k+i)/i is exact: c*(m-k+i) is i times C(m-k+i, i).
		f := m - k + i
		if c > math.MaxInt/f {
			return math.MaxInt
		}
		c = c * f / i
	}
	return c
}

// Encode writes "exactly e.N of e.Lits" to dst as clauses over e's literals
// and fresh variables from dst. For every assignment of e.Lits, the clauses
// are satisfiable (by some values of the fresh variables) iff exactly e.N of
// them are true, and the fresh variables' values are then determined. An
// infeasible e is written as the empty clause. Encode panics on an unknown
// Encoding, or on Binomial beyond MaxBinomialClauses.
func (enc Encoding) Encode(dst Sink, e Exactly) { enc.EncodeBuf(dst, e, nil) }

// EncodeBuf is Encode writing each clause through buf, which it returns for
// the next call: a caller that encodes one constraint after another, into a
// Sink that copies what it keeps, allocates nothing once buf is large
// enough.
func (enc Encoding) EncodeBuf(dst Sink, e Exactly, buf []Lit) []Lit {
	w := writer{dst: dst, buf: buf}
	enc.encode(&w, e)
	return w.buf
}

// encode writes e through w.
func (enc Encoding) encode(w *writer, e Exactly) {
	m, n := len(e.Lits), e.N
	switch {
	case !e.Feasible():
		w.dst.Add()
		return
	case n == 0 || n == m:
		for _, l := range e.Lits {
			if n == 0 {
				l = l.Not()
			}
			w.clause(l)
		}
		return
	}
	switch enc.resolve(m) {
	case Binomial:
		if s := BinomialSize(m, n); s > MaxBinomialClauses {
			panic(fmt.Sprintf("cnf: binomial encoding of %d of %d literals needs %d clauses, more than %d", n, m, s, MaxBinomialClauses))
		}
		w.binomial(e.Lits, n)
	case Sequential:
		w.sequential(e.Lits, n)
	case Totalizer:
		w.totalizer(e.Lits, n)
	default:
		panic(fmt.Sprintf("cnf: unknown encoding %d", uint8(enc)))
	}
}

// resolve returns the encoding Auto stands for with m literals, or enc itself.
func (enc Encoding) resolve(m int) Encoding {
	switch {
	case enc != Auto:
		return enc
	case m <= 8:
		return Binomial
	}
	return Totalizer
}

// Inside encoders, the literals of the non-variable 0 stand for constants.
const (
	litFalse Lit = 0 // the constant false
	litTrue  Lit = 1 // the constant true, litFalse.Not()
)

// writer adds clauses to a Sink, simplifying the constants litTrue and
// litFalse away, through one reused buffer.
type writer struct {
	dst Sink
	buf []Lit
}

// clause adds the disjunction of lits, unless a literal is litTrue.
func (w *writer) clause(lits ...Lit) {
	w.buf = w.buf[:0]
	for _, l := range lits {
		switch l {
		case litTrue:
			return
		case litFalse:
			continue
		}
		w.buf = append(w.buf, l)
	}
	w.dst.Add(w.buf...)
}

// binomial writes at most n (every n+1 literals have a false one) and at
// least n (every m-n+1 literals have a true one), 0 < n < m.
func (w *writer) binomial(lits []Lit, n int) {
	m := len(lits)
	var small [8]int // a hint's neighbours
	idx := small[:]
	if m > len(small) {
		idx = make([]int, m)
	}
	w.buf = slices.Grow(w.buf[:0], max(n+1, m-n+1))
	for _, sub := range [2]struct {
		k   int
		neg bool
	}{{n + 1, true}, {m - n + 1, false}} {
		// Visit the k-subsets of lits in lexicographic order of indices.
		k := sub.k
		for i := range k {
			idx[i] = i
		}
		for {
			w.buf = w.buf[:0]
			for _, i := range idx[:k] {
				l := lits[i]
				if sub.neg {
					l = l.Not()
				}
				w.buf = append(w.buf, l)
			}
			w.dst.Add(w.buf...)
			if !NextSubset(idx[:k], m) {
				break
			}
		}
	}
}

// NextSubset advances idx, the increasing indices of a subset of 0..m-1,
// to the next subset of the same size in lexicographic order, and reports
// false, leaving idx as it was, when idx was the last.
func NextSubset(idx []int, m int) bool {
	k := len(idx)
	i := k - 1
	for i >= 0 && idx[i] == m-k+i {
		i--
	}
	if i < 0 {
		return false
	}
	idx[i]++
	for j := i + 1; j < k; j++ {
		idx[j] = idx[j-1] + 1
	}
	return true
}

// sequential writes the band-limited sequential counter, 0 < n < m.
//
// reg(i,j) stands for "at least j of x_1..x_i are true" (c_i >= j). Any
// assignment with exactly n true has max(0,n-(m-i)) = lo(i) <= c_i <= hi(i) =
// min(i,n), so reg(i,j) is the constant true for j <= lo(i), false for j >
// hi(i), and a fresh variable in between. For each i and each j in
// [max(1,lo(i)), min(i,hi(i)+1)] the recurrence c_i >= j <=> c_{i-1} >= j or
// (x_i and c_{i-1} >= j-1) is written as four clauses; at the band's edges the
// constants turn them into the constraints that keep c_i within the band, and
// at i = m the band is the single count n.
func (w *writer) sequential(lits []Lit, n int) {
	m := len(lits)
	lo := func(i int) int { return max(0, n-(m-i)) }
	hi := func(i int) int { return min(i, n) }
	prev := []Lit{litTrue} // prev[j] = reg(i-1, j), j = 0..hi(i-1)+1
	prev = append(prev, litFalse)
	var cur []Lit
	for i := 1; i <= m; i++ {
		x := lits[i-1]
		l, h := lo(i), hi(i)
		cur = cur[:0]
		for j := 0; j <= h+1; j++ {
			switch {
			case j <= l:
				cur = append(cur, litTrue)
			case j > h:
				cur = append(cur, litFalse)
			default:
				cur = append(cur, w.dst.NewVar().Pos())
			}
		}
		reg := func(j int) Lit { // reg(i-1, j)
			switch {
			case j < 0:
				return litTrue
			case j >= len(prev):
				return litFalse
			}
			return prev[j]
		}
		for j := max(1, l); j <= min(i, h+1); j++ {
			s := cur[j]
			w.clause(reg(j).Not(), s)            // c_{i-1} >= j  =>  c_i >= j
			w.clause(x.Not(), reg(j-1).Not(), s) // x_i and c_{i-1} >= j-1  =>  c_i >= j
			w.clause(s.Not(), reg(j), x)         // c_i >= j  =>  c_{i-1} >= j or x_i
			w.clause(s.Not(), reg(j-1))          // c_i >= j  =>  c_{i-1} >= j-1
		}
		prev, cur = cur, prev
	}
}

// totalizer writes the totalizer, 0 < n < m. When more literals are true than
// false it counts the false ones, so the counts it builds are capped at
// min(n,m-n)+1.
func (w *writer) totalizer(lits []Lit, n int) {
	m := len(lits)
	if n > m-n {
		neg := make([]Lit, m)
		for i, l := range lits {
			neg[i] = l.Not()
		}
		lits, n = neg, m-n
	}
	out := w.count(lits, n+1)
	w.clause(out[n-1])     // at least n
	w.clause(out[n].Not()) // not at least n+1 (n < m, so out has n+1 outputs)
}

// count returns the unary count of lits capped at c: out[j-1] is true iff at
// least j of lits are true, for j = 1..min(len(lits),c), where out[c-1] means
// "at least c".
func (w *writer) count(lits []Lit, c int) []Lit {
	if len(lits) == 1 {
		return lits[:1:1]
	}
	mid := len(lits) / 2
	a, b := w.count(lits[:mid], c), w.count(lits[mid:], c)
	p, q := len(a), len(b)
	out := make([]Lit, min(len(lits), c))
	for i := range out {
		out[i] = w.dst.NewVar().Pos()
	}
	at := func(o []Lit, j int) Lit { // "at least j" of a child, j = 0..len(o)+1
		switch {
		case j == 0:
			return litTrue
		case j > len(o):
			return litFalse // only reached for uncapped children
		}
		return o[j-1]
	}
	for s := 1; s <= len(out); s++ {
		r := out[s-1]
		for i := max(0, s-q); i <= min(p, s); i++ { // a >= i and b >= s-i  =>  r >= s
			w.clause(at(a, i).Not(), at(b, s-i).Not(), r)
		}
		for i := max(0, s-1-q); i <= min(p, s-1); i++ { // r >= s  =>  a >= i+1 or b >= s-i
			w.clause(r.Not(), at(a, i+1), at(b, s-1-i+1))
		}
	}
	return out
}
