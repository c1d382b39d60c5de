package cnf

import (
	"math"
	"slices"
	"strconv"
	"testing"
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
		if got := l.Dimacs(); got != d {
			t.Errorf("LitOf(%d).Dimacs() = %d", d, got)
		}
		if got := l.Not().Dimacs(); got != -d {
			t.Errorf("LitOf(%d).Not().Dimacs() = %d; want %d", d, got, -d)
		}
		if l.Not().Not() != l || l.Not() == l {
			t.Errorf("LitOf(%d): Not is not an involution without fixed points", d)
		}
		v := Var(max(d, -d))
		if l.Var() != v || l.IsNeg() != (d < 0) || v.Lit(d > 0) != l {
			t.Errorf("LitOf(%d): Var %d IsNeg %v; want %d %v", d, l.Var(), l.IsNeg(), v, d < 0)
		}
		if got := l.String(); got != strconv.Itoa(d) {
			t.Errorf("LitOf(%d).String() = %q", d, got)
		}
		if d >= -1000 && d <= 1000 {
			// Index is dense: the literals of 1..1000 fill 0..1999.
			if i := l.Index(); i < 0 || i >= 2000 {
				t.Errorf("LitOf(%d).Index() = %d; want 0..1999", d, i)
			} else if prev, dup := seen[i]; dup {
				t.Errorf("LitOf(%d) and LitOf(%d) share index %d", d, prev, i)
			} else {
				seen[i] = d
			}
		}
	}
	if LitOf(3) != Var(3).Pos() || LitOf(-3) != Var(3).Neg() {
		t.Errorf("LitOf disagrees with Var.Pos/Neg")
	}
}

func TestLitOfPanics(t *testing.T) {
	for _, d := range []int{0, math.MaxInt32 + 1, -math.MaxInt32 - 1} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("LitOf(%d) did not panic", d)
				}
			}()
			LitOf(d)
		}()
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
	x := f.NewVar()
	if x != 3 || f.NumVars() != 3 {
		t.Fatalf("NewVar after NewFormula(2) = %d, NumVars %d; want 3, 3", x, f.NumVars())
	}
	buf := []Lit{LitOf(1), LitOf(-3)}
	f.Add(buf...)
	buf[0] = LitOf(2) // Add copies
	f.Add()
	f.Add(LitOf(2))
	if f.Len() != 3 || f.NumLits() != 3 {
		t.Fatalf("Len %d NumLits %d; want 3 3", f.Len(), f.NumLits())
	}
	var got []string
	for i, c := range f.Clauses() {
		if fmtClause(c) != fmtClause(f.Clause(i)) {
			t.Errorf("Clauses()[%d] = %v; Clause(%d) = %v", i, c, i, f.Clause(i))
		}
		got = append(got, fmtClause(c))
	}
	if want := []string{"[1 -3]", "[]", "[2]"}; !slices.Equal(got, want) {
		t.Errorf("clauses %v; want %v", got, want)
	}
	a := Assignment{false, true, true} // variable 3 is beyond a: false
	if !a.Value(LitOf(-3)) || a.Value(LitOf(3)) {
		t.Errorf("a variable beyond the assignment is not false")
	}
	if f.Violated(a) != 1 {
		t.Errorf("Violated = %d; want 1 (the empty clause)", f.Violated(a))
	}
	for _, bad := range []Lit{0, LitOf(4), LitOf(-4)} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Add(%v) on a formula over 3 variables did not panic", bad)
				}
			}()
			f.Add(LitOf(1), bad)
		}()
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
