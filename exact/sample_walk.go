package exact

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// partSampler draws a component's layouts with a given number of mines,
// each equally likely, by a walk down its diagram: at node u with r mines
// left to place, u's variable is a mine with chance B(c1, r-1) / B(u, r),
// where B(v, r) counts v's paths to the terminal with r mines and c1 is
// u's mine child. The walk meets every variable once, so a draw costs
// O(cells of the component).
type partSampler struct {
	cells []int    // the component's cells: local variable v is cells[v]
	d     *diagram // its solutions
	rlo   []int32  // per node: the fewest mines on its paths to the terminal
	off   []int32  // per node: where its coins start in mine
	// mine[off[u]+r-rlo[u]]: the coin for u's variable being a mine with
	// r mines left, for r from rlo[u] to the most mines on u's paths.
	mine   []coin
	lo     int    // the fewest mines of the component's solutions
	counts []wide // counts[k-lo]: the component's solutions with k mines
	free   []coin // without a total: the chain that picks its number of mines, from lo
}

// newPartSampler counts d's paths by mines left, from the terminal up,
// one layer at a time, and makes the walk's coins; cells are d's
// component's cells. It fails with ctx's error when cancelled.
func newPartSampler(ctx context.Context, cells []int, d *diagram) (partSampler, error) {
	nn := d.nodes()
	rlo, rhi := make([]int32, nn), make([]int32, nn)
	for u := int(d.terminal()) - 1; u >= 0; u-- {
		lo, hi := int32(math.MaxInt32), int32(-1)
		for x := range int32(2) {
			if v := d.child[2*u+int(x)]; v >= 0 {
				lo, hi = min(lo, rlo[v]+x), max(hi, rhi[v]+x)
			}
		}
		rlo[u], rhi[u] = lo, hi
	}
	off := make([]int32, nn+1)
	for u := range nn {
		off[u+1] = off[u] + rhi[u] - rlo[u] + 1
	}
	mine := make([]coin, off[d.terminal()])
	// cur holds the counts of layer t+1's nodes, from off[start[t+1]]:
	// at first the terminal's, one path without mines.
	cur, next := []wide{wideOf(1)}, []wide(nil)
	for t := d.n - 1; t >= 0; t-- {
		if t&63 == 0 {
			if err := ctx.Err(); err != nil {
				return partSampler{}, fmt.Errorf("exact: sampling a %d-cell component: %w", d.n, err)
			}
		}
		base, below := off[d.start[t]], off[d.start[t+1]]
		count := func(v, r int32) wide {
			if v < 0 || r < rlo[v] || r > rhi[v] {
				return wide{}
			}
			return cur[off[v]-below+r-rlo[v]]
		}
		next = grown(&next, int(below-base))
		for u := d.start[t]; u < d.start[t+1]; u++ {
			c0, c1 := d.child[2*u], d.child[2*u+1]
			for r := rlo[u]; r <= rhi[u]; r++ {
				safe, mined := count(c0, r), count(c1, r-1)
				i := off[u] + r - rlo[u]
				next[i-base] = safe.add(mined)
				mine[i] = newCoin(mined, safe)
			}
		}
		cur, next = next, cur
	}
	return partSampler{
		cells: cells, d: d, rlo: rlo, off: off, mine: mine,
		lo: int(rlo[0]), counts: slices.Clone(cur[:rhi[0]-rlo[0]+1]),
	}, nil
}

// walk appends to dst the mines of one of the component's layouts with k
// mines, drawn uniformly; the component has such a layout.
func (ps *partSampler) walk(rng *rand.Rand, k int, dst []int) []int {
	d := ps.d
	u, r := int32(0), int32(k)
	for t := range d.n {
		x := int32(0)
		if ps.mine[ps.off[u]+r-ps.rlo[u]].toss(rng) {
			x, r = 1, r-1
			dst = append(dst, ps.cells[d.order[t]])
		}
		u = d.child[2*u+x]
	}
	return dst
}
