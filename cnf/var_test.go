package cnf

import (
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLitDimacsRoundTrip checks LitOf(d).Dimacs() == d and the literal
// algebra over small values and the ends of the DIMACS range.
func TestLitDimacsRoundTrip(t *testing.T) {
	ds := []int{math.MaxInt32, -math.MaxInt32, math.MaxInt32 - 1, -(math.MaxInt32 - 1)}
	for d := 1; d <= 1000; d++ {
		ds = append(ds, d, -d)
	}
	seen := map[int]int{}
	for _, d := range ds {
		l := LitOf(d)
		assert.Equal(t, d, l.Dimacs(), "LitOf(%d).Dimacs()", d)
		assert.Equal(t, -d, l.Not().Dimacs(), "LitOf(%d).Not().Dimacs()", d)
		assert.Equal(t, l, l.Not().Not(), "LitOf(%d): Not is not an involution", d)
		assert.NotEqual(t, l, l.Not(), "LitOf(%d): a fixed point of Not", d)
		v := Var(max(d, -d))
		assert.Equal(t, v, l.Var(), "LitOf(%d).Var()", d)
		assert.Equal(t, d < 0, l.IsNeg(), "LitOf(%d).IsNeg()", d)
		assert.Equal(t, l, v.Lit(d > 0), "Var(%d).Lit(%v)", v, d > 0)
		assert.Equal(t, strconv.Itoa(d), l.String(), "LitOf(%d).String()", d)
		if d >= -1000 && d <= 1000 {
			// Index is dense: the literals of 1..1000 fill 0..1999.
			i := l.Index()
			if assert.True(t, i >= 0 && i < 2000, "LitOf(%d).Index() = %d; want 0..1999", d, i) {
				assert.NotContains(t, seen, i, "LitOf(%d) shares index %d with LitOf(%d)", d, i, seen[i])
				seen[i] = d
			}
		}
	}
	assert.Equal(t, Var(3).Pos(), LitOf(3))
	assert.Equal(t, Var(3).Neg(), LitOf(-3))
}

func TestLitOfPanics(t *testing.T) {
	for _, d := range []int{0, math.MaxInt32 + 1, -math.MaxInt32 - 1} {
		assert.Panics(t, func() { LitOf(d) }, "LitOf(%d)", d)
	}
}

// FuzzLitOf checks the round trip on arbitrary int32 values.
func FuzzLitOf(f *testing.F) {
	for _, d := range []int32{1, -1, 7, math.MaxInt32, -math.MaxInt32} {
		f.Add(d)
	}
	f.Fuzz(func(t *testing.T, d int32) {
		if d == 0 || d == math.MinInt32 {
			return
		}
		if got := LitOf(int(d)).Dimacs(); got != int(d) {
			t.Errorf("LitOf(%d).Dimacs() = %d", d, got)
		}
	})
}

func TestFormula(t *testing.T) {
	f := NewFormula(2)
	require.Equal(t, Var(3), f.NewVar(), "NewVar after NewFormula(2)")
	require.Equal(t, 3, f.NumVars())
	buf := []Lit{LitOf(1), LitOf(-3)}
	f.Add(buf...)
	buf[0] = LitOf(2) // Add copies
	f.Add()
	f.Add(LitOf(2))
	require.Equal(t, 3, f.Len())
	require.Equal(t, 3, f.NumLits())
	var got []string
	for i, c := range f.Clauses() {
		assert.Equal(t, fmtClause(f.Clause(i)), fmtClause(c), "Clauses()[%d] against Clause(%d)", i, i)
		got = append(got, fmtClause(c))
	}
	assert.Equal(t, []string{"[1 -3]", "[]", "[2]"}, got)
	a := Assignment{false, true, true} // variable 3 is beyond a: false
	assert.True(t, a.Value(LitOf(-3)), "a variable beyond the assignment is false")
	assert.False(t, a.Value(LitOf(3)), "a variable beyond the assignment is false")
	assert.Equal(t, 1, f.Violated(a), "Violated: the empty clause")
	for _, bad := range []Lit{0, LitOf(4), LitOf(-4)} {
		assert.Panics(t, func() { f.Add(LitOf(1), bad) }, "Add(%v) on a formula over 3 variables", bad)
	}
}

func fmtClause(c Clause) string {
	s := "["
	for i, l := range c {
		if i > 0 {
			s += " "
		}
		s += l.String()
	}
	return s + "]"
}
