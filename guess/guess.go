package guess

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// Guesser picks the cell to open when nothing proves a move. A player asks
// it only when some cell is unknown and no unknown cell is proved safe or
// a mine. s is the guesser's memory, kept between guesses: nil for a
// fresh one.
type Guesser interface {
	Name() string
	Guess(ctx context.Context, p *Position, s *State) (Guess, error)
}

// Position is what a guesser is asked about: the player's view and what
// the player lends it. A guesser reads it and never changes it.
type Position struct {
	View     *game.Puzzle    // what the player sees; Flagged cells are known mines
	Rand     *rand.Rand      // the game's random source, for ties
	Explain  bool            // the moves are kept or shown: the runner-up is weighed too
	Analyzer *exact.Analyzer // the player's, whose cache its other counts share; nil for none

	// Counted is the count of View within Analyzer's budget when the
	// player has made it; else Uncounted, when the player found View too
	// large to count within that budget, says why (exact.ErrBudget,
	// wrapped). Both are nil when the player has not counted View.
	Counted   *exact.Analysis
	Uncounted error

	// Rank, when above 0, asks a lookahead or probability guess for its
	// ranking of the candidates in Guess.Ranked, at most Rank of them;
	// 0 for none. It changes no guess.
	Rank int
}

// Analysis returns the count of p's view within budget: the player's
// (Counted or Uncounted) when it counted within the same budget, else a
// new one, made by p's Analyzer (or one within budget sharing its cache).
func (p *Position) Analysis(ctx context.Context, budget exact.Budget) (*exact.Analysis, error) {
	z := p.Analyzer.Within(budget)
	if z == p.Analyzer && (p.Counted != nil || p.Uncounted != nil) {
		return p.Counted, p.Uncounted
	}
	return z.Analyze(ctx, p.View)
}

// minesLeft returns the view's mines minus its flags, or -1 when its mine
// total is unknown.
func (p *Position) minesLeft() int {
	if !p.View.MinesKnown() {
		return -1
	}
	return p.View.Mines - p.View.Flags()
}

// LocalGuesser is the provisional guessing rule: open the cell with the
// lowest local mine estimate.
//
//   - A cell next to opened hints is estimated by its most pessimistic hint:
//     the largest, over its hint neighbours h, of (h's hint - flags around
//     h) / (unknown cells around h).
//   - A cell next to no hint is estimated by the density of mines left over
//     unknown cells.
//
// Ties go to the cell with the fewest neighbours (a corner, then an edge),
// which is the likeliest to show a 0 and open an area, then to a random one
// of those. The estimates are not probabilities: they ignore how hints
// overlap and what the global count implies.
type LocalGuesser struct{}

// Name returns "local estimate".
func (LocalGuesser) Name() string { return MethodLocal.String() }

// Guess returns the cell with the lowest estimate, and the runner-up.
func (LocalGuesser) Guess(_ context.Context, p *Position, _ *State) (Guess, error) {
	b := p.View.Board
	cells := p.View.Cells
	est := make([]float64, len(cells))
	for i := range est {
		est[i] = math.NaN()
	}
	left := p.minesLeft()
	density := float64(left) / float64(max(p.View.Unknowns(), 1))
	if left < 0 {
		density = 0.5 // no total: a cell next to no hint is a mine in half the layouts
	}
	for i, c := range cells {
		if c.State != game.Unknown {
			continue
		}
		est[i] = -1 // unknown, not yet estimated
	}
	for h, c := range cells {
		if c.State != game.Revealed {
			continue
		}
		rem, unk := int(c.Hint), 0
		for _, j := range b.Neighbors(h) {
			switch cells[j].State {
			case game.Flagged:
				rem--
			case game.Unknown:
				unk++
			}
		}
		if unk == 0 {
			continue
		}
		r := float64(rem) / float64(unk)
		for _, j := range b.Neighbors(h) {
			if cells[j].State == game.Unknown && r > est[j] {
				est[j] = r
			}
		}
	}
	g := Guess{Cell: -1, Runner: -1, Method: MethodLocal, Probs: est}
	bestN, ties := 0, 0
	better := func(e float64, n int, than float64, thanN int) bool {
		if math.Abs(e-than) > 1e-12 {
			return e < than
		}
		return n < thanN
	}
	for i := range est {
		if math.IsNaN(est[i]) {
			continue
		}
		if est[i] < 0 {
			est[i] = density
		}
		e, n := est[i], len(b.Neighbors(i))
		switch {
		case g.Cell < 0 || better(e, n, g.P, bestN):
			if g.Cell >= 0 {
				g.Runner, g.RunnerP = g.Cell, g.P
			}
			g.Cell, g.P, bestN, ties = i, e, n, 1
		case !better(g.P, bestN, e, n):
			// A tie with the best: keep one uniformly at random.
			ties++
			if p.Rand.IntN(ties) == 0 {
				g.Runner, g.RunnerP = g.Cell, g.P
				g.Cell = i
			} else {
				g.Runner, g.RunnerP = i, e
			}
		case g.Runner < 0 || e < g.RunnerP:
			g.Runner, g.RunnerP = i, e
		}
	}
	return g, nil
}

// State is the memory a guesser works in, kept between guesses and from
// game to game by one player: a State is not safe for concurrent use, and
// one player's guesses never depend on what it holds (it holds scratch
// space, and weighings that give the same answer each time; see
// weighMemo). The zero State is ready to use.
type State struct {
	rank    rankScratch    // ProbGuesser's ranking of the candidates
	pool    []candidate    // the candidates the lookahead weighs
	view    game.Puzzle    // the lookahead's copy of the view, to open cells in
	endgame endgameScratch // the endgame search's memo and stacks, kept between searches
	reveals exact.Reveals  // the memory of the lookahead's analyses, one at a time
	kept    revealsKept    // the analyses of the dead test, for the weighing that follows
	policy  policyWeigh    // the policy's weighing
	memo    weighMemo      // the lookahead's weighings, kept across games
	ranked  []int          // the lookahead's order of preference, when the Position asks for it
}

// viewOf returns a copy of v in the scratch's own puzzle.
func (s *State) viewOf(v *game.Puzzle) *game.Puzzle {
	s.view.Board, s.view.Mines = v.Board, v.Mines
	s.view.Cells = append(s.view.Cells[:0], v.Cells...)
	return &s.view
}

// Guess is the estimate behind a guessed move.
type Guess struct {
	Cell    int       // the guessed cell, row-major
	P       float64   // its estimated mine probability
	Runner  int       // the runner-up cell, or -1 if there was no other candidate (or, for a lookahead, when the Position does not Explain)
	RunnerP float64   // the runner-up's estimated mine probability
	Method  Method    // how the guess was chosen, e.g. MethodLocal
	Probs   []float64 // per cell (row-major): the estimate for every candidate, NaN elsewhere; may be nil

	// Ranked, when the Position asked for it (Position.Rank), is the
	// guesser's order of preference over the cells it weighed: the guessed
	// cell first, at most Rank cells, then the safest cell (the first by
	// probability, ties broken as the guess breaks them) when it is not
	// among them. Nil for the methods that rank nothing (endgame search,
	// pseudo 50/50, local estimate).
	Ranked []int

	// Score and RunnerScore are the method's own measure of the guess and
	// the runner-up, when it has one beyond P (0 otherwise): the chance of
	// surviving two moves for a lookahead, of winning the game for an
	// endgame search, its estimate for a win-probability search.
	Score, RunnerScore float64

	// Estimates are a win-probability search's (MethodThink): each
	// candidate's games won over the layouts played from it, in the order
	// of Ranked; nil for other methods.
	Estimates []Estimate
}

// Estimate is one candidate of a win-probability search: the games won,
// playing on after opening Cell, of the Rollouts played from it.
type Estimate struct {
	Cell     int // row-major
	Wins     int // games won
	Rollouts int // games played
}

// Detail explains the method's own measure of the guess, beyond its
// probability, in one line ("" when there is nothing to add): the chance of
// surviving two moves for a lookahead, of winning the game for an endgame
// search, and why a 50/50 is played now.
func (g Guess) Detail() string {
	runner := ""
	if g.Runner >= 0 {
		runner = fmt.Sprintf("; runner-up %.3f", g.RunnerScore)
	}
	switch g.Method {
	case MethodLookahead:
		return fmt.Sprintf("survives this move and the next with chance %.3f%s", g.Score, runner)
	case MethodLookahead2:
		return fmt.Sprintf("survives this move and the next two with chance %.3f%s", g.Score, runner)
	case MethodEndgame:
		return fmt.Sprintf("wins the game with chance %.3f, playing on perfectly over the layouts left%s", g.Score, runner)
	case MethodFiftyFifty:
		return "if this cell is a mine, no move will ever tell it from its mirror image: a 50/50 the game must take anyway, played now"
	case MethodThink:
		return fmt.Sprintf("wins the game with estimated chance %.3f, played on by the player over layouts drawn from the position%s", g.Score, runner)
	}
	return ""
}
