package exact

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"sync"
)

// Combining components. With N_c[k] the solutions of component c with k
// mines and I interior cells, the puzzle has
//
//	sum over (k_c) of prod_c N_c[k_c] * C(I, Left - sum_c k_c)
//
// solutions. Counting needs the product polynomial of the N_c; the
// probability that a cell of component c is a mine needs, for each total
// k of c, the weight w_c[k] of the rest of the board: the same sum with c
// left out and k_c fixed to k.
//
// In floating point the binomials span thousands of orders of magnitude on
// large boards, so every vector is tilted first: N_c[k] is multiplied by
// rho^k and C(I, t) by rho^t, where rho = p/(1-p) is the odds of a mine at
// the board's density p. The product of one N_c[k_c] term per component and
// the binomial is multiplied by rho^Left whatever the k_c, so ratios are
// unchanged; but each tilted vector now peaks near its likely totals, and
// normalising it to a maximum of 1 loses only terms too small to matter.

// vec is a non-negative vector over a range of totals: v[k-lo] for k in
// lo..lo+len(v)-1, up to a positive factor.
type vec struct {
	lo int
	v  []float64
}

func (a vec) hi() int { return a.lo + len(a.v) - 1 }

func (a vec) at(k int) float64 {
	if k < a.lo || k > a.hi() {
		return 0
	}
	return a.v[k-a.lo]
}

// normalize scales a to a maximum of 1 and trims zero ends.
func (a vec) normalize() vec {
	m := 0.0
	for _, x := range a.v {
		m = max(m, x)
	}
	if m == 0 {
		return vec{lo: a.lo}
	}
	for i := range a.v {
		a.v[i] /= m
	}
	for len(a.v) > 0 && a.v[0] == 0 {
		a.v, a.lo = a.v[1:], a.lo+1
	}
	for len(a.v) > 0 && a.v[len(a.v)-1] == 0 {
		a.v = a.v[:len(a.v)-1]
	}
	return a
}

// conv returns the convolution of a and b, normalized.
func conv(a, b vec, ar *floats) vec {
	if len(a.v) == 0 || len(b.v) == 0 {
		return vec{lo: a.lo + b.lo}
	}
	out := vec{lo: a.lo + b.lo, v: ar.make(len(a.v) + len(b.v) - 1)}
	for i, x := range a.v {
		if x == 0 {
			continue
		}
		dst := out.v[i:]
		for j, y := range b.v {
			dst[j] += x * y
		}
	}
	return out.normalize()
}

// corr returns w[s] = sum_r p[r] * out[s+r] for s in lo..hi, normalized:
// the weight of the totals s of one part, given the weight out of the
// totals of a whole made of that part and another part with totals p.
func corr(out, p vec, lo, hi int, ar *floats) vec {
	w := vec{lo: lo, v: ar.make(max(0, hi-lo+1))}
	for i := range w.v {
		s := lo + i
		sum := 0.0
		for r, x := range p.v {
			sum += x * out.at(s+p.lo+r)
		}
		w.v[i] = sum
	}
	return w.normalize()
}

// tilted returns a component's counts (c[k] times 2^exp solutions with
// lo+k mines) times rho^total, normalized.
func tilted(c []float64, lo int, lnRho float64, ar *floats) vec {
	out := vec{lo: lo, v: ar.make(len(c))}
	best := math.Inf(-1)
	for k, x := range c {
		if x > 0 {
			best = max(best, math.Log(x)+float64(lo+k)*lnRho)
		}
	}
	for k, x := range c {
		if x > 0 {
			out.v[k] = math.Exp(math.Log(x) + float64(lo+k)*lnRho - best)
		}
	}
	return out.normalize()
}

// untilt turns a weight vector over a component's totals from the tilted
// scale back to plain counts: w[k] times rho^k, normalized.
func untilt(w vec, lnRho float64, ar *floats) vec {
	if lnRho == 0 {
		return w
	}
	out := vec{lo: w.lo, v: ar.make(len(w.v))}
	best := math.Inf(-1)
	for k, x := range w.v {
		if x > 0 {
			best = max(best, math.Log(x)+float64(w.lo+k)*lnRho)
		}
	}
	for k, x := range w.v {
		if x > 0 {
			out.v[k] = math.Exp(math.Log(x) + float64(w.lo+k)*lnRho - best)
		}
	}
	return out.normalize()
}

// binomialWeights returns C(n, t) * rho^t for t in lo..hi, normalized,
// computed by the ratio C(n,t+1)/C(n,t) = (n-t)/(t+1) outward from the
// largest term, so that rounding errors stay relative and tiny.
func binomialWeights(n, lo, hi int, lnRho float64, ar *floats) vec {
	lo, hi = max(lo, 0), min(hi, n)
	if lo > hi {
		return vec{lo: lo}
	}
	rho := math.Exp(lnRho)
	out := vec{lo: lo, v: ar.make(hi - lo + 1)}
	// The mode of C(n,t) rho^t, clamped into lo..hi.
	mode := int(math.Floor(float64(n+1) * rho / (1 + rho)))
	mode = min(max(mode, lo), hi)
	out.v[mode-lo] = 1
	for t := mode; t < hi; t++ {
		out.v[t+1-lo] = out.v[t-lo] * rho * float64(n-t) / float64(t+1)
	}
	for t := mode; t > lo; t-- {
		out.v[t-1-lo] = out.v[t-lo] / (rho * float64(n-t+1) / float64(t))
	}
	return out.normalize()
}

// floats hands out the float64 slices of one combination from a growing
// block, so that its many short vectors cost a few allocations, and the
// combination's vectors and tree nodes likewise; a nil *floats allocates
// each slice on its own. Slices stay valid until release.
type floats struct {
	block     []float64
	vecBlock  []vec
	nodeBlock []combTree
}

// make returns n zeroed floats.
func (f *floats) make(n int) []float64 {
	if f == nil {
		return make([]float64, n)
	}
	if len(f.block)+n > cap(f.block) {
		f.block = make([]float64, 0, max(2*cap(f.block), n, 256)) // the old block lives on in its slices
	}
	s := f.block[len(f.block) : len(f.block)+n : len(f.block)+n]
	f.block = f.block[:len(f.block)+n]
	clear(s)
	return s
}

// vecs returns n zero vecs.
func (f *floats) vecs(n int) []vec {
	if f == nil {
		return make([]vec, n)
	}
	return carve(&f.vecBlock, n)
}

// tree returns n zero tree nodes.
func (f *floats) tree(n int) []combTree {
	if f == nil {
		return make([]combTree, n)
	}
	return carve(&f.nodeBlock, n)
}

// carve returns the next n elements of the growing block *b, zeroed.
func carve[T any](b *[]T, n int) []T {
	if len(*b)+n > cap(*b) {
		*b = make([]T, 0, max(2*cap(*b), n, 16)) // the old block lives on in its slices
	}
	s := (*b)[len(*b) : len(*b)+n : len(*b)+n]
	*b = (*b)[:len(*b)+n]
	clear(s)
	return s
}

var floatsPool = sync.Pool{New: func() any { return new(floats) }}

// getFloats returns a floats from a pool; release gives it back, its
// slices no longer in use.
func getFloats() *floats { return floatsPool.Get().(*floats) }

func (f *floats) release() {
	f.block, f.vecBlock, f.nodeBlock = f.block[:0], f.vecBlock[:0], f.nodeBlock[:0]
	floatsPool.Put(f)
}

// combTree is a balanced product tree over the components' tilted vectors.
type combTree struct {
	prod        vec
	left, right *combTree
	leaf        int // the component, for a leaf
}

// buildCombTree builds the tree over parts, numbered from first, taking
// its nodes from nodes (2*len(parts)-1 of them) and its vectors from ar.
func buildCombTree(parts []vec, first int, nodes []combTree, ar *floats) *combTree {
	t := &nodes[0]
	if len(parts) == 1 {
		*t = combTree{prod: parts[0], leaf: first}
		return t
	}
	m := len(parts) / 2
	l := buildCombTree(parts[:m], first, nodes[1:2*m], ar)
	r := buildCombTree(parts[m:], first+m, nodes[2*m:], ar)
	*t = combTree{prod: conv(l.prod, r.prod, ar), left: l, right: r, leaf: -1}
	return t
}

// down hands each leaf its weight vector w[leaf], given out, the weight of
// the totals of the node's components together.
func (t *combTree) down(ctx context.Context, out vec, w []vec, ar *floats) error {
	if t.leaf >= 0 {
		w[t.leaf] = out
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	l, r := t.left.prod, t.right.prod
	if err := t.left.down(ctx, corr(out, r, l.lo, l.hi(), ar), w, ar); err != nil {
		return err
	}
	return t.right.down(ctx, corr(out, l, r.lo, r.hi(), ar), w, ar)
}

// mineWeights returns, for each component, w_c over its totals (for
// plain, untilted counts), and the distribution of the number of interior
// mines (over 0..interior), both up to positive factors, given the
// components' counts as tilted vectors made with lnRho. A zero distribution means no solution was found, perhaps by
// underflow; callers decide feasibility exactly elsewhere.
func mineWeights(ctx context.Context, parts []vec, left, interior int, lnRho float64, ar *floats) (w []vec, inner vec, err error) {
	w = ar.vecs(len(parts))
	if len(parts) == 0 {
		inner = binomialWeights(interior, left, left, lnRho, ar)
		return w, inner, nil
	}
	tree := buildCombTree(parts, 0, ar.tree(2*len(parts)-1), ar)
	all := tree.prod
	b := binomialWeights(interior, left-all.hi(), left-all.lo, lnRho, ar)
	out := vec{lo: all.lo, v: ar.make(len(all.v))}
	inner = vec{lo: b.lo, v: ar.make(len(b.v))}
	for i := range out.v {
		s := all.lo + i
		out.v[i] = b.at(left - s)
	}
	for i := range inner.v {
		t := b.lo + i
		inner.v[i] = b.v[i] * all.at(left-t)
	}
	inner = inner.normalize()
	if err := tree.down(ctx, out.normalize(), w, ar); err != nil {
		return nil, vec{}, err
	}
	for c := range w {
		w[c] = untilt(w[c], lnRho, ar)
	}
	return w, inner, nil
}

// exactTotal returns sum_s P[s] * C(interior, left-s), with P the product
// of the polynomials counts[c] (counts[c][k] solutions with los[c]+k
// mines): the exact number of solutions.
func exactTotal(ctx context.Context, counts [][]*big.Int, los []int, left, interior int) (*big.Int, error) {
	type poly struct {
		lo int
		c  []*big.Int
	}
	parts := make([]poly, len(counts))
	for i := range counts {
		parts[i] = poly{los[i], counts[i]}
	}
	if len(parts) == 0 {
		parts = []poly{{0, []*big.Int{big.NewInt(1)}}}
	}
	mul := func(a, b poly) (poly, error) {
		out := poly{lo: a.lo + b.lo, c: make([]*big.Int, len(a.c)+len(b.c)-1)}
		for i := range out.c {
			out.c[i] = new(big.Int)
		}
		var tmp big.Int
		for i, x := range a.c {
			if i&63 == 63 {
				if err := ctx.Err(); err != nil {
					return poly{}, fmt.Errorf("exact: count: %w", err)
				}
			}
			if x.Sign() == 0 {
				continue
			}
			for j, y := range b.c {
				out.c[i+j].Add(out.c[i+j], tmp.Mul(x, y))
			}
		}
		return out, nil
	}
	// Pairwise rounds keep the operands balanced.
	for len(parts) > 1 {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("exact: count: %w", err)
		}
		next := parts[:0:0]
		for i := 0; i+1 < len(parts); i += 2 {
			m, err := mul(parts[i], parts[i+1])
			if err != nil {
				return nil, err
			}
			next = append(next, m)
		}
		if len(parts)%2 == 1 {
			next = append(next, parts[len(parts)-1])
		}
		parts = next
	}
	all := parts[0]
	total := new(big.Int)
	// C(interior, t) for t from left-hi up to left-lo, by exact ratios.
	tLo := max(0, left-(all.lo+len(all.c)-1))
	tHi := min(interior, left-all.lo)
	if tLo > tHi {
		return total, nil
	}
	binom := new(big.Int).Binomial(int64(interior), int64(tLo))
	var tmp big.Int
	for t := tLo; t <= tHi; t++ {
		if t > tLo {
			binom.Mul(binom, big.NewInt(int64(interior-t+1)))
			binom.Quo(binom, big.NewInt(int64(t)))
		}
		if x := all.c[left-t-all.lo]; x.Sign() != 0 {
			total.Add(total, tmp.Mul(x, binom))
		}
	}
	return total, nil
}
