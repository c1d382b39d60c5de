package guess

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/longtest"
)

// position builds a puzzle from rows of '*' (a closed mine), '.' (a closed
// safe cell), 'F' (a flagged mine) and 'o' (an open cell, whose hint is
// counted from the mines), and returns it with its layout (mine cells,
// row-major).
func position(t testing.TB, rows ...string) (*game.Puzzle, []int) {
	t.Helper()
	b, err := game.NewBoard(len(rows), len(rows[0]))
	if err != nil {
		t.Fatal(err)
	}
	p := &game.Puzzle{Board: b, Cells: make([]game.Cell, b.Len())}
	mine := make([]bool, b.Len())
	var mines []int
	for r, row := range rows {
		if len(row) != b.Cols() {
			t.Fatalf("row %d is %q: want %d cells", r, row, b.Cols())
		}
		for c, ch := range row {
			i := b.Index(game.Pos{Row: r, Col: c})
			switch ch {
			case '*', 'F':
				mine[i] = true
				mines = append(mines, i)
			case '.', 'o':
			default:
				t.Fatalf("row %d: unknown cell %q", r, ch)
			}
			if ch == 'F' {
				p.Cells[i].State = game.Flagged
			}
		}
	}
	for i := range p.Cells {
		if rows[i/b.Cols()][i%b.Cols()] != 'o' {
			continue
		}
		n := 0
		for _, j := range b.Neighbors(i) {
			if mine[j] {
				n++
			}
		}
		p.Cells[i] = game.Cell{State: game.Revealed, Hint: uint8(n)}
	}
	p.Mines = len(mines)
	return p, mines
}

// randomPosition returns a puzzle from game.Generate and its exact mine
// probabilities.
func randomPosition(t testing.TB, rows, cols, mines int, reveal float64, seed int64) (*game.Puzzle, []float64) {
	t.Helper()
	p, _, err := game.Generate(rows, cols, mines, game.GenOptions{Reveal: reveal}, seed)
	if err != nil {
		t.Fatal(err)
	}
	probs, err := exact.Probabilities(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	return p, probs
}

// naiveWin is W(S) of the endgame search written as plainly as possible:
// no memo, no pruning, no shortcuts, the layouts as explicit mine sets,
// hints counted on the fly. It checks solveEndgame.
func naiveWin(b *game.Board, cells []int, layouts [][]bool) float64 {
	if len(layouts) == 1 {
		return 1
	}
	best := 0.0
	for _, x := range cells {
		if w, ok := naiveOpen(b, cells, layouts, x); ok {
			best = max(best, w)
		}
	}
	return best
}

// naiveOpen is the chance of winning by opening x first and playing on
// perfectly, as naiveWin; ok is false when x teaches nothing.
func naiveOpen(b *game.Board, cells []int, layouts [][]bool, x int) (float64, bool) {
	groups := map[int][][]bool{}
	for _, m := range layouts {
		if m[x] {
			continue
		}
		h := 0
		for _, j := range b.Neighbors(x) {
			if m[j] {
				h++
			}
		}
		groups[h] = append(groups[h], m)
	}
	safe := 0
	for _, g := range groups {
		safe += len(g)
	}
	if safe == 0 || (safe == len(layouts) && len(groups) == 1) {
		return 0, false
	}
	sum := 0.0
	for _, g := range groups {
		sum += float64(len(g)) * naiveWin(b, cells, g)
	}
	return sum / float64(len(layouts)), true
}

// randomLayouts returns a random position of at most 4x5 cells from
// game.Generate, with its unknown cells and its layouts (see layoutsOf).
func randomLayouts(t testing.TB, rng *rand.Rand, seed int64) (p *game.Puzzle, cells []int, layouts [][]bool) {
	t.Helper()
	rows, cols := 2+rng.IntN(3), 2+rng.IntN(4)
	mines := 1 + rng.IntN(rows*cols/2)
	p, _, err := game.Generate(rows, cols, mines, game.GenOptions{Reveal: 0.2 + 0.5*rng.Float64()}, seed)
	if err != nil {
		t.Fatal(err)
	}
	cells, layouts = layoutsOf(p)
	return p, cells, layouts
}

// layoutsOf lists v's layouts by brute force over its unknown cells.
func layoutsOf(v *game.Puzzle) (cells []int, layouts [][]bool) {
	b := v.Board
	left := v.Mines
	for i, c := range v.Cells {
		switch c.State {
		case game.Unknown:
			cells = append(cells, i)
		case game.Flagged:
			left--
		}
	}
	for mask := 0; mask < 1<<len(cells); mask++ {
		m := make([]bool, b.Len())
		n := 0
		for k, i := range cells {
			if mask>>k&1 == 1 {
				m[i] = true
				n++
			}
		}
		for i, c := range v.Cells {
			if c.State == game.Flagged {
				m[i] = true
			}
		}
		if n != left {
			continue
		}
		ok := true
		for i, c := range v.Cells {
			if c.State != game.Revealed {
				continue
			}
			h := 0
			for _, j := range b.Neighbors(i) {
				if m[j] {
					h++
				}
			}
			if h != int(c.Hint) {
				ok = false
				break
			}
		}
		if ok {
			layouts = append(layouts, m)
		}
	}
	return cells, layouts
}

func TestEndgameKnown(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows []string
		win  float64
	}{
		// One mine in three cells that all show the same hint when safe:
		// the first guess survives 2/3, then a 50/50.
		{"one in three", []string{"o*", ".."}, 1.0 / 3},
		{"dead 50/50", []string{"*.", "oo", "oo"}, 0.5},
		// One mine in (0,0), (0,1) or (1,1). (0,2) is safe, and its hint
		// tells (0,0) from the other two, which stay a 50/50: 1/3 + 2/3 * 1/2.
		{"a safe cell tells one layout", []string{"*..", "o.."}, 2.0 / 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := position(t, tc.rows...)
			cells, layouts := layoutsOf(p)
			want := naiveWin(p.Board, cells, layouts)
			if math.Abs(want-tc.win) > 1e-12 {
				t.Fatalf("naive search gives %v; the table says %v", want, tc.win)
			}
			res, ok, err := solveEndgame(context.Background(), p, 100, endgameBudget, nil)
			if err != nil || !ok || math.Abs(res.win-tc.win) > 1e-12 {
				t.Errorf("solveEndgame = %+v, %v, %v; want win %v\n%s", res, ok, err, tc.win, p)
			}
		})
	}
}

// TestEndgameAgainstNaive compares the endgame search with naiveWin on
// random small positions, and checks the chosen cell's and the runner-up's
// own values. The small positions come from game.Generate. The wide ones
// (up to 3x10, most cells open, drawn cell by cell) often leave separate
// unknown regions whose mine counts the hints fix, which the search splits
// into independent parts.
func TestEndgameAgainstNaive(t *testing.T) {
	ctx := context.Background()
	wide := func(rng *rand.Rand) *game.Puzzle {
		rows := make([]string, 2+rng.IntN(2))
		cols := 6 + rng.IntN(5)
		for r := range rows {
			row := make([]byte, cols)
			for c := range row {
				switch x := rng.Float64(); {
				case x < 0.12:
					row[c] = '*'
				case x < 0.3:
					row[c] = '.'
				default:
					row[c] = 'o'
				}
			}
			rows[r] = string(row)
		}
		p, _ := position(t, rows...)
		return p
	}
	for _, tc := range []struct {
		name                        string
		position                    func(*rand.Rand, int) *game.Puzzle
		runs, minSearched, minSplit int // random positions; how many at least must be searched, and split
	}{
		{"small", func(rng *rand.Rand, i int) *game.Puzzle {
			p, _, _ := randomLayouts(t, rng, int64(i))
			return p
		}, 400, 100, 0},
		{"wide", func(rng *rand.Rand, _ int) *game.Puzzle { return wide(rng) }, 2000, 300, 25},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, 7))
			runs, searched, split := tc.runs, 0, 0
			var sc endgameScratch // one for every search, as a player keeps it: nothing may carry over
			if !longtest.Enabled() {
				runs /= 4
			}
			for i := 0; i < runs; i++ {
				p := tc.position(rng, i)
				if p.Unknowns() > 12 {
					continue
				}
				cells, layouts := layoutsOf(p)
				if len(layouts) < 2 {
					continue
				}
				searched++
				res, ok, err := solveEndgame(ctx, p, 1000, endgameBudget, &sc)
				if err != nil || !ok {
					t.Fatalf("solveEndgame: ok %v, %v\n%s", ok, err, p)
				}
				if res.parts > 1 {
					split++
				}
				if want := naiveWin(p.Board, cells, layouts); math.Abs(res.win-want) > 1e-12 {
					t.Errorf("solveEndgame win %v; naive search %v\n%s", res.win, want, p)
				}
				if w, ok := naiveOpen(p.Board, cells, layouts, res.cell); !ok || math.Abs(w-res.win) > 1e-12 {
					t.Errorf("the chosen cell %d wins %v, %v by naive search; solveEndgame says %v\n%s", res.cell, w, ok, res.win, p)
				}
				if res.runner >= 0 {
					if res.runnerWin > res.win+1e-12 {
						t.Errorf("runner-up %v beats the choice %v", res.runnerWin, res.win)
					}
					if w, ok := naiveOpen(p.Board, cells, layouts, res.runner); !ok || math.Abs(w-res.runnerWin) > 1e-12 {
						t.Errorf("the runner-up %d wins %v, %v by naive search; solveEndgame says %v\n%s", res.runner, w, ok, res.runnerWin, p)
					}
				}
			}
			t.Logf("%d of %d random positions searched, %d of them in independent parts", searched, runs, split)
			if want := tc.minSearched * runs / tc.runs; searched < want {
				t.Errorf("only %d of %d random positions were searched; want %d", searched, runs, want)
			}
			if want := tc.minSplit * runs / tc.runs; split < want {
				t.Errorf("only %d positions split into independent parts; want %d", split, want)
			}
		})
	}
}

func TestEndgameLimits(t *testing.T) {
	p, _ := position(t, "o*", "..")
	if _, ok, err := solveEndgame(context.Background(), p, 2, endgameBudget, nil); ok || err != nil {
		t.Errorf("3 layouts over a limit of 2: ok %v, %v; want not ok", ok, err)
	}
	p, _ = position(t, "*....", ".....", "ooooo")
	if _, ok, err := solveEndgame(context.Background(), p, 1000, 1, nil); ok || err != nil {
		t.Errorf("budget 1: ok %v, %v; want not ok", ok, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := solveEndgame(ctx, p, 1000, endgameBudget, nil); err == nil {
		t.Errorf("cancelled: no error")
	}
}

// TestProbGuesserPicks checks the guesser's choice on positions whose
// probabilities are known, with and without lookahead.
func TestProbGuesserPicks(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 9))
	for i := range 150 {
		p, probs := randomPosition(t, 5+rng.IntN(4), 5+rng.IntN(4), 4+rng.IntN(6), 0.2+0.3*rng.Float64(), int64(i))
		pmin := math.Inf(1)
		for j, c := range p.Cells {
			if c.State == game.Unknown {
				pmin = min(pmin, probs[j])
			}
		}
		for _, g := range []ProbGuesser{{}, {Lookahead: 4}, plainGuesser(), {Lookahead: 4, Depth: 2}} {
			got, err := g.Guess(ctx, positionFor(p, uint64(i)), nil)
			if err != nil {
				t.Fatal(err)
			}
			if p.Cells[got.Cell].State != game.Unknown {
				t.Fatalf("%+v picked a cell that is not unknown", g)
			}
			if math.Abs(got.P-probs[got.Cell]) > 1e-12 {
				t.Errorf("%+v: Guess.P %v; the cell's probability is %v", g, got.P, probs[got.Cell])
			}
			switch got.Method {
			case MethodProb:
				if got.P > pmin+probEps {
					t.Errorf("%+v picked p %v; the lowest is %v\n%s", g, got.P, pmin, p)
				}
			case MethodLookahead, MethodLookahead2:
				if (got.Method == MethodLookahead2) != (g.Depth == 2) {
					t.Errorf("%+v: method %q", g, got.Method)
				}
				if got.P > pmin+candidateMargin+probEps {
					t.Errorf("lookahead picked p %v; the lowest is %v", got.P, pmin)
				}
				if got.Score > 1-got.P+1e-12 || got.Score < 0 {
					t.Errorf("lookahead score %v for a cell safe with chance %v", got.Score, 1-got.P)
				}
			case MethodEndgame:
				if got.Score > 1-got.P+1e-12 {
					t.Errorf("endgame win %v for a cell safe with chance %v", got.Score, 1-got.P)
				}
			case MethodFiftyFifty:
				if got.P > 0.5+1e-12 {
					t.Errorf("pseudo 50/50 guess with p %v", got.P)
				}
			default:
				t.Errorf("unexpected method %q", got.Method)
			}
		}
	}
}

func TestGuessDetail(t *testing.T) {
	for _, tc := range []struct {
		g    Guess
		want string
	}{
		{Guess{Method: MethodLookahead, Score: 0.8, Runner: 3, RunnerScore: 0.75}, "survives this move and the next with chance 0.800; runner-up 0.750"},
		{Guess{Method: MethodLookahead, Score: 0.8, Runner: -1}, "survives this move and the next with chance 0.800"},
		{Guess{Method: MethodLookahead2, Score: 0.7, Runner: 2, RunnerScore: 0.65}, "survives this move and the next two with chance 0.700; runner-up 0.650"},
		{Guess{Method: MethodEndgame, Score: 0.5, Runner: 1, RunnerScore: 0.25}, "wins the game with chance 0.500, playing on perfectly over the layouts left; runner-up 0.250"},
		{Guess{Method: MethodFiftyFifty, Runner: -1}, "if this cell is a mine, no move will ever tell it from its mirror image: a 50/50 the game must take anyway, played now"},
		{Guess{Method: MethodProb, Runner: 2}, ""},
		{Guess{Method: MethodLocal, Runner: 2}, ""},
	} {
		if got := tc.g.Detail(); got != tc.want {
			t.Errorf("%s: Detail() = %q; want %q", tc.g.Method, got, tc.want)
		}
	}
}

// TestLookaheadPruning checks that skipping the cells that cannot beat the
// runner-up changes nothing: on random positions the lookahead picks the
// same best cell and runner-up, with the same scores, as weighing every
// cell of its pool, one move ahead and two; and, weighing for the best cell
// alone (as when no move is kept), the same best cell, with no runner-up.
func TestLookaheadPruning(t *testing.T) {
	for _, depth := range []int{1, 2} {
		t.Run(fmt.Sprintf("depth %d", depth), func(t *testing.T) { testLookaheadPruning(t, depth) })
	}
}

func testLookaheadPruning(t *testing.T, depth int) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(21, 4))
	g := plainGuesser()
	g.Depth = depth
	pruned, cut := 0, 0
	for i := range 120 / depth {
		pos, a, probs, lnAll, cands := aheadOf(t, g, rng, i, int64(i))
		if len(cands) < 2 {
			continue
		}
		p := pos.View
		// Weighing for the runner-up too, as when the moves are kept, and
		// for the best cell alone.
		pos.Explain = true
		best, runner, err := g.lookahead(ctx, pos, new(State), a, probs, lnAll, cands)
		if err != nil {
			t.Fatal(err)
		}
		pos.Explain = false
		bestOnly, none, err := g.lookahead(ctx, pos, new(State), a, probs, lnAll, cands)
		if err != nil {
			t.Fatal(err)
		}
		if bestOnly.cell != best.cell || bestOnly.score != best.score || none.cell != -1 {
			t.Errorf("position %d: without the runner-up, best %d (%v) and runner-up %d; with it, best %d (%v)", i, bestOnly.cell, bestOnly.score, none.cell, best.cell, best.score)
		}
		all := g.pool(nil, cands)
		view := p.Clone()
		w := weigher{view: view, base: a, probs: probs, z: exact.NewAnalyzerCache(g.Budget, nil), lnAll: lnAll, g: g, depth: depth}
		for k := range all {
			if all[k].score, all[k].zero, err = w.weigh(ctx, all[k].cell, math.Inf(-1)); err != nil {
				t.Fatal(err)
			}
		}
		sortByScore(all)
		if best.cell != all[0].cell || best.score != all[0].score {
			t.Errorf("position %d: best %d (%v); weighing all gives %d (%v)\n%s", i, best.cell, best.score, all[0].cell, all[0].score, p)
		}
		if len(all) > 1 && (runner.cell != all[1].cell || runner.score != all[1].score) {
			t.Errorf("position %d: runner-up %d (%v); weighing all gives %d (%v)", i, runner.cell, runner.score, all[1].cell, all[1].score)
		}
		if !p.Equal(view) {
			t.Fatalf("position %d: weigh left the view changed", i)
		}
		for _, c := range all[1:] {
			if 1-c.p < all[1].score-probEps {
				pruned++
				break
			}
		}
		for _, c := range all[2:] {
			if 1-c.p < all[1].score-probEps {
				continue
			}
			score, _, err := w.weigh(ctx, c.cell, all[1].score-probEps)
			if err != nil {
				t.Fatal(err)
			}
			if score == -1 {
				cut++
			}
		}
	}
	if pruned == 0 || cut == 0 {
		t.Errorf("%d positions with a cell to skip, %d weighings cut short: the test checks too little", pruned, cut)
	}
	t.Logf("%d positions had cells the lookahead skips; %d weighings were cut short", pruned, cut)
}

// TestProbGuesserFallback forces every component over its counting budget:
// the guesser must fall back to the local estimate and still pick a closed
// cell.
// TestProbGuesserBudgetAhead plays positions whose own components fit a
// small budget while some position the guesser weighs does not: the cell
// leading there is passed over, and the guess must still be a closed cell,
// not an error, and the same whether the runner-up is weighed or not.
func TestProbGuesserBudgetAhead(t *testing.T) {
	ctx := context.Background()
	budget := exact.Budget{MaxStates: 256}
	for _, seed := range []int64{26, 141, 171} { // found by search: weighing them exceeds the budget
		p, _ := randomPosition(t, 16, 30, 99, 0.25, seed)
		if _, err := exact.Analyze(ctx, p, budget); err != nil {
			t.Fatalf("seed %d: the position itself is over budget: %v", seed, err)
		}
		g := ProbGuesser{Lookahead: DefaultLookahead, Endgame: DefaultEndgame, Budget: budget}
		got, err := g.Guess(ctx, positionFor(p, 1), nil)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if p.Cells[got.Cell].State != game.Unknown {
			t.Errorf("seed %d: guessed %v, not a closed cell", seed, p.Board.Pos(got.Cell))
		}
		// Weighing the runner-up too (as when moves are kept) passes over
		// the same cells and picks the same one.
		pos := positionFor(p, 1)
		pos.Explain = true
		shown, err := g.Guess(ctx, pos, nil)
		if err != nil {
			t.Fatalf("seed %d, weighing the runner-up: %v", seed, err)
		}
		if shown.Cell != got.Cell || shown.Method != got.Method || shown.Score != got.Score {
			t.Errorf("seed %d: %v by %s (%v), weighing the runner-up %v by %s (%v)", seed,
				p.Board.Pos(got.Cell), got.Method, got.Score, p.Board.Pos(shown.Cell), shown.Method, shown.Score)
		}
		// Some cell of the pool leads to a position over the budget.
		a, probs, lnAll := analyzed(t, p, budget)
		w := weigher{view: p.Clone(), base: a, probs: probs, z: exact.NewAnalyzerCache(budget, nil), lnAll: lnAll, g: g, depth: 1}
		over := 0
		for _, c := range g.pool(nil, g.rank(p, probs, func(int) uint64 { return 0 }, nil)) {
			if _, _, err := w.weigh(ctx, c.cell, math.Inf(-1)); errors.Is(err, exact.ErrBudget) {
				over++
			}
		}
		if over == 0 {
			t.Errorf("seed %d: no cell weighed is over the budget: the test checks too little", seed)
		}
		t.Logf("seed %d: %s; %d cells passed over", seed, got.Method, over)
	}
}

func TestProbGuesserFallback(t *testing.T) {
	p, _ := randomPosition(t, 9, 9, 10, 0.3, 5)
	g := ProbGuesser{Lookahead: DefaultLookahead, Endgame: DefaultEndgame, Budget: exact.Budget{MaxStates: 1}}
	got, err := g.Guess(context.Background(), positionFor(p, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Method != MethodLocal || p.Cells[got.Cell].State != game.Unknown {
		t.Errorf("over budget: guess %+v; want the local estimate's pick of a closed cell", got)
	}
}

// TestDepthTwo weighs the pools of random positions one move ahead and
// two: a cell's chance of surviving this move and the next two never
// exceeds its chance of surviving this move and the next, and in some
// positions the two depths prefer different cells (the second move ahead
// changes choices).
func TestDepthTwo(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 17))
	g := plainGuesser()
	weighed, differ := 0, 0
	for i := range 60 {
		pos, a, probs, lnAll, cands := aheadOf(t, g, rng, i, int64(100+i))
		if len(cands) < 2 {
			continue
		}
		p := pos.View
		var best [3]float64
		var bestCell [3]int
		for _, c := range g.pool(nil, cands) {
			var score [3]float64
			for depth := 1; depth <= 2; depth++ {
				w := weigher{view: p.Clone(), base: a, probs: probs, z: exact.NewAnalyzerCache(g.Budget, nil), lnAll: lnAll, g: g, depth: depth}
				var err error
				if score[depth], _, err = w.weigh(ctx, c.cell, math.Inf(-1)); err != nil {
					t.Fatal(err)
				}
				if score[depth] > best[depth]+probEps {
					best[depth], bestCell[depth] = score[depth], c.cell
				}
			}
			if score[2] < 0 || score[2] > score[1]+1e-12 {
				t.Errorf("position %d, cell %v: two moves ahead %v, one move ahead %v\n%s", i, p.Board.Pos(c.cell), score[2], score[1], p)
			}
			weighed++
		}
		if bestCell[1] != bestCell[2] {
			differ++
		}
	}
	if differ == 0 {
		t.Errorf("%d cells weighed: the two depths always prefer the same cell", weighed)
	}
	t.Logf("%d cells weighed; the depths prefer different cells in %d positions", weighed, differ)
}

// TestLookaheadValuesTheWin weighs the two cells of a 1x2 board with one
// mine and nothing open: opening either wins whenever it is safe, so each
// scores 1/2 at both depths. (The position left after a safe guess has
// only a mine closed; it once counted as a next move that never survives.)
func TestLookaheadValuesTheWin(t *testing.T) {
	ctx := context.Background()
	b, err := game.NewBoard(1, 2)
	if err != nil {
		t.Fatal(err)
	}
	p := &game.Puzzle{Board: b, Cells: make([]game.Cell, 2), Mines: 1}
	a, probs, lnAll := analyzed(t, p, exact.Budget{})
	for depth := 1; depth <= MaxDepth; depth++ {
		for cell := range 2 {
			w := weigher{view: p.Clone(), base: a, probs: probs, z: exact.NewAnalyzer(exact.Budget{}), lnAll: lnAll, g: plainGuesser(), depth: depth}
			score, _, err := w.weigh(ctx, cell, math.Inf(-1))
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(score-0.5) > 1e-12 {
				t.Errorf("depth %d, cell %d: score %v; want 0.5", depth, cell, score)
			}
		}
	}
}

// analyzed returns p's analysis under budget, its probabilities and its
// log count of layouts.
func analyzed(t *testing.T, p *game.Puzzle, budget exact.Budget) (*exact.Analysis, []float64, float64) {
	t.Helper()
	ctx := context.Background()
	a, err := exact.Analyze(ctx, p, budget)
	if err != nil {
		t.Fatal(err)
	}
	probs, err := a.Probabilities(ctx)
	if err != nil {
		t.Fatal(err)
	}
	lnAll, err := a.LogCount()
	if err != nil {
		t.Fatal(err)
	}
	return a, probs, lnAll
}

// aheadOf returns a random position of 6 to 10 rows and 6 to 13 columns
// (from rng and seed) as the lookahead meets it: with its generator drawn
// from i, its analysis, probabilities, log count and the candidates g ranks.
func aheadOf(t *testing.T, g ProbGuesser, rng *rand.Rand, i int, seed int64) (*Position, *exact.Analysis, []float64, float64, []candidate) {
	t.Helper()
	p, _ := randomPosition(t, 6+rng.IntN(5), 6+rng.IntN(8), 6+rng.IntN(10), 0.15+0.3*rng.Float64(), seed)
	pos := positionFor(p, uint64(i))
	a, probs, lnAll := analyzed(t, p, exact.Budget{})
	cands := g.rank(p, probs, func(int) uint64 { return pos.Rand.Uint64() }, nil)
	return pos, a, probs, lnAll, cands
}

// TestMemoTable stores sets of layouts that differ in a single bit, in
// where their nonzero words start, or in their length, overwrites some, and
// reads every one back, twice: in a new table and in the same table
// emptied for reuse, as the endgame search's pool reuses it.
func TestMemoTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	type key struct {
		lo int
		nz []uint64
	}
	var keys []key
	for range 3000 {
		nz := make([]uint64, 1+rng.IntN(4))
		for w := range nz {
			nz[w] = rng.Uint64() | 1
		}
		lo := rng.IntN(3)
		flipped := slices.Clone(nz)
		flipped[rng.IntN(len(nz))] ^= 1 << (1 + rng.IntN(63))
		keys = append(keys,
			key{lo, nz},
			key{lo, flipped},                     // one bit apart
			key{lo + 1, nz},                      // starting one word later
			key{lo, append(slices.Clone(nz), 1)}, // one word longer
			key{lo, nz},                          // again: overwritten
		)
	}
	m := new(memoTable)
	for round := range 2 {
		m.init()
		want := map[string]float64{}
		name := func(k key) string { return fmt.Sprint(k.lo, k.nz) }
		for i, k := range keys {
			v := float64(i + round)
			m.put(k.nz, k.lo, memoHash(k.nz, k.lo), bounded{v, true})
			want[name(k)] = v
		}
		for _, k := range keys {
			got, ok := m.get(k.nz, k.lo, memoHash(k.nz, k.lo))
			if !ok || got.w != want[name(k)] || !got.exact {
				t.Fatalf("round %d, key %v: got %v, %v; want %v", round, k, got, ok, want[name(k)])
			}
		}
		if len(m.entries) != len(want) {
			t.Errorf("round %d: %d entries for %d distinct keys", round, len(m.entries), len(want))
		}
		if _, ok := m.get([]uint64{2}, 5, memoHash([]uint64{2}, 5)); ok {
			t.Errorf("round %d: a key never stored was found", round)
		}
	}
}

// TestDeepOpen checks that DeepOpen looks two moves ahead exactly while at
// most that many cells are open: on random positions, the guess is depth
// 2's when the open cells are DeepOpen, and depth 1's when they are one
// more.
func TestDeepOpen(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(8, 5))
	deep := 0
	for i := range 40 {
		p, _ := randomPosition(t, 5+rng.IntN(4), 5+rng.IntN(4), 4+rng.IntN(6), 0.2+0.3*rng.Float64(), int64(i))
		open := len(p.Cells) - p.Unknowns() - p.Flags()
		one, two := plainGuesser(), plainGuesser()
		two.Depth = 2
		want := map[int]ProbGuesser{open: two, open - 1: one}
		for limit, like := range want {
			g := plainGuesser()
			g.DeepOpen = limit
			got, err := g.Guess(ctx, positionFor(p, uint64(i)), nil)
			require.NoError(t, err)
			exp, err := like.Guess(ctx, positionFor(p, uint64(i)), nil)
			require.NoError(t, err)
			assert.Equal(t, exp.Cell, got.Cell, "DeepOpen %d with %d open", limit, open)
			assert.Equal(t, exp.Method, got.Method, "DeepOpen %d with %d open", limit, open)
			if got.Method == MethodLookahead2 {
				deep++
			}
		}
	}
	assert.Positive(t, deep, "no position was weighed two moves ahead")
}

// plainGuesser is DefaultGuesser without a policy: the lookahead these
// tests pin down, which the policy's heuristics change on dense boards.
func plainGuesser() ProbGuesser {
	g := DefaultGuesser()
	g.Policy, g.PolicyDensity = 0, 0
	return g
}
