package agent

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/cnf"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/internal/longtest"
	"github.com/minesat/minesat/kb"
)

var (
	update     = flag.Bool("update", false, "rewrite the golden files in testdata/")
	soundGames = flag.Int("games", 0, "games per level for TestSoundness (default 200, or 10000 with -long)")
)

// bruteForced is a ForcedFinder for small boards: it enumerates, by
// backtracking with hint bounds, every layout of the unknown cells next to
// a hint that agrees with the hints and the flags, and counts the other
// unknown cells (the interior) against the mine total.
func bruteForced(ctx context.Context, p *game.Puzzle) (mines, safe []int, err error) {
	front, interior := frontier(p)
	if len(front) > 40 {
		return nil, nil, fmt.Errorf("bruteForced: %d unknown cells next to hints is too many", len(front))
	}
	canMine, canSafe, _ := enumerateFrontier(p, true, math.MaxInt)
	for _, i := range append(front, interior...) {
		switch {
		case canMine[i] && !canSafe[i]:
			mines = append(mines, i)
		case canSafe[i] && !canMine[i]:
			safe = append(safe, i)
		case !canMine[i] && !canSafe[i]:
			return nil, nil, errors.New("bruteForced: no layout")
		}
	}
	return mines, safe, nil
}

// frontier returns p's unknown cells next to a hint, and the others (the
// interior).
func frontier(p *game.Puzzle) (front, interior []int) {
	for i, c := range p.Cells {
		if c.State != game.Unknown {
			continue
		}
		if slices.ContainsFunc(p.Board.Neighbors(i), func(j int32) bool { return p.Cells[j].State == game.Revealed }) {
			front = append(front, i)
		} else {
			interior = append(interior, i)
		}
	}
	return front, interior
}

// enumerateFrontier visits, by backtracking with hint bounds, every layout
// of p's frontier cells that agrees with the hints and the flags, and
// reports per cell whether some layout makes it a mine and whether some
// makes it safe. With total, a layout must also leave the interior a
// number of mines it can hold, and the interior cells are reported too.
// ok is false when the search visits more than budget nodes.
func enumerateFrontier(p *game.Puzzle, total bool, budget int) (canMine, canSafe []bool, ok bool) {
	b := p.Board
	front, interior := frontier(p)
	state := make([]int8, len(p.Cells)) // 1 mine, -1 safe, 2 unassigned, 0 open
	flags := 0
	for i, c := range p.Cells {
		if c.State == game.Flagged {
			state[i] = 1
			flags++
		}
	}
	for _, i := range front {
		state[i] = 2
	}
	fits := func(i int) bool { // the hints around i can still be met
		for _, h := range b.Neighbors(i) {
			c := p.Cells[h]
			if c.State != game.Revealed {
				continue
			}
			m, free := 0, 0
			for _, j := range b.Neighbors(int(h)) {
				switch state[j] {
				case 1:
					m++
				case 2:
					free++
				}
			}
			if m > int(c.Hint) || m+free < int(c.Hint) {
				return false
			}
		}
		return true
	}
	canMine = make([]bool, len(p.Cells))
	canSafe = make([]bool, len(p.Cells))
	nodes := 0
	var rec func(k, left int)
	rec = func(k, left int) {
		if nodes++; nodes > budget {
			return
		}
		if total && (left < 0 || left > len(front)-k+len(interior)) {
			return
		}
		if k == len(front) {
			if total {
				for _, i := range interior {
					canMine[i] = canMine[i] || left > 0
					canSafe[i] = canSafe[i] || left < len(interior)
				}
			}
			for _, i := range front {
				if state[i] == 1 {
					canMine[i] = true
				} else {
					canSafe[i] = true
				}
			}
			return
		}
		i := front[k]
		for _, v := range []int8{1, -1} {
			state[i] = v
			if fits(i) {
				rec(k+1, left-int(max(v, 0)))
			}
		}
		state[i] = 2
	}
	rec(0, p.Mines-flags)
	return canMine, canSafe, nodes <= budget
}

// checkPosition is the invariant checker run after every move: KB0 agrees
// with the hidden board, no stored clause is violated by the true layout,
// the view agrees with the game, and a move's reason clause holds its
// literal.
func checkPosition(t *testing.T, a *Agent, g *game.Game, m Move) {
	t.Helper()
	p := &a.pos
	mine := make([]bool, g.Board().Len())
	for i := range mine {
		mine[i] = g.IsMine(i)
	}
	for _, l := range p.KB.Settled() {
		if mine[kb.CellOf(l)] != kb.IsMine(l) {
			t.Fatalf("seed %d: KB0 holds %s, but the cell is the other way", g.Seed(), kb.FormatLit(g.Board(), l))
		}
	}
	truth := kb.Assignment(mine)
	for _, c := range p.KB.Clauses() {
		if !c.Holds(truth) {
			t.Fatalf("seed %d: stored clause %s is violated by the layout", g.Seed(), kb.FormatClause(g.Board(), c))
		}
	}
	for i := range mine {
		if got, want := p.View.Cells[i], g.Cell(i); got != want {
			t.Fatalf("seed %d: view of %v is %v; the game shows %v", g.Seed(), g.Board().Pos(i), got, want)
		}
	}
	switch m.Basis {
	case BasisUnit, BasisResolution, BasisGlobal:
		lit := kb.CellLit(m.Cell, m.Op == game.OpFlag)
		if !slices.Contains(m.Reason.Clause, lit) {
			t.Fatalf("seed %d: move %s %v: reason %s lacks the literal", g.Seed(), m.Op, g.Board().Pos(m.Cell), m.Why(g.Board()))
		}
	case BasisNone:
		t.Fatalf("seed %d: move without a rule", g.Seed())
	}
}

func TestInvariantsAfterEveryMove(t *testing.T) {
	small := game.Level{Name: "6x6/7", Rows: 6, Cols: 6, Mines: 7}
	tests := []struct {
		level game.Level
		rules game.Rules
		strat []Strategy
		games int
	}{
		{game.Easy, game.RulesSeed, nil, 300},
		{game.Medium, game.RulesSeed, nil, 200},
		{game.Hard, game.RulesSeed, nil, 100},
		{game.Expert, game.RulesZero, nil, 50},
		{small, game.RulesSafe, []Strategy{Units{}, Resolution{}, Global{}, SAT{Find: bruteForced}, GuessStrategy{G: guess.LocalGuesser{}}}, 300},
	}
	for _, tt := range tests {
		t.Run(tt.level.Name+"/"+tt.rules.String(), func(t *testing.T) {
			var a *Agent
			var g *game.Game
			moves := 0
			opts := []Option{WithObserver(func(gg *game.Game, m Move) { moves++; checkPosition(t, a, gg, m) })}
			if tt.strat != nil {
				opts = append(opts, WithStrategies(tt.strat...))
			}
			a, err := New(opts...)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < tt.games; i++ {
				g, err = game.New(tt.level, tt.rules, game.GameSeed(7, i))
				if err != nil {
					t.Fatal(err)
				}
				res, err := a.Play(context.Background(), g)
				if err != nil {
					t.Fatalf("game %d: %v", i, err)
				}
				if res.Outcome == game.Unfinished {
					t.Fatalf("game %d unfinished", i)
				}
				if res.Outcome == game.Stuck && g.Closed() == 0 {
					t.Fatalf("game %d: stuck with nothing left to open", i)
				}
			}
			if moves < tt.games {
				t.Errorf("the checker ran after %d moves in %d games", moves, tt.games)
			}
			t.Logf("checked after each of %d moves", moves)
		})
	}
}

// TestSoundness plays many games per level with the full preset (SAT step
// and guessing) and checks that no deduced move opens a mine or flags a
// safe cell (Play checks every move against the hidden layout and fails
// with game.ErrUnsound), and that every tenth record replays cleanly: 10,000
// games per level with -long, 200 without (-games N sets another number).
func TestSoundness(t *testing.T) {
	games := *soundGames
	if games == 0 {
		games = longtest.Pick(200, 10000)
	}
	tests := []struct {
		level game.Level
		rules game.Rules
	}{
		{game.Easy, game.RulesSeed}, {game.Medium, game.RulesSeed}, {game.Hard, game.RulesSeed},
		{game.Beginner, game.RulesSafe}, {game.Intermediate, game.RulesSafe}, {game.Expert, game.RulesZero},
	}
	for _, tt := range tests {
		t.Run(tt.level.Name+"/"+tt.rules.String(), func(t *testing.T) {
			t.Parallel()
			a, err := New(WithMoves())
			if err != nil {
				t.Fatal(err)
			}
			var won, deduced int
			for i := 0; i < games; i++ {
				g, err := game.New(tt.level, tt.rules, game.GameSeed(11, i))
				if err != nil {
					t.Fatal(err)
				}
				res, err := a.Play(context.Background(), g)
				if err != nil {
					t.Fatalf("game %d (seed %d): %v", i, g.Seed(), err)
				}
				if res.Outcome == game.Won {
					won++
				}
				deduced += res.Deduced
				if i%10 == 0 {
					rec := RecordOf(g, res)
					if err := game.VerifyRecord(&rec); err != nil {
						t.Fatalf("game %d: record does not replay: %v", i, err)
					}
				}
			}
			t.Logf("%d games: %d won, %d deduced moves, all sound", games, won, deduced)
		})
	}
}

// TestSATStep plays small boards with an exact (brute-force) SAT step:
// the agent is never stuck while some cell is forced, and "sat" wins at
// least every game "kb" wins.
func TestSATStep(t *testing.T) {
	level := game.Level{Name: "5x6/6", Rows: 5, Cols: 6, Mines: 6}
	kbAgent, _ := New(WithPreset(PresetKB))
	satAgent, _ := New(WithPreset(PresetSAT), WithForcedFinder(bruteForced))
	satWins, kbWins, satMoves := 0, 0, 0
	for i := 0; i < 300; i++ {
		seed := game.GameSeed(3, i)
		g1, _ := game.New(level, game.RulesSeed, seed)
		r1, err := kbAgent.Play(context.Background(), g1)
		if err != nil {
			t.Fatal(err)
		}
		g2, _ := game.New(level, game.RulesSeed, seed)
		r2, err := satAgent.Play(context.Background(), g2)
		if err != nil {
			t.Fatal(err)
		}
		if r2.Outcome == game.Stuck {
			m, s, _ := bruteForced(context.Background(), g2.View())
			if len(m)+len(s) > 0 {
				t.Fatalf("game %d: sat preset stuck with forced cells %v %v", i, m, s)
			}
		}
		if r1.Outcome == game.Won && r2.Outcome != game.Won {
			t.Errorf("game %d: kb won, sat %v", i, r2.Outcome)
		}
		if r1.Outcome == game.Won {
			kbWins++
		}
		if r2.Outcome == game.Won {
			satWins++
		}
		satMoves += r2.ByBasis[BasisSAT]
	}
	if satMoves == 0 {
		t.Errorf("the SAT step never found a move in 300 games")
	}
	t.Logf("kb won %d, sat won %d of 300; %d SAT moves", kbWins, satWins, satMoves)
}

// TestSameDeductionsInAnyOrder takes the positions where the kb agent got
// stuck and feeds their hints, in several orders, to fresh KBs: after
// saturation and the global count, every KB0 agrees with the agent's.
func TestSameDeductionsInAnyOrder(t *testing.T) {
	a, _ := New(WithPreset(PresetKB))
	rng := rand.New(rand.NewPCG(1, 1))
	stuck, want := 0, longtest.Pick(2, 8)
	for i := 0; stuck < want && i < 200; i++ {
		g, _ := game.New(game.Hard, game.RulesSeed, game.GameSeed(5, i))
		res, err := a.Play(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != game.Stuck {
			continue
		}
		stuck++
		view := g.View()
		var hints []int
		for i, c := range view.Cells {
			if c.State == game.Revealed {
				hints = append(hints, i)
			}
		}
		kb0 := map[cnf.Lit]bool{}
		for _, l := range a.pos.KB.Settled() {
			kb0[l] = true
		}
		for order := 0; order < 4; order++ {
			h := slices.Clone(hints)
			switch order {
			case 1:
				slices.Reverse(h)
			case 2, 3:
				rng.Shuffle(len(h), func(i, j int) { h[i], h[j] = h[j], h[i] })
			}
			k := kb.New(g.Board())
			for _, i := range h {
				if err := k.AddHint(i, int(view.Cells[i].Hint)); err != nil {
					t.Fatal(err)
				}
				if order == 3 {
					for k.Pending() {
						k.Resolve()
					}
				}
			}
			var unknown []int
			for i, c := range view.Cells {
				if c.State != game.Revealed {
					unknown = append(unknown, i)
				}
			}
			for k.Pending() {
				k.Resolve()
			}
			if a.pos.global {
				k.AddTotal(unknown, view.Mines, 1<<20)
				for k.Pending() {
					k.Resolve()
				}
			}
			got := map[cnf.Lit]bool{}
			for _, l := range k.Settled() {
				got[l] = true
			}
			if len(got) != len(kb0) {
				t.Errorf("game %d, order %d: KB0 has %d literals; the agent's has %d", i, order, len(got), len(kb0))
			}
			for l := range kb0 {
				if !got[l] {
					t.Errorf("game %d, order %d: KB0 lacks %s", i, order, kb.FormatLit(g.Board(), l))
				}
			}
		}
	}
	if stuck == 0 {
		t.Fatal("no stuck game to test")
	}
}

// TestTraceGolden plays one small game with a trace and compares it with
// testdata/trace.golden (go test -update rewrites it).
func TestTraceGolden(t *testing.T) {
	var buf bytes.Buffer
	a, err := New(WithTrace(&buf), WithStrategies(Units{}, Resolution{}, Global{}, SAT{Find: bruteForced}, GuessStrategy{G: guess.LocalGuesser{}}))
	if err != nil {
		t.Fatal(err)
	}
	for seed := int64(1); seed <= 3; seed++ {
		g, _ := game.New(game.Level{Name: "6x8/9", Rows: 6, Cols: 8, Mines: 9}, game.RulesSafe, seed)
		fmt.Fprintf(&buf, "game seed %d\n", seed)
		res, err := a.Play(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&buf, "%s: %d deduced, %d guessed\n\n", res.Outcome, res.Deduced, res.Guesses)
	}
	golden := filepath.Join("testdata", "trace.golden")
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got := buf.String(); got != string(want) {
		t.Errorf("trace differs from %s (run go test -update after checking):\n%s", golden, got)
	}
	for _, rule := range []string{"first click:", "unit:", "resolution:", "guess"} {
		if !strings.Contains(string(want), rule) {
			t.Errorf("the golden trace shows no %q move", rule)
		}
	}
}

func TestMoveWhy(t *testing.T) {
	b := game.MustBoard(3, 3)
	tests := []struct {
		m    Move
		want string
	}{
		{Move{Op: game.OpOpen, Cell: 4, Basis: BasisGuess, Guess: &guess.Guess{Cell: 4, P: 0.2}}, "guess"},
		{Move{Op: game.OpOpen, Cell: 0, Basis: BasisFirst}, "first click: the rules keep it safe"},
		{Move{Op: game.OpFlag, Cell: 8, Basis: BasisSAT, Mines: 10}, "sat: (2,2) is a mine in every layout that agrees with the hints and the 10-mine total"},
		{Move{Op: game.OpOpen, Cell: 8, Basis: BasisSAT, Mines: 10}, "sat: (2,2) is safe in every layout that agrees with the hints and the 10-mine total"},
		{Move{Op: game.OpOpen, Cell: 1, Basis: BasisUnit, Reason: kb.Reason{Source: kb.SourceHint, Clause: cnf.Clause{kb.SafeLit(1), kb.SafeLit(3)}, Hint: 0, HintN: 1}},
			"unit: clause -(0,1) v -(1,0) of hint 1 at (0,0)"},
		{Move{Op: game.OpFlag, Cell: 2, Basis: BasisResolution, Reason: kb.Reason{Source: kb.SourceResolution, Clause: cnf.Clause{kb.MineLit(2)},
			Parents: [2]cnf.Clause{{kb.MineLit(1), kb.MineLit(2)}, {kb.SafeLit(1), kb.MineLit(2)}}}},
			"resolution: clause (0,2), resolvent of (0,1) v (0,2) and -(0,1) v (0,2)"},
		{Move{Op: game.OpOpen, Cell: 5, Basis: BasisGlobal, Reason: kb.Reason{Source: kb.SourceTotal, Clause: cnf.Clause{kb.SafeLit(5), kb.SafeLit(7)}}},
			"global count: clause -(1,2) v -(2,1) of the global mine count"},
		{Move{Op: game.OpFlag, Cell: 5, Basis: BasisPair, Pair: &PairReason{Hint: 1, HintN: 2, With: 0, WithN: 1, Need: 2, Shared: 1, Others: 1}},
			"pair: (1,2) is a mine: hint 2 at (0,1) needs 2 more mines, the cells it shares with hint 1 at (0,0) hold at most 1, and it has 1 other closed cell"},
		{Move{Op: game.OpOpen, Cell: 3, Basis: BasisPair, Pair: &PairReason{Hint: 0, HintN: 1, With: 2, WithN: 3, Need: 1, Shared: 1, Others: 2}},
			"pair: (1,0) is safe: hint 1 at (0,0) needs 1 more mine, and the cells it shares with hint 3 at (0,2) hold at least 1"},
		{Move{Op: game.OpOpen, Cell: 3, Basis: BasisPair}, "pair: (1,0) is safe: no pair recorded"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.m.Why(b), "Why(%v %v)", tt.m.Basis, tt.m.Op)
		want := game.MoveRecord{Op: tt.m.Op.String(), Cell: b.Pos(tt.m.Cell).Pair(), Why: tt.want}
		assert.Equal(t, want, tt.m.Record(b), "Record(%v %v)", tt.m.Basis, tt.m.Op)
	}
}

func TestNewOptions(t *testing.T) {
	tests := []struct {
		name string
		opts []Option
		want []string
		err  bool
	}{
		{"default is full", nil, []string{"units", "resolution", "global", "sat", "guess: exact probability"}, false},
		{"kb", []Option{WithPreset("kb")}, []string{"units", "resolution", "global"}, false},
		{"sat", []Option{WithPreset("sat")}, []string{"units", "resolution", "global", "sat"}, false},
		{"full without guessing", []Option{WithNoGuess()}, []string{"units", "resolution", "global", "sat"}, false},
		{"unknown", []Option{WithPreset("psychic")}, nil, true},
		{"no strategies", []Option{WithStrategies()}, nil, true},
		{"nil guesser", []Option{WithGuesser(nil)}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := New(tt.opts...)
			if tt.err {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, a.Strategies())
		})
	}
}

func TestPlayStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a, err := New(WithPreset(PresetKB))
	require.NoError(t, err)
	g, err := game.New(game.Hard, game.RulesSeed, 1)
	require.NoError(t, err)
	res, err := a.Play(ctx, g)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, game.Unfinished, res.Outcome)
}

// TestUnsoundIsCaught feeds the agent a lying SAT step and checks that Play
// refuses the wrong move instead of playing it.
func TestUnsoundIsCaught(t *testing.T) {
	liar := func(ctx context.Context, p *game.Puzzle) ([]int, []int, error) {
		for i, c := range p.Cells {
			if c.State == game.Unknown {
				return []int{i}, nil, nil // "a mine": wrong for most cells
			}
		}
		return nil, nil, nil
	}
	a, _ := New(WithStrategies(SAT{Find: liar}))
	for seed := int64(0); seed < 20; seed++ {
		g, _ := game.New(game.Easy, game.RulesSeed, seed)
		if _, err := a.Play(context.Background(), g); errors.Is(err, game.ErrUnsound) {
			return
		}
	}
	t.Error("20 games with a lying SAT step never hit game.ErrUnsound")
}

func TestSameSeedSameGame(t *testing.T) {
	play := func() []game.Record {
		a, _ := New(WithMoves(), WithStrategies(Units{}, Resolution{}, Global{}, GuessStrategy{G: guess.LocalGuesser{}}))
		var out []game.Record
		for _, seed := range []int64{5, 6, 5} {
			g, _ := game.New(game.Hard, game.RulesSeed, seed)
			res, err := a.Play(context.Background(), g)
			require.NoError(t, err)
			out = append(out, RecordOf(g, res))
		}
		return out
	}
	r1, r2 := play(), play()
	assert.Equal(t, r1, r2, "two agents played the same seeds differently")
	assert.Equal(t, r1[0], r1[2], "the same seed played differently after another game")
}

// TestFastPlaysAsFull plays the same games with the full and fast presets:
// fast, with pairs of hints instead of resolution, must reach every guess in the same position
// and so make the same guesses, to the bit, with the same outcome, and
// prove every other move by a unit, a pair or SAT.
func TestFastPlaysAsFull(t *testing.T) {
	games := longtest.Pick(40, 150)
	full, _ := New(WithMoves())
	fast, _ := New(WithPreset(PresetFast), WithMoves())
	guessed := 0
	for _, l := range []struct {
		level game.Level
		rules game.Rules
	}{{game.Beginner, game.RulesSafe}, {game.Intermediate, game.RulesSafe}, {game.Expert, game.RulesSafe}, {game.Expert, game.RulesZero}} {
		for i := range games {
			res, _ := playBoth(t, [2]*Agent{full, fast}, l.level, l.rules, game.GameSeed(11, i))
			name := fmt.Sprintf("%s %v game %d", l.level.Name, l.rules, i)
			if res[0].Outcome != res[1].Outcome {
				t.Fatalf("%s: full %v, fast %v", name, res[0].Outcome, res[1].Outcome)
			}
			gs := [2][]*guess.Guess{}
			for k, r := range res {
				for _, m := range r.Moves {
					if m.Basis == BasisGuess {
						gs[k] = append(gs[k], m.Guess)
					} else if k == 1 && m.Basis != BasisFirst && m.Basis != BasisUnit && m.Basis != BasisPair && m.Basis != BasisSAT {
						t.Fatalf("%s: fast played a %v move", name, m.Basis)
					}
				}
			}
			if len(gs[0]) != len(gs[1]) {
				t.Fatalf("%s: full guessed %d times, fast %d", name, len(gs[0]), len(gs[1]))
			}
			for j := range gs[0] {
				if !sameGuess(gs[0][j], gs[1][j]) {
					t.Fatalf("%s, guess %d: full %+v, fast %+v", name, j, *gs[0][j], *gs[1][j])
				}
			}
			guessed += len(gs[0])
		}
	}
	if guessed < games {
		t.Fatalf("only %d guesses compared", guessed)
	}
}

// playBoth plays the game of level, rules and seed with each agent, and
// returns their results and the views they ended with.
func playBoth(t *testing.T, agents [2]*Agent, level game.Level, rules game.Rules, seed int64) (res [2]Result, views [2]*game.Puzzle) {
	t.Helper()
	for k, a := range agents {
		if a == nil {
			continue
		}
		g, err := game.New(level, rules, seed)
		if err != nil {
			t.Fatal(err)
		}
		if res[k], err = a.Play(context.Background(), g); err != nil {
			t.Fatal(err)
		}
		views[k] = g.View()
	}
	return res, views
}

// sameGuess reports whether x and y agree in every field, floats to the
// bit (Probs holds NaNs).
func sameGuess(x, y *guess.Guess) bool {
	same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
	if x.Cell != y.Cell || x.Runner != y.Runner || x.Method != y.Method || len(x.Probs) != len(y.Probs) ||
		!same(x.P, y.P) || !same(x.RunnerP, y.RunnerP) || !same(x.Score, y.Score) || !same(x.RunnerScore, y.RunnerScore) {
		return false
	}
	for i := range x.Probs {
		if !same(x.Probs[i], y.Probs[i]) {
			return false
		}
	}
	return true
}

// TestFastNoGuessAsSAT plays the same games with sat and with fast, both
// without guessing: each must end the same way, and a stuck game in the
// same position, the ceiling of pure logic, whatever order its deductions
// came in. (A won game may end with different cells flagged.)
func TestFastNoGuessAsSAT(t *testing.T) {
	games := longtest.Pick(40, 150)
	sat, _ := New(WithPreset(PresetSAT), WithNoGuess())
	fast, _ := New(WithPreset(PresetFast), WithNoGuess())
	stuck := 0
	for _, level := range []game.Level{game.Easy, game.Medium, game.Hard} {
		for i := range games {
			res, views := playBoth(t, [2]*Agent{sat, fast}, level, game.RulesSeed, game.GameSeed(13, i))
			out := [2]game.Outcome{res[0].Outcome, res[1].Outcome}
			if out[0] != out[1] || (out[0] == game.Stuck && !slices.Equal(views[0].Cells, views[1].Cells)) {
				t.Fatalf("%s game %d: sat %v, fast %v, or their last positions differ", level.Name, i, out[0], out[1])
			}
			if out[0] == game.Stuck {
				stuck++
			}
		}
	}
	if stuck < games/2 {
		t.Fatalf("only %d stuck games compared", stuck)
	}
}

func TestPresetGuesses(t *testing.T) {
	for p, want := range map[Preset]bool{PresetKB: false, PresetSAT: false, PresetFull: true, PresetFast: true, "bogus": false} {
		if got := p.Guesses(); got != want {
			t.Errorf("Preset(%q).Guesses() = %v; want %v", p, got, want)
		}
	}
}

func TestParsePreset(t *testing.T) {
	for _, p := range Presets {
		got, err := ParsePreset(string(p))
		require.NoError(t, err)
		assert.Equal(t, p, got)
	}
	_, err := ParsePreset("psychic")
	assert.EqualError(t, err, `unknown strategy "psychic": want kb, sat, full or fast`)
	_, err = ParseGuesserKind("psychic")
	assert.EqualError(t, err, `unknown guesser "psychic": want exact or local`)
}

// positionFor returns a Position over v, as a strategy sees it, with a
// generator seeded by seed.
func positionFor(v *game.Puzzle, seed uint64) *Position {
	return &Position{View: v, Rand: rand.New(rand.NewPCG(seed, 1)), closed: v.Unknowns(), flagged: v.Flags(), count: counts{z: exact.NewAnalyzer(exact.Budget{})}}
}
