package agent

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/guess"
	"github.com/minesat/minesat/internal/longtest"
)

// TestSATOwnProver plays the same games with the SAT step's own prover
// (SAT{}, which counts with the game's cache and hands its count to the
// guess) and with exact.FindForced: every move must be the same, and every
// guess the same to the bit.
func TestSATOwnProver(t *testing.T) {
	games := longtest.Pick(25, 100)
	guess := GuessStrategy{G: guess.DefaultGuesser()}
	own, _ := New(WithStrategies(Units{}, HintPairs{}, SAT{}, guess), WithMoves())
	given, _ := New(WithStrategies(Units{}, HintPairs{}, SAT{Find: defaultFindForced}, guess), WithMoves())
	guessed, sat := 0, 0
	for _, level := range []game.Level{game.Intermediate, game.Expert} {
		for i := range games {
			res, _ := playBoth(t, [2]*Agent{own, given}, level, game.RulesSafe, game.GameSeed(13, i))
			name := fmt.Sprintf("%s game %d", level.Name, i)
			if res[0].Outcome != res[1].Outcome || len(res[0].Moves) != len(res[1].Moves) || res[0].SAT != res[1].SAT {
				t.Fatalf("%s: own prover %v in %d moves (%d SAT calls), exact.FindForced %v in %d (%d)", name,
					res[0].Outcome, len(res[0].Moves), res[0].SAT, res[1].Outcome, len(res[1].Moves), res[1].SAT)
			}
			for j, m := range res[0].Moves {
				w := res[1].Moves[j]
				if m.Op != w.Op || m.Cell != w.Cell || m.Basis != w.Basis {
					t.Fatalf("%s, move %d: own prover %v %d by %v, exact.FindForced %v %d by %v", name, j, m.Op, m.Cell, m.Basis, w.Op, w.Cell, w.Basis)
				}
				if m.Basis == BasisGuess {
					if !sameGuess(m.Guess, w.Guess) {
						t.Fatalf("%s, move %d: own prover %+v, exact.FindForced %+v", name, j, *m.Guess, *w.Guess)
					}
					guessed++
				}
			}
			sat += res[0].SAT
		}
	}
	if guessed < games || sat < games {
		t.Fatalf("only %d guesses and %d SAT calls compared", guessed, sat)
	}
}

// TestSATHandsItsCount checks when the guess takes the SAT step's count:
// only on the position it was made for, and under the default budget.
func TestSATHandsItsCount(t *testing.T) {
	ctx := context.Background()
	// One hint 1 between two closed cells, two more closed cells and two
	// mines: nothing is forced.
	v, err := game.ParsePuzzle("", strings.NewReader("1 5 2\n-1 1 -1 -1 -1"))
	if err != nil {
		t.Fatal(err)
	}
	p := &Position{View: v, count: counts{z: exact.NewAnalyzer(exact.Budget{})}, closed: 4}
	moves, err := SAT{}.Deduce(ctx, p)
	if err != nil || len(moves) != 0 {
		t.Fatalf("SAT step: %v, %v; want nothing forced", moves, err)
	}
	if p.count.last == nil {
		t.Fatal("the SAT step kept no count")
	}
	if a, _ := p.guessPosition().Analysis(ctx, exact.Budget{}); a != p.count.last {
		t.Error("the guess counted again on the SAT step's position")
	}
	if a, _ := p.guessPosition().Analysis(ctx, exact.Budget{MaxStates: exact.DefaultMaxStates}); a != p.count.last {
		t.Error("the guess counted again under the default budget spelt out")
	}
	if a, _ := p.guessPosition().Analysis(ctx, exact.Budget{MaxStates: 1000}); a == p.count.last {
		t.Error("the guess took a count made under another budget")
	}
	// A move later the count is stale: (0,3) shows 1, and a new count
	// has one solution.
	v.Cells[3] = game.Cell{State: game.Revealed, Hint: 1}
	p.Moves++
	a, err := p.guessPosition().Analysis(ctx, exact.Budget{})
	if err != nil {
		t.Fatal(err)
	}
	if a == p.count.last {
		t.Fatal("the guess took the count of an earlier position")
	}
	if n, _ := a.Count(ctx); n.Int64() != 1 {
		t.Errorf("the new count has %v solutions, want 1", n)
	}
	// A step that finds cells keeps no count of its own.
	moves, err = SAT{}.Deduce(ctx, p)
	if err != nil || len(moves) == 0 {
		t.Fatalf("SAT step: %v, %v; want forced cells", moves, err)
	}
	if got := slices.ContainsFunc(moves, func(m Move) bool { return m.Basis != BasisSAT }); got {
		t.Errorf("SAT step moves %v not all by rule sat", moves)
	}
	if p.count.at == p.Moves {
		t.Error("a SAT step that found cells kept its count")
	}
}
