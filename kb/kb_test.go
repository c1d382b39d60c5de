package kb

import (
	"errors"
	"fmt"
	"github.com/minesat/minesat/cnf"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/longtest"
)

// position is a test board written as text, one row per line: a digit is
// an opened cell showing that hint, '*' a hidden mine, '.' a hidden safe
// cell. Hints are checked against the mines.
type position struct {
	board *game.Board
	mine  []bool // the hidden layout
	hints []int  // opened cells, row-major
	hintN []int  // per cell: the hint, or -1
}

func mustPosition(t testing.TB, text string) *position {
	t.Helper()
	rows := strings.Split(strings.TrimSpace(text), "\n")
	for i := range rows {
		rows[i] = strings.TrimSpace(rows[i])
	}
	b := game.MustBoard(len(rows), len(rows[0]))
	p := &position{board: b, mine: make([]bool, b.Len()), hintN: make([]int, b.Len())}
	for r, row := range rows {
		if len(row) != b.Cols() {
			t.Fatalf("row %d has %d cells, want %d", r, len(row), b.Cols())
		}
		for c, ch := range row {
			i := r*b.Cols() + c
			p.hintN[i] = -1
			switch {
			case ch == '*':
				p.mine[i] = true
			case ch == '.':
			case ch >= '0' && ch <= '8':
				p.hintN[i] = int(ch - '0')
				p.hints = append(p.hints, i)
			default:
				t.Fatalf("row %d: bad cell %q", r, ch)
			}
		}
	}
	for _, i := range p.hints {
		n := 0
		for _, j := range b.Neighbors(i) {
			if p.mine[j] {
				n++
			}
		}
		if n != p.hintN[i] {
			t.Fatalf("hint %d at %v, but %d mines around it", p.hintN[i], b.Pos(i), n)
		}
	}
	return p
}

// check is the KB's invariant checker, called after every change: KB0
// agrees with the hidden layout, the layout satisfies every stored clause,
// and the KB's structure holds (no stored clause mentions a settled cell,
// none subsumes another, the occurrence lists index every stored clause,
// every settled literal has a reason whose clause the layout satisfies).
func check(t *testing.T, k *KB, mine []bool) {
	t.Helper()
	if k.Err() != nil {
		t.Fatalf("KB broken: %v", k.Err())
	}
	for _, l := range k.Settled() {
		if mine[CellOf(l)] != IsMine(l) {
			t.Fatalf("KB0 holds %s, but the cell is %s", FormatLit(k.board, l), map[bool]string{true: "a mine", false: "safe"}[mine[CellOf(l)]])
		}
		r := k.Explain(l)
		if s := k.SourceOf(l); s != r.Source {
			t.Fatalf("SourceOf(%s) = %v, Explain gives %v", FormatLit(k.board, l), s, r.Source)
		}
		if r.Source != SourceAsserted && !r.Clause.Holds(Assignment(mine)) {
			t.Fatalf("reason of %s is violated: %s", FormatLit(k.board, l), r.Format(k.board))
		}
	}
	var alive []int32
	for id := range int32(k.cls.len()) {
		if k.cls.at(id).alive {
			alive = append(alive, int32(id))
		}
	}
	if len(alive) != k.Len() {
		t.Fatalf("Len() = %d, but %d clauses are alive", k.Len(), len(alive))
	}
	for l := range k.occ.slot {
		for _, r := range k.occ.first(cnf.Lit(l)) {
			if d := k.cls.at(r.id); !d.alive || k.lits[d.off] != cnf.Lit(l) || r.n != d.n || r.sig != d.sig {
				t.Fatalf("the first list of %s holds a stale entry for clause %d (alive %v)", FormatLit(k.board, cnf.Lit(l)), r.id, d.alive)
			}
		}
	}
	for _, id := range alive {
		c := k.litsOf(id)
		if !cnf.Clause(c).Holds(Assignment(mine)) {
			t.Fatalf("stored clause %s is violated by the layout (origin %v)", FormatClause(k.board, c), k.cls.at(id).source)
		}
		if len(c) < 2 || !slices.IsSorted(c) {
			t.Fatalf("stored clause %v: want sorted, at least 2 literals", c)
		}
		for x, l := range c {
			if _, known := k.Value(CellOf(l)); known {
				t.Fatalf("stored clause %s mentions settled %v", FormatClause(k.board, c), k.board.Pos(CellOf(l)))
			}
			if x > 0 && CellOf(c[x-1]) == CellOf(l) {
				t.Fatalf("stored clause %s repeats a cell", FormatClause(k.board, c))
			}
			if !slices.Contains(k.occ.all(l), id) {
				t.Fatalf("clause %s missing from the occurrence list of %s", FormatClause(k.board, c), FormatLit(k.board, l))
			}
			ref := firstRef{sig: signature(c), id: id, n: int32(len(c))}
			if first := x == 0; first != slices.Contains(k.occ.first(l), ref) {
				t.Fatalf("clause %s: the first list of %s disagrees", FormatClause(k.board, c), FormatLit(k.board, l))
			}
			if short := k.shortOn && len(c) <= k.limits.Short; short != slices.Contains(k.occ.get(l).short, id) {
				t.Fatalf("clause %s: short=%v but the short lists disagree", FormatClause(k.board, c), short)
			}
		}
		if k.cls.at(id).sig != signature(c) {
			t.Fatalf("clause %s: stale signature", FormatClause(k.board, c))
		}
	}
	if len(alive) <= 2000 {
		for _, a := range alive {
			ca := k.cls.at(a)
			for _, b := range alive {
				cb := k.cls.at(b)
				if a == b || ca.n > cb.n || ca.sig&^cb.sig != 0 {
					continue // cheap necessary conditions; subset decides
				}
				if subset(k.litsOf(a), k.litsOf(b)) {
					t.Fatalf("stored %s subsumes stored %s", FormatClause(k.board, k.litsOf(a)), FormatClause(k.board, k.litsOf(b)))
				}
			}
		}
	}
}

// saturate resolves until the KB is closed, checking after every call.
func saturate(t *testing.T, k *KB, mine []bool) {
	t.Helper()
	for k.Pending() {
		if _, err := k.Resolve(); err != nil {
			t.Fatalf("Resolve: %v", err)
		}
		check(t, k, mine)
	}
}

// forced returns, by brute force over every layout of the hidden cells
// that agrees with the hints (the mine total ignored), the literals true
// in all of them.
func forced(p *position) map[cnf.Lit]bool {
	var hidden []int
	for i := range p.mine {
		if p.hintN[i] < 0 {
			hidden = append(hidden, i)
		}
	}
	always := map[cnf.Lit]bool{}
	first := true
	layout := make([]bool, len(p.mine))
	for bits := 0; bits < 1<<len(hidden); bits++ {
		for k, i := range hidden {
			layout[i] = bits>>k&1 == 1
		}
		ok := true
		for _, h := range p.hints {
			n := 0
			for _, j := range p.board.Neighbors(h) {
				if layout[j] {
					n++
				}
			}
			if n != p.hintN[h] {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if first {
			for _, i := range hidden {
				always[CellLit(i, layout[i])] = true
			}
			first = false
			continue
		}
		for l := range always {
			if layout[CellOf(l)] != IsMine(l) {
				delete(always, l)
			}
		}
	}
	return always
}

// TestHintClausesAsCNF checks that AddHint's own enumeration adds the
// clauses of binomial (the cnf package's encoding), one by one in the same
// order: the two KBs end up with the same clause records, literals and
// settled literals.
func TestHintClausesAsCNF(t *testing.T) {
	b := game.MustBoard(5, 5)
	var from origin
	from.setRoot(SourceHint, 0, noClause, noClause)
	for m := 0; m <= 12; m++ { // a hint's at most 8 cells, and totals over more
		for n := 0; n <= m; n++ {
			cells := make([]int, m)
			for i := range cells {
				cells[i] = 2*i + 1
			}
			own, viaCNF := New(b), New(b)
			require.NoError(t, own.addBinomial(cells, n, &from))
			written := 0
			require.NoError(t, binomial(cells, n, func(c cnf.Clause) error { written++; return viaCNF.add(c, &from) }))
			assert.True(t, slices.Equal(own.cls.records(), viaCNF.cls.records()) && slices.Equal(own.lits, viaCNF.lits) && slices.Equal(own.kb0, viaCNF.kb0),
				"exactly %d of %d cells: addBinomial's clauses differ from cnf.Binomial's", n, m)
			assert.Len(t, own.cls.records(), written, "exactly %d of %d cells: each clause recorded, none subsumes another", n, m)
		}
	}
}

func TestBinomialMatchesBruteForce(t *testing.T) {
	for m := 0; m <= 8; m++ {
		for n := 0; n <= m; n++ {
			t.Run(fmt.Sprintf("m=%d/n=%d", m, n), func(t *testing.T) {
				cells := make([]int, m)
				for i := range cells {
					cells[i] = 3*i + 1 // any sorted cells
				}
				var clauses []cnf.Clause
				err := binomial(cells, n, func(c cnf.Clause) error {
					if !slices.IsSorted(c) {
						t.Errorf("clause %v not sorted", c)
					}
					clauses = append(clauses, slices.Clone(c))
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				if !binomialFits(m, n, len(clauses)) || (len(clauses) > 0 && binomialFits(m, n, len(clauses)-1)) {
					t.Errorf("%d clauses; binomialFits disagrees", len(clauses))
				}
				layout := make([]bool, 3*m+2)
				for bits := 0; bits < 1<<m; bits++ {
					count := 0
					for i, c := range cells {
						layout[c] = bits>>i&1 == 1
						if layout[c] {
							count++
						}
					}
					sat := true
					for _, c := range clauses {
						if !c.Holds(Assignment(layout)) {
							sat = false
							break
						}
					}
					if sat != (count == n) {
						t.Errorf("layout %0*b (%d mines): clauses say %v", m, bits, count, sat)
					}
				}
			})
		}
	}
	if err := binomial([]int{1, 2}, 3, func(cnf.Clause) error { return nil }); !errors.Is(err, ErrContradiction) {
		t.Errorf("3 mines among 2 cells: got %v; want ErrContradiction", err)
	}
}

func TestResolvePair(t *testing.T) {
	m, s := MineLit, SafeLit
	tests := []struct {
		name string
		a, b cnf.Clause
		want cnf.Clause
		ok   bool
	}{
		{"one clash", cnf.Clause{m(1), m(2)}, cnf.Clause{s(1), m(3)}, cnf.Clause{m(2), m(3)}, true},
		{"shared literal", cnf.Clause{m(1), s(4)}, cnf.Clause{s(1), s(4)}, cnf.Clause{s(4)}, true},
		{"to empty", cnf.Clause{m(1)}, cnf.Clause{s(1)}, cnf.Clause{}, true},
		{"two clashes", cnf.Clause{m(1), m(2)}, cnf.Clause{s(1), s(2)}, nil, false},
		{"no clash", cnf.Clause{m(1), m(2)}, cnf.Clause{m(1), s(3)}, nil, false},
		{"long", cnf.Clause{m(0), s(2), m(5), m(7)}, cnf.Clause{s(1), m(2)}, cnf.Clause{m(0), s(1), m(5), m(7)}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := resolve(nil, tt.a, tt.b)
			if ok != tt.ok || (ok && !slices.Equal(got, tt.want)) {
				t.Errorf("resolve(%v, %v) = %v, %v; want %v, %v", tt.a, tt.b, got, ok, tt.want, tt.ok)
			}
			got2, ok2 := resolve(nil, tt.b, tt.a)
			if ok2 != ok || !slices.Equal(got, got2) {
				t.Errorf("resolve is not symmetric: %v, %v vs %v, %v", got, ok, got2, ok2)
			}
		})
	}
}

func TestSubsetAndSignature(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 5000; n++ {
		a := randomClause(rng, 1+rng.IntN(5), 12)
		b := randomClause(rng, 1+rng.IntN(8), 12)
		want := true
		for _, l := range a {
			if !slices.Contains(b, l) {
				want = false
			}
		}
		if got := subset(a, b); got != want {
			t.Fatalf("subset(%v, %v) = %v; want %v", a, b, got, want)
		}
		if want && signature(a)&^signature(b) != 0 {
			t.Fatalf("signature filter rejects subset %v of %v", a, b)
		}
	}
}

func randomClause(rng *rand.Rand, n, cells int) cnf.Clause {
	var c cnf.Clause
	for _, i := range rng.Perm(cells)[:min(n, cells)] {
		c = append(c, CellLit(i, rng.IntN(2) == 0))
	}
	slices.Sort(c)
	return c
}

// TestCellLit checks the KB's literals of each cell, their names, and the
// assignment a layout gives its variables.
func TestCellLit(t *testing.T) {
	b := game.MustBoard(3, 4)
	for i := 0; i < b.Len(); i++ {
		m, s := MineLit(i), SafeLit(i)
		if CellOf(m) != i || CellOf(s) != i || !IsMine(m) || IsMine(s) || m.Not() != s || s.Not() != m {
			t.Errorf("cell %d: literals %d, %d inconsistent", i, m, s)
		}
		if CellLit(i, true) != m || CellLit(i, false) != s {
			t.Errorf("CellLit(%d) disagrees with MineLit/SafeLit", i)
		}
	}
	if got, want := FormatClause(b, cnf.Clause{MineLit(1), SafeLit(6)}), "(0,1) v -(1,2)"; got != want {
		t.Errorf("Format = %q; want %q", got, want)
	}
	if got := FormatClause(b, cnf.Clause{}); got != "false" {
		t.Errorf("empty clause Format = %q; want false", got)
	}
	mine := make([]bool, b.Len())
	mine[1] = true
	a := Assignment(mine)
	for _, tc := range []struct {
		c    cnf.Clause
		want bool
	}{
		{cnf.Clause{MineLit(1)}, true},
		{cnf.Clause{SafeLit(1)}, false},
		{cnf.Clause{MineLit(0), SafeLit(1)}, false},
		{cnf.Clause{MineLit(0), SafeLit(b.Len() - 1)}, true},
		{cnf.Clause{}, false},
	} {
		if got := tc.c.Holds(a); got != tc.want {
			t.Errorf("%s holds with a mine at (0,1): %v; want %v", FormatClause(b, tc.c), got, tc.want)
		}
	}
}

// TestInsertion drives insertion directly: duplicates are dropped, a clause
// subsumed by a stored one is not stored, and a new clause removes the
// stored clauses it subsumes.
func TestInsertion(t *testing.T) {
	b := game.MustBoard(1, 8)
	m, s := MineLit, SafeLit
	layout := []bool{false, true, true, false, false, false, false, false} // satisfies every clause below
	type step struct {
		add  cnf.Clause
		want []cnf.Clause // the stored clauses afterwards, in storage order
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"duplicate dropped", []step{
			{cnf.Clause{m(1), m(2)}, []cnf.Clause{{m(1), m(2)}}},
			{cnf.Clause{m(1), m(2)}, []cnf.Clause{{m(1), m(2)}}},
		}},
		{"subsumed not added", []step{
			{cnf.Clause{m(1), m(2)}, []cnf.Clause{{m(1), m(2)}}},
			{cnf.Clause{m(1), m(2), s(3)}, []cnf.Clause{{m(1), m(2)}}},
			{cnf.Clause{s(0), m(1), m(2)}, []cnf.Clause{{m(1), m(2)}}},
		}},
		{"subsuming removes", []step{
			{cnf.Clause{m(1), m(2), s(3)}, []cnf.Clause{{m(1), m(2), s(3)}}},
			{cnf.Clause{m(2), s(4), m(5)}, []cnf.Clause{{m(1), m(2), s(3)}, {m(2), s(4), m(5)}}},
			{cnf.Clause{m(2), s(3)}, []cnf.Clause{{m(2), s(4), m(5)}, {m(2), s(3)}}},
			{cnf.Clause{m(2), s(4)}, []cnf.Clause{{m(2), s(3)}, {m(2), s(4)}}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := New(b)
			for n, st := range tt.steps {
				var o origin
				o.setRoot(SourceTotal, -1, noClause, noClause)
				if err := k.add(st.add, &o); err != nil {
					t.Fatalf("step %d: %v", n, err)
				}
				got := k.Clauses()
				if !slices.EqualFunc(got, st.want, slices.Equal) {
					t.Errorf("step %d: add %s: stored %v; want %v", n, FormatClause(b, st.add), got, st.want)
				}
				check(t, k, layout)
			}
		})
	}
}

// randomPosition returns a random rows x cols board with the given mines,
// and a random fraction of its safe cells opened.
func randomPosition(rng *rand.Rand, rows, cols, mines int, open float64) *position {
	b := game.MustBoard(rows, cols)
	p := &position{board: b, mine: make([]bool, b.Len()), hintN: make([]int, b.Len())}
	for _, i := range rng.Perm(b.Len())[:mines] {
		p.mine[i] = true
	}
	for i := range p.hintN {
		p.hintN[i] = -1
		if p.mine[i] || rng.Float64() >= open {
			continue
		}
		n := 0
		for _, j := range b.Neighbors(i) {
			if p.mine[j] {
				n++
			}
		}
		p.hintN[i] = n
		p.hints = append(p.hints, i)
	}
	return p
}

// feed adds the position's hints in the given order, saturating after
// each if resolveEach is set (and at the end regardless), checking the
// invariants after every change.
func feed(t *testing.T, k *KB, p *position, order []int, resolveEach bool) {
	t.Helper()
	for _, i := range order {
		if err := k.AddHint(i, p.hintN[i]); err != nil {
			t.Fatalf("AddHint(%v, %d): %v", p.board.Pos(i), p.hintN[i], err)
		}
		check(t, k, p.mine)
		if resolveEach {
			saturate(t, k, p.mine)
		}
	}
	saturate(t, k, p.mine)
}

func kb0Set(k *KB) map[cnf.Lit]bool {
	out := map[cnf.Lit]bool{}
	for _, l := range k.Settled() {
		out[l] = true
	}
	return out
}

// TestSoundAndComplete feeds random small positions to a KB and compares
// KB0 with the literals forced in every layout, found by brute force.
// Under the default restriction KB0 must be a subset of them (soundness);
// with unrestricted resolution it must equal them, since resolution with
// subsumption to a fixpoint derives every prime implicate.
func TestSoundAndComplete(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	games := longtest.Pick(60, 300)
	missed, total := map[bool]int{}, 0
	for n := 0; n < games; n++ {
		p := randomPosition(rng, 4+rng.IntN(3), 4+rng.IntN(3), 3+rng.IntN(6), 0.3+0.4*rng.Float64())
		hidden := p.board.Len() - len(p.hints)
		if hidden > 20 {
			continue
		}
		want := forced(p)
		for _, lim := range []Limits{DefaultLimits, {Short: 2, NoMerge: true}, {Short: -1}} {
			k := NewWithLimits(p.board, lim)
			feed(t, k, p, p.hints, true)
			got := kb0Set(k)
			for l := range got {
				if !want[l] && !slices.Contains(p.hints, CellOf(l)) {
					t.Fatalf("game %d, %+v: KB0 holds %s, not forced", n, lim, FormatLit(p.board, l))
				}
			}
			for l := range want {
				if !got[l] {
					if lim.Short < 0 {
						t.Fatalf("game %d: unrestricted resolution misses forced %s", n, FormatLit(p.board, l))
					}
					missed[lim.NoMerge]++
				}
			}
			if lim.Short > 0 && !lim.NoMerge {
				total += len(want)
			}
		}
	}
	t.Logf("of %d forced literals, resolution missed %d with merging and %d with the binary restriction alone", total, missed[false], missed[true])
}

// TestShortListsKeptLate checks that the short lists, filled only when
// resolution first needs them, give the KB that keeping them from the
// start gives: the same clauses, KB0, reasons and statistics after every
// hint, resolving to a fixpoint after some of them and not others (under
// the binary restriction without merging, the only limits that read them).
func TestShortListsKeptLate(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	games, lazy := longtest.Pick(40, 400), 0
	for n := range games {
		p := randomPosition(rng, 5+rng.IntN(5), 5+rng.IntN(5), 4+rng.IntN(10), 0.3+0.5*rng.Float64())
		rng.Shuffle(len(p.hints), func(i, j int) { p.hints[i], p.hints[j] = p.hints[j], p.hints[i] })
		late := NewWithLimits(p.board, Limits{Short: 2, NoMerge: true})
		early := NewWithLimits(p.board, Limits{Short: 2, NoMerge: true})
		early.keepShort()
		for x, h := range p.hints {
			require.NoError(t, late.AddHint(h, p.hintN[h]))
			require.NoError(t, early.AddHint(h, p.hintN[h]))
			if x%3 == 2 {
				for late.Pending() {
					_, err := late.Resolve()
					require.NoError(t, err)
				}
				for early.Pending() {
					_, err := early.Resolve()
					require.NoError(t, err)
				}
			}
			require.Equal(t, early.Stats(), late.Stats(), "game %d, hint %d", n, x)
			require.Equal(t, early.Clauses(), late.Clauses(), "game %d, hint %d", n, x)
			require.Equal(t, early.Settled(), late.Settled(), "game %d, hint %d", n, x)
			for _, l := range late.Settled() {
				require.Equal(t, early.Explain(l), late.Explain(l), "game %d, hint %d", n, x)
			}
		}
		if late.shortOn {
			lazy++
		}
	}
	assert.Greater(t, lazy, games/2, "games where resolution needed the short lists")
	t.Logf("%d of %d games filled the short lists late", lazy, games)
}

// TestSameDeductionsInAnyOrder feeds one position's hints in several orders
// (all at once, one by one with resolution between, reversed, shuffled):
// KB0 ends the same.
func TestSameDeductionsInAnyOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 0))
	positions := longtest.Pick(10, 40)
	for n := 0; n < positions; n++ {
		p := randomPosition(rng, 6+rng.IntN(5), 6+rng.IntN(8), 8+rng.IntN(10), 0.5)
		reversed := slices.Clone(p.hints)
		slices.Reverse(reversed)
		orders := map[string][]int{"row-major": p.hints, "reversed": reversed}
		for s := 0; s < 3; s++ {
			sh := slices.Clone(p.hints)
			rng.Shuffle(len(sh), func(i, j int) { sh[i], sh[j] = sh[j], sh[i] })
			orders[fmt.Sprintf("shuffle%d", s)] = sh
		}
		t.Run(fmt.Sprintf("position%d", n), func(t *testing.T) {
			var want map[cnf.Lit]bool
			for _, name := range []string{"row-major", "reversed", "shuffle0", "shuffle1", "shuffle2"} {
				for _, each := range []bool{false, true} {
					k := New(p.board)
					feed(t, k, p, orders[name], each)
					got := kb0Set(k)
					if want == nil {
						want = got
						continue
					}
					if !mapsEqual(got, want) {
						t.Errorf("order %s (resolve each=%v): KB0 has %d literals; row-major all at once has %d", name, each, len(got), len(want))
					}
				}
			}
		})
	}
}

func mapsEqual(a, b map[cnf.Lit]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for l := range a {
		if !b[l] {
			return false
		}
	}
	return true
}

// TestSaturatedMeansAFullRoundAddsNothing checks the given-clause loop
// against the definition of stuck: once Pending is false, resolving every
// pair of stored clauses allowed by the restriction yields only tautologies
// and clauses the KB already subsumes.
func TestSaturatedMeansAFullRoundAddsNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 30; n++ {
		p := randomPosition(rng, 8, 8, 10+rng.IntN(8), 0.45)
		for _, lim := range []Limits{DefaultLimits, {Short: 2, NoMerge: true}, {Short: 3, NoMerge: true}} {
			k := NewWithLimits(p.board, lim)
			feed(t, k, p, p.hints, false)
			stored := k.Clauses()
			for _, a := range stored {
				for _, b := range stored {
					r, ok := resolve(nil, a, b)
					if !ok {
						continue
					}
					merge := !lim.NoMerge && len(r) <= max(len(a), len(b))
					if len(a) > k.limits.Short && len(b) > k.limits.Short && !merge {
						continue
					}
					if len(r) <= 1 {
						t.Fatalf("position %d: stored %s and %s resolve to a unit or empty clause", n, FormatClause(p.board, a), FormatClause(p.board, b))
					}
					if !slices.ContainsFunc(stored, func(c cnf.Clause) bool { return subset(c, r) }) {
						t.Fatalf("position %d, short %d: resolvent %s of %s and %s is new after saturation",
							n, k.limits.Short, FormatClause(p.board, r), FormatClause(p.board, a), FormatClause(p.board, b))
					}
				}
			}
		}
	}
}

func TestContradiction(t *testing.T) {
	b := game.MustBoard(2, 2)
	tests := []struct {
		name string
		run  func(k *KB) error
	}{
		{"hint too large", func(k *KB) error {
			k.Assert(SafeLit(1))
			k.Assert(SafeLit(2))
			return k.AddHint(0, 2) // only (1,1) is left
		}},
		{"mine and safe", func(k *KB) error {
			k.Assert(MineLit(3))
			return k.AddHint(3, 0)
		}},
		{"hints disagree", func(k *KB) error {
			k.AddHint(0, 3)
			return k.AddHint(1, 0)
		}},
		{"too few mines left", func(k *KB) error {
			k.AddHint(0, 3)
			_, err := k.AddTotal([]int{1, 2, 3}, 2, 100)
			return err
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k := New(b)
			err := tt.run(k)
			if !errors.Is(err, ErrContradiction) {
				t.Fatalf("got %v; want ErrContradiction", err)
			}
			if !errors.Is(k.Assert(SafeLit(0)), ErrContradiction) {
				t.Errorf("a broken KB accepted more work")
			}
		})
	}
	if err := New(b).AddHint(0, 9); err == nil || errors.Is(err, ErrContradiction) {
		t.Errorf("AddHint(0, 9) = %v; want a usage error", err)
	}
}

// TestUnitAndResolution plays small positions whose deductions are known:
// the literals settled, and whether resolution was needed for some.
func TestUnitAndResolution(t *testing.T) {
	tests := []struct {
		name       string
		board      string
		want       []string // the literals settled beyond the opened cells
		resolution bool     // some literal needs resolution, not only units
	}{
		{"a 1 with one hidden neighbour", `
			11
			1*`, []string{"(1,1)"}, false},
		{"nothing to deduce", `
			1.
			1*`, nil, false},
		{"1-1 from the wall", `
			11..
			*...`, []string{"-(0,2)", "-(1,2)"}, true},
		{"1-2-1", `
			121
			*.*`, []string{"(1,0)", "-(1,1)", "(1,2)"}, true},
		{"a 0 opens its neighbours", `
			0..
			...
			..*`, []string{"-(0,1)", "-(1,0)", "-(1,1)"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.board)
			k := New(p.board)
			feed(t, k, p, p.hints, false)
			var got []string
			resolution := false
			for _, l := range k.Settled() {
				switch r := k.Explain(l); r.Source {
				case SourceAsserted:
					continue
				case SourceResolution:
					resolution = true
				case SourceHint:
					if !slices.Contains(r.Clause, l) || p.hintN[r.Hint] < 0 {
						t.Errorf("%s: reason %s is not a clause of an opened hint", FormatLit(p.board, l), r.Format(p.board))
					}
				}
				got = append(got, FormatLit(p.board, l))
			}
			slices.Sort(got)
			want := slices.Sorted(slices.Values(tt.want))
			if !slices.Equal(got, want) {
				t.Errorf("settled %v; want %v", got, want)
			}
			if resolution != tt.resolution {
				t.Errorf("resolution used: %v; want %v", resolution, tt.resolution)
			}
		})
	}
}

func TestAddTotal(t *testing.T) {
	p := mustPosition(t, `
		1...
		*..*`)
	k := New(p.board)
	feed(t, k, p, p.hints, false)
	all := []int{1, 2, 3, 4, 5, 6, 7}
	if added, err := k.AddTotal(all, 2, 10); err != nil || added {
		t.Fatalf("AddTotal over 7 cells with a budget of 10 = %v, %v; want not added", added, err)
	}
	if added, err := k.AddTotal(all, 2, 1000); err != nil || !added {
		t.Fatalf("AddTotal = %v, %v; want added", added, err)
	}
	check(t, k, p.mine)
	saturate(t, k, p.mine)
	if len(k.Settled()) != 1 {
		t.Errorf("KB0 = %v: the count alone settles nothing here", k.Settled())
	}
	// Settle every cell but the far corner's neighbours by hand; the count
	// then finishes the board.
	for _, i := range []int{1, 2, 3, 5, 6} {
		k.Assert(SafeLit(i))
		check(t, k, p.mine)
	}
	saturate(t, k, p.mine)
	for _, i := range []int{4, 7} {
		mine, known := k.Value(i)
		if !known || mine != p.mine[i] {
			t.Errorf("cell %v: known %v mine %v; want known, mine %v", p.board.Pos(i), known, mine, p.mine[i])
		}
	}
	if r := k.Explain(CellLit(7, true)); r.Source != SourceTotal && r.Source != SourceResolution {
		t.Errorf("(1,3) settled by %v; want the global count", r.Source)
	}
}

func ExampleKB_Explain() {
	// Three 1s around a hidden corner: once (0,0) and (1,0) are open, the
	// at-least-one clause of the hint at (0,1) has one literal left, (1,1).
	// A reason shows its clause as first derived; its other literals are
	// false in KB0.
	b := game.MustBoard(2, 2)
	k := New(b)
	k.AddHint(1, 1)
	k.AddHint(2, 1)
	k.AddHint(0, 1)
	for _, l := range k.Settled() {
		fmt.Printf("%s: %v, %s\n", FormatLit(b, l), k.Explain(l).Source, k.Explain(l).Format(b))
	}
	// Output:
	// -(0,1): asserted, asserted
	// -(1,0): asserted, asserted
	// -(0,0): asserted, asserted
	// (1,1): unit, clause (0,0) v (1,0) v (1,1) of hint 1 at (0,1)
}
