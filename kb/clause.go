package kb

import (
	"strings"

	"github.com/minesat/minesat/cnf"
	"github.com/minesat/minesat/game"
)

// The KB's variables are the board's cells: cell i (row-major) is variable
// cnf.Var(i+1), true iff the cell holds a mine. Its literals are cnf.Lits,
// "cell i holds a mine" (the positive literal, 2i+2) or "cell i is safe"
// (the negative one, 2i+3), so a literal indexes per-literal tables
// directly, Not is one XOR, and sorting literals sorts them by cell. Its
// clauses are cnf.Clauses, sorted ascending with no cell repeated.

// MineLit returns the literal "cell i holds a mine".
func MineLit(i int) cnf.Lit { return cnf.Var(i + 1).Pos() }

// SafeLit returns the literal "cell i is safe".
func SafeLit(i int) cnf.Lit { return cnf.Var(i + 1).Neg() }

// CellLit returns MineLit(i) if mine, else SafeLit(i).
func CellLit(i int, mine bool) cnf.Lit { return cnf.Var(i + 1).Lit(mine) }

// CellOf returns the cell, a row-major index, of a literal of the KB.
func CellOf(l cnf.Lit) int { return int(l.Var()) - 1 }

// IsMine reports whether l is a mine literal, "the cell holds a mine".
func IsMine(l cnf.Lit) bool { return !l.IsNeg() }

// Assignment returns the assignment of the KB's variables that a layout
// gives (mine[i] is true iff cell i holds a mine), for cnf.Clause.Holds.
func Assignment(mine []bool) cnf.Assignment {
	return append(cnf.Assignment{false}, mine...)
}

// FormatLit writes a literal of the KB with its cell's name: "(r,c)" for
// a mine, "-(r,c)" for safe.
func FormatLit(b *game.Board, l cnf.Lit) string {
	if IsMine(l) {
		return b.Pos(CellOf(l)).String()
	}
	return "-" + b.Pos(CellOf(l)).String()
}

// FormatClause writes a clause of the KB with cell names, as
// "(0,1) v -(1,2)"; the empty clause is written "false".
func FormatClause(b *game.Board, c cnf.Clause) string {
	if len(c) == 0 {
		return "false"
	}
	var sb strings.Builder
	for k, l := range c {
		if k > 0 {
			sb.WriteString(" v ")
		}
		sb.WriteString(FormatLit(b, l))
	}
	return sb.String()
}

// subset reports whether every literal of a is in b; both are sorted.
func subset(a, b []cnf.Lit) bool {
	if len(a) > len(b) {
		return false
	}
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j == len(b) || b[j] != x {
			return false
		}
		j++
	}
	return true
}

// signature is a 64-bit Bloom filter of a clause's literals: if a is a
// subset of b then sig(a)&^sig(b) == 0, which rules out most subset tests
// with one instruction.
func signature(c []cnf.Lit) uint64 {
	var s uint64
	for _, l := range c {
		s |= 1 << (uint32(l.Index()) * 0x9E3779B1 >> 26)
	}
	return s
}

// resolve appends to dst the resolvent of the sorted clauses a and b if they
// clash on exactly one cell (one holds x, the other -x). It reports false,
// leaving dst as it was, when they clash on no cell or on several: a
// resolvent on one clash would then be a tautology.
func resolve(dst, a, b []cnf.Lit) ([]cnf.Lit, bool) {
	return resolveMax(dst, a, b, len(a)+len(b))
}

// resolveMax is resolve that also gives up, reporting false, as soon as
// the resolvent would exceed limit literals.
func resolveMax(dst, a, b []cnf.Lit, limit int) ([]cnf.Lit, bool) {
	start := len(dst)
	limit += start
	clashes := 0
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		x, y := a[i], b[j]
		switch {
		case x == y:
			dst = append(dst, x)
			i++
			j++
		case x>>1 == y>>1: // same cell, opposite signs
			clashes++
			if clashes > 1 {
				return dst[:start], false
			}
			i++
			j++
		case x < y:
			dst = append(dst, x)
			i++
		default:
			dst = append(dst, y)
			j++
		}
		if len(dst) > limit {
			return dst[:start], false
		}
	}
	if clashes != 1 || len(dst)+len(a)-i+len(b)-j > limit {
		return dst[:start], false
	}
	dst = append(dst, a[i:]...)
	dst = append(dst, b[j:]...)
	return dst, true
}
