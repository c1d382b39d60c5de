package exact

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/minesat/minesat/game"
)

// benchSizes are the benchmark boards: 20% mines, half the safe cells
// revealed, from game.Generate with seed 1.
var benchSizes = []struct{ rows, cols int }{
	{6, 6}, {12, 12}, {16, 30}, {100, 100}, {300, 300}, {1000, 1000},
}

var benchPuzzles sync.Map // "RxC" -> *game.Puzzle

func benchPuzzle(b *testing.B, rows, cols int) *game.Puzzle {
	b.Helper()
	key := fmt.Sprintf("%dx%d", rows, cols)
	if p, ok := benchPuzzles.Load(key); ok {
		return p.(*game.Puzzle)
	}
	p, _, err := game.Generate(rows, cols, rows*cols/5, game.GenOptions{Reveal: 0.5}, 1)
	if err != nil {
		b.Fatal(err)
	}
	benchPuzzles.Store(key, p)
	return p
}

// benchEach runs f on every benchmark board, as a sub-benchmark named
// after the board (cols x rows, as the issue names them: 30x16 is expert).
func benchEach(b *testing.B, maxCells int, f func(b *testing.B, p *game.Puzzle)) {
	for _, s := range benchSizes {
		if s.rows*s.cols > maxCells {
			continue
		}
		b.Run(fmt.Sprintf("%dx%d", s.cols, s.rows), func(b *testing.B) {
			p := benchPuzzle(b, s.rows, s.cols)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				f(b, p)
			}
		})
	}
}

func BenchmarkSolve(b *testing.B) {
	benchEach(b, 1<<20, func(b *testing.B, p *game.Puzzle) {
		if _, ok, err := Solve(context.Background(), p); err != nil || !ok {
			b.Fatal(ok, err)
		}
	})
}

func BenchmarkForced(b *testing.B) {
	benchEach(b, 1<<20, func(b *testing.B, p *game.Puzzle) {
		if _, err := FindForced(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkCount stops at 300x300: an exact count of a 1000x1000 board has
// about half a million digits, and the product of its components'
// polynomials, tens of thousands of such numbers, is beyond reach.
func BenchmarkCount(b *testing.B) {
	benchEach(b, 300*300, func(b *testing.B, p *game.Puzzle) {
		if _, err := Count(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	})
}

func BenchmarkProbabilities(b *testing.B) {
	benchEach(b, 1<<20, func(b *testing.B, p *game.Puzzle) {
		if _, err := Probabilities(context.Background(), p); err != nil {
			b.Fatal(err)
		}
	})
}

// stuckPositions returns positions where a logical player is stuck on
// boards of level l, the first click at first under rules: from it,
// FindForced's safe cells are opened and its mines flagged until it finds
// none. These are the positions where a playing agent needs probabilities
// to guess.
func stuckPositions(b *testing.B, l game.Level, rules game.Rules, first game.Pos, games int) []*game.Puzzle {
	b.Helper()
	var out []*game.Puzzle
	for i := range games {
		g, err := game.New(l, rules, game.GameSeed(1, i))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Open(first); err != nil {
			continue
		}
		for g.Outcome() == game.Unfinished {
			f, err := FindForced(context.Background(), g.View())
			if err != nil {
				b.Fatal(err)
			}
			if len(f.Safe) == 0 && len(f.Mines) == 0 {
				out = append(out, g.View())
				break
			}
			for _, i := range f.Mines {
				if g.Cell(i).State == game.Unknown {
					g.Flag(g.Board().Pos(i))
				}
			}
			for _, i := range f.Safe {
				if g.Outcome() != game.Unfinished {
					break // won
				}
				if _, err := g.Open(g.Board().Pos(i)); err != nil {
					b.Fatalf("opened a forced-safe cell and hit a mine: %v", err)
				}
			}
		}
	}
	return out
}

// expertPositions returns stuck positions on expert boards (30x16, 99
// mines, the first click opens a zero); see stuckPositions.
func expertPositions(b *testing.B, games int) []*game.Puzzle {
	return stuckPositions(b, game.Expert, game.RulesZero, game.Pos{Row: 8, Col: 15}, games)
}

// BenchmarkExpertStuck measures FindForced and Probabilities on expert
// positions where logic is stuck (see expertPositions); ns/op is per
// position.
func BenchmarkExpertStuck(b *testing.B) {
	ps := expertPositions(b, 50)
	for _, bc := range []struct {
		name string
		f    func(p *game.Puzzle) error
	}{
		{"forced", func(p *game.Puzzle) error { _, err := FindForced(context.Background(), p); return err }},
		{"probabilities", func(p *game.Puzzle) error { _, err := Probabilities(context.Background(), p); return err }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if err := bc.f(ps[i%len(ps)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkLookahead measures what a one-move lookahead asks of this
// package on stuck positions (see stuckPositions; safe rules, first click
// in the corner, as `minesat play --rules safe --first corner`): for every
// closed cell next to a hint and every hint it could show, an analysis by
// Analyzer.RevealIn from the position's analysis, then LogCount and
// MinProbability. ns/op is per position.
func BenchmarkLookahead(b *testing.B) {
	for _, l := range []game.Level{game.Beginner, game.Intermediate, game.Expert} {
		b.Run(l.Name, func(b *testing.B) {
			ps := stuckPositions(b, l, game.RulesSafe, game.Pos{}, 40)
			ctx := context.Background()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				p := ps[i%len(ps)].Clone()
				i++
				cache := NewCache()
				var r Reveals
				z := NewAnalyzerCache(Budget{}, cache)
				base, err := z.Analyze(ctx, p)
				if err != nil {
					b.Fatal(err)
				}
				for cell, c := range p.Cells {
					if c.State != game.Unknown || !nextToHint(p, cell) {
						continue
					}
					for v := range len(p.Board.Neighbors(cell)) + 1 {
						p.Cells[cell] = game.Cell{State: game.Revealed, Hint: uint8(v)}
						a, err := z.RevealIn(ctx, &r, base, p, cell)
						if err != nil {
							b.Fatal(err)
						}
						if a.Satisfiable() {
							if _, err := a.LogCount(); err != nil {
								b.Fatal(err)
							}
							if _, err := a.MinProbability(ctx); err != nil {
								b.Fatal(err)
							}
						}
					}
					p.Cells[cell] = c
				}
			}
		})
	}
}

// nextToHint reports whether a neighbour of cell is revealed.
func nextToHint(p *game.Puzzle, cell int) bool {
	for _, j := range p.Board.Neighbors(cell) {
		if p.Cells[j].State == game.Revealed {
			return true
		}
	}
	return false
}
