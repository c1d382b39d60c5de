package exact

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/minesat/minesat/game"
)

// A Sampler draws layouts uniformly at random from a position's solutions:
// every layout of mines that agrees with the hints, the flags and the mine
// total is equally likely. A draw picks the mines each part holds first,
// then each component's layout among its solutions with that many mines,
// then the interior's cells:
//
//   - With a mine total, the components' totals k_c and the interior's t
//     (t = mines left - sum of k_c) come together, with chance
//     proportional to prod_c N_c[k_c] · C(interior, t), N_c[k] being
//     component c's solutions with k mines: the total of all components
//     first, then its split between the two halves of a balanced tree over
//     the components, down to each component's.
//   - Without one, each component's total comes alone, with chance
//     proportional to N_c[k], and each interior cell is a fair coin.
//
// A component's layout is a walk from its decision diagram's root: each
// variable is a mine with chance (paths below with the mines left less
// one) / (paths below with the mines left). Counts are kept as wide
// floats (a float64 mantissa and an exponent of their own), so every
// chance is exact to float64 rounding and none that is positive rounds to
// zero, and each coin is tossed exactly (see bernoulli); the interior's
// cells are picked by integer draws, exactly.
//
// A Sampler is immutable and safe for concurrent use. Draws depend only on
// the Sampler's position and the rng: the same seed gives the same layouts.
type Sampler struct {
	fixed    []int         // the mines of every layout: flags and the cells proved mines, increasing
	parts    []partSampler // per part of the analysis
	interior []int         // the interior's cells, increasing
	cells    int           // the board's cells
	noTotal  bool          // the mine total is unknown: the parts and the interior's cells are independent
	left     int           // with a total: the mines the parts and the interior hold together

	// With a total: tree is a balanced tree over the parts, its root
	// first (empty without parts), and root the chain of coins that picks
	// the parts' total, from rootLo.
	tree   []sumNode
	root   []coin
	rootLo int

	scratch sync.Pool // *drawScratch
}

// sumNode is a node of a Sampler's tree: the parts it spans, counted
// together by their total number of mines.
type sumNode struct {
	lo          int
	p           []wide // p[s-lo]: the layouts of the node's parts with s mines in all
	left, right int    // the children's indices in the tree, -1 in a leaf
	part        int    // a leaf's part
}

func (n *sumNode) hi() int { return n.lo + len(n.p) - 1 }

// drawScratch is a draw's working memory: the weights of one split of a
// tree node's total and their tails, and a mark per cell of the board.
type drawScratch struct {
	w, tails []wide
	marks    bitset
}

// Sampler returns a Sampler of a's solutions. Making it costs time and
// memory proportional to a's diagrams (one count per node and number of
// mines left below it) and, with a mine total, to the products of the
// tree's children's ranges of totals. A Draw then costs about the
// position's unknown cells, plus each tree node's range of totals.
//
// It fails with ErrNoSolution when the position has no solution, with
// ErrBudget (wrapped) when a component of a was not counted, and with
// ctx's error when cancelled.
func (a *Analysis) Sampler(ctx context.Context) (*Sampler, error) {
	if !a.feasible {
		return nil, ErrNoSolution
	}
	sp := a.Split
	s := &Sampler{cells: len(sp.Puzzle.Cells), noTotal: sp.NoTotal, left: a.left, interior: slices.Clone(sp.Interior())}
	for i, c := range sp.Puzzle.Cells {
		if c.State == game.Flagged {
			s.fixed = append(s.fixed, i)
		}
	}
	s.fixed = append(append(s.fixed, sp.Mines...), a.mines...)
	slices.Sort(s.fixed)
	s.parts = make([]partSampler, len(a.parts))
	for c, d := range a.diagrams {
		if d == nil {
			return nil, fmt.Errorf("%w: component %d was not counted", ErrBudget, c)
		}
		var err error
		if s.parts[c], err = newPartSampler(ctx, a.parts[c].Cells, d); err != nil {
			return nil, err
		}
	}
	if err := s.weigh(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// weigh makes what picks the parts' totals from their counts: each part's
// chain of coins without a total, the tree and the root's chain with one.
func (s *Sampler) weigh(ctx context.Context) error {
	if s.noTotal {
		for c := range s.parts {
			s.parts[c].free = chain(s.parts[c].counts, nil)
		}
		return nil
	}
	s.tree = s.tree[:0]
	all := sumNode{p: []wide{wideOf(1)}, left: -1, right: -1} // no parts: one way to hold 0 mines
	if len(s.parts) > 0 {
		if _, err := s.grow(ctx, 0, len(s.parts)); err != nil {
			return err
		}
		all = s.tree[0]
	}
	// w[s-lo]: the layouts with s mines in the parts, t = left-s in the
	// interior. The binomials are relative to C(interior, tLo), whose
	// factor every weight shares.
	interior := len(s.interior)
	w := make([]wide, len(all.p))
	binom := wideOf(1)
	tLo := max(0, s.left-all.hi())
	for t := tLo; t <= min(interior, s.left-all.lo); t++ {
		if t > tLo {
			binom = binom.mul(wideOf(float64(interior-t+1) / float64(t)))
		}
		w[s.left-t-all.lo] = all.p[s.left-t-all.lo].mul(binom)
	}
	s.root, s.rootLo = chain(w, nil), all.lo
	return nil
}

// grow adds to s.tree the subtree over parts i..j-1 and returns its index.
func (s *Sampler) grow(ctx context.Context, i, j int) (int, error) {
	at := len(s.tree)
	s.tree = append(s.tree, sumNode{left: -1, right: -1, part: i})
	if j-i == 1 {
		ps := &s.parts[i]
		s.tree[at].lo, s.tree[at].p = ps.lo, ps.counts
		return at, nil
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("exact: sampler: %w", err)
	}
	m := (i + j) / 2
	l, err := s.grow(ctx, i, m)
	if err != nil {
		return 0, err
	}
	r, err := s.grow(ctx, m, j)
	if err != nil {
		return 0, err
	}
	L, R := &s.tree[l], &s.tree[r]
	p := make([]wide, len(L.p)+len(R.p)-1)
	for x, a := range L.p {
		for y, b := range R.p {
			p[x+y] = p[x+y].add(a.mul(b))
		}
	}
	s.tree[at] = sumNode{lo: L.lo + R.lo, p: p, left: l, right: r}
	return at, nil
}

// Draw returns the mine cells of a layout drawn uniformly from the
// position's solutions, flags included, increasing; it writes them in
// dst's memory when it has room. Layouts depend only on the rng's state.
func (s *Sampler) Draw(rng *rand.Rand, dst []int) []int {
	sc, _ := s.scratch.Get().(*drawScratch)
	if sc == nil {
		sc = &drawScratch{marks: newBitset(s.cells)}
	}
	defer s.scratch.Put(sc)
	dst = append(dst[:0], s.fixed...)
	if s.noTotal {
		for c := range s.parts {
			ps := &s.parts[c]
			dst = ps.walk(rng, ps.lo+drawChain(rng, ps.free), dst)
		}
		dst = flipAll(rng, s.interior, dst)
	} else {
		total := s.rootLo + drawChain(rng, s.root)
		if len(s.tree) > 0 {
			dst = s.descend(rng, 0, total, sc, dst)
		}
		dst = pickCells(rng, s.interior, s.left-total, dst)
	}
	return sortCells(dst, sc.marks)
}

// sortCells sorts cells, distinct and below 64·len(marks), in O(len(marks)
// + len(cells)): it marks them in marks, all clear, and reads them back,
// leaving marks clear.
func sortCells(cells []int, marks bitset) []int {
	for _, i := range cells {
		marks.set(i)
	}
	cells = cells[:0]
	for w, word := range marks {
		for ; word != 0; word &= word - 1 {
			cells = append(cells, w<<6+bits.TrailingZeros64(word))
		}
		marks[w] = 0
	}
	return cells
}

// descend splits total, the mines of tree node at's parts, between its
// children, down to each part, and appends the parts' mines to dst.
func (s *Sampler) descend(rng *rand.Rand, at, total int, sc *drawScratch, dst []int) []int {
	n := &s.tree[at]
	if n.left < 0 {
		return s.parts[n.part].walk(rng, total, dst)
	}
	L, R := &s.tree[n.left], &s.tree[n.right]
	lo, hi := max(L.lo, total-R.hi()), min(L.hi(), total-R.lo)
	w := grown(&sc.w, hi-lo+1)
	for i := range w {
		w[i] = L.p[lo+i-L.lo].mul(R.p[total-lo-i-R.lo])
	}
	k := lo + pick(rng, w, grown(&sc.tails, len(w)+1))
	dst = s.descend(rng, n.left, k, sc, dst)
	return s.descend(rng, n.right, total-k, sc, dst)
}

// tailsOf sets tails[k] to the sum of w[k:], for k in 0..len(w), and
// returns tails; it has room for len(w)+1 values.
func tailsOf(w, tails []wide) []wide {
	tails = tails[:len(w)+1]
	tails[len(w)] = wide{}
	for k := len(w) - 1; k >= 0; k-- {
		tails[k] = w[k].add(tails[k+1])
	}
	return tails
}

// chain returns the coins that pick index k with chance w[k]/sum(w): coin
// k comes up with chance w[k]/sum(w[k:]), and the first that comes up is
// the pick (see drawChain). It uses tails as scratch when it has room.
func chain(w, tails []wide) []coin {
	if cap(tails) < len(w)+1 {
		tails = make([]wide, len(w)+1)
	}
	tails = tailsOf(w, tails)
	cs := make([]coin, len(w))
	for k := range w {
		cs[k] = newCoin(w[k], tails[k+1])
	}
	return cs
}

// drawChain tosses the coins of a chain in turn and returns the index of
// the first that comes up. The last coin of a chain with a positive
// weight always comes up.
func drawChain(rng *rand.Rand, cs []coin) int {
	for k, c := range cs {
		if c.toss(rng) {
			return k
		}
	}
	panic("exact: a chain of coins without a positive weight")
}

// pick returns index k with chance w[k]/sum(w), as drawChain on chain(w)
// does, making only the coins it tosses; tails is scratch for len(w)+1
// values.
func pick(rng *rand.Rand, w, tails []wide) int {
	tails = tailsOf(w, tails)
	for k := range w {
		if newCoin(w[k], tails[k+1]).toss(rng) {
			return k
		}
	}
	panic("exact: a split without a positive weight")
}

// pickCells appends to dst m of cells picked uniformly (each m-subset
// equally likely), by selection sampling: each cell is picked with chance
// (cells still to pick) / (cells left), by an exact integer draw.
func pickCells(rng *rand.Rand, cells []int, m int, dst []int) []int {
	for i, c := range cells {
		if m == 0 {
			break
		}
		if rng.IntN(len(cells)-i) < m {
			dst = append(dst, c)
			m--
		}
	}
	return dst
}

// flipAll appends to dst each of cells with chance 1/2, one random bit a
// cell.
func flipAll(rng *rand.Rand, cells []int, dst []int) []int {
	var bits uint64
	for i, c := range cells {
		if i&63 == 0 {
			bits = rng.Uint64()
		}
		if bits&1 == 1 {
			dst = append(dst, c)
		}
		bits >>= 1
	}
	return dst
}
