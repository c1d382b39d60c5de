package guess

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// Policy is a set of D. Hill's guessing heuristics that ProbGuesser's lookahead
// may play by, each a switch: the zero Policy plays none of them, and the
// lookahead is then the default one. The heuristics, in our words, from reading
// his JavaScript solver (JSMinesweeper):
//
//   - PolicyBlend: a position after a hint value is valued at (4 x the
//     safety of its safest living cell + that of the second safest) / 5,
//     not at its best safety (1 when a cell is proved safe). A cell proved
//     safe has safety 1, so the next move counts as sure only when two
//     living cells are proved safe. Every closed cell counts on its own,
//     those next to no hint too; with no living cell, the dead ones
//     count, and a single cell is its own runner-up.
//   - PolicyDead: dead cells (closed cells that can show only one value,
//     so that opening one tells nothing) are weighed only when every
//     candidate is dead, and are ranked after every living one; with
//     PolicyBlend, they are not living. A candidate next to a hint is
//     tested exactly (opened on each value it could show, until two prove
//     possible), as is a cell weighed; elsewhere (cells next to no hint,
//     the positions after a hint, and under PolicyCandidates, whose many
//     cells would cost too much, every candidate before it is weighed) a
//     cell is taken as dead when each of its closed neighbours is
//     decided, or when its undecided neighbours are exactly those of one
//     hint (leaving the cell aside), whose count they then share.
//   - PolicyCandidates: the cells weighed are Hill's: those next to a hint
//     whose safety is at least 0.9 times the best, and, when the cells next
//     to no hint are safer than 0.95 times the best of those next to one,
//     those too: all of them when fewer than 30, else those two cells
//     straight out from a hint and those with 2 or 3 closed neighbours
//     that are not known mines (corners). At most policyCap are weighed,
//     the safest first.
//   - PolicyRisk: a cell's score is multiplied by 1 + 0.9 x the share of
//     the layouts with the cell safe in which it sits in a pair or a 2x2
//     block that could close into a 50/50 (its flanks mines): a 50/50 that
//     may have to be guessed anyway is better guessed now.
//   - PolicyProgress: a cell's score is multiplied by 1 + 0.001 x its
//     chance of progress (of being safe and proving a living cell safe
//     beyond those proved by its being safe); ties go to more cells
//     expected to be proved safe.
//   - PolicyOverrides: a weighed candidate at least 0.001 safer than the
//     chosen cell that is safe whenever the chosen cell is safe is played
//     instead; and when one cell next to a hint is the unique safest after
//     every value the chosen cell can show, and is safer than it now, it
//     is played now.
//
// The endgame search and the pseudo 50/50 rule stay in front of them.
type Policy uint8

// The heuristics of a Policy.
const (
	PolicyBlend      Policy = 1 << iota // value the next move as (4 x best + second best) / 5
	PolicyDead                          // weigh dead cells last
	PolicyCandidates                    // Hill's candidate set
	PolicyRisk                          // favour cells that could sit in a 50/50
	PolicyProgress                      // favour cells that make progress
	PolicyOverrides                     // play a safer cell that the choice implies safe

	PolicyHill = PolicyBlend | PolicyDead | PolicyCandidates | PolicyRisk | PolicyProgress | PolicyOverrides // every heuristic

	// PolicyDefault is the heuristics the default player plays by (on boards
	// of at least DefaultPolicyDensity mines): each alone won more of
	// 200,000 paired expert games than none, at little cost. candidates
	// alone won fewer, risk and overrides nothing measurable, both at a
	// cost (docs/guessing.md).
	PolicyDefault = PolicyBlend | PolicyDead | PolicyProgress
)

// DefaultPolicyDensity is the least share of mines on a board (the level's
// total over its cells) on which the default player plays by
// PolicyDefault: expert's density (0.206) is above it, intermediate's
// (0.156) and beginner's (0.123) below, where the heuristics gained
// nothing clear for their time (docs/notes/2026-11-26-hill-rules.md).
const DefaultPolicyDensity = 0.18

// policyNames are the heuristics' names, in the order String writes them.
var policyNames = [...]struct {
	name      string
	heuristic Policy
}{
	{"blend", PolicyBlend}, {"dead", PolicyDead}, {"candidates", PolicyCandidates},
	{"risk", PolicyRisk}, {"progress", PolicyProgress}, {"overrides", PolicyOverrides},
}

// ParsePolicy reads a comma-separated list of heuristic names (blend, dead,
// candidates, risk, progress, overrides; hill for all of them) into a
// Policy; "" and "none" are the zero Policy. It does not read PolicyAuto,
// which is the agent configuration's.
func ParsePolicy(s string) (Policy, error) {
	var p Policy
	if t := strings.TrimSpace(s); t == "" || t == "none" {
		return 0, nil
	}
next:
	for _, f := range strings.Split(s, ",") {
		name := strings.TrimSpace(f)
		if name == "hill" {
			p |= PolicyHill
			continue
		}
		for _, r := range policyNames {
			if r.name == name {
				p |= r.heuristic
				continue next
			}
		}
		return 0, fmt.Errorf("unknown heuristic %q: want auto, none, hill or some of blend, dead, candidates, risk, progress, overrides", name)
	}
	return p, nil
}

// String returns the heuristics of p as ParsePolicy reads them: "" for none,
// "hill" for all, else their names joined by commas, e.g. "blend,risk".
func (p Policy) String() string {
	if p&PolicyHill == PolicyHill {
		return "hill"
	}
	var names []string
	for _, r := range policyNames {
		if p&r.heuristic != 0 {
			names = append(names, r.name)
		}
	}
	return strings.Join(names, ",")
}

// The constants of Hill's heuristics.
const (
	policyCap          = 24    // cells weighed at most under PolicyCandidates
	policyFrontierCut  = 0.9   // PolicyCandidates: frontier cells at least this times the best safety
	policyOffEdgeCut   = 0.95  // PolicyCandidates: cells next to no hint when safer than this times the best next to one
	policyOffEdgeAll   = 30    // PolicyCandidates: all cells next to no hint when fewer than this
	policyRiskWeight   = 0.9   // PolicyRisk: the weight of the 50/50 share
	policyProgress     = 0.001 // PolicyProgress: the weight of the chance of progress
	policyOverrideGain = 0.001 // PolicyOverrides: the least gain in safety that overrides the choice
)

// policyLookahead is lookahead under g.Policy: it weighs the candidates the
// policy names one move ahead, scores them by its heuristics and returns the
// best and (when p explains its moves) the runner-up.
func (g ProbGuesser) policyLookahead(ctx context.Context, p *Position, s *State, a *exact.Analysis, probs []float64, lnAll float64, cands []candidate) (best, runner candidate, err error) {
	pol := g.Policy
	s.kept.reset()
	pool, err := g.policyPool(ctx, p, s, a, probs, cands)
	if err != nil {
		return candidate{}, candidate{}, err
	}
	z := p.Analyzer.Within(g.Budget)
	w := weigher{view: s.viewOf(p.View), base: a, probs: probs, z: z, reveals: &s.reveals, kept: &s.kept, lnAll: lnAll, g: g, depth: 1}
	pw := s.policy.start(pol, w.view)
	w.after = pw.after
	risk := riskCounter{view: p.View, probs: probs, lnAll: lnAll, z: z}
	facts := make([]weighed, len(pool))
	top := [2]float64{-1, -1}
	rank := 1
	if !p.Explain {
		rank = 0
	}
	weighedAny := false
	for k := range pool {
		c := &pool[k]
		f := 1.0
		if pol&PolicyRisk != 0 {
			if f, err = risk.factor(ctx, c.cell); err != nil {
				return candidate{}, candidate{}, err
			}
		}
		bound := f
		if pol&PolicyProgress != 0 {
			bound *= 1 + policyProgress
		}
		if (1-c.p)*bound < top[rank]-probEps {
			continue // cannot be best or runner-up (see lookahead)
		}
		pw.reset()
		c.score, c.zero, err = w.weigh(ctx, c.cell, (top[rank]-probEps)/bound)
		if errors.Is(err, exact.ErrBudget) {
			c.score = -1
			continue
		}
		if err != nil {
			return candidate{}, candidate{}, err
		}
		weighedAny = true
		if c.score < 0 {
			continue // cut short: it cannot be best
		}
		facts[k] = pw.result(lnAll)
		c.score *= f
		if pol&PolicyProgress != 0 {
			c.score *= 1 + policyProgress*facts[k].progress
		}
		if pol&PolicyDead != 0 && facts[k].values == 1 {
			facts[k].dead = true
			continue // a dead cell sets no bound on the living
		}
		switch {
		case c.score > top[0]:
			top = [2]float64{c.score, top[0]}
		case c.score > top[1]:
			top[1] = c.score
		}
	}
	if !weighedAny {
		return candidate{}, candidate{}, fmt.Errorf("guess: lookahead: every cell leads to a position too large to count: %w", exact.ErrBudget)
	}
	order := policyOrder(pol, pool, facts)
	bi := order[0]
	if pol&PolicyOverrides != 0 {
		bi = overrideOf(pool, facts, order, probs)
	}
	best = pool[bi]
	if s := facts[bi].single; pol&PolicyOverrides != 0 && s >= 0 && pool[bi].score >= 0 && probs[s] < best.p-probEps {
		best = candidate{cell: s, p: probs[s], nbrs: len(p.View.Board.Neighbors(s)), score: best.score}
	}
	if p.Rank > 0 {
		s.ranked = append(s.ranked[:0], best.cell)
		for _, i := range order {
			if pool[i].cell != best.cell {
				s.ranked = append(s.ranked, pool[i].cell)
			}
		}
	}
	runner = candidate{cell: -1}
	if p.Explain {
		for _, i := range order {
			if pool[i].cell != best.cell && pool[i].score >= 0 {
				runner = pool[i]
				break
			}
		}
	}
	return best, runner, nil
}

// policyOrder returns the indices of pool, weighed under pol with facts,
// best first: living before dead (PolicyDead), then higher score, then more
// cells expected proved safe (PolicyProgress), then as cmpTie orders them.
func policyOrder(pol Policy, pool []candidate, facts []weighed) []int {
	order := make([]int, len(pool))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		x, y := &pool[i], &pool[j]
		if pol&PolicyDead != 0 && facts[i].dead != facts[j].dead {
			if facts[i].dead {
				return 1
			}
			return -1
		}
		if d := cmpProb(y.score, x.score); d != 0 {
			return d
		}
		if pol&PolicyProgress != 0 {
			if d := cmpProb(facts[j].clears, facts[i].clears); d != 0 {
				return d
			}
		}
		return cmpTie(*x, *y)
	})
	return order
}

// overrideOf returns the index in pool of the candidate to play in place
// of the best, pool[order[0]]: the first other candidate, in order, at
// least policyOverrideGain safer that is safe whenever the best is safe;
// else the best itself.
func overrideOf(pool []candidate, facts []weighed, order []int, probs []float64) int {
	bi := order[0]
	if pool[bi].score < 0 {
		return bi
	}
	for _, i := range order[1:] {
		if pool[bi].p-pool[i].p > policyOverrideGain && slices.Contains(facts[bi].common, pool[i].cell) {
			return i
		}
	}
	return bi
}

// policyPool returns the candidates g.Policy weighs in p's position,
// analysed by a, with mine probabilities probs; cands are rank's. Under
// PolicyDead the dead cells are left out, unless every cell within reach
// is dead.
func (g ProbGuesser) policyPool(ctx context.Context, p *Position, s *State, a *exact.Analysis, probs []float64, cands []candidate) ([]candidate, error) {
	v := p.View
	pool := func(cands []candidate) []candidate {
		if g.Policy&PolicyCandidates != 0 {
			return hillCandidates(v, probs, cands, g.Policy&PolicyDead != 0)
		}
		return g.pool(nil, cands)
	}
	if g.Policy&PolicyDead == 0 {
		return pool(cands), nil
	}
	best := cands[0].p
	reach, want := func(c candidate) bool { return c.p <= best+candidateMargin+probEps }, g.Lookahead
	if g.Policy&PolicyCandidates != 0 {
		reach = func(c candidate) bool { return c.interior || 1-c.p >= policyFrontierCut*(1-best)-probEps }
		want = policyCap
	}
	view := s.viewOf(v)
	var living []candidate
	kept := 0
	for _, c := range cands {
		if kept == want || !reach(c) {
			break
		}
		if deadCell(v, probs, c.cell) {
			continue
		}
		if !c.interior && g.Policy&PolicyCandidates == 0 { // else tested cheaply only: see Policy
			dead, err := s.kept.dead(ctx, p.Analyzer.Within(g.Budget), a, view, probs, c.cell)
			if err != nil {
				return nil, err
			}
			if dead {
				continue
			}
		}
		living = append(living, c)
		if !c.interior {
			kept++
		}
	}
	if len(living) == 0 {
		return pool(cands), nil
	}
	return pool(living), nil
}

// hillCandidates returns PolicyCandidates' cells of v, safest first, at
// most policyCap of them (see Policy); cands are rank's. With living, the
// cells next to no hint that deadCell finds dead are left out.
func hillCandidates(v *game.Puzzle, probs []float64, cands []candidate, living bool) []candidate {
	best := 1 - cands[0].p
	var pool []candidate
	bestEdge, off := -1.0, -1.0
	for _, c := range cands {
		switch {
		case c.interior:
			off = 1 - c.p
		case 1-c.p >= policyFrontierCut*best-probEps:
			pool = append(pool, c)
			bestEdge = max(bestEdge, 1-c.p)
		}
	}
	if off >= 0 && off > policyOffEdgeCut*bestEdge {
		for _, c := range offEdgeCandidates(v, probs) {
			if !living || !deadCell(v, probs, c.cell) {
				pool = append(pool, c)
			}
		}
	}
	slices.SortStableFunc(pool, func(x, y candidate) int {
		if d := cmpProb(x.p, y.p); d != 0 {
			return d
		}
		return cmp.Compare(x.nbrs, y.nbrs)
	})
	return pool[:min(len(pool), policyCap)]
}

// offEdgeCandidates returns the closed cells of v next to no hint that
// PolicyCandidates weighs: all of them when fewer than policyOffEdgeAll,
// else those two cells straight out from a hint and those with 2 or 3
// closed neighbours that are not known mines; in index order.
func offEdgeCandidates(v *game.Puzzle, probs []float64) []candidate {
	b := v.Board
	var all []int
	for i, c := range v.Cells {
		if c.State == game.Unknown && probs[i] != 1 && isInterior(v, i) {
			all = append(all, i)
		}
	}
	keep := func(i int) candidate {
		return candidate{cell: i, p: probs[i], nbrs: len(b.Neighbors(i)), score: -1, tie: uint64(i), interior: true}
	}
	var out []candidate
	if len(all) < policyOffEdgeAll {
		for _, i := range all {
			out = append(out, keep(i))
		}
		return out
	}
	want := make(map[int]bool)
	for i, c := range v.Cells {
		if c.State != game.Revealed {
			continue
		}
		q := b.Pos(i)
		for _, d := range [...]game.Pos{{Row: 2}, {Row: -2}, {Col: 2}, {Col: -2}} {
			r := game.Pos{Row: q.Row + d.Row, Col: q.Col + d.Col}
			if r.Row >= 0 && r.Row < b.Rows() && r.Col >= 0 && r.Col < b.Cols() {
				want[b.Index(r)] = true
			}
		}
	}
	for _, i := range all {
		closed := 0
		for _, j := range b.Neighbors(i) {
			if v.Cells[j].State != game.Revealed && !knownMine(v, probs, int(j)) {
				closed++
			}
		}
		if want[i] || closed == 2 || closed == 3 {
			out = append(out, keep(i))
		}
	}
	return out
}

// deadCell reports whether the closed cell c of v (probs are v's) can show
// only one value: each of its closed neighbours is decided, or its
// undecided neighbours are exactly the undecided neighbours other than c of
// one revealed cell, whose mines they then hold whenever c is safe. It
// finds most dead cells, not all.
func deadCell(v *game.Puzzle, probs []float64, c int) bool {
	b := v.Board
	open, first := 0, -1 // undecided neighbours of c
	for _, j := range b.Neighbors(c) {
		if undecided(v, probs, int(j)) {
			open++
			first = int(j)
		}
	}
	if open == 0 {
		return true
	}
	for _, h := range b.Neighbors(first) {
		if v.Cells[h].State != game.Revealed {
			continue
		}
		same := 0
		for _, j := range b.Neighbors(int(h)) {
			switch j := int(j); {
			case j == c || !undecided(v, probs, j):
			case !adjacent(b, c, j):
				same = -1
			default:
				same++
			}
			if same < 0 {
				break
			}
		}
		if same == open {
			return true
		}
	}
	return false
}

// adjacent reports whether cells i and j of b are neighbours.
func adjacent(b *game.Board, i, j int) bool {
	p, q := b.Pos(i), b.Pos(j)
	return i != j && max(p.Row-q.Row, q.Row-p.Row) <= 1 && max(p.Col-q.Col, q.Col-p.Col) <= 1
}

// weighed is what weighing a candidate under a Policy tells of it.
type weighed struct {
	values   int     // the hint values it can show
	dead     bool    // PolicyDead: it can show only one value
	progress float64 // the chance that it is safe and proves a living cell safe beyond those in common
	clears   float64 // the expected number of living cells it proves safe
	common   []int   // the cells proved safe after every value it can show
	single   int     // the cell next to a hint that is uniquely safest after every value; -1 if none
}

// policyWeigh values the positions a weighing reaches under a Policy (its
// after is the weigher's hook) and gathers what they tell of the cell
// weighed (result). start readies it for a position, reset for each
// weighing; its memory is kept from one position to the next.
type policyWeigh struct {
	pol     Policy
	view    *game.Puzzle // the weigher's view
	unknown []int        // the closed cells of view as it stands at start, increasing
	probs   []float64    // scratch
	vals    []afterValue // the values counted so far in this weighing
	clears  []int        // the memory of vals' clears
}

// start readies pw to weigh cells of view under pol, and returns it.
func (pw *policyWeigh) start(pol Policy, view *game.Puzzle) *policyWeigh {
	pw.pol, pw.view, pw.unknown = pol, view, pw.unknown[:0]
	for i, c := range view.Cells {
		if c.State == game.Unknown {
			pw.unknown = append(pw.unknown, i)
		}
	}
	pw.reset()
	return pw
}

// afterValue is what one hint value of the cell weighed leads to.
type afterValue struct {
	ln     float64 // log of its layouts
	clears []int   // living cells then proved safe
	single int     // the living cell next to a hint that is then uniquely safest; -1 if none
}

func (pw *policyWeigh) reset() { pw.vals, pw.clears = pw.vals[:0], pw.clears[:0] }

// policyPerCell are the heuristics that need every cell's probability in the
// positions after a hint.
const policyPerCell = PolicyBlend | PolicyProgress | PolicyOverrides

// after returns the value of the position of pw.view, analysed by a (ln
// is a.LogCount()), for the next move: under PolicyBlend (4 x best + second best) / 5 of its
// living cells' safeties, else its best safety, 1 when a cell is safe or
// none is left. It records what the position tells for result.
func (pw *policyWeigh) after(ctx context.Context, a *exact.Analysis, ln float64) (float64, error) {
	if pw.pol&policyPerCell == 0 {
		// Only the values are counted: the position is valued as by the
		// default lookahead, without every cell's probability.
		pw.vals = append(pw.vals, afterValue{single: -1})
		if len(a.Split.Safe) > 0 {
			return 1, nil
		}
		var w weigher
		return w.bestSafety(ctx, a)
	}
	probs, err := a.ProbabilitiesInto(ctx, pw.probs)
	if err != nil {
		return 0, err
	}
	pw.probs = probs
	v := pw.view
	deadRule := pw.pol&PolicyDead != 0
	av := afterValue{ln: ln, single: -1}
	b1, b2 := -1.0, -1.0    // the two best living safeties
	a1, a2 := -1.0, -1.0    // the two best safeties of any cell
	who := -1               // the cell of b1, -1 if next to no hint
	first := len(pw.clears) // av.clears are pw.clears[first:]
	for _, i := range pw.unknown {
		if v.Cells[i].State != game.Unknown || probs[i] == 1 {
			continue // the cell weighed, or a mine
		}
		s := 1 - probs[i]
		switch {
		case s > a1:
			a1, a2 = s, a1
		case s > a2:
			a2 = s
		}
		if s <= b2 && probs[i] != 0 {
			continue // changes neither best nor clears: no need to test for death
		}
		if deadRule && deadCell(v, probs, i) {
			continue
		}
		if probs[i] == 0 {
			pw.clears = append(pw.clears, i)
		}
		switch {
		case s > b1:
			b1, b2, who = s, b1, i
		case s > b2:
			b2 = s
		}
	}
	av.clears = pw.clears[first:len(pw.clears):len(pw.clears)]
	if who >= 0 && b1 > b2+probEps && !isInterior(v, who) {
		av.single = who
	}
	pw.vals = append(pw.vals, av)
	switch {
	case a1 < 0:
		return 1, nil // no closed cell but mines: won
	case pw.pol&PolicyBlend == 0:
		return a1, nil
	case b1 < 0:
		b1, b2 = a1, a2
	}
	if b2 < 0 {
		b2 = b1
	}
	return (4*b1 + b2) / 5, nil
}

// result returns what the values recorded tell of the cell weighed; lnAll
// is the log of the layouts before it.
func (pw *policyWeigh) result(lnAll float64) weighed {
	out := weighed{values: len(pw.vals), single: -1}
	if len(pw.vals) == 0 {
		return out
	}
	out.common = slices.Clone(pw.vals[0].clears)
	for _, av := range pw.vals[1:] {
		out.common = slices.DeleteFunc(out.common, func(i int) bool { return !slices.Contains(av.clears, i) })
	}
	out.single = pw.vals[0].single
	for _, av := range pw.vals {
		pv := math.Exp(av.ln - lnAll)
		out.clears += pv * float64(len(av.clears))
		if len(av.clears) > len(out.common) {
			out.progress += pv
		}
		if av.single != out.single {
			out.single = -1
		}
	}
	return out
}

// riskCounter counts, for PolicyRisk, the layouts of view in which a cell
// sits in a pair or a 2x2 block that could close into a 50/50. probs are
// view's mine probabilities and lnAll the log of its layouts.
type riskCounter struct {
	view    *game.Puzzle
	probs   []float64
	lnAll   float64
	z       *exact.Analyzer // counts the positions with cells flagged
	scratch *game.Puzzle    // made on first use
}

// factor returns 1 + policyRiskWeight x the share, among the layouts with
// cell t safe, of those counted by influence, capped at t's chance of being
// a mine or safe. 1 when t is certain either way.
func (rc *riskCounter) factor(ctx context.Context, t int) (float64, error) {
	pt := rc.probs[t]
	if pt <= 0 || pt >= 1 {
		return 1, nil
	}
	infl, err := rc.influence(ctx, t)
	if err != nil {
		return 0, err
	}
	infl = min(infl, pt, 1-pt)
	return 1 + policyRiskWeight*infl/(1-pt), nil
}

// influence returns the share of view's layouts in which t sits in a
// shape that could close into a 50/50 in one of its two placements: for
// each of the four pairs of t with an orthogonal neighbour, the layouts
// with the pair's left or top cell a mine, the other safe and the pair's
// flanks mines, summed; plus, of the four 2x2 blocks holding t, the most
// such layouts with the block's top-left and bottom-right cells mines and
// its other two safe. A pair is counted only when it has at most 3 flanks
// that are not known mines and none revealed, a block at most 3 (of its 4
// diagonal flanks); cells off the board are no flanks.
func (rc *riskCounter) influence(ctx context.Context, t int) (float64, error) {
	b := rc.view.Board
	q := b.Pos(t)
	sum := 0.0
	for _, pr := range riskPairs {
		n, err := rc.shapeShare(ctx, q, pr)
		if err != nil {
			return 0, err
		}
		sum += n
	}
	box := 0.0
	for _, bx := range riskBlocks {
		n, err := rc.shapeShare(ctx, q, bx)
		if err != nil {
			return 0, err
		}
		box = max(box, n)
	}
	return sum + box, nil
}

// riskPairs and riskBlocks are the placements influence counts, as offsets
// from the cell weighed: the four pairs with an orthogonal neighbour, the
// left or top cell a mine; the four 2x2 blocks, the top-left and
// bottom-right cells mines.
var riskPairs, riskBlocks = buildRiskShapes()

func buildRiskShapes() (pairs, blocks []shape) {
	p := func(r, c int) game.Pos { return game.Pos{Row: r, Col: c} }
	for _, pr := range [...][2]game.Pos{{p(0, 0), p(0, 1)}, {p(0, -1), p(0, 0)}, {p(0, 0), p(1, 0)}, {p(-1, 0), p(0, 0)}} {
		pairs = append(pairs, shape{mines: pr[:1], safe: pr[1:], flanks: flanksOf(pr[:1], pr[1:])})
	}
	for _, tl := range [...]game.Pos{p(0, 0), p(0, -1), p(-1, 0), p(-1, -1)} {
		mines := []game.Pos{tl, p(tl.Row+1, tl.Col+1)}
		safe := []game.Pos{p(tl.Row, tl.Col+1), p(tl.Row+1, tl.Col)}
		blocks = append(blocks, shape{mines: mines, safe: safe, flanks: flanksOf(mines, safe)})
	}
	return pairs, blocks
}

// shapeShare returns the share of view's layouts with s placed at q (its
// mines mines, its safe cells safe, its flanks mines); 0 when a cell of the shape is off the board, revealed or a known mine,
// when a flank is revealed, or when more than 3 flanks are not known mines.
func (rc *riskCounter) shapeShare(ctx context.Context, q game.Pos, s shape) (float64, error) {
	v, b := rc.view, rc.view.Board
	at := func(d game.Pos) (int, bool) { return cellAt(b, game.Pos{Row: q.Row + d.Row, Col: q.Col + d.Col}) }
	var cells []int
	for _, x := range append(slices.Clone(s.mines), s.safe...) {
		i, ok := at(x)
		if !ok || v.Cells[i].State != game.Unknown || rc.probs[i] == 1 {
			return 0, nil
		}
		cells = append(cells, i)
	}
	var flags []int
	for _, d := range s.flanks {
		i, ok := at(d)
		switch {
		case !ok || knownMine(v, rc.probs, i):
		case v.Cells[i].State == game.Revealed:
			return 0, nil
		default:
			flags = append(flags, i)
		}
	}
	if len(flags) > 3 {
		return 0, nil
	}
	flags = append(flags, cells[:len(s.mines)]...)
	safeCells := cells[len(s.mines):]
	lnMines, ps, err := rc.countFlagged(ctx, flags, safeCells)
	if err != nil || math.IsInf(lnMines, -1) {
		return 0, err
	}
	share := math.Exp(lnMines - rc.lnAll)
	if len(safeCells) == 1 {
		return share * (1 - ps[0]), nil
	}
	// Both safe: 1 - P(first mine) - P(second mine) + P(both mines).
	both := 0.0
	if ps[0] > 0 && ps[1] > 0 {
		lnBoth, _, err := rc.countFlagged(ctx, append(flags, safeCells...), nil)
		if err != nil {
			return 0, err
		}
		both = math.Exp(lnBoth - lnMines)
	}
	return share * max(0, 1-ps[0]-ps[1]+both), nil
}

// countFlagged returns the log of the layouts of view with the cells of
// flags mines (-Inf when there is none) and the mine probabilities of the
// cells of ask in them. A count too large for the budget is taken as none.
func (rc *riskCounter) countFlagged(ctx context.Context, flags, ask []int) (float64, []float64, error) {
	if rc.scratch == nil {
		rc.scratch = rc.view.Clone()
	}
	for _, i := range flags {
		rc.scratch.Cells[i] = game.Cell{State: game.Flagged}
	}
	defer func() {
		for _, i := range flags {
			rc.scratch.Cells[i] = rc.view.Cells[i]
		}
	}()
	a, err := rc.z.Analyze(ctx, rc.scratch)
	if errors.Is(err, exact.ErrBudget) || errors.Is(err, exact.ErrNoSolution) {
		return math.Inf(-1), nil, nil
	}
	if err != nil {
		return 0, nil, err
	}
	if !a.Satisfiable() {
		return math.Inf(-1), nil, nil
	}
	ln, err := a.LogCount()
	if err != nil {
		return 0, nil, err
	}
	if len(ask) == 0 {
		return ln, nil, nil
	}
	probs, err := a.Probabilities(ctx)
	if err != nil {
		return 0, nil, err
	}
	out := make([]float64, len(ask))
	for k, i := range ask {
		out[k] = probs[i]
	}
	return ln, out, nil
}

// cellAt returns the index of the cell at p on b, if p is on the board.
func cellAt(b *game.Board, p game.Pos) (int, bool) {
	if p.Row < 0 || p.Row >= b.Rows() || p.Col < 0 || p.Col >= b.Cols() {
		return -1, false
	}
	return b.Index(p), true
}
