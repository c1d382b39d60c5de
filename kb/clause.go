package kb

import (
	"strings"

	"github.com/minesat/minesat/game"
)

// Lit is a literal over a cell variable: "cell i holds a mine" or its
// negation "cell i is safe". It is encoded as 2*i for the mine literal and
// 2*i+1 for the safe one, so a literal indexes per-literal tables directly,
// Not is one XOR, and sorting literals sorts them by cell.
type Lit int32

// MineLit returns the literal "cell i holds a mine".
func MineLit(i int) Lit { return Lit(2 * i) }

// SafeLit returns the literal "cell i is safe".
func SafeLit(i int) Lit { return Lit(2*i + 1) }

// LitOf returns MineLit(i) if mine, else SafeLit(i).
func LitOf(i int, mine bool) Lit {
	if mine {
		return MineLit(i)
	}
	return SafeLit(i)
}

// Cell returns the literal's cell, a row-major index.
func (l Lit) Cell() int { return int(l >> 1) }

// IsMine reports whether l is the positive literal "the cell holds a mine".
func (l Lit) IsMine() bool { return l&1 == 0 }

// Not returns the complementary literal.
func (l Lit) Not() Lit { return l ^ 1 }

// Format writes the literal with its cell's name: "(r,c)" for a mine,
// "-(r,c)" for safe.
func (l Lit) Format(b *game.Board) string {
	if l.IsMine() {
		return b.Pos(l.Cell()).String()
	}
	return "-" + b.Pos(l.Cell()).String()
}

// Clause is a disjunction of literals, sorted ascending with no cell
// repeated. The empty clause is false.
type Clause []Lit

// Format writes the clause with cell names, as "(0,1) v -(1,2)"; the empty
// clause is written "false".
func (c Clause) Format(b *game.Board) string {
	if len(c) == 0 {
		return "false"
	}
	var sb strings.Builder
	for k, l := range c {
		if k > 0 {
			sb.WriteString(" v ")
		}
		sb.WriteString(l.Format(b))
	}
	return sb.String()
}

// Satisfied reports whether the clause holds on a layout (mine[i] is true
// iff cell i holds a mine).
func (c Clause) Satisfied(mine []bool) bool {
	for _, l := range c {
		if mine[l.Cell()] == l.IsMine() {
			return true
		}
	}
	return false
}

// subset reports whether every literal of a is in b; both are sorted.
func subset(a, b []Lit) bool {
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
func signature(c []Lit) uint64 {
	var s uint64
	for _, l := range c {
		s |= 1 << (uint32(l) * 0x9E3779B1 >> 26)
	}
	return s
}

// resolve appends to dst the resolvent of the sorted clauses a and b if they
// clash on exactly one cell (one holds x, the other -x). It reports false,
// leaving dst as it was, when they clash on no cell or on several: a
// resolvent on one clash would then be a tautology.
func resolve(dst, a, b []Lit) ([]Lit, bool) {
	return resolveMax(dst, a, b, len(a)+len(b))
}

// resolveMax is resolve that also gives up, reporting false, as soon as
// the resolvent would exceed limit literals.
func resolveMax(dst, a, b []Lit, limit int) ([]Lit, bool) {
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
