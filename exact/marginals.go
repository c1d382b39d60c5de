package exact

import "sync"

// marginals returns, for each local variable of the diagram's component,
// the probability that it is a mine when each solution with k mines counts
// with weight w[k] (w over the component's totals, zero outside w's range).
// A variable with no weight either way gets 0. It writes into buf when buf
// has room for twice the variables.
func (d *diagram) marginals(fl *flow, w vec, buf []float64) []float64 {
	mine, safe := d.weigh(fl, w, buf)
	for v := range mine {
		if s := mine[v] + safe[v]; s > 0 {
			mine[v] /= s
		}
	}
	return mine
}

// weigh returns, for each local variable, the total weight of the
// solutions where it is a mine and where it is safe, each solution with k
// mines weighing w[k]. The two weights of one variable share a scale;
// different variables' do not. A weight is exactly zero when no solution
// with non-zero weight exists, since all terms are non-negative.
//
// A backward pass computes g[u][j], the weight of all ways to finish a path
// from u when the path so far holds j mines: g at the terminal is w, and
// g[u][j] = g[c0][j] + g[c1][j+1]. With f from the forward pass, the
// variable of layer t is a mine with weight sum_u sum_j f[u][j] g[c1][j+1]
// and safe with weight sum_u sum_j f[u][j] g[c0][j], over the nodes u of
// layer t. Both sums share the scales of f at layer t and g at layer t+1,
// so their ratio needs no rescaling. The cost is O(sum of window sizes).
// The two weights are written into buf when it has room for both.
func (d *diagram) weigh(fl *flow, w vec, buf []float64) (mines, safes []float64) {
	if cap(buf) < 2*d.n {
		buf = make([]float64, 2*d.n)
	}
	mines, safes = buf[:d.n], buf[d.n:2*d.n] // mines keeps buf's capacity, for callers reusing it
	clear(buf[:2*d.n])
	if d.empty() {
		return mines, safes
	}
	ws := weighPool.Get().(*weighScratch)
	defer weighPool.Put(ws)
	offA, offB := ws.offA, ws.offB
	offB = d.layerOffsets(d.n, offB)
	t := d.terminal()
	g := grown(&ws.g, int(offB[1]))
	for j := range g {
		g[j] = w.at(int(d.lo[t]) + j)
	}
	gPrev := ws.gPrev
	// g and gPrev swap at every layer: give both back.
	defer func() { ws.g, ws.gPrev, ws.offA, ws.offB = g, gPrev, offA, offB }()
	for layer := d.n - 1; layer >= 0; layer-- {
		offA = d.layerOffsets(layer, offA)
		size := int(offA[len(offA)-1])
		if cap(gPrev) < size {
			gPrev = make([]float64, max(size, 2*cap(gPrev)))
		}
		gu := gPrev[:size]
		base := d.start[layer+1]
		mine, safe := 0.0, 0.0
		for i, u := 0, d.start[layer]; u < d.start[layer+1]; i, u = i+1, u+1 {
			f := fl.f[fl.off[u]:fl.off[u+1]]
			dst := gu[offA[i]:offA[i+1]]
			clear(dst)
			for x := range int32(2) {
				v := d.child[2*u+x]
				if v < 0 {
					continue
				}
				src := g[offB[v-base]+d.lo[u]+x-d.lo[v]:]
				sum := 0.0
				for j := range dst {
					dst[j] += src[j]
					sum += f[j] * src[j]
				}
				if x == 1 {
					mine += sum
				} else {
					safe += sum
				}
			}
		}
		mines[d.order[layer]], safes[d.order[layer]] = mine, safe
		rescale(gu)
		g, gPrev = gu, g
		offA, offB = offB, offA
	}
	return mines, safes
}

// weighScratch is weigh's working memory: the backward weights of two
// layers and their offsets.
type weighScratch struct {
	g, gPrev   []float64
	offA, offB []int32
}

var weighPool = sync.Pool{New: func() any { return new(weighScratch) }}
