package exact

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/minesat/minesat/cnf"
	"github.com/minesat/minesat/game"
)

func setOf(ks ...int) bitset {
	n := 1
	for _, k := range ks {
		n = max(n, k+1)
	}
	s := newBitset(n)
	for _, k := range ks {
		s.set(k)
	}
	return s
}

func elems(s bitset) []int {
	var out []int
	for k := 0; k < 64*len(s); k++ {
		if s.has(k) {
			out = append(out, k)
		}
	}
	return out
}

// bruteAllowed computes A_c by trying every combination of totals.
func bruteAllowed(totals []bitset, left, interior int) ([][]int, bool) {
	allowed := make([][]int, len(totals))
	seen := make([]map[int]bool, len(totals))
	for c := range seen {
		seen[c] = map[int]bool{}
	}
	pick := make([]int, len(totals))
	any := false
	var rec func(c, sum int)
	rec = func(c, sum int) {
		if c == len(totals) {
			if t := left - sum; t >= 0 && t <= interior {
				any = true
				for d, k := range pick {
					seen[d][k] = true
				}
			}
			return
		}
		for _, k := range elems(totals[c]) {
			pick[c] = k
			rec(c+1, sum+k)
		}
	}
	rec(0, 0)
	for c := range allowed {
		for k := range seen[c] {
			allowed[c] = append(allowed[c], k)
		}
		slices.Sort(allowed[c])
	}
	return allowed, any
}

// TestAllowedTotals checks both of allowedTotals' paths (intervals when
// gaps are small, exact sums otherwise) and pickTotals against brute force
// on random sets of totals.
func TestAllowedTotals(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	exact, interval := 0, 0
	for i := range 2000 {
		nc := 1 + rng.IntN(4)
		totals := make([]bitset, nc)
		maxGap := 0
		for c := range totals {
			var ks []int
			for k := range 7 {
				if rng.IntN(3) == 0 {
					ks = append(ks, k)
				}
			}
			if len(ks) == 0 {
				ks = []int{rng.IntN(7)}
			}
			totals[c] = setOf(ks...)
			maxGap = max(maxGap, totals[c].maxGap())
		}
		left, interior := rng.IntN(20), rng.IntN(4)
		if maxGap > interior+1 {
			exact++
		} else {
			interval++
		}
		want, wantOK := bruteAllowed(totals, left, interior)
		got, ok := allowedTotals(totals, left, interior)
		name := fmt.Sprintf("%d: totals %v left %d interior %d", i, totals, left, interior)
		if ok != wantOK {
			t.Errorf("%s: ok %v; want %v", name, ok, wantOK)
			continue
		}
		if !ok {
			continue
		}
		for c := range totals {
			if g := elems(got[c]); !slices.Equal(g, want[c]) {
				t.Errorf("%s: A_%d = %v; want %v", name, c, g, want[c])
			}
		}
		cur := make([]int, nc)
		for c := range cur {
			cur[c] = rng.IntN(7)
		}
		pick, ok := pickTotals(totals, cur, left, interior)
		sum := 0
		for c, k := range pick {
			sum += k
			if !totals[c].has(k) {
				t.Errorf("%s: picked %d for part %d, not one of its totals", name, k, c)
			}
		}
		if !ok || left-sum < 0 || left-sum > interior {
			t.Errorf("%s: pick %v (ok %v) leaves %d for the interior", name, pick, ok, left-sum)
		}
	}
	if exact < 100 || interval < 100 {
		t.Errorf("paths covered: %d exact, %d interval", exact, interval)
	}
}

// randomComponent returns the largest component of a random puzzle.
func randomComponent(t *testing.T, rng *rand.Rand) (*Component, *game.Board) {
	t.Helper()
	for {
		p, _ := randomSmallPuzzle(t, rng, 16)
		sp, err := NewSplit(p)
		if err != nil {
			t.Fatal(err)
		}
		if sp.Contradiction != nil || len(sp.Components) == 0 {
			continue
		}
		best := sp.Components[0]
		for _, c := range sp.Components {
			if len(c.Cells) > len(best.Cells) {
				best = c
			}
		}
		return best, p.Board
	}
}

// bruteComponent enumerates a component's solutions by total: for each
// total, the models.
func bruteComponent(c *Component) map[int][][]bool {
	out := map[int][][]bool{}
	n := len(c.Cells)
	for mask := 0; mask < 1<<n; mask++ {
		if !c.check(func(v int) bool { return mask>>v&1 == 1 }) {
			continue
		}
		m := make([]bool, n+1)
		k := 0
		for v := range n {
			m[v+1] = mask>>v&1 == 1
			if m[v+1] {
				k++
			}
		}
		out[k] = append(out[k], m)
	}
	return out
}

// TestComponentTotals checks a component's totals three ways: from its
// diagram's floating-point counts, from its exact counts (uint64 and big
// integers, which must agree), and by SAT alone; and the SAT encoding of
// "total in A" with holes (selectors), against brute force.
func TestComponentTotals(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 7))
	selectorCases := 0
	for i := range 300 {
		c, b := randomComponent(t, rng)
		if len(c.Cells) > 14 {
			continue
		}
		byTotal := bruteComponent(c)
		var want []int
		for k := range byTotal {
			want = append(want, k)
		}
		slices.Sort(want)
		d, err := buildDiagram(ctx, c, b, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		checkDiagram(t, d)
		fl := d.forward()
		got, err := d.totals(ctx, fl)
		if err != nil || !slices.Equal(elems(got), want) {
			t.Errorf("%d: diagram totals %v, %v; want %v", i, elems(got), err, want)
		}
		if !d.empty() {
			small, ok := d.exactSmall()
			bigs, err := d.exactBig(ctx)
			if !ok || err != nil || len(small) != len(bigs) {
				t.Fatalf("%d: exact counts: %v %v %v", i, small, ok, err)
			}
			lo := int(d.lo[d.terminal()])
			for k := range small {
				if bigs[k].Cmp(new(big.Int).SetUint64(small[k])) != 0 || small[k] != uint64(len(byTotal[lo+k])) {
					t.Errorf("%d: %d mines: uint64 %d, big %v; brute force %d", i, lo+k, small[k], bigs[k], len(byTotal[lo+k]))
				}
			}
		}
		st, err := c.satTotals(ctx)
		if err != nil || !slices.Equal(elems(st), want) {
			t.Errorf("%d: SAT totals %v, %v; want %v", i, elems(st), err, want)
		}
		if len(want) < 2 {
			continue
		}
		// Allow a random subset of the totals; with three or more, always
		// leave a hole in the middle.
		var allowedKs []int
		hole := -1
		if len(want) >= 3 {
			hole = want[1+rng.IntN(len(want)-2)]
		}
		for _, k := range want {
			if k != hole && (hole >= 0 && (k == want[0] || k == want[len(want)-1]) || rng.IntN(2) == 0) {
				allowedKs = append(allowedKs, k)
			}
		}
		if len(allowedKs) == 0 {
			continue
		}
		allowed := setOf(allowedKs...)
		lo, hi := allowedKs[0], allowedKs[len(allowedKs)-1]
		for _, k := range want {
			if k > lo && k < hi && !allowed.has(k) {
				selectorCases++
				break
			}
		}
		ss := c.satProblemWithin(got, allowed).build(context.Background())
		for v := range len(c.Cells) {
			for _, val := range []bool{false, true} {
				exists := false
				for _, k := range allowedKs {
					for _, m := range byTotal[k] {
						if m[v+1] == val {
							exists = true
						}
					}
				}
				m, sat := mustSolve(t, ss, cnf.Var(v+1).Lit(val))
				if sat != exists {
					t.Errorf("%d: var %d = %v within totals %v: sat %v; want %v", i, v, val, allowedKs, sat, exists)
				}
				if sat {
					k := countTrue(m[:len(c.Cells)+1])
					if !allowed.has(k) || !c.check(func(u int) bool { return m[u+1] }) {
						t.Errorf("%d: model with %d mines, allowed %v, or breaking a hint", i, k, allowedKs)
					}
				}
			}
		}
	}
	if selectorCases < 5 {
		t.Errorf("only %d cases with holes in the allowed totals", selectorCases)
	}
}

// TestHugeComponentCount counts a 3xN strip whose middle row is all hints
// 2: one component with more than 2^64 solutions, which exercises the big
// integer pass. The count is checked against an independent transfer
// matrix over column sums (a column's two unknown cells hold s = 0, 1 or 2
// mines, in 1, 2 or 1 ways; every hint sees three consecutive columns).
func TestHugeComponentCount(t *testing.T) {
	const n = 152 // n = 2 mod 3, so that the periodic solutions fit
	p, err := game.NewPuzzle(3, n, 0)
	if err != nil {
		t.Fatal(err)
	}
	for c := range n {
		p.Cells[n+c] = game.HintCell(2)
	}
	// want[m]: solutions with m mines, by DP over (s_{j-1}, s_j).
	type key struct{ a, b, m int }
	ways := []int64{1, 2, 1}
	cur := map[key]*big.Int{{0, 0, 0}: big.NewInt(1)} // before column 0: s_{-2} = s_{-1} = 0
	for j := 0; j <= n; j++ {
		next := map[key]*big.Int{}
		for k, v := range cur {
			for s := 0; s <= 2; s++ {
				if j == n && s != 0 {
					continue // s_n = 0: past the edge
				}
				if j >= 1 && k.a+k.b+s != 2 {
					continue // hint j-1 sees columns j-2, j-1, j
				}
				w := new(big.Int).Mul(v, big.NewInt(ways[s]))
				nk := key{k.b, s, k.m + s}
				if next[nk] == nil {
					next[nk] = new(big.Int)
				}
				next[nk].Add(next[nk], w)
			}
		}
		cur = next
	}
	want := map[int]*big.Int{}
	for k, v := range cur {
		if want[k.m] == nil {
			want[k.m] = new(big.Int)
		}
		want[k.m].Add(want[k.m], v)
	}
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	tested := 0
	for m, w := range want {
		if w.Cmp(two64) <= 0 {
			continue
		}
		p.Mines = m
		got, err := Count(context.Background(), p)
		if err != nil || got.Cmp(w) != 0 {
			t.Errorf("%d mines: Count = %v, %v; want %v", m, got, err, w)
		}
		tested++
	}
	if tested == 0 {
		t.Fatalf("no mine total has more than 2^64 solutions")
	}
}

// TestHugeScale uses a 3x1001 strip of hints 2 whose one component has
// 2^668+2 solutions (columns hold 1,1,0 mines over and over, each 1 in
// either of two cells, or 2,0,0 or 0,2,0), so floating-point counts must
// be rescaled; the probabilities are exactly 1/2, 1/2, 0 by column.
func TestHugeScale(t *testing.T) {
	const n = 1001
	p, err := game.NewPuzzle(3, n, 668)
	if err != nil {
		t.Fatal(err)
	}
	for c := range n {
		p.Cells[n+c] = game.HintCell(2)
	}
	want := new(big.Int).Lsh(big.NewInt(1), 668)
	want.Add(want, big.NewInt(2))
	ctx := context.Background()
	if got, err := Count(ctx, p); err != nil || got.Cmp(want) != 0 {
		t.Errorf("Count = %v, %v; want 2^668+2", got, err)
	}
	probs, err := Probabilities(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	for c := range n {
		want := []float64{0.5, 0.5, 0}[c%3]
		for _, r := range []int{0, 2} {
			if got := probs[r*n+c]; math.Abs(got-want) > 1e-12 {
				t.Errorf("cell (%d,%d): probability %v; want %v", r, c, got, want)
			}
		}
	}
	f, err := FindForced(ctx, p)
	if err != nil || len(f.Mines) != 0 || len(f.Safe) != 2*333 {
		t.Errorf("FindForced: %d mines, %d safe, %v; want 0 and 666", len(f.Mines), len(f.Safe), err)
	}
}

// checkDiagram verifies a diagram's invariants: layers in order, one root
// and at most one terminal, every child in the next layer, every
// non-terminal node with a child (no dead ends), every node reachable, and
// lo/hi the true range of mines on root paths.
func checkDiagram(t *testing.T, d *diagram) {
	t.Helper()
	if d.empty() {
		return
	}
	if d.start[0] != 0 || d.start[1] != 1 || d.start[d.n+1]-d.start[d.n] != 1 {
		t.Fatalf("layers %v: want one root and one terminal", d.start)
	}
	reached := make([]bool, d.nodes())
	reached[0] = true
	for layer := range d.n {
		for u := d.start[layer]; u < d.start[layer+1]; u++ {
			if !reached[u] {
				t.Errorf("node %d unreachable", u)
			}
			kids := 0
			for x := range int32(2) {
				v := d.child[2*u+x]
				if v < 0 {
					continue
				}
				kids++
				if v < d.start[layer+1] || v >= d.start[layer+2] {
					t.Errorf("node %d in layer %d: child %d outside the next layer", u, layer, v)
				}
				reached[v] = true
				if d.lo[v] > d.lo[u]+x || d.hi[v] < d.hi[u]+x {
					t.Errorf("node %d: window [%d,%d] misses parent %d's [%d,%d]+%d", v, d.lo[v], d.hi[v], u, d.lo[u], d.hi[u], x)
				}
			}
			if kids == 0 {
				t.Errorf("node %d in layer %d is a dead end", u, layer)
			}
		}
	}
}

// TestAnyOrder builds each component's diagram in several orders (the
// chosen one, row-major, and random permutations): the diagrams differ,
// but the counts by total and the marginals must not.
func TestAnyOrder(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(4, 4))
	for i := range 200 {
		c, b := randomComponent(t, rng)
		n := len(c.Cells)
		orders := [][]int32{chooseOrder(c, b), bfsOrder(c, int32(rng.IntN(n)))}
		for range 3 {
			o := make([]int32, n)
			for v, p := range rng.Perm(n) {
				o[v] = int32(p)
			}
			orders = append(orders, o)
		}
		var wantCounts []*big.Int
		var wantLo int
		var wantProbs []float64
		for k, o := range orders {
			d, err := buildDiagramOrder(ctx, c, o, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			checkDiagram(t, d)
			counts, lo, err := d.exactCounts(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var probs []float64
			if !d.empty() {
				w := vec{lo: lo, v: make([]float64, len(counts))}
				for j := range w.v {
					w.v[j] = float64(j + 1) // any weights
				}
				probs = d.marginals(d.forward(), w, nil)
			}
			if k == 0 {
				wantCounts, wantLo, wantProbs = counts, lo, probs
				continue
			}
			same := lo == wantLo && len(counts) == len(wantCounts)
			for j := 0; same && j < len(counts); j++ {
				same = counts[j].Cmp(wantCounts[j]) == 0
			}
			if !same {
				t.Errorf("%d: order %d counts %v from %d; first order %v from %d", i, k, counts, lo, wantCounts, wantLo)
			}
			for v := range probs {
				if math.Abs(probs[v]-wantProbs[v]) > 1e-12 {
					t.Errorf("%d: order %d: var %d probability %v; first order %v", i, k, v, probs[v], wantProbs[v])
				}
			}
		}
	}
}
