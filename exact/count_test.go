package exact

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/longtest"
	"github.com/minesat/minesat/internal/puzzletest"
)

// TestSeeds checks every seed puzzle against the counts its README lists.
func TestSeeds(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		file  string
		count int64
	}{
		{"case1.txt", 8}, {"case2.txt", 2}, {"case3.txt", 9}, {"case4.txt", 2},
		{"case5-unsat.txt", 0}, {"simple4x4.txt", 1}, {"size6.txt", 1},
		{"size8-a.txt", 1274}, {"size8-b.txt", 13920},
	} {
		t.Run(tc.file, func(t *testing.T) {
			p := puzzletest.Seed(t, tc.file)
			n, err := Count(ctx, p)
			if err != nil || !bigEq(n, tc.count) {
				t.Errorf("Count = %v, %v; want %d", n, err, tc.count)
			}
			mines, ok, err := Solve(ctx, p)
			if err != nil || ok != (tc.count > 0) {
				t.Fatalf("Solve = %v, %v, %v; want ok %v", mines, ok, err, tc.count > 0)
			}
			if ok {
				if err := p.Satisfies(mines); err != nil {
					t.Errorf("Solve's answer fails: %v", err)
				}
			}
			bf := bruteForce(t, p)
			if bf.count != tc.count {
				t.Fatalf("brute force counts %d; the README says %d", bf.count, tc.count)
			}
			compareWithBrute(t, p, bf)
		})
	}
}

// compareWithBrute checks Count, Solve, FindForced and Probabilities
// against brute-force facts.
func compareWithBrute(t *testing.T, p *game.Puzzle, bf bruteFacts) {
	t.Helper()
	ctx := context.Background()
	n, err := Count(ctx, p)
	if err != nil || !bigEq(n, bf.count) {
		t.Errorf("Count = %v, %v; brute force %d\n%s", n, err, bf.count, p)
	}
	mines, ok, err := Solve(ctx, p)
	if err != nil || ok != (bf.count > 0) {
		t.Errorf("Solve = %v, %v, %v; brute force counts %d\n%s", mines, ok, err, bf.count, p)
	} else if ok {
		if err := p.Satisfies(mines); err != nil {
			t.Errorf("Solve's answer fails: %v\n%s", err, p)
		}
	}
	f, err := FindForced(ctx, p)
	probs, perr := Probabilities(ctx, p)
	if bf.count == 0 {
		if a, err := Analyze(ctx, p, Budget{}); err != nil {
			t.Errorf("Analyze: %v", err)
		} else if lc, err := a.LogCount(); err != nil || !math.IsInf(lc, -1) {
			t.Errorf("Analysis.LogCount on a puzzle without solutions = %v, %v; want -Inf", lc, err)
		}
		if !errors.Is(err, ErrNoSolution) {
			t.Errorf("FindForced on a puzzle without solutions: %v, %v; want ErrNoSolution\n%s", f, err, p)
		}
		if !errors.Is(perr, ErrNoSolution) {
			t.Errorf("Probabilities on a puzzle without solutions: err %v; want ErrNoSolution\n%s", perr, p)
		}
		return
	}
	want := bf.forcedCells()
	if err != nil || !slices.Equal(sortedCopy(f.Mines), want.Mines) || !slices.Equal(sortedCopy(f.Safe), want.Safe) {
		t.Errorf("FindForced = %v, %v; brute force %v\n%s", f, err, want, p)
	}
	if a, err := Analyze(ctx, p, Budget{}); err != nil {
		t.Errorf("Analyze: %v", err)
	} else if f2, err := a.Forced(ctx); err != nil || !slices.Equal(sortedCopy(f2.Mines), want.Mines) || !slices.Equal(sortedCopy(f2.Safe), want.Safe) {
		t.Errorf("Analysis.Forced = %v, %v; brute force %v\n%s", f2, err, want, p)
	} else if lc, err := a.LogCount(); err != nil || math.Abs(math.Exp(lc-math.Log(float64(bf.count)))-1) > 1e-12 {
		t.Errorf("Analysis.LogCount = %v (%v), %v; brute force ln %d = %v\n%s", lc, math.Exp(lc), err, bf.count, math.Log(float64(bf.count)), p)
	}
	if perr != nil {
		t.Fatalf("Probabilities: %v\n%s", perr, p)
	}
	for i, c := range p.Cells {
		got, ok := probs.At(i)
		if !assert.Equal(t, c.State == game.Unknown, ok, "cell %v (%v): has a probability (%v)", p.Board.Pos(i), c.State, got) || !ok {
			continue
		}
		exp := float64(bf.mineCount[i]) / float64(bf.count)
		assert.InDelta(t, exp, got, 1e-12, "cell %v: probability against brute force\n%s", p.Board.Pos(i), p)
	}
}

// TestCrossCheckBruteForce compares everything with brute force on
// random small puzzles from game.Generate, some with flags and some made
// inconsistent on purpose.
func TestCrossCheckBruteForce(t *testing.T) {
	runs := longtest.Pick(150, 600)
	rng := rand.New(rand.NewPCG(3, 17))
	broken, unsat, flagged, big, solutions := 0, 0, 0, 0, int64(0)
	for i := range runs {
		p, br := randomSmallPuzzle(t, rng, 20)
		bf := bruteForce(t, p)
		solutions += bf.count
		if p.Unknowns() >= 12 {
			big++
		}
		if br {
			broken++
		}
		if bf.count == 0 {
			unsat++
		}
		if p.Flags() > 0 {
			flagged++
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) { compareWithBrute(t, p, bf) })
	}
	t.Logf("%d puzzles: %d broken on purpose, %d without solutions, %d with flags, %d with 12 or more unknown cells; %d solutions in all",
		runs, broken, unsat, flagged, big, solutions)
	if unsat < runs/20 || flagged < runs/10 || big < runs/10 {
		t.Errorf("the sample covers too little: %d without solutions, %d with flags", unsat, flagged)
	}
}

// TestTinyBudgets forces the paths large boards take: components shrunk
// by a SAT backbone and split again, components left uncounted (their
// totals found by SAT, their forced cells by backbone search), and solving
// by picked totals; everything must still agree with brute force, or fail
// with ErrBudget where counting is asked for.
func TestTinyBudgets(t *testing.T) {
	ctx := context.Background()
	runs := longtest.Pick(80, 300)
	rng := rand.New(rand.NewPCG(11, 5))
	uncounted := 0
	for i := range runs {
		p, _ := randomSmallPuzzle(t, rng, 16)
		bf := bruteForce(t, p)
		for _, states := range []int{1, 2, 4, 16} {
			b := Budget{MaxStates: states}
			name := fmt.Sprintf("%d/%d", i, states)
			mines, ok, err := solve(ctx, p, b)
			if err != nil || ok != (bf.count > 0) || (ok && p.Satisfies(mines) != nil) {
				t.Errorf("%s: solve = %v, %v, %v; brute force counts %d\n%s", name, mines, ok, err, bf.count, p)
			}
			f, err := NewAnalyzer(b).Forced(ctx, p)
			if bf.count == 0 {
				if !errors.Is(err, ErrNoSolution) {
					t.Errorf("%s: findForced = %v, %v; want ErrNoSolution", name, f, err)
				}
			} else if want := bf.forcedCells(); err != nil || !slices.Equal(sortedCopy(f.Mines), want.Mines) || !slices.Equal(sortedCopy(f.Safe), want.Safe) {
				t.Errorf("%s: findForced = %v, %v; brute force %v\n%s", name, f, err, want, p)
			}
			a, err := Analyze(ctx, p, b)
			if errors.Is(err, ErrBudget) {
				uncounted++
				continue
			}
			if err != nil {
				t.Fatalf("%s: Analyze: %v", name, err)
			}
			if n, err := a.Count(ctx); err != nil || !bigEq(n, bf.count) {
				t.Errorf("%s: Count = %v, %v; brute force %d\n%s", name, n, err, bf.count, p)
			}
			if bf.count == 0 {
				continue
			}
			probs, err := a.Probabilities(ctx)
			if err != nil {
				t.Fatalf("%s: Probabilities: %v", name, err)
			}
			for _, c := range bf.unknownIdx {
				if want := float64(bf.mineCount[c]) / float64(bf.count); math.Abs(probs[c]-want) > 1e-12 {
					t.Errorf("%s: cell %v: probability %v; brute force %v\n%s", name, p.Board.Pos(c), probs[c], want, p)
				}
			}
		}
	}
	if uncounted == 0 {
		t.Errorf("no analysis ran out of budget: the test misses the uncounted paths")
	}
}

// TestForcedAgainstGroundTruth plays games by logic alone: from the first
// opening (a zero, under RulesZero), FindForced's safe cells are opened and its mines flagged until
// it finds none. Every forced cell must agree with the hidden layout, and
// at each stuck position Probabilities must give the true mines a
// positive probability, the cells FindForced left open a probability
// strictly between 0 and 1, and probabilities summing to the mines left.
func TestForcedAgainstGroundTruth(t *testing.T) {
	games := longtest.Pick(5, 20)
	ctx := context.Background()
	stuck := 0
	for _, l := range []game.Level{game.Beginner, game.Intermediate, game.Expert} {
		rounds, won, opened := 0, 0, 0
		for i := range games {
			g, err := game.New(l, game.RulesZero, game.GameSeed(2, i))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Open(game.Pos{Row: l.Rows / 2, Col: l.Cols / 2}); err != nil {
				t.Fatal(err)
			}
			for g.Outcome() == game.Unfinished {
				p := g.View()
				f, err := FindForced(ctx, p)
				if err != nil {
					t.Fatalf("%s game %d: %v", l.Name, i, err)
				}
				rounds++
				opened += len(f.Safe)
				for _, c := range f.Mines {
					if !g.IsMine(c) {
						t.Fatalf("%s game %d: forced mine %v is safe", l.Name, i, p.Board.Pos(c))
					}
					g.Flag(p.Board.Pos(c))
				}
				for _, c := range f.Safe {
					if g.IsMine(c) {
						t.Fatalf("%s game %d: forced safe %v is a mine", l.Name, i, p.Board.Pos(c))
					}
					g.Open(p.Board.Pos(c))
				}
				if len(f.Mines)+len(f.Safe) > 0 {
					continue
				}
				probs, err := Probabilities(ctx, p)
				if err != nil {
					t.Fatalf("%s game %d: %v", l.Name, i, err)
				}
				stuck++
				sum := 0.0
				for c, cell := range p.Cells {
					if cell.State != game.Unknown {
						continue
					}
					sum += probs[c]
					if probs[c] <= 0 || probs[c] >= 1 {
						t.Errorf("%s game %d: unforced cell %v has probability %v", l.Name, i, p.Board.Pos(c), probs[c])
					}
				}
				if want := float64(p.Mines - p.Flags()); math.Abs(sum-want) > 1e-9 {
					t.Errorf("%s game %d: probabilities sum to %v; %v mines are left", l.Name, i, sum, want)
				}
				break
			}
			if g.Outcome() == game.Won {
				won++
			}
		}
		t.Logf("%s: %d games, %d FindForced calls, %d cells opened, %d won without guessing", l.Name, games, rounds, opened, won)
		if opened == 0 {
			t.Errorf("%s: no forced cell found in %d games", l.Name, games)
		}
	}
	if stuck == 0 {
		t.Errorf("no game got stuck: the probabilities went unchecked")
	}
}

// FuzzAgainstBruteForce decodes bytes into a small puzzle (size, mine
// count, then one byte per cell: unknown, flagged, or a hint 0..8, which
// may well be inconsistent) and compares every answer with brute force.
func FuzzAgainstBruteForce(f *testing.F) {
	f.Add([]byte{3, 3, 2, 9, 1, 9, 9, 2, 9, 9, 9, 9})
	f.Add([]byte{2, 4, 3, 10, 2, 9, 9, 9, 3, 9, 11})
	f.Add([]byte{4, 4, 5, 9, 9, 9, 9, 9, 8, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 3 {
			return
		}
		rows, cols := 1+int(data[0])%5, 1+int(data[1])%5
		p := decodeCells(t, rows, cols, int(data[2])%(rows*cols+2), data[3:])
		if p.Unknowns() > 16 {
			return
		}
		compareWithBrute(t, p, bruteForce(t, p))
	})
}

// decodeCells returns a rows x cols puzzle with mines mines and a cell per
// byte of data (unknown when data runs out): unknown, flagged, or a hint
// 0..8, which may well be inconsistent.
func decodeCells(t *testing.T, rows, cols, mines int, data []byte) *game.Puzzle {
	p, err := game.NewPuzzle(rows, cols, mines)
	if err != nil {
		t.Fatal(err)
	}
	for i := range p.Cells {
		b := byte(9)
		if i < len(data) {
			b = data[i] % 12
		}
		switch {
		case b <= 8:
			p.Cells[i] = game.HintCell(int(b))
		case b == 10:
			p.Cells[i].State = game.Flagged
		}
	}
	return p
}

// TestLogCountLarge compares LogCount with the logarithm of the exact big
// count on boards whose counts overflow every machine integer.
func TestLogCountLarge(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ rows, cols, mines int }{{16, 30, 99}, {30, 30, 180}} {
		for seed := range int64(3) {
			p, _, err := game.Generate(tc.rows, tc.cols, tc.mines, game.GenOptions{Reveal: 0.3}, seed)
			if err != nil {
				t.Fatal(err)
			}
			a, err := Analyze(ctx, p, Budget{})
			if err != nil {
				t.Fatal(err)
			}
			n, err := a.Count(ctx)
			if err != nil {
				t.Fatal(err)
			}
			lc, err := a.LogCount()
			if err != nil {
				t.Fatal(err)
			}
			mant := new(big.Float)
			exp := new(big.Float).SetInt(n).MantExp(mant)
			f, _ := mant.Float64()
			want := math.Log(f) + float64(exp)*math.Ln2
			if want < 64*math.Ln2 || math.Abs(lc-want) > 1e-12*want {
				t.Errorf("%dx%d/%d seed %d: LogCount %v; ln Count %v", tc.rows, tc.cols, tc.mines, seed, lc, want)
			}
		}
	}
}
