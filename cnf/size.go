package cnf

import "math"

// Size returns the number of auxiliary variables and clauses that Encode
// writes for exactly n of m literals, without encoding: in O(m) time for
// Sequential and O(min(n,m-n) log m) for Totalizer. Callers use it to refuse
// an encoding too large to build; the Binomial count saturates at
// math.MaxInt.
func (enc Encoding) Size(m, n int) (aux, clauses int) {
	switch {
	case n < 0 || n > m:
		return 0, 1
	case n == 0 || n == m:
		return 0, m
	}
	switch enc.resolve(m) {
	case Binomial:
		return 0, BinomialSize(m, n)
	case Sequential:
		return sequentialSize(m, n)
	case Totalizer:
		k := min(n, m-n)
		aux, clauses = totalizerSize(m, k+1, map[int][2]int{})
		return aux, clauses + 2
	}
	panic("cnf: unknown encoding")
}

// sequentialSize mirrors writer.sequential. A register is a constant or a
// variable according to where j lies in the band of row i; each of the four
// clauses of (i,j) is dropped when one of its literals is the constant true.
// Well inside the band all four are kept, so only the band's edges are
// examined one by one.
func sequentialSize(m, n int) (aux, clauses int) {
	lo := func(i int) int { return max(0, n-(m-i)) }
	hi := func(i int) int { return min(i, n) }
	const (
		isTrue  = 1
		isFalse = -1
		isVar   = 0
	)
	reg := func(i, j int) int {
		switch {
		case j <= lo(i):
			return isTrue
		case j > hi(i):
			return isFalse
		}
		return isVar
	}
	kept := func(i, j int) int {
		s, r, r1 := reg(i, j), reg(i-1, j), reg(i-1, j-1)
		c := 0
		if r != isFalse && s != isTrue { // ¬reg(i-1,j) ∨ s
			c++
		}
		if r1 != isFalse && s != isTrue { // ¬x ∨ ¬reg(i-1,j-1) ∨ s
			c++
		}
		if s != isFalse && r != isTrue { // ¬s ∨ reg(i-1,j) ∨ x
			c++
		}
		if s != isFalse && r1 != isTrue { // ¬s ∨ reg(i-1,j-1)
			c++
		}
		return c
	}
	for i := 1; i <= m; i++ {
		l, h := lo(i), hi(i)
		aux += h - l
		a, b := max(1, l), min(i, h+1)
		g0, g1 := max(a, l+2), min(b, h-1) // all four clauses kept
		for j := a; j <= b; j++ {
			if j == g0 && g0 <= g1 {
				clauses += 4 * (g1 - g0 + 1)
				j = g1
				continue
			}
			clauses += kept(i, j)
		}
	}
	return aux, clauses
}

// totalizerSize mirrors writer.count for p leaves capped at c; memo holds
// the sizes of subtrees already counted (a balanced tree has at most two
// subtree sizes per level).
func totalizerSize(p, c int, memo map[int][2]int) (aux, clauses int) {
	if p == 1 {
		return 0, 0
	}
	if s, ok := memo[p]; ok {
		return s[0], s[1]
	}
	a, b := p/2, p-p/2
	aux1, cl1 := totalizerSize(a, c, memo)
	aux2, cl2 := totalizerSize(b, c, memo)
	P, Q, R := min(a, c), min(b, c), min(p, c)
	aux = aux1 + aux2 + R
	clauses = cl1 + cl2
	for s := 1; s <= R; s++ {
		clauses += min(P, s) - max(0, s-Q) + 1     // upward
		clauses += min(P, s-1) - max(0, s-1-Q) + 1 // downward
	}
	if clauses < 0 || aux < 0 {
		clauses = math.MaxInt
	}
	memo[p] = [2]int{aux, clauses}
	return aux, clauses
}
