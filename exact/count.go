package exact

import (
	"context"
	"fmt"
	"iter"
	"math"
	"math/big"
	"math/bits"
)

// Counting on a diagram: every root-to-terminal path is one solution, and
// every path crosses each layer once, so a forward pass that pushes each
// node's counts, by number of mines so far, to its children leaves at the
// terminal the number of solutions with each number of mines.

// flow is a forward pass in floating point: f[off[u]+j-lo[u]] times
// 2^exp[t] is the number of root-to-u paths with j mines, u in layer t.
type flow struct {
	f   []float64
	off []int32 // per node, and one past the last
	exp []int32 // per layer
}

// forward runs the floating-point forward pass. The flow's header is the
// diagram's own: a second call overwrites the first's.
func (d *diagram) forward() *flow {
	nn := d.nodes()
	offExp := make([]int32, nn+1+d.n+1)
	fl := &d.fl
	*fl = flow{off: offExp[:nn+1], exp: offExp[nn+1:]}
	for u := range nn {
		fl.off[u+1] = fl.off[u] + d.hi[u] - d.lo[u] + 1
	}
	if nn == 0 {
		return fl
	}
	fl.f = make([]float64, fl.off[nn])
	fl.f[0] = 1
	for t := range d.n {
		for u := d.start[t]; u < d.start[t+1]; u++ {
			src := fl.f[fl.off[u]:fl.off[u+1]]
			for x := range int32(2) {
				v := d.child[2*u+x]
				if v < 0 {
					continue
				}
				dst := fl.f[fl.off[v]+d.lo[u]+x-d.lo[v]:]
				for j, c := range src {
					dst[j] += c
				}
			}
		}
		fl.exp[t+1] = fl.exp[t] + int32(rescale(fl.f[fl.off[d.start[t+1]]:fl.off[d.start[t+2]]]))
	}
	return fl
}

// rescale multiplies xs, a layer of floating-point counts, by a power of
// two when its largest value leaves [2^-600, 2^600], and returns the power
// taken out. Since every path crosses every layer, one exponent per layer
// keeps all ratios exact to rounding.
func rescale(xs []float64) int {
	m := 0.0
	for _, x := range xs {
		m = max(m, x)
	}
	if m == 0 || (m <= 0x1p600 && m >= 0x1p-600) {
		return 0
	}
	_, e := math.Frexp(m)
	f := math.Ldexp(1, -e)
	for i := range xs {
		xs[i] *= f
	}
	return e
}

// terminalCounts returns the counts at the terminal: c[k-lo] times 2^exp
// solutions have k mines, for k in lo..hi.
func (d *diagram) terminalCounts(fl *flow) (c []float64, lo, exp int) {
	t := d.terminal()
	return fl.f[fl.off[t]:fl.off[t+1]], int(d.lo[t]), int(fl.exp[d.n])
}

// totals returns K_c, the mine totals of the component's solutions, as a
// bitset over 0..n. Floating-point counts are exact about being non-zero
// while the scale keeps a count of 1 above the smallest normal float
// (2^-1000 at most); beyond that the exact counts decide.
func (d *diagram) totals(ctx context.Context, fl *flow) (bitset, error) {
	var out bitset
	if words := (d.n + 64) / 64; words <= len(d.totBuf) {
		out = d.totBuf[:words:words]
		clear(out)
	} else {
		out = newBitset(d.n + 1)
	}
	if d.empty() {
		return out, nil
	}
	c, lo, exp := d.terminalCounts(fl)
	if exp <= 1000 {
		for k, x := range c {
			if x != 0 {
				out.set(lo + k)
			}
		}
		return out, nil
	}
	exact, lo, err := d.exactCounts(ctx)
	if err != nil {
		return nil, err
	}
	for k, x := range exact {
		if x.Sign() != 0 {
			out.set(lo + k)
		}
	}
	return out, nil
}

// exactCounts returns the exact number of solutions with k mines, for k in
// lo..lo+len-1: a pass in uint64, redone with big integers if a count
// overflows.
func (d *diagram) exactCounts(ctx context.Context) (counts []*big.Int, lo int, err error) {
	if d.empty() {
		return nil, 0, nil
	}
	t := d.terminal()
	lo = int(d.lo[t])
	if small, ok := d.exactSmall(); ok {
		counts = make([]*big.Int, len(small))
		for k, x := range small {
			counts[k] = new(big.Int).SetUint64(x)
		}
		return counts, lo, nil
	}
	counts, err = d.exactBig(ctx)
	return counts, lo, err
}

// layerOffsets returns, for the nodes of layer t, their windows' offsets
// relative to the layer's first node, and the layer's total window size.
func (d *diagram) layerOffsets(t int, off []int32) []int32 {
	off = off[:0]
	o := int32(0)
	for u := d.start[t]; u < d.start[t+1]; u++ {
		off = append(off, o)
		o += d.hi[u] - d.lo[u] + 1
	}
	return append(off, o)
}

// edge is one edge of the diagram between layers t and t+1 as the counters
// see it: the source node's counts are cur[src:srcEnd], and they add into
// the next layer's counts from next[dst] on (one count a mine total).
type edge struct{ src, srcEnd, dst int32 }

// edges yields the edges from layer t to layer t+1, given the offsets of
// both layers' counts (layerOffsets).
func (d *diagram) edges(t int, offA, offB []int32) iter.Seq[edge] {
	return func(yield func(edge) bool) {
		base := d.start[t+1]
		for i, u := 0, d.start[t]; u < d.start[t+1]; i, u = i+1, u+1 {
			for x := range int32(2) {
				v := d.child[2*u+x]
				if v < 0 {
					continue
				}
				if !yield(edge{offA[i], offA[i+1], offB[v-base] + d.lo[u] + x - d.lo[v]}) {
					return
				}
			}
		}
	}
}

// exactSmall counts in uint64, two layers at a time; ok is false on
// overflow.
func (d *diagram) exactSmall() (counts []uint64, ok bool) {
	var offA, offB []int32
	offA = d.layerOffsets(0, offA)
	cur := []uint64{1}
	for t := range d.n {
		offB = d.layerOffsets(t+1, offB)
		next := make([]uint64, offB[len(offB)-1])
		for e := range d.edges(t, offA, offB) {
			dst := next[e.dst:]
			for j, c := range cur[e.src:e.srcEnd] {
				var carry uint64
				dst[j], carry = bits.Add64(dst[j], c, 0)
				if carry != 0 {
					return nil, false
				}
			}
		}
		cur, offA, offB = next, offB, offA
	}
	return cur, true
}

// exactBig counts with big integers, two layers at a time.
func (d *diagram) exactBig(ctx context.Context) ([]*big.Int, error) {
	var offA, offB []int32
	offA = d.layerOffsets(0, offA)
	cur := []big.Int{{}}
	cur[0].SetInt64(1)
	var next []big.Int
	for t := range d.n {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("exact: counting a %d-cell component: %w", d.n, err)
		}
		offB = d.layerOffsets(t+1, offB)
		size := int(offB[len(offB)-1])
		if cap(next) < size {
			next = make([]big.Int, size)
		}
		next = next[:size]
		for j := range next {
			next[j].SetInt64(0)
		}
		for e := range d.edges(t, offA, offB) {
			src, dst := cur[e.src:e.srcEnd], next[e.dst:]
			for j := range src {
				dst[j].Add(&dst[j], &src[j])
			}
		}
		cur, next, offA, offB = next, cur, offB, offA
	}
	out := make([]*big.Int, len(cur))
	for k := range cur {
		out[k] = new(big.Int).Set(&cur[k])
	}
	return out, nil
}
