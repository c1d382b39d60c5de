package guess

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// The defaults of ProbGuesser, the default player's guesser, and the
// largest Endgame worth asking for: the search enumerates every layout.
const (
	DefaultLookahead = 8     // cells weighed one move ahead
	DefaultDepth     = 1     // moves the lookahead looks ahead
	DefaultEndgame   = 1000  // layouts left at most for the exhaustive endgame search
	MaxEndgame       = 10000 // the most layouts an endgame search may enumerate
	MaxDepth         = 2     // the most moves the lookahead may look ahead
)

// candidateMargin bounds the cells the lookahead weighs: only those whose
// mine probability is within this of the lowest. A riskier cell would need
// its information to be worth more than this much survival, which the
// one-move lookahead cannot see.
const candidateMargin = 0.1

// ProbGuesser guesses from exact mine probabilities: uniform over every
// layout that agrees with the hints, the flags and the mine total, counted
// by exact.Analysis (the counting of solve --probabilities). In order:
//
//  1. Endgame: when at most Endgame layouts remain, it enumerates them and
//     searches the game tree exhaustively for the cell with the highest
//     chance of winning the whole game (see endgame). Not when the
//     position's mine total is unknown: the enumeration needs it.
//  2. Pseudo 50/50: a cell that, whenever it is a mine, sits in a pair or
//     a 2x2 block that no move can ever tell from its mirror image (see
//     pseudoFiftyFifty). Its risk is one the game must take anyway, so the
//     safest such cell is guessed at once.
//  3. Lookahead: of the cells whose mine probability is within 0.1 of the
//     lowest, the Lookahead safest (corners and edges first among equals)
//     are weighed one move ahead: for each hint value the cell can show,
//     the position after it is counted again, and the cell scores its
//     chance of surviving both this guess and the next one, where the next
//     one is free when the new hint proves some cell safe. The best score
//     wins; ties go to the lower probability, then to the likelier 0 (an
//     opening), then to fewer neighbours, then at random. With Depth 2,
//     the next guess is not valued by its safety alone but by its own
//     score one move ahead, over its own candidates: the cell scores its
//     chance of surviving this guess and the next two (about 3 times the
//     work on expert).
//  4. With Lookahead 0, the cell of lowest probability, ties broken as in 3.
//
// With DeepOpen set, a guess made while at most DeepOpen cells are open
// looks two moves ahead whatever Depth says: early on, depth 2 sees what
// one move cannot. After a small opening at the corner, opening a far
// corner, likelier to show a 0, wins about 1 point more of those games than
// the safest cell next to the opening, which depth 1 prefers; depth 2 picks
// the far corner. Not the default: on 200,000 expert games, DeepOpen 40
// won 3 more at 2.36 times the time (docs/guessing.md).
type ProbGuesser struct {
	Lookahead int          // cells weighed one move ahead; 0 for none
	Depth     int          // moves the lookahead looks ahead: 1 (also for 0) to MaxDepth (also for more)
	DeepOpen  int          // while at most this many cells are open, the lookahead looks two moves ahead; 0 for never
	Endgame   int          // exhaustive search when at most this many layouts remain; 0 for never
	Budget    exact.Budget // bounds each count
	Policy    Policy       // D. Hill's heuristics the lookahead plays by (one move ahead, at depth 1 only); 0 for none

	// PolicyDensity, when above 0, limits Policy to boards whose share of
	// mines (the total over the cells) is at least this; a position whose
	// total is unknown plays by it.
	PolicyDensity float64
}

// DefaultGuesser returns the default player's guesser: ProbGuesser with
// DefaultLookahead, DefaultDepth and DefaultEndgame, playing by
// PolicyDefault on boards of at least DefaultPolicyDensity mines.
func DefaultGuesser() ProbGuesser {
	return ProbGuesser{Lookahead: DefaultLookahead, Depth: DefaultDepth, Endgame: DefaultEndgame,
		Policy: PolicyDefault, PolicyDensity: DefaultPolicyDensity}
}

// Name returns "exact probability".
func (ProbGuesser) Name() string { return MethodProb.String() }

// Guess returns the cell to open and the runner-up.
func (g ProbGuesser) Guess(ctx context.Context, p *Position, s *State) (Guess, error) {
	if s == nil {
		s = new(State)
	}
	a, err := p.Analysis(ctx, g.Budget)
	if errors.Is(err, exact.ErrBudget) {
		return LocalGuesser{}.Guess(ctx, p, s)
	}
	if err != nil {
		return Guess{}, err
	}
	probs, err := a.Probabilities(ctx)
	if err != nil {
		return Guess{}, err
	}
	cands := g.rank(p.View, probs, func(int) uint64 { return p.Rand.Uint64() }, &s.rank)
	if len(cands) == 0 {
		return Guess{}, errors.New("guess: no unknown cell to guess")
	}
	lnAll, err := a.LogCount()
	if err != nil {
		return Guess{}, err
	}
	if g.Endgame > 0 && p.View.MinesKnown() {
		if lnAll <= math.Log(float64(g.Endgame))+1e-9 {
			eg, ok, err := solveEndgame(ctx, p.View, g.Endgame, endgameBudget, &s.endgame)
			if err != nil {
				return Guess{}, err
			}
			if ok {
				return newGuess(probs, MethodEndgame, eg.cell, eg.win, eg.runner, eg.runnerWin), nil
			}
		}
	}
	c, ok, err := pseudoFiftyFifty(ctx, p, probs, g.Budget)
	if err != nil {
		return Guess{}, err
	}
	if ok {
		return newGuess(probs, MethodFiftyFifty, c, 0, -1, 0), nil
	}
	if g.Lookahead <= 0 || len(cands) == 1 {
		return probGuess(p, probs, cands), nil
	}
	if g.DeepOpen > 0 && g.Depth < 2 && len(p.View.Cells)-p.View.Unknowns()-p.View.Flags() <= g.DeepOpen {
		g.Depth = 2
	}
	best, runner, err := g.lookahead(ctx, p, s, a, probs, lnAll, cands)
	if errors.Is(err, exact.ErrBudget) {
		// Every cell weighed leads to a position with a component too
		// large to count, though this one has none: guess as without
		// lookahead.
		return probGuess(p, probs, cands), nil
	}
	if err != nil {
		return Guess{}, err
	}
	method := MethodLookahead
	if g.Depth > 1 {
		method = MethodLookahead2
	}
	out := newGuess(probs, method, best.cell, best.score, runner.cell, runner.score)
	if p.Rank > 0 {
		out.Ranked = rankedCells(s.ranked, p.Rank, cands[0].cell)
	}
	return out, nil
}

// probGuess is the guess of the lowest probability, cands[0], with the
// ranking by probability when p asks for it.
func probGuess(p *Position, probs []float64, cands []candidate) Guess {
	out := newGuess(probs, MethodProb, cands[0].cell, 0, runnerOf(cands), 0)
	if p.Rank > 0 {
		out.Ranked = make([]int, 0, min(p.Rank, len(cands)))
		for _, c := range cands[:min(p.Rank, len(cands))] {
			out.Ranked = append(out.Ranked, c.cell)
		}
	}
	return out
}

// rankedCells returns the first n cells of order, then safest when it is
// not among them, in a new slice.
func rankedCells(order []int, n, safest int) []int {
	out := append(make([]int, 0, n+1), order[:min(n, len(order))]...)
	if !slices.Contains(out, safest) {
		out = append(out, safest)
	}
	return out
}

// candidate is a cell the guesser considers.
type candidate struct {
	cell  int
	p     float64 // mine probability
	nbrs  int     // neighbours on the board
	zero  float64 // probability of a safe 0, once weighed
	score float64 // chance of surviving this move and the next, once weighed
	tie   uint64  // random tie-break

	interior bool // next to no hint
}

// rank returns the unknown cells of v worth considering, in order of
// preference without lookahead: lower probability (probs are v's), then
// fewer neighbours, then by tie(cell): for the guess itself, a random
// order drawn from the game's generator. Cells next to no hint all share
// one probability and differ only by their neighbours, so of each
// neighbour count only interiorKeep of them, drawn by their ties
// (reservoir sampling: uniformly, for random ties), stand for the rest.
//
// sc, when not nil, lends rank its memory: the result is then sc's, valid
// until sc is lent again.
func (g ProbGuesser) rank(v *game.Puzzle, probs []float64, tie func(cell int) uint64, sc *rankScratch) []candidate {
	b := v.Board
	if sc == nil {
		sc = &rankScratch{}
	}
	out := sc.out[:0]
	kept := &sc.kept // interior cells by neighbour count
	for n := range kept {
		kept[n] = kept[n][:0]
	}
	var seen [9]int
	for i, c := range v.Cells {
		if c.State != game.Unknown {
			continue
		}
		cand := candidate{cell: i, p: probs[i], nbrs: len(b.Neighbors(i)), tie: tie(i), score: -1, interior: isInterior(v, i)}
		if !cand.interior {
			out = append(out, cand)
			continue
		}
		n := cand.nbrs
		seen[n]++
		switch {
		case len(kept[n]) < interiorKeep:
			kept[n] = append(kept[n], cand)
		default:
			if k := int(cand.tie % uint64(seen[n])); k < interiorKeep {
				kept[n][k] = cand
			}
		}
	}
	for _, k := range kept {
		out = append(out, k...)
	}
	sc.out = out
	slices.SortFunc(out, func(x, y candidate) int {
		if d := cmpProb(x.p, y.p); d != 0 {
			return d
		}
		if x.nbrs != y.nbrs {
			return cmp.Compare(x.nbrs, y.nbrs)
		}
		return cmp.Compare(x.tie, y.tie)
	})
	return out
}

// rankScratch is the memory rank works in.
type rankScratch struct {
	out  []candidate
	kept [9][]candidate
}

// interiorKeep is how many cells next to no hint rank keeps of each
// neighbour count: more than the lookahead weighs.
const interiorKeep = 3

// probEps is the tolerance within which two probabilities or scores are
// equal: far above the counts' rounding, far below any real difference on
// boards of up to millions of layouts per cell.
const probEps = 1e-9

func cmpProb(x, y float64) int {
	if math.Abs(x-y) <= probEps {
		return 0
	}
	return cmp.Compare(x, y)
}

func runnerOf(cands []candidate) int {
	if len(cands) < 2 {
		return -1
	}
	return cands[1].cell
}

// newGuess builds the Guess for cell, with the probabilities of every
// unknown cell. score and runnerScore are the method's own measure, kept in
// the Guess as Score and RunnerScore.
func newGuess(probs []float64, method Method, cell int, score float64, runner int, runnerScore float64) Guess {
	out := Guess{Cell: cell, P: probs[cell], Runner: runner, Method: method, Probs: probs, Score: score, RunnerScore: runnerScore}
	if runner >= 0 {
		out.RunnerP = probs[runner]
	}
	return out
}

// plays reports whether the lookahead plays by g.Policy in the position v:
// some heuristic, one move ahead, and a board dense enough (see PolicyDensity).
func (g ProbGuesser) plays(v *game.Puzzle) bool {
	if g.Policy == 0 || g.Depth > 1 {
		return false
	}
	return g.PolicyDensity <= 0 || !v.MinesKnown() || float64(v.Mines) >= g.PolicyDensity*float64(len(v.Cells))
}

// lookahead weighs the safest candidates one move ahead and returns the
// best and the runner-up. a is the analysis of p's view, probs its
// probabilities and lnAll the log of its number of layouts.
func (g ProbGuesser) lookahead(ctx context.Context, p *Position, s *State, a *exact.Analysis, probs []float64, lnAll float64, cands []candidate) (best, runner candidate, err error) {
	if g.plays(p.View) {
		return g.policyLookahead(ctx, p, s, a, probs, lnAll, cands)
	}
	pool := g.pool(s.pool[:0], cands)
	s.pool = pool
	// A cell's score never exceeds its safety, and the pool is in order of
	// probability: once a cell's safety is below the second best score so
	// far, neither it nor any later cell can be best or runner-up, and they
	// are not weighed (their score stays -1).
	//
	// The same bound cuts a cell's weighing short: once the hint values
	// left to count could not lift its score to the second best, it is
	// dropped (see weigher.weigh).
	//
	// The runner-up is weighed only when the moves are kept or watched
	// (Position.Explain); otherwise the bound is the best score so far, and
	// no runner-up is reported. A cell within probEps of the best score is
	// never cut short, so the best cell is the same either way.
	w := weigher{view: s.viewOf(p.View), base: a, probs: probs, z: p.Analyzer.Within(g.Budget), reveals: &s.reveals, lnAll: lnAll, g: g, depth: min(max(g.Depth, 1), MaxDepth)}
	if w.depth == 1 {
		w.memo = &s.memo
	}
	top := [2]float64{-1, -1}
	rank := 1 // the bound is top[rank]
	if !p.Explain {
		rank = 0
	}
	weighed := 0
	for k := range pool {
		c := &pool[k]
		if 1-c.p < top[rank]-probEps {
			break
		}
		c.score, c.zero, err = w.weigh(ctx, c.cell, top[rank]-probEps)
		if errors.Is(err, exact.ErrBudget) {
			// A position this cell can lead to is too large to count: the
			// cell is passed over. (Passing over, rather than giving up on
			// the lookahead, keeps the best cell the same under either
			// bound: a cell is cut short under the best score only where it
			// could not be best.)
			c.score = -1
			continue
		}
		if err != nil {
			return candidate{}, candidate{}, err
		}
		weighed++
		switch {
		case c.score > top[0]:
			top = [2]float64{c.score, top[0]}
		case c.score > top[1]:
			top[1] = c.score
		}
	}
	if weighed == 0 {
		return candidate{}, candidate{}, fmt.Errorf("guess: lookahead: every cell leads to a position too large to count: %w", exact.ErrBudget)
	}
	sortByScore(pool)
	if p.Rank > 0 {
		s.ranked = s.ranked[:0]
		for _, c := range pool {
			s.ranked = append(s.ranked, c.cell)
		}
	}
	runner = candidate{cell: -1}
	if len(pool) > 1 && p.Explain && pool[1].score >= 0 { // not passed over
		runner = pool[1]
	}
	return pool[0], runner, nil
}

// pool returns the candidates the lookahead weighs, in cands' order: the
// Lookahead safest within candidateMargin of the lowest probability, of
// which at most two are next to no hint (cells next to no hint are alike
// but for their neighbours, so two of them, corners and edges first, stand
// for all). It appends them to pool.
func (g ProbGuesser) pool(pool, cands []candidate) []candidate {
	pmin := cands[0].p
	interior := 0
	for _, c := range cands {
		if len(pool) == g.Lookahead || c.p > pmin+candidateMargin {
			break
		}
		if c.interior {
			if interior == 2 {
				continue
			}
			interior++
		}
		pool = append(pool, c)
	}
	return pool
}

// sortByScore orders weighed candidates: higher score, then lower
// probability, then likelier 0, then fewer neighbours.
func sortByScore(pool []candidate) {
	slices.SortStableFunc(pool, func(x, y candidate) int {
		if d := cmpProb(y.score, x.score); d != 0 {
			return d
		}
		return cmpTie(x, y)
	})
}

// cmpTie orders candidates of equal score: lower probability, then
// likelier 0, then fewer neighbours.
func cmpTie(x, y candidate) int {
	if d := cmpProb(x.p, y.p); d != 0 {
		return d
	}
	if d := cmpProb(y.zero, x.zero); d != 0 {
		return d
	}
	return cmp.Compare(x.nbrs, y.nbrs)
}

// knownMine reports whether cell j of v is a known mine: flagged, or
// closed with mine probability 1 (probs are v's).
func knownMine(v *game.Puzzle, probs []float64, j int) bool {
	c := v.Cells[j]
	return c.State == game.Flagged || (c.State == game.Unknown && probs[j] == 1)
}

// undecided reports whether cell j of v is closed and may be either.
func undecided(v *game.Puzzle, probs []float64, j int) bool {
	return v.Cells[j].State == game.Unknown && probs[j] != 0 && probs[j] != 1
}

// isInterior reports whether no neighbour of cell i is revealed.
func isInterior(v *game.Puzzle, i int) bool {
	for _, j := range v.Board.Neighbors(i) {
		if v.Cells[j].State == game.Revealed {
			return false
		}
	}
	return true
}

// weigher weighs cells depth moves ahead in one position: view (scratch,
// restored after each weighing), analysed by base, with mine probabilities
// probs and e^lnAll layouts. With depth 2, each position after a hint
// weighs the candidates g would consider there one move ahead, ties
// between them broken by cell index rather than at random, so that a
// score does not depend on the order of the weighings.
type weigher struct {
	view  *game.Puzzle
	base  *exact.Analysis
	probs []float64
	z     *exact.Analyzer // counts the positions weighed, within g.Budget
	lnAll float64
	g     ProbGuesser
	depth int

	// after, when set, values the position after a hint, analysed by a
	// with ln = a.LogCount(), instead of next (and is asked even when a
	// cell is then proved safe): a Policy's.
	after func(ctx context.Context, a *exact.Analysis, ln float64) (float64, error)

	reveals *exact.Reveals // the memory of the positions weighed, one at a time; nil to allocate
	kept    *revealsKept   // analyses already made of the positions weighed, against base; nil for none
	memo    *weighMemo     // weighings remembered across games (depth 1, no after); nil for none
}

// weigh returns the chance of surviving a guess at cell and the guess
// after it: the sum over the hint values v the cell can show of P(safe, v)
// times the chance of surviving the best next move in the position with v
// revealed (1 when some cell is then proved safe): its safety at depth 1,
// its own score at depth 2 (see next). It also returns the probability
// that the cell is a safe 0.
//
// A score below bar is of no use to the caller: once the values counted so
// far, with every value left counted as a sure next move, score below bar,
// weigh stops and returns -1. It counts the likeliest values first, from
// the expected number of mines around the cell outwards, so that the bound
// bites early. The order changes no score: the sums run by value.
func (w *weigher) weigh(ctx context.Context, cell int, bar float64) (score, zero float64, err error) {
	view, probs := w.view, w.probs
	least := noBound // the lowest bound checked against bar, for the memo
	if w.memo != nil {
		key := w.memo.keyOf(view, cell, w.g.Budget)
		if s, z, ok := w.memo.lookup(key, bar); ok {
			return s, z, nil
		}
		defer func() {
			if err == nil {
				w.memo.store(key, bar, score, zero, least)
			}
		}()
	}
	saved := view.Cells[cell]
	defer func() { view.Cells[cell] = saved }()
	var lns, next [9]float64
	for v := range lns {
		lns[v] = math.Inf(-1)
	}
	safe := 1 - probs[cell]
	lnSafe := w.lnAll + math.Log(safe) // layouts with the cell safe
	var values [9]int
	order := exact.HintValues(view, probs, cell, &values)
	lo := math.Inf(-1)
	counted, covered := 0.0, 0.0 // sums of P(v | safe) * next[v] and of P(v | safe) so far
	for _, v := range order {
		view.Cells[cell] = game.Cell{State: game.Revealed, Hint: uint8(v)}
		a := w.kept.find(cell, v)
		if a == nil {
			if a, err = w.z.RevealIn(ctx, w.reveals, w.base, view, cell); err != nil {
				return 0, 0, err
			}
		}
		if !a.Satisfiable() {
			continue
		}
		if lns[v], err = a.LogCount(); err != nil {
			return 0, 0, err
		}
		lo = max(lo, lns[v])
		next[v] = 1
		switch {
		case w.after != nil:
			next[v], err = w.after(ctx, a, lns[v])
		case len(a.Split.Safe) == 0: // else propagation alone proves a cell safe
			next[v], err = w.next(ctx, a)
		}
		if err != nil {
			return 0, 0, err
		}
		pv := math.Exp(lns[v] - lnSafe)
		counted += pv * next[v]
		covered += pv
		bound := safe * (counted + max(0, 1-covered))
		least = min(least, bound)
		if bound < bar {
			return -1, 0, nil
		}
	}
	if math.IsInf(lo, -1) {
		return 0, 0, nil // the cell is a mine in every layout
	}
	sum, weighted := 0.0, 0.0
	for v, ln := range lns {
		w := math.Exp(ln - lo)
		sum += w
		weighted += w * next[v]
	}
	return safe * weighted / sum, safe * math.Exp(lns[0]-lo) / sum, nil
}

// next returns the chance of surviving the next move in w.view as it
// stands, analysed by a: at depth 1 the best safety there; at depth 2 the
// best score one move ahead of the candidates g weighs there, or 1 when
// some cell is safe or every closed cell is a mine (the game is won).
func (w *weigher) next(ctx context.Context, a *exact.Analysis) (float64, error) {
	if w.depth < 2 {
		return w.bestSafety(ctx, a)
	}
	probs, err := a.Probabilities(ctx)
	if err != nil {
		return 0, err
	}
	cands := w.g.rank(w.view, probs, func(i int) uint64 { return uint64(i) }, nil)
	if len(cands) == 0 || cands[0].p == 0 || cands[0].p == 1 {
		return 1, nil
	}
	lnAll, err := a.LogCount()
	if err != nil {
		return 0, err
	}
	inner := weigher{view: w.view, base: a, probs: probs, z: w.z, reveals: new(exact.Reveals), lnAll: lnAll, g: w.g, depth: w.depth - 1}
	best := 0.0
	for _, c := range w.g.pool(nil, cands) {
		if 1-c.p < best-probEps {
			break // no later cell can score more (see lookahead)
		}
		score, _, err := inner.weigh(ctx, c.cell, best-probEps)
		if err != nil {
			return 0, err
		}
		best = max(best, score)
	}
	return best, nil
}

// bestSafety returns the highest chance that an unknown cell of w.view is
// safe, by a, the analysis of w.view; 1 when no unknown cell is left or
// every one is a mine (the game is then won).
func (w *weigher) bestSafety(ctx context.Context, a *exact.Analysis) (float64, error) {
	least, err := a.MinProbability(ctx)
	if err != nil {
		return 0, err
	}
	if best := max(0, 1-least); best > 0 {
		return best, nil
	}
	return 1, nil // no closed cell, or all mines: won
}
