package compare

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/minesat/minesat/backtrack"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// allBacktrackOptions is every combination of order, value order and FC.
func allBacktrackOptions() []backtrack.Options {
	var out []backtrack.Options
	for _, ord := range []backtrack.Order{backtrack.OrderNone, backtrack.OrderMRV, backtrack.OrderDegree, backtrack.OrderMRVDegree} {
		for _, val := range []backtrack.Value{backtrack.ValueFixed, backtrack.ValueLCV} {
			for _, fc := range []bool{false, true} {
				out = append(out, backtrack.Options{Order: ord, Value: val, FC: fc, MaxNodes: 5_000_000})
			}
		}
	}
	return out
}

// TestBacktrackAgreesWithSAT solves hundreds of random puzzles (a quarter
// with one hint changed, so often unsatisfiable) with exact.Solve and every
// backtracking combination: each combination returns a valid solution, or
// no solution exactly when SAT finds none; on the smaller ones the
// enumerated count equals exact.Count.
func TestBacktrackAgreesWithSAT(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewPCG(2024, 5))
	unsat, counted := 0, 0
	for k := 0; k < n; k++ {
		rows, cols := 4+rng.IntN(7), 4+rng.IntN(7)
		cells := rows * cols
		mines := 1 + rng.IntN(cells/4)
		hints := (cells - mines) * (3 + rng.IntN(5)) / 10
		p, _, err := game.Generate(rows, cols, mines, game.GenOptions{Hints: hints}, int64(k))
		if err != nil {
			t.Fatal(err)
		}
		if k%4 == 3 {
			for i, c := range p.Cells {
				if c.IsHint() {
					p.Cells[i].Hint = uint8(rng.IntN(len(p.Board.Neighbors(i)) + 1))
					break
				}
			}
		}
		ctx := context.Background()
		satMines, satOK, err := exact.Solve(ctx, p)
		if err != nil {
			t.Fatalf("puzzle %d: exact.Solve: %v", k, err)
		}
		if satOK {
			if err := p.Satisfies(satMines); err != nil {
				t.Fatalf("puzzle %d: exact.Solve: %v", k, err)
			}
		} else {
			unsat++
		}
		var satCount int64 = -1
		if cells-hints <= 40 {
			if c, err := exact.Count(ctx, p); err == nil && c.IsInt64() {
				satCount = c.Int64()
				counted++
			}
		}
		for _, o := range allBacktrackOptions() {
			if testing.Short() && !o.FC && o.Order != backtrack.OrderMRV {
				continue // can take millions of nodes: seconds under -race
			}
			r, err := backtrack.Solve(ctx, p, o)
			if err != nil {
				t.Errorf("puzzle %d %s: %v\n%s", k, o, err, p)
				continue
			}
			if r.Found != satOK {
				t.Errorf("puzzle %d %s: found %v, sat %v\n%s", k, o, r.Found, satOK, p)
			} else if r.Found {
				if err := p.Satisfies(r.Mines); err != nil {
					t.Errorf("puzzle %d %s: %v", k, o, err)
				}
			}
			if satCount >= 0 && (o.FC || o.Order != backtrack.OrderNone) {
				st, err := backtrack.Count(ctx, p, o)
				if err == nil && st.Solutions != satCount {
					t.Errorf("puzzle %d %s: %d solutions; exact.Count %d\n%s", k, o, st.Solutions, satCount, p)
				}
			}
		}
	}
	t.Logf("%d puzzles, %d unsatisfiable, %d counted", n, unsat, counted)
	if unsat < n/20 || unsat > n/3 || counted < n/3 {
		t.Errorf("%d unsatisfiable, %d counted of %d: the mix no longer tests both answers", unsat, counted, n)
	}
}
