package cnf

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// inputs returns m literals over variables 1..m, negating every third one so
// that the encodings are checked on negative inputs too.
func inputs(m int) []Lit {
	lits := make([]Lit, m)
	for i := range lits {
		lits[i] = Var(i + 1).Lit(i%3 != 2)
	}
	return lits
}

// units returns the literals that give lits the truth values in the bits of
// mask (bit i for lits[i]).
func units(lits []Lit, mask uint) []Lit {
	out := make([]Lit, len(lits))
	for i, l := range lits {
		if mask>>i&1 == 0 {
			l = l.Not()
		}
		out[i] = l
	}
	return out
}

var compact = []Encoding{Sequential, Totalizer}

// TestEncodingsBruteForce checks every encoding against the definition for all
// m <= 8 and every n, including the infeasible n = -1 and n = m+1: for every
// assignment of the m inputs, the clauses are satisfiable over the auxiliary
// variables iff exactly n inputs are true, and then the auxiliary values are
// unique.
func TestEncodingsBruteForce(t *testing.T) {
	for _, enc := range Encodings {
		for m := 0; m <= 8; m++ {
			for n := -1; n <= m+1; n++ {
				t.Run(fmt.Sprintf("%v/m=%d/n=%d", enc, m, n), func(t *testing.T) {
					lits := inputs(m)
					e := Exactly{Lits: lits, N: n}
					f := NewFormula(m)
					enc.Encode(f, e)
					if n >= 0 && n <= m && f.NumLits() > 0 {
						for _, c := range f.Clauses() {
							if len(c) == 0 {
								t.Fatalf("feasible constraint encoded with an empty clause")
							}
						}
					}
					for mask := uint(0); mask < 1<<m; mask++ {
						want := bits.OnesCount(mask) == n
						sat, models := solveWith(f, units(lits, mask), 2)
						if sat != want {
							t.Errorf("inputs %0*b: satisfiable = %v; want %v", m, mask, sat, want)
						}
						if sat && models != 1 {
							t.Errorf("inputs %0*b: %d assignments of the auxiliary variables; want 1", m, mask, models)
						}
					}
				})
			}
		}
	}
}

// TestBinomialShape checks the seeds' binomial form literally: C(m,n+1)
// clauses of n+1 negated inputs and C(m,m-n+1) clauses of m-n+1 inputs, all
// distinct, and no auxiliary variable.
func TestBinomialShape(t *testing.T) {
	for m := 0; m <= 8; m++ {
		for n := 0; n <= m; n++ {
			lits := inputs(m)
			f := NewFormula(m)
			Binomial.Encode(f, Exactly{Lits: lits, N: n})
			assert.Equal(t, m, f.NumVars(), "m=%d n=%d: variables", m, n)
			assert.Equal(t, BinomialSize(m, n), f.Len(), "m=%d n=%d: clauses, against BinomialSize", m, n)
			pos := map[Lit]bool{}
			for _, l := range lits {
				pos[l] = true
			}
			neg, posClauses := 0, 0
			seen := map[string]bool{}
			for i, c := range f.Clauses() {
				key := fmt.Sprint(c)
				if seen[key] {
					t.Errorf("m=%d n=%d: clause %d %v repeated", m, n, i, c)
				}
				seen[key] = true
				switch {
				case len(c) == n+1 && allOf(c, func(l Lit) bool { return pos[l.Not()] }):
					neg++
				case len(c) == m-n+1 && allOf(c, func(l Lit) bool { return pos[l] }):
					posClauses++
				default:
					t.Errorf("m=%d n=%d: clause %v is neither n+1 negated nor m-n+1 plain inputs", m, n, c)
				}
			}
			assert.Equal(t, choose(m, n+1), neg, "m=%d n=%d: negative clauses, C(m,n+1)", m, n)
			assert.Equal(t, choose(m, m-n+1), posClauses, "m=%d n=%d: positive clauses, C(m,m-n+1)", m, n)
		}
	}
}

func allOf(c Clause, p func(Lit) bool) bool {
	for _, l := range c {
		if !p(l) {
			return false
		}
	}
	return true
}

// TestCardsBruteForce checks the pseudo-boolean form and Exactly.Holds
// against the definition for all m <= 8 and n = -1..m+1.
func TestCardsBruteForce(t *testing.T) {
	for m := 0; m <= 8; m++ {
		for n := -1; n <= m+1; n++ {
			lits := inputs(m)
			e := Exactly{Lits: lits, N: n}
			cards := e.Cards()
			assert.Equal(t, [2]int{n, m - n}, [2]int{cards[0].AtLeast, cards[1].AtLeast}, "m=%d n=%d: the cards' AtLeast", m, n)
			for mask := uint(0); mask < 1<<m; mask++ {
				a := make(Assignment, m+1)
				for _, l := range units(lits, mask) {
					a[l.Var()] = !l.IsNeg()
				}
				want := bits.OnesCount(mask) == n
				if got := cards[0].Holds(a) && cards[1].Holds(a); got != want {
					t.Errorf("m=%d n=%d inputs %0*b: cards hold = %v; want %v", m, n, m, mask, got, want)
				}
				if got := e.Holds(a); got != want {
					t.Errorf("m=%d n=%d inputs %0*b: Holds = %v; want %v", m, n, m, mask, got, want)
				}
			}
			assert.Equal(t, n >= 0 && n <= m, e.Feasible(), "m=%d n=%d: Feasible", m, n)
		}
	}
}

// TestCardsOwnSlices checks that Cards copies: gophersat's constructors
// mutate the slices they are given.
func TestCardsOwnSlices(t *testing.T) {
	lits := inputs(4)
	orig := append([]Lit(nil), lits...)
	cards := Exactly{Lits: lits, N: 2}.Cards()
	cards[0].Lits[0], cards[1].Lits[0] = 0, 0
	require.Equal(t, orig, lits, "Cards shares or changed its input")
	assert.Equal(t, "[-1 -2 3 -4]", fmt.Sprint(AtMost(orig, 1).Dimacs()), "AtMost(%v, 1).Dimacs()", orig)
}

// TestPropagationComplete checks that unit propagation on each encoding is as
// strong as the constraint (generalized arc consistency): for every partial
// assignment of m <= 6 inputs, propagation fails iff no completion has exactly
// n true, and otherwise sets every input that all completions agree on.
func TestPropagationComplete(t *testing.T) {
	for _, enc := range Encodings {
		for m := 1; m <= 6; m++ {
			for n := 0; n <= m; n++ {
				lits := inputs(m)
				f := NewFormula(m)
				enc.Encode(f, Exactly{Lits: lits, N: n})
				total := 1
				for range m {
					total *= 3
				}
				for code := 0; code < total; code++ {
					s := newDPLL(f)
					ok := s.start()
					set, trues := 0, 0
					c := code
					for _, l := range lits {
						switch c % 3 {
						case 1:
							ok = ok && s.assume(l)
							set, trues = set+1, trues+1
						case 2:
							ok = ok && s.assume(l.Not())
							set++
						}
						c /= 3
					}
					free := m - set
					feasible := trues <= n && n <= trues+free
					if ok != feasible {
						t.Errorf("%v m=%d n=%d partial %d: propagation ok = %v; want %v", enc, m, n, code, ok, feasible)
						continue
					}
					if !ok || free == 0 {
						continue
					}
					for _, l := range lits {
						if isUnit(code, l, lits) {
							continue
						}
						want := int8(0)
						switch {
						case trues == n:
							want = -1
						case trues+free == n:
							want = 1
						}
						got := s.value(l)
						if want != 0 && got != want {
							t.Errorf("%v m=%d n=%d partial %d: input %v = %d after propagation; want %d", enc, m, n, code, l, got, want)
						}
						if want == 0 && got != 0 {
							t.Errorf("%v m=%d n=%d partial %d: input %v set by propagation but not forced", enc, m, n, code, l)
						}
					}
				}
			}
		}
	}
}

// isUnit reports whether the partial assignment code (base 3, digit i for
// lits[i]: 0 free, 1 true, 2 false) sets l.
func isUnit(code int, l Lit, lits []Lit) bool {
	for _, x := range lits {
		if x == l {
			return code%3 != 0
		}
		code /= 3
	}
	return false
}

// TestCompactLarge checks the compact encodings on sets too large for brute
// force: for seeded random assignments, with exactly n true and with n±1
// true, satisfiability matches the count.
func TestCompactLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, enc := range compact {
		for _, mn := range [][2]int{{20, 1}, {20, 10}, {31, 30}, {64, 13}, {100, 50}, {200, 40}} {
			m, n := mn[0], mn[1]
			t.Run(fmt.Sprintf("%v/m=%d/n=%d", enc, m, n), func(t *testing.T) {
				lits := inputs(m)
				f := NewFormula(m)
				enc.Encode(f, Exactly{Lits: lits, N: n})
				for trial := range 30 {
					k := n + trial%3 - 1 // n-1, n, n+1 true
					if k < 0 || k > m {
						continue
					}
					perm := rng.Perm(m)
					var mask []Lit
					for i, p := range perm {
						l := lits[p]
						if i >= k {
							l = l.Not()
						}
						mask = append(mask, l)
					}
					sat, models := solveWith(f, mask, 2)
					if sat != (k == n) || (sat && models != 1) {
						t.Errorf("%d of %d true: satisfiable = %v with %d models; want %v with 1", k, m, sat, models, k == n)
					}
				}
			})
		}
	}
}

// TestEncodeInfeasible checks that impossible counts give the empty clause,
// for every encoding.
func TestEncodeInfeasible(t *testing.T) {
	for _, enc := range Encodings {
		for _, e := range []Exactly{{N: 1}, {N: -1}, {Lits: inputs(3), N: 4}, {Lits: inputs(3), N: -2}} {
			f := NewFormula(3)
			enc.Encode(f, e)
			if assert.Equal(t, 1, f.Len(), "%v %+v: clauses; want just the empty clause", enc, e) {
				assert.Empty(t, f.Clause(0), "%v %+v: want just the empty clause", enc, e)
			}
		}
	}
}

func TestBinomialLimit(t *testing.T) {
	assert.Equal(t, 112, BinomialSize(8, 4))
	assert.GreaterOrEqual(t, BinomialSize(1000, 500), MaxBinomialClauses, "BinomialSize(1000, 500): want saturated")
	assert.Panics(t, func() { Binomial.Encode(NewFormula(30), Exactly{Lits: inputs(30), N: 12}) }, "Binomial.Encode of 12 of 30")
}

func TestParseEncoding(t *testing.T) {
	for _, enc := range Encodings {
		got, err := ParseEncoding(enc.String())
		if assert.NoError(t, err) {
			assert.Equal(t, enc, got, "ParseEncoding(%q)", enc.String())
		}
	}
	_, err := ParseEncoding("ladder")
	assert.EqualError(t, err, `cnf: unknown encoding "ladder": expected auto, binomial, sequential or totalizer`)
}

// TestSize checks Encoding.Size against what Encode writes.
func TestSize(t *testing.T) {
	for _, enc := range Encodings {
		for m := 0; m <= 40; m++ {
			for n := -1; n <= m+1; n++ {
				if enc.resolve(m) == Binomial && BinomialSize(m, n) > 1<<14 {
					continue
				}
				f := NewFormula(m)
				enc.Encode(f, Exactly{Lits: inputs(m), N: n})
				aux, clauses := enc.Size(m, n)
				assert.Equal(t, [2]int{f.NumVars() - m, f.Len()}, [2]int{aux, clauses}, "%v m=%d n=%d: Size's auxiliary variables and clauses against Encode's", enc, m, n)
			}
		}
	}
	for _, mn := range [][2]int{{480, 99}, {1000, 300}} {
		for _, enc := range compact {
			f := NewFormula(mn[0])
			enc.Encode(f, Exactly{Lits: inputs(mn[0]), N: mn[1]})
			aux, clauses := enc.Size(mn[0], mn[1])
			assert.Equal(t, [2]int{f.NumVars() - mn[0], f.Len()}, [2]int{aux, clauses}, "%v m=%d n=%d: Size's auxiliary variables and clauses against Encode's", enc, mn[0], mn[1])
		}
	}
}

// FuzzEncode checks one encoding of exactly n of m <= 14 literals on one
// assignment of them: satisfiable iff exactly n are true.
func FuzzEncode(f *testing.F) {
	f.Add(uint8(2), uint8(9), int8(3), uint16(0b101010001))
	f.Add(uint8(3), uint8(14), int8(7), uint16(0x3f80))
	f.Add(uint8(0), uint8(5), int8(6), uint16(0x1f))
	f.Fuzz(func(t *testing.T, e, m uint8, n int8, mask uint16) {
		enc := Encodings[int(e)%len(Encodings)]
		mm := int(m) % 15
		lits := inputs(mm)
		fm := NewFormula(mm)
		enc.Encode(fm, Exactly{Lits: lits, N: int(n)})
		in := uint(mask) & (1<<mm - 1)
		sat, models := solveWith(fm, units(lits, in), 2)
		if want := bits.OnesCount(in) == int(n); sat != want || (sat && models != 1) {
			t.Errorf("%v m=%d n=%d inputs %b: satisfiable = %v with %d models; want %v with 1", enc, mm, n, in, sat, models, want)
		}
	})
}
