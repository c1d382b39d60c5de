package agent

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/minesat/minesat/cnf"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/kb"
)

// Result is one game's outcome and what it took.
type Result struct {
	Outcome game.Outcome  // Won, Lost or Stuck; Unfinished if stopped by its context
	Moves   []Move        // every move, in order; nil unless WithMoves or an Observer asked for them
	Guesses int           // guessed moves
	Deduced int           // moves proved safe or a mine (the first click, safe by the rules, is not one: see ByBasis[BasisFirst])
	ByBasis [8]int        // moves per Basis
	SAT     int           // calls of the SAT step
	KB      kb.Stats      // the KB's work
	Elapsed time.Duration // wall time of Play
}

// Observer is called after every move with the game in its new state.
type Observer func(g *game.Game, m Move)

// Option configures an Agent.
type Option func(*Agent) error

// Agent plays games. It keeps its KB and buffers between games, so one
// Agent per worker goroutine plays many games without allocating much; an
// Agent is not safe for concurrent use.
type Agent struct {
	strategies []Strategy
	preset     Preset
	noGuess    bool
	guesser    guess.Guesser
	first      *game.Pos
	rng        *rand.Rand
	trace      io.Writer
	observer   Observer
	moves      bool
	limits     *kb.Limits
	findForced ForcedFinder
	budget     exact.Budget  // Advise's counting budget
	think      int           // the win-probability search's rollouts a guess; 0 for none
	thinkTime  time.Duration // the win-probability search's time a guess; 0 for no limit
	thinker    *thinker      // the search, when think or thinkTime is set

	pos Position
}

// New returns an agent playing the "full" preset unless options say
// otherwise.
func New(opts ...Option) (*Agent, error) {
	a := &Agent{preset: PresetFull, guesser: guess.DefaultGuesser()}
	for _, o := range opts {
		if err := o(a); err != nil {
			return nil, err
		}
	}
	if g, ok := a.guesser.(guess.ProbGuesser); ok && a.budget != (exact.Budget{}) && g.Budget == (exact.Budget{}) {
		g.Budget = a.budget // WithBudget bounds the guesser's counts too
		a.guesser = g
	}
	limits := binaryLimits
	if a.strategies == nil {
		s, l, err := a.preset.Strategies(a.guesser, a.findForced)
		if err != nil {
			return nil, err
		}
		a.strategies, limits = s, l
	}
	if a.limits == nil {
		a.limits = &limits
	}
	kept := a.strategies[:0:0]
	for _, s := range a.strategies {
		if gs, ok := s.(GuessStrategy); ok {
			if a.noGuess {
				continue
			}
			gs.state = new(guess.State) // each agent's own memory
			s = gs
		}
		kept = append(kept, s)
	}
	a.strategies = kept
	if a.think > 0 || a.thinkTime > 0 {
		budget := a.think
		if budget == 0 {
			budget = ThinkTimeRollouts
		}
		t := newThinker(a, budget, a.thinkTime)
		a.thinker = t
		for i, s := range a.strategies {
			if gs, ok := s.(GuessStrategy); ok {
				gs.think = t
				a.strategies[i] = gs
			}
		}
	}
	return a, nil
}

// WithThink makes the agent search at its guesses for the candidate with
// the best chance to win the game, estimated by playing on from each over
// at most rollouts layouts drawn from the position, a guess (see think.go);
// 0 for no search. The rollouts are drawn from the game's random source:
// the games stay reproducible.
func WithThink(rollouts int) Option {
	return func(a *Agent) error {
		if rollouts < 0 {
			return fmt.Errorf("agent: think %d: want 0 or more rollouts", rollouts)
		}
		a.think = rollouts
		return nil
	}
}

// WithPreset selects the strategies p names.
func WithPreset(p Preset) Option {
	return func(a *Agent) error {
		if _, _, err := p.Strategies(nil, nil); err != nil {
			return err
		}
		a.preset = p
		return nil
	}
}

// WithStrategies replaces the preset with an explicit list, tried in order.
func WithStrategies(s ...Strategy) Option {
	return func(a *Agent) error {
		if len(s) == 0 {
			return fmt.Errorf("agent: no strategies")
		}
		a.strategies = append([]Strategy(nil), s...)
		return nil
	}
}

// WithNoGuess removes guessing: a game whose logic runs out ends stuck.
func WithNoGuess() Option {
	return func(a *Agent) error { a.noGuess = true; return nil }
}

// WithGuesser sets how the "full" and "fast" presets guess (default
// guess.DefaultGuesser()).
func WithGuesser(g guess.Guesser) Option {
	return func(a *Agent) error {
		if g == nil {
			return fmt.Errorf("agent: nil guesser")
		}
		a.guesser = g
		return nil
	}
}

// WithForcedFinder sets the SAT step's prover (by default its own, which
// finds what exact.FindForced finds; see SAT).
func WithForcedFinder(f ForcedFinder) Option {
	return func(a *Agent) error {
		if f == nil {
			return fmt.Errorf("agent: nil forced finder")
		}
		a.findForced = f
		return nil
	}
}

// WithFirst sets the first click under RulesSafe and RulesZero (default
// the top-left corner).
func WithFirst(p game.Pos) Option {
	return func(a *Agent) error { a.first = &p; return nil }
}

// WithRand makes every game draw its random choices from rng. By default
// each game gets its own generator, seeded from the game's seed, so its
// moves do not depend on the games played before; with WithRand they do.
func WithRand(rng *rand.Rand) Option {
	return func(a *Agent) error { a.rng = rng; return nil }
}

// WithTrace writes one line per move to w: the move number, the op, the
// cell and the why.
func WithTrace(w io.Writer) Option {
	return func(a *Agent) error { a.trace = w; return nil }
}

// WithObserver calls f after every move.
func WithObserver(f Observer) Option {
	return func(a *Agent) error { a.observer = f; return nil }
}

// WithMoves keeps every move in Result.Moves, as records need.
func WithMoves() Option {
	return func(a *Agent) error { a.moves = true; return nil }
}

// WithLimits sets the KB's resolution limits (default: the preset's, see
// Preset.Strategies; with WithStrategies, the binary restriction without merging).
func WithLimits(l kb.Limits) Option {
	return func(a *Agent) error { a.limits = &l; return nil }
}

// Strategies returns the names of the strategies the agent tries, in order.
func (a *Agent) Strategies() []string {
	out := make([]string, len(a.strategies))
	for i, s := range a.strategies {
		out[i] = s.Name()
	}
	return out
}

// Position is what strategies see: the player's view of the game and the
// KB built from it. Strategies may read both and may add to the KB (a
// settled literal becomes a move through Pending); they must not change
// View, which the agent keeps in step with the game.
type Position struct {
	View  *game.Puzzle // what the player sees; Flagged cells are known mines, Mines the level's total
	KB    *kb.KB       // clauses and KB0 over the cells
	Rand  *rand.Rand   // the game's random source
	Moves int          // moves played so far

	SATCalls int // calls of the SAT step so far

	// The view's counts and the game's own state.
	closed  int  // Unknown cells in View
	flagged int  // Flagged cells in View
	explain bool // the moves are kept or watched: guessers weigh their runner-up too
	// lazy makes Pending leave the KB's reasons out even when explain:
	// its caller fills in, with withReason, the one move it keeps.
	lazy   bool
	opened []int   // the cells the last open revealed, reused
	own    ownRand // the game's generator unless WithRand gave one
	seed   uint64  // the game's seed, which the win-probability search seeds its draws from

	// Each feature's own state, kept between moves of a game.
	count  counts      // the exact counts of View, shared by the SAT step, guessing and Advise
	units  units       // Pending's (the Units step's) progress through KB0
	global bool        // the Global step has put the mine total in the KB
	pairs  pairScratch // the HintPairs step's changed cells and working arrays
}

// ownRand is the game's own random generator, seeded afresh each game and
// kept by the agent, as a Rand holds no state beyond its source.
type ownRand struct {
	pcg  rand.PCG   // the source of r
	rand *rand.Rand // nil until the first game without WithRand
}

// units is how far Pending has turned KB0's settled literals into moves.
type units struct {
	acted   int    // KB0 literals already turned into moves
	pending []Move // Pending's moves, reused unless explain
}

// Unknown returns the number of cells neither open nor flagged.
func (p *Position) Unknown() int { return p.closed }

// MinesLeft returns the level's mines minus the flagged cells, or -1 when
// the position's mine total is unknown (game.UnknownMines).
func (p *Position) MinesLeft() int {
	if !p.View.MinesKnown() {
		return -1
	}
	return p.View.Mines - p.flagged
}

// Pending returns the moves for the literals KB0 settled since the last
// call, skipping cells already open or flagged. Each move carries the
// reason the KB gives for its literal when the moves are kept or watched
// (WithMoves, WithObserver, WithTrace); otherwise only its rule, and the
// slice is reused by the next call. A lazy Position gets only the first
// open among them when there is one (see lazyPending).
func (p *Position) Pending() []Move {
	kb0 := p.KB.Settled()
	n := 0
	for _, l := range kb0[p.units.acted:] {
		if p.View.Cells[kb.CellOf(l)].State == game.Unknown {
			n++
		}
	}
	if n == 0 {
		p.units.acted = len(kb0)
		return nil
	}
	if p.lazy {
		return p.lazyPending(kb0, n)
	}
	out := p.units.pending[:0] // the moves are played and dropped before the next call
	if p.explain {
		out = make([]Move, 0, n) // kept
	}
	for _, l := range kb0[p.units.acted:] {
		i := kb.CellOf(l)
		if p.View.Cells[i].State != game.Unknown {
			continue
		}
		var m Move
		if p.explain {
			r := p.KB.Explain(l)
			m = Move{Op: game.OpOpen, Cell: i, Basis: basisOf(r.Source), Reason: r}
		} else {
			// Nobody reads the reason: the rule alone, without copying the
			// clause (withReason fills it in if a move turns out wrong).
			m = Move{Op: game.OpOpen, Cell: i, Basis: basisOf(p.KB.SourceOf(l))}
		}
		if kb.IsMine(l) {
			m.Op = game.OpFlag
		}
		out = append(out, m)
	}
	p.units.acted = len(kb0)
	if !p.explain {
		p.units.pending = out
	}
	return out
}

// lazyPending is Pending for a lazy Position, whose caller plays the first
// open of the moves when there is one, and else every flag (Advise): it
// returns that open alone, or the n flags, each with its rule only (the
// caller fills in the reason it shows with withReason), in a slice reused
// by the next call. So a big board's settled cells are never all held as
// moves at once.
func (p *Position) lazyPending(kb0 []cnf.Lit, n int) []Move {
	news := kb0[p.units.acted:]
	p.units.acted = len(kb0)
	for _, l := range news {
		if i := kb.CellOf(l); !kb.IsMine(l) && p.View.Cells[i].State == game.Unknown {
			m := Move{Op: game.OpOpen, Cell: i, Basis: basisOf(p.KB.SourceOf(l))}
			p.units.pending = append(p.units.pending[:0], m)
			return p.units.pending
		}
	}
	out := p.units.pending[:0]
	if cap(out) < n {
		out = make([]Move, 0, n)
	}
	for _, l := range news {
		if i := kb.CellOf(l); p.View.Cells[i].State == game.Unknown {
			out = append(out, Move{Op: game.OpFlag, Cell: i, Basis: basisOf(p.KB.SourceOf(l))})
		}
	}
	p.units.pending = out
	return out
}

// withReason returns m with the KB's reason filled in when Pending left
// it out: a move settled by a clause, made while nobody kept the moves.
func (p *Position) withReason(m Move) Move {
	switch m.Basis {
	case BasisUnit, BasisResolution, BasisGlobal:
	default:
		return m // not settled by a clause: no reason to fill in
	}
	mine := m.Op == game.OpFlag
	if v, known := p.KB.Value(m.Cell); m.Reason.Clause == nil && known && v == mine {
		m.Reason = p.KB.Explain(kb.CellLit(m.Cell, mine))
	}
	return m
}

// gameSeedStream is the second PCG word of a game's own generator.
const gameSeedStream = 0x6167656e74 // "agent"

// Play plays g to its end: won, lost, or stuck. Under RulesSafe and
// RulesZero it opens the first click itself; under RulesSeed the initial
// cells are already open. It returns an error if ctx ends (the outcome is
// then game.Unfinished), if a deduced move turns out wrong
// (game.ErrUnsound: a bug), or if a strategy fails.
func (a *Agent) Play(ctx context.Context, g *game.Game) (Result, error) {
	start := time.Now()
	res := Result{}
	b := g.Board()
	p := &a.pos
	finish := func(err error) (Result, error) {
		res.KB = p.KB.Stats()
		res.SAT = p.SATCalls
		res.Elapsed = time.Since(start)
		return res, err
	}
	play, err := a.begin(g, &res)
	if err != nil {
		return finish(err)
	}
	if g.Outcome() == game.Unfinished && p.closed == b.Len() {
		first := game.Pos{}
		if a.first != nil {
			first = *a.first
		}
		if err := play.apply(ctx, Move{Op: game.OpOpen, Cell: b.Index(first), Basis: BasisFirst}); err != nil {
			return finish(err)
		}
	}
	stuck, err := play.loop(ctx)
	if err != nil {
		return finish(err)
	}
	if stuck {
		res.Outcome = game.Stuck
		return finish(nil)
	}
	if o := g.Outcome(); o != game.Unfinished {
		res.Outcome = o
	}
	return finish(nil)
}

// begin makes the agent's position that of the start of g, its open cells
// learnt, and returns the game in progress, its moves counted in res.
func (a *Agent) begin(g *game.Game, res *Result) (*playState, error) {
	b := g.Board()
	p := &a.pos
	if p.KB == nil {
		p.KB = kb.NewWithLimits(b, *a.limits)
	} else {
		p.KB.Reset(b)
	}
	if p.View == nil || p.View.Board != b {
		p.View = &game.Puzzle{Board: b, Cells: make([]game.Cell, b.Len())}
	}
	p.View.Mines = g.Level().Mines
	if p.count.z == nil {
		p.count.z = exact.NewAnalyzerCache(exact.Budget{}, exact.NewCache())
	}
	p.count.z.Cache().Reset()
	p.count.last = nil
	p.explain = a.moves || a.observer != nil || a.trace != nil
	p.pairs.reset()
	clear(p.View.Cells)
	p.closed, p.flagged, p.units.acted, p.global, p.Moves, p.SATCalls = b.Len(), 0, 0, false, 0, 0
	p.Rand, p.seed = a.rng, uint64(g.Seed())
	if p.Rand == nil {
		// The game's own generator, seeded afresh: kept by the agent, as a
		// Rand holds no state beyond its source.
		p.own.pcg.Seed(uint64(g.Seed()), gameSeedStream)
		if p.own.rand == nil {
			p.own.rand = rand.New(&p.own.pcg)
		}
		p.Rand = p.own.rand
	}
	play := &playState{a: a, g: g, res: res}
	for i := 0; i < b.Len(); i++ {
		if c := g.Cell(i); c.State == game.Revealed {
			if err := play.learn(i, c); err != nil {
				return nil, err
			}
		}
	}
	return play, nil
}

// playState is one game in progress.
type playState struct {
	a   *Agent
	g   *game.Game
	res *Result
}

// loop plays the agent's moves until the game ends or the agent is stuck.
func (s *playState) loop(ctx context.Context) (stuck bool, err error) {
	g := s.g
	return s.a.loop(ctx, &s.a.pos, func() bool { return g.Outcome() != game.Unfinished }, func(moves []Move) (bool, error) {
		for _, m := range moves {
			if g.Outcome() != game.Unfinished {
				break
			}
			if err := s.apply(ctx, m); err != nil {
				return true, err
			}
		}
		return false, nil
	})
}

// learn tells the view and the KB that cell i is open with hint c.
func (s *playState) learn(i int, c game.Cell) error {
	p := &s.a.pos
	switch p.View.Cells[i].State {
	case game.Unknown:
		p.closed--
	case game.Flagged:
		p.flagged--
	}
	p.View.Cells[i] = c
	p.pairs.note(i)
	return p.KB.AddHint(i, int(c.Hint))
}

// apply plays m unless the cell is already open (or flagged, for a flag),
// and tells the view, the KB, the result and the observers.
func (s *playState) apply(ctx context.Context, m Move) error {
	a, g, p := s.a, s.g, &s.a.pos
	b := g.Board()
	switch p.View.Cells[m.Cell].State {
	case game.Revealed:
		return nil
	case game.Flagged:
		if m.Op == game.OpFlag {
			return nil
		}
	}
	switch m.Op {
	case game.OpFlag:
		if m.Basis.Deduced() && !g.IsMine(m.Cell) {
			return fmt.Errorf("agent: flag %v (%s) is safe: %w", b.Pos(m.Cell), p.withReason(m).Why(b), game.ErrUnsound)
		}
		if err := g.Flag(b.Pos(m.Cell)); err != nil {
			return fmt.Errorf("agent: %w", err)
		}
		if err := p.placeFlag(m.Cell); err != nil {
			return err
		}
	case game.OpOpen:
		if cap(p.opened) < b.Len() {
			// One open can flood the whole board: room for it from the
			// start, instead of append's growth holding the old and the
			// new array at once (2.25 times the cells' ints).
			p.opened = make([]int, 0, b.Len())
		}
		opened, err := g.OpenAppend(p.opened[:0], b.Pos(m.Cell))
		p.opened = opened
		if errors.Is(err, game.ErrMine) {
			if m.Basis.Deduced() {
				return fmt.Errorf("agent: open %v (%s) is a mine: %w", b.Pos(m.Cell), p.withReason(m).Why(b), game.ErrUnsound)
			}
		} else if err != nil {
			return fmt.Errorf("agent: %w", err)
		}
		for _, j := range opened {
			if err := s.learn(j, g.Cell(j)); err != nil {
				return err
			}
		}
		if (a.moves || a.observer != nil) && len(opened) > 0 {
			m.Opened = slices.Clone(opened) // p.opened is reused
		}
	default:
		return fmt.Errorf("agent: move with op %v", m.Op)
	}
	p.Moves++
	s.res.ByBasis[m.Basis]++
	switch m.Basis {
	case BasisGuess:
		s.res.Guesses++
	case BasisFirst:
	default:
		s.res.Deduced++
	}
	if a.moves {
		s.res.Moves = append(s.res.Moves, m)
	}
	if a.trace != nil {
		fmt.Fprintf(a.trace, "%d %s %v %s\n", p.Moves, m.Op, b.Pos(m.Cell), m.Why(b))
	}
	if a.observer != nil {
		a.observer(g, m)
	}
	return nil
}
