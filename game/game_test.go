package game

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/internal/longtest"
)

// layoutGame starts a game on the layout drawn in picture (see layoutOf),
// with no initial cells.
func layoutGame(t testing.TB, picture string) *Game {
	t.Helper()
	l, mines := layoutOf(t, picture)
	g, err := NewWithLayout(l, RulesSafe, 0, mines, nil)
	require.NoError(t, err)
	return g
}

// trimPicture removes indentation and blank lines from a literal picture.
func trimPicture(s string) string {
	var rows []string
	for line := range strings.SplitSeq(s, "\n") {
		if line = strings.ReplaceAll(strings.TrimSpace(line), " ", ""); line != "" {
			rows = append(rows, line)
		}
	}
	return strings.Join(rows, "\n")
}

func TestFloodFill(t *testing.T) {
	const layout = `
		* . . . .
		. . . . .
		. . . * .
		. . . . .`
	tests := []struct {
		name   string
		flags  []Pos
		open   []Pos
		opened int    // cells the last Open reveals
		want   string // the view afterwards
		status Outcome
	}{
		{"a hint opens alone", nil, []Pos{{0, 1}}, 1, `
			? 1 ? ? ?
			? ? ? ? ?
			? ? ? ? ?
			? ? ? ? ?`, Unfinished},
		{"a zero opens its area and its border", nil, []Pos{{0, 4}}, 8, `
			? 1 0 0 0
			? 1 1 1 1
			? ? ? ? ?
			? ? ? ? ?`, Unfinished},
		{"the flood turns corners", nil, []Pos{{3, 0}}, 9, `
			? ? ? ? ?
			1 1 1 ? ?
			0 0 1 ? ?
			0 0 1 ? ?`, Unfinished},
		{"opening an open cell does nothing", nil, []Pos{{0, 4}, {0, 3}}, 0, `
			? 1 0 0 0
			? 1 1 1 1
			? ? ? ? ?
			? ? ? ? ?`, Unfinished},
		{"the flood opens a wrongly flagged safe cell", []Pos{{0, 2}, {3, 4}}, []Pos{{0, 4}}, 8, `
			? 1 0 0 0
			? 1 1 1 1
			? ? ? ? ?
			? ? ? ? F`, Unfinished},
		{"opening a flagged safe cell opens it", []Pos{{0, 1}}, []Pos{{0, 1}}, 1, `
			? 1 ? ? ?
			? ? ? ? ?
			? ? ? ? ?
			? ? ? ? ?`, Unfinished},
		{"the last safe cells win", nil, []Pos{{0, 4}, {3, 0}, {2, 4}, {3, 3}, {3, 4}}, 1, `
			? 1 0 0 0
			1 1 1 1 1
			0 0 1 ? 1
			0 0 1 1 1`, Won},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := layoutGame(t, layout)
			for _, p := range tc.flags {
				require.NoError(t, g.Flag(p))
			}
			var opened []int
			for _, p := range tc.open {
				var err error
				opened, err = g.Open(p)
				require.NoError(t, err, "Open(%v)", p)
				checkGame(t, g)
			}
			assert.Len(t, opened, tc.opened, "cells the last Open revealed")
			for _, i := range opened {
				assert.Equal(t, Revealed, g.Cell(i).State, "Open reported %v", g.Board().Pos(i))
			}
			assert.Equal(t, trimPicture(tc.want), picture(g.View()), "the view")
			assert.Equal(t, tc.status, g.Outcome())

			// OpenAppend plays the same, appending to the buffer it is given.
			again := layoutGame(t, layout)
			for _, p := range tc.flags {
				require.NoError(t, again.Flag(p))
			}
			buf := []int{-1}
			for _, p := range tc.open {
				var err error
				buf, err = again.OpenAppend(buf[:1], p)
				require.NoError(t, err, "OpenAppend(%v)", p)
			}
			assert.Equal(t, append([]int{-1}, opened...), buf, "what the last OpenAppend appended")
			assert.Equal(t, picture(g.View()), picture(again.View()), "the view after OpenAppend")
		})
	}
}

func TestOpenMineLoses(t *testing.T) {
	g := layoutGame(t, "*.\n..")
	_, err := g.Open(Pos{1, 1})
	require.NoError(t, err)
	opened, err := g.Open(Pos{0, 0})
	require.ErrorIs(t, err, ErrMine)
	assert.Nil(t, opened)
	assert.Equal(t, Lost, g.Outcome())
	_, err = g.Open(Pos{0, 1})
	assert.ErrorIs(t, err, ErrOver, "Open after losing")
	assert.ErrorIs(t, g.Flag(Pos{0, 1}), ErrOver, "Flag after losing")
}

func TestFlagsNeverChangeTheOutcome(t *testing.T) {
	g := layoutGame(t, "*.\n..")
	for _, p := range []Pos{{0, 0}, {0, 1}, {0, 1}} { // a right flag, a wrong one, twice
		require.NoError(t, g.Flag(p), "Flag(%v)", p)
	}
	assert.Equal(t, Unfinished, g.Outcome(), "after flags")
	assert.Equal(t, 3, g.Closed(), "after flags")
	for _, p := range []Pos{{1, 0}, {1, 1}, {0, 1}} {
		_, err := g.Open(p)
		require.NoError(t, err, "Open(%v)", p)
	}
	assert.Equal(t, Won, g.Outcome(), "the mine flagged and every safe cell open")
	g2 := layoutGame(t, "*.\n..")
	require.NoError(t, g2.Flag(Pos{0, 0}))
	_, err := g2.Open(Pos{0, 0})
	assert.ErrorIs(t, err, ErrMine, "opening a flagged mine")
}

func TestMoveErrors(t *testing.T) {
	g := layoutGame(t, "*.\n..")
	_, err := g.Open(Pos{1, 1})
	require.NoError(t, err)
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"open off the board", second(g.Open(Pos{2, 0})), "game: open (2,0): off the 2x2 board"},
		{"open negative", second(g.Open(Pos{0, -1})), "game: open (0,-1): off the 2x2 board"},
		{"flag off the board", g.Flag(Pos{-1, 0}), "game: flag (-1,0): off the 2x2 board"},
		{"flag an open cell", g.Flag(Pos{1, 1}), "game: flag (1,1): the cell is open"},
		{"unflag off the board", g.Unflag(Pos{0, 2}), "game: unflag (0,2): off the 2x2 board"},
		{"unflag a closed cell", g.Unflag(Pos{0, 1}), "game: unflag (0,1): the cell is not flagged"},
	}
	for _, tc := range tests {
		assert.EqualError(t, tc.err, tc.want, tc.name)
	}
	checkGame(t, g)
}

func TestUnflag(t *testing.T) {
	g := layoutGame(t, "*.\n..")
	require.NoError(t, g.Flag(Pos{0, 1}))
	require.NoError(t, g.Unflag(Pos{0, 1}))
	assert.Equal(t, Unknown, g.Cell(1).State, "the cell is closed again")
	require.NoError(t, g.Flag(Pos{0, 1}), "flag it again")
	checkGame(t, g)
}

func second[T any](_ T, err error) error { return err }

func TestNewWithLayoutErrors(t *testing.T) {
	l := Level{"2x2/1", 2, 2, 1}
	tests := []struct {
		name           string
		rules          Rules
		mines, initial []Pos
		want           string
	}{
		{"wrong count", RulesSeed, []Pos{{0, 0}, {1, 1}}, nil, "game: layout has 2 mines, level 2x2/1 needs 1"},
		{"off the board", RulesSeed, []Pos{{2, 0}}, nil, "game: mine (2,0) is off the 2x2 board"},
		{"initial on a mine", RulesSeed, []Pos{{0, 0}}, []Pos{{0, 0}}, "game: initial cell (0,0) is off the board or a mine"},
		{"initial off the board", RulesSeed, []Pos{{0, 0}}, []Pos{{5, 5}}, "game: initial cell (5,5) is off the board or a mine"},
		{"initial under safe", RulesSafe, []Pos{{0, 0}}, []Pos{{1, 1}}, "game: rules safe open no initial cells, the layout lists 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewWithLayout(l, tc.rules, 0, tc.mines, tc.initial)
			assert.EqualError(t, err, tc.want)
		})
	}
	_, err := NewWithLayout(Level{"2x2/2", 2, 2, 2}, RulesSeed, 0, []Pos{{0, 0}, {0, 0}}, nil)
	assert.EqualError(t, err, "game: mine (0,0) listed twice")
}

// TestRulesSafe checks, over 10,000 seeds and every first cell, that the
// first cell opened under RulesSafe is never a mine.
func TestRulesSafe(t *testing.T) {
	seeds := longtest.Pick(1000, 10000)
	for seed := range seeds {
		g, err := New(Beginner, RulesSafe, int64(seed))
		if err != nil {
			t.Fatal(err)
		}
		if g.Placed() || g.Mines() != nil || len(g.Initial()) != 0 {
			t.Fatalf("seed %d: the layout is drawn before the first open", seed)
		}
		first := g.Board().Pos(seed % g.Board().Len())
		if _, err := g.Open(first); err != nil {
			t.Fatalf("seed %d: first open %v: %v", seed, first, err)
		}
		if g.IsMine(g.Board().Index(first)) {
			t.Fatalf("seed %d: first cell %v is a mine", seed, first)
		}
		checkGame(t, g)
	}
}

// TestRulesSafeUniform checks that the layout is uniform over the layouts
// that respect RulesSafe: on a 3x3 board with one mine and the centre opened
// first, each of the 8 other cells holds the mine equally often.
func TestRulesSafeUniform(t *testing.T) {
	const seeds = 8000
	var count [9]int
	for seed := range seeds {
		g, err := New(Level{"3x3/1", 3, 3, 1}, RulesSafe, int64(seed))
		require.NoError(t, err)
		_, err = g.Open(Pos{1, 1})
		require.NoError(t, err)
		count[g.Board().Index(g.Mines()[0])]++
	}
	require.Zero(t, count[4], "times the centre held the mine")
	chi2, want := 0.0, float64(seeds)/8
	for i, c := range count {
		if i != 4 {
			chi2 += (float64(c) - want) * (float64(c) - want) / want
		}
	}
	assert.LessOrEqual(t, chi2, 24.32, "mine counts %v: chi-square past 24.32 (7 degrees of freedom, p = 0.001); not uniform", count)
}

// TestRulesZero checks that the first cell and its neighbours are mine-free,
// so the first open reveals a zero and its area, including on the tightest
// level the rules allow.
func TestRulesZero(t *testing.T) {
	levels := []Level{Beginner, Expert, {"4x4/7", 4, 4, 7}, {"1x5/2", 1, 5, 2}, {"2x5/4", 2, 5, 4}}
	for _, l := range levels {
		t.Run(l.Name, func(t *testing.T) {
			for seed := range 500 {
				g, err := New(l, RulesZero, int64(seed))
				if err != nil {
					t.Fatal(err)
				}
				first := g.Board().Pos(rand.New(rand.NewPCG(uint64(seed), 1)).IntN(g.Board().Len()))
				opened, err := g.Open(first)
				if err != nil {
					t.Fatalf("seed %d: first open %v: %v", seed, first, err)
				}
				i := g.Board().Index(first)
				for _, j := range append([]int32{int32(i)}, g.Board().Neighbors(i)...) {
					if g.IsMine(int(j)) {
						t.Fatalf("seed %d: first open %v: %v is a mine", seed, first, g.Board().Pos(int(j)))
					}
				}
				if g.Cell(i).Hint != 0 || len(opened) < 1+len(g.Board().Neighbors(i)) {
					t.Fatalf("seed %d: first open %v shows %d and opened %d cells; want a 0 and its area", seed, first, g.Cell(i).Hint, len(opened))
				}
				checkGame(t, g)
			}
		})
	}
}

// TestRulesSeed checks the initial cells: round(sqrt(rows*cols)) distinct
// safe cells, open before the first move.
func TestRulesSeed(t *testing.T) {
	tests := []struct {
		level Level
		want  int
	}{
		{Easy, 9}, {Medium, 16}, {Hard, 22}, {Level{"1x2/1", 1, 2, 1}, 1}, {Level{"5x7/10", 5, 7, 10}, 6},
	}
	for _, tc := range tests {
		t.Run(tc.level.Name, func(t *testing.T) {
			if got := InitialCount(tc.level.Rows, tc.level.Cols); got != tc.want {
				t.Fatalf("InitialCount = %d; want %d", got, tc.want)
			}
			for seed := range 200 {
				g, err := New(tc.level, RulesSeed, int64(seed))
				if err != nil {
					t.Fatal(err)
				}
				init := g.Initial()
				if len(init) != tc.want {
					t.Fatalf("seed %d: %d initial cells; want %d", seed, len(init), tc.want)
				}
				seen := map[Pos]bool{}
				for _, p := range init {
					if seen[p] {
						t.Fatalf("seed %d: initial cell %v twice", seed, p)
					}
					seen[p] = true
					i := g.Board().Index(p)
					if g.IsMine(i) || g.Cell(i).State != Revealed {
						t.Fatalf("seed %d: initial cell %v is a mine or closed", seed, p)
					}
				}
				checkGame(t, g)
			}
		})
	}
}

// TestSameSeedSameGame checks that a seed alone fixes the layout, the
// initial cells and every response to the same moves, under every rule.
func TestSameSeedSameGame(t *testing.T) {
	for _, rules := range []Rules{RulesSeed, RulesSafe, RulesZero} {
		for seed := int64(-5); seed < 5; seed++ {
			a, b := playRandom(t, Expert, rules, seed), playRandom(t, Expert, rules, seed)
			if !slices.Equal(a.Mines(), b.Mines()) || !slices.Equal(a.Initial(), b.Initial()) ||
				!a.View().Equal(b.View()) || a.Outcome() != b.Outcome() {
				t.Fatalf("rules %v seed %d: two games differ", rules, seed)
			}
		}
		a, b := playRandom(t, Expert, rules, 1), playRandom(t, Expert, rules, 2)
		if slices.Equal(a.Mines(), b.Mines()) {
			t.Errorf("rules %v: seeds 1 and 2 gave the same layout", rules)
		}
	}
}

// playRandom plays a game to its end by opening (and sometimes flagging)
// random closed cells, chosen by a generator seeded from seed, mostly
// avoiding mines, and checks the invariants after each move.
func playRandom(t testing.TB, l Level, rules Rules, seed int64) *Game {
	t.Helper()
	g, err := New(l, rules, seed)
	if err != nil {
		t.Fatal(err)
	}
	checkGame(t, g)
	rng := rand.New(rand.NewPCG(uint64(seed), 2))
	for g.Outcome() == Unfinished {
		i := rng.IntN(g.Board().Len())
		if g.Cell(i).State == Revealed {
			continue
		}
		// Peek at the layout most of the time, so that games are also won.
		if g.Placed() && g.IsMine(i) && rng.IntN(10*g.Level().Mines) != 0 {
			continue
		}
		if rng.IntN(5) == 0 && g.Placed() {
			if err := g.Flag(g.Board().Pos(i)); err != nil {
				t.Fatal(err)
			}
		} else if _, err := g.Open(g.Board().Pos(i)); err != nil && !errors.Is(err, ErrMine) {
			t.Fatal(err)
		}
		checkGame(t, g)
	}
	return g
}

func TestRandomPlayInvariants(t *testing.T) {
	won, lost := 0, 0
	for seed := range 300 {
		for _, rules := range []Rules{RulesSeed, RulesSafe, RulesZero} {
			switch playRandom(t, Beginner, rules, int64(seed)).Outcome() {
			case Won:
				won++
			case Lost:
				lost++
			}
		}
	}
	if won == 0 || lost == 0 {
		t.Errorf("random play: %d won, %d lost; want some of each to exercise both ends", won, lost)
	}
}

func TestGameSeed(t *testing.T) {
	// GameSeed(s, i) is the i-th output of splitmix64 started at s; these are
	// the published first outputs for seed 0.
	known := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	for i, want := range known {
		if got := uint64(GameSeed(0, i+1)); got != want {
			t.Errorf("GameSeed(0, %d) = %#x; want %#x", i+1, got, want)
		}
	}
	seen := map[int64]bool{}
	for s := int64(0); s < 3; s++ {
		for i := range 10000 {
			g := GameSeed(s, i)
			if seen[g] {
				t.Fatalf("GameSeed(%d, %d) = %d repeats an earlier seed", s, i, g)
			}
			seen[g] = true
			if g != GameSeed(s, i) {
				t.Fatalf("GameSeed(%d, %d) is not deterministic", s, i)
			}
		}
	}
}

func TestEnumString(t *testing.T) {
	for o, want := range map[Outcome]string{Unfinished: "unfinished", Won: "won", Lost: "lost", Stuck: "stuck", 9: "Outcome(9)"} {
		if got := o.String(); got != want {
			t.Errorf("Outcome(%d).String() = %q; want %q", o, got, want)
		}
	}
	for s, want := range map[State]string{Unknown: "unknown", Revealed: "revealed", Flagged: "flagged", 9: "State(?)"} {
		if got := s.String(); got != want {
			t.Errorf("State(%d).String() = %q; want %q", s, got, want)
		}
	}
}

func ExampleGame() {
	g, err := New(Beginner, RulesZero, 42)
	if err != nil {
		panic(err)
	}
	opened, err := g.Open(Pos{4, 4}) // the layout is drawn now, avoiding (4,4) and its neighbours
	if err != nil {
		panic(err)
	}
	fmt.Println("opened", len(opened), "cells;", g.Closed(), "safe cells still closed;", g.Outcome())
	fmt.Print(g.View())
	fmt.Println("mines:", g.Mines())
	// Output:
	// opened 57 cells; 14 safe cells still closed; unfinished
	// 9 9 10
	// 0 0 0 0 0 0 0 1 -1
	// 0 0 0 0 0 0 1 2 -1
	// 0 1 1 1 0 1 3 -1 -1
	// 1 2 -1 1 0 1 -1 -1 -1
	// -1 -1 2 1 0 1 2 3 -1
	// -1 -1 1 0 0 0 0 1 -1
	// -1 -1 1 0 0 0 0 1 1
	// -1 -1 2 1 2 1 1 0 0
	// -1 -1 -1 -1 -1 -1 1 0 0
	// mines: [(0,8) (2,7) (3,2) (3,6) (3,7) (4,1) (5,8) (7,1) (8,3) (8,5)]
}

func BenchmarkOpen(b *testing.B) {
	for _, l := range []Level{Beginner, Expert, {"100x100/1500", 100, 100, 1500}} {
		b.Run(strings.ReplaceAll(l.Name, "/", "-"), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				g, err := New(l, RulesZero, int64(i))
				if err != nil {
					b.Fatal(err)
				}
				if _, err := g.Open(Pos{l.Rows / 2, l.Cols / 2}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
