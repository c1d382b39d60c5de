package agent

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/stats"
)

// The win-probability search (WithThink) at a guess:
//
//  1. The guesser guesses as without the search, and ranks its candidates
//     (guess.Position.Rank): its choice first, then the rest of the cells
//     it weighed, thinkCandidates in all, and the safest cell when it is
//     not among them. An endgame search (exact already), a pseudo 50/50
//     (a risk the game must take anyway), a local estimate (a position too
//     large to count) or a single candidate is played as the guesser
//     chose, as is a position whose mine total is unknown.
//  2. Layouts are drawn uniformly from those that fit the position
//     (exact.Sampler), and each candidate is played on each layout: opened,
//     then the game finished by the player without the search, a copy of
//     this one (Agent.playOn). A candidate that is a mine in a layout loses
//     it without play. Every candidate is played on the same layouts with
//     the same random seed for the player (common random numbers), so the
//     candidates are compared layout by layout.
//  3. The candidates race: the layouts come in rounds of thinkRound, every
//     candidate still racing plays each, and after a round a candidate
//     other than the guesser's choice that the leader (the most wins, the
//     guesser's order breaking ties) beats by McNemar's z of at least
//     thinkDrop over the layouts both played is dropped. The guesser's
//     choice always races: it is what the others must beat. The race ends
//     when one candidate is left, the next round would pass the budget
//     of rollouts or, with a time budget (WithThinkTime), once that time
//     has passed since the search began, or the context's deadline is
//     less than two rounds (or a quarter of the time it first gave) away,
//     read between rounds: one round at least is raced. Given the number
//     of rounds, a race is the same whatever the clock says.
//  4. The leader is played if it beats the guesser's choice by McNemar's z
//     of at least thinkSwitch; else the guesser's choice is. The leader of
//     several noisy estimates is flattered by its noise, and the guesser's
//     ranking is worth more than a few rollouts' noise
//     (docs/notes/2026-11-29-think.md).
//
// The search seeds its layouts and rollouts from the game's seed and the
// moves played (searchSeed), so a game is the same whatever else the player
// has played, and it draws nothing from the game's random source: where it
// keeps the guesser's choice, the game goes on exactly as without the
// search, and a comparison with the default player, game by game, sees
// only the guesses it changed. A guess it has raced names MethodThink and
// carries every candidate's wins and rollouts (guess.Guess.Estimates),
// whether it keeps the guesser's choice or not.
//
// A search holds one layout at a time and, per pair of candidates, the
// layouts one won and the other lost: its memory does not grow with its
// rollouts.
const (
	thinkCandidates = 4   // the guesser's best candidates raced, besides the safest cell
	thinkRound      = 8   // layouts a round of the race
	thinkDrop       = 2.0 // McNemar's z by which the leader drops a candidate
	thinkSwitch     = 1.5 // McNemar's z by which the leader must beat the guesser's choice to be played instead
)

// How a search seeds its generators: a layout's generator is a PCG seeded
// with (search seed ^ j, thinkLayoutStream) for layout j; the rollouts on
// layout j seed their player with search seed ^ j*thinkRolloutMix.
const (
	thinkLayoutStream = 0x6c61796f7574 // "layout"
	thinkRolloutMix   = 0x726f6c6c     // "roll"
)

// searchSeed returns the seed of a search in the game of seed gameSeed
// after moves moves: splitmix64 of the two, so that nearby games and moves
// get unrelated layouts.
func searchSeed(gameSeed uint64, moves int) uint64 {
	z := gameSeed + uint64(moves)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// thinker is an agent's win-probability search: the player that plays its
// rollouts, the memory it reuses from search to search, and the report of
// its last search.
type thinker struct {
	budget int           // rollouts a search at most
	time   time.Duration // how long a search races at most, read between rounds; 0 for no limit
	roll   *Agent        // the rollouts' player: the agent without the search
	game   *game.Game    // the rollouts' game, resumed on each layout; nil until the first
	mines  []int         // the layout being played, its mines increasing; memory reused
	pcg    rand.PCG      // the layouts' generator, seeded per layout
	rng    *rand.Rand    // over pcg
	arms   []thinkArm    // the candidates of this search
	won    []bool        // per arm, the rollout on the layout being played
	only   []int         // only[a*len(arms)+b]: layouts arm a won and arm b lost, both playing them
	last   Thinking      // what the last search did
}

// thinkArm is a candidate of a search.
type thinkArm struct {
	cell        int
	wins, games int
	racing      bool
}

// newThinker returns the search of agent a with budget rollouts a guess,
// racing for at most d (0 for no limit): a copy of a's configuration,
// without the search, plays them.
func newThinker(a *Agent, budget int, d time.Duration) *thinker {
	roll := &Agent{preset: a.preset, guesser: a.guesser, limits: a.limits, findForced: a.findForced, budget: a.budget}
	for _, s := range a.strategies {
		if gs, ok := s.(GuessStrategy); ok {
			gs.state, gs.think = new(guess.State), nil
			s = gs
		}
		roll.strategies = append(roll.strategies, s)
	}
	t := &thinker{budget: budget, time: d, roll: roll}
	t.rng = rand.New(&t.pcg)
	return t
}

// thinks reports whether the search reconsiders a guess made by method m.
func thinks(m guess.Method) bool {
	switch m {
	case guess.MethodLookahead, guess.MethodLookahead2, guess.MethodProb:
		return true
	}
	return false
}

// choose returns the guess to play in p, where the guesser asked about gp
// guessed g: g itself, or the search's choice (see the comment above).
// t.last says what it did.
func (t *thinker) choose(ctx context.Context, p *Position, gp *guess.Position, g guess.Guess) (guess.Guess, error) {
	start := time.Now()
	t.last = Thinking{}
	defer func() { t.last.Elapsed = time.Since(start) }()
	if t.last.Skipped = skipReason(p, g); t.last.Skipped != "" {
		return g, nil
	}
	a, err := gp.Analysis(ctx, exact.Budget{})
	if errors.Is(err, exact.ErrBudget) {
		t.last.Skipped = skipUncounted
		return g, nil
	}
	if err != nil {
		return guess.Guess{}, err
	}
	smp, err := a.Sampler(ctx)
	if errors.Is(err, exact.ErrBudget) {
		t.last.Skipped = skipUncounted
		return g, nil
	}
	if err != nil {
		return guess.Guess{}, err
	}
	best, err := t.race(ctx, p, smp, g.Ranked, searchSeed(p.seed, p.Moves), start)
	if err != nil {
		return guess.Guess{}, err
	}
	if t.arms[0].games == 0 {
		t.last = Thinking{Skipped: skipBudget}
		return g, nil
	}
	return t.guessOf(g, best), nil
}

// skipBudget is why a search with a budget too small for one layout a
// candidate does not race.
const skipBudget = "the rollout budget is less than one layout a candidate"

// skipUncounted is why a search is skipped in a position too large to
// count: it has no sampler.
const skipUncounted = "a component is too large to count: no layouts can be drawn"

// skipReason returns why the search leaves guess g in p to the guesser,
// or "" when it races.
func skipReason(p *Position, g guess.Guess) string {
	switch {
	case g.Method == guess.MethodEndgame:
		return "an endgame search: its score is already the exact chance to win"
	case g.Method == guess.MethodFiftyFifty:
		return "a pseudo 50/50: a risk the game must take, whichever cell"
	case g.Method == guess.MethodLocal:
		return "a local estimate: the position is too large to count"
	case !thinks(g.Method):
		return "the guess is not the lookahead's"
	case len(g.Ranked) < 2:
		return "one candidate only"
	case !p.View.MinesKnown():
		return "the mine total is unknown: no layouts can be drawn"
	}
	return ""
}

// race plays the candidates cells (the guesser's choice first) on layouts
// of smp drawn from seed, and returns the index of the one to play; the
// search began at start. t.last counts its rounds and rollouts and says
// why it stopped.
func (t *thinker) race(ctx context.Context, p *Position, smp *exact.Sampler, cells []int, seed uint64, start time.Time) (int, error) {
	t.begin(cells)
	spent, layouts := 0, 0
	var round time.Duration // the last round's wall time
	reserve := deadlineReserve(ctx)
	for {
		racing := t.racing()
		n := min(thinkRound, (t.budget-spent)/racing)
		switch {
		case racing < 2:
			t.last.Stop = ThinkDecided
		case n == 0:
			t.last.Stop = ThinkRollouts
		case t.time > 0 && layouts > 0:
			t.last.Stop = t.timeUp(ctx, start, max(2*round, reserve))
		}
		if t.last.Stop != ThinkSkipped {
			break
		}
		began := time.Now()
		for j := layouts; j < layouts+n; j++ {
			if err := t.layout(ctx, smp, seed, j); err != nil {
				return 0, err
			}
			for a := range t.arms {
				if !t.arms[a].racing {
					continue
				}
				won, err := t.rollout(ctx, p, t.arms[a].cell, j, seed)
				if err != nil {
					return 0, err
				}
				t.record(a, won)
				spent++
			}
			t.tally()
		}
		layouts += n
		t.last.Rounds++
		round = time.Since(began)
		lead := t.leader()
		for a := 1; a < len(t.arms); a++ {
			if a != lead && t.arms[a].racing && t.z(lead, a) >= thinkDrop {
				t.arms[a].racing = false
			}
		}
	}
	t.last.Rollouts = spent
	if lead := t.leader(); lead != 0 && t.z(lead, 0) >= thinkSwitch {
		return lead, nil
	}
	return 0, nil
}

// timeUp says whether a race with a time budget, begun at start, is to
// stop before its next round, and why: ThinkTime when the budget has
// passed, ThinkDeadline when ctx's deadline is less than reserve away (the
// race then answers with what it has rather than nothing), else
// ThinkSkipped (go on).
func (t *thinker) timeUp(ctx context.Context, start time.Time, reserve time.Duration) ThinkStop {
	if time.Since(start) >= t.time {
		return ThinkTime
	}
	if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < reserve {
		return ThinkDeadline
	}
	return ThinkSkipped
}

// deadlineReserve returns the time a race keeps before ctx's deadline for
// the work after it, at least: a quarter of the time left when the race
// begins (a round may take much longer than the last one on a loaded
// machine, and the answer is still to be made); 0 without a deadline.
// timeUp keeps two rounds as long as the last one when that is more.
func deadlineReserve(ctx context.Context) time.Duration {
	deadline, ok := ctx.Deadline()
	if !ok {
		return 0
	}
	return time.Until(deadline) / 4
}

// begin makes cells the arms of a new race, every one racing, with no
// layout played (choose has emptied the report, t.last).
func (t *thinker) begin(cells []int) {
	t.arms = t.arms[:0]
	for _, c := range cells {
		t.arms = append(t.arms, thinkArm{cell: c, racing: true})
	}
	n := len(cells)
	t.won = append(t.won[:0], make([]bool, n)...)
	t.only = append(t.only[:0], make([]int, n*n)...)
}

// racing returns the number of candidates still racing.
func (t *thinker) racing() int {
	n := 0
	for _, a := range t.arms {
		if a.racing {
			n++
		}
	}
	return n
}

// record adds a rollout's outcome on the layout being played to arm a.
func (t *thinker) record(a int, won bool) {
	t.won[a] = won
	t.arms[a].games++
	if won {
		t.arms[a].wins++
	}
}

// tally adds the layout every racing arm has just played to the counts of
// the layouts one arm won and another lost.
func (t *thinker) tally() {
	n := len(t.arms)
	for a := range n {
		if !t.arms[a].racing || !t.won[a] {
			continue
		}
		for b := range n {
			if t.arms[b].racing && !t.won[b] {
				t.only[a*n+b]++
			}
		}
	}
}

// leader returns the racing candidate with the most wins, the first in
// the guesser's order among equals. Every racing candidate has played the
// same layouts.
func (t *thinker) leader() int {
	lead := -1
	for a, arm := range t.arms {
		if arm.racing && (lead < 0 || arm.wins > t.arms[lead].wins) {
			lead = a
		}
	}
	return lead
}

// z returns McNemar's z of candidate a over candidate b on the layouts
// both played.
func (t *thinker) z(a, b int) float64 {
	n := len(t.arms)
	return stats.McNemar(t.only[a*n+b], t.only[b*n+a])
}

// layout draws layout j of the search seeded seed into t.mines.
func (t *thinker) layout(ctx context.Context, smp *exact.Sampler, seed uint64, j int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	t.pcg.Seed(seed^uint64(j), thinkLayoutStream)
	t.mines = smp.Draw(t.rng, t.mines)
	return nil
}

// rollout reports whether the player wins the game of p on layout j, the
// one in t.mines, after opening cell: lost at once if the layout has a mine
// there, else played on by t.roll with its random source seeded from the
// search's seed and j.
func (t *thinker) rollout(ctx context.Context, p *Position, cell, j int, seed uint64) (bool, error) {
	mines := t.mines
	if isMineIn(mines, cell) {
		return false, nil
	}
	var err error
	if t.game == nil || t.game.Board() != p.View.Board {
		t.game, err = game.Resume(p.View, mines)
	} else {
		err = t.game.Resume(p.View, mines)
	}
	if err != nil {
		return false, fmt.Errorf("agent: think: %w", err)
	}
	return t.roll.playOn(ctx, t.game, p, cell, seed^uint64(j)*thinkRolloutMix)
}

// isMineIn reports whether cell is in mines, increasing.
func isMineIn(mines []int, cell int) bool {
	lo, hi := 0, len(mines)
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case mines[m] == cell:
			return true
		case mines[m] < cell:
			lo = m + 1
		default:
			hi = m
		}
	}
	return false
}

// guessOf returns g changed to the search's choice, arm best: its cell and
// estimate, the runner-up the other candidate of the best estimate, and
// every candidate's wins and rollouts.
func (t *thinker) guessOf(g guess.Guess, best int) guess.Guess {
	out := g
	out.Method = guess.MethodThink
	out.Cell, out.P, out.Score = t.arms[best].cell, g.Probs[t.arms[best].cell], t.arms[best].rate()
	out.Runner, out.RunnerP, out.RunnerScore = -1, 0, 0
	out.Estimates = make([]guess.Estimate, 0, len(t.arms))
	for a, arm := range t.arms {
		out.Estimates = append(out.Estimates, guess.Estimate{Cell: arm.cell, Wins: arm.wins, Rollouts: arm.games})
		if a != best && (out.Runner < 0 || arm.rate() > out.RunnerScore) {
			out.Runner, out.RunnerP, out.RunnerScore = arm.cell, g.Probs[arm.cell], arm.rate()
		}
	}
	return out
}

// rate returns the arm's share of games won; 0 before any.
func (a thinkArm) rate() float64 {
	if a.games == 0 {
		return 0
	}
	return float64(a.wins) / float64(a.games)
}
