package exact

import (
	"context"
	"encoding/json"
	"math"
	"math/big"
	"time"

	"github.com/minesat/minesat/game"
)

// SolveAsk says what a SolveReport holds beyond a solution.
type SolveAsk struct {
	Count         bool   // the number of solutions
	Forced        bool   // the cells forced mine or safe in every solution
	Probabilities bool   // each unknown cell's probability of a mine
	Budget        Budget // bounds the counting's decision diagrams
}

// SolveReport is what is known of one puzzle: a solution, and as Ask
// asks, the number of solutions, the forced cells and the probabilities.
// Its JSON form (MarshalJSON) is the object 'minesat solve --format json'
// prints (docs/formats.md).
type SolveReport struct {
	Puzzle      *game.Puzzle
	Ask         SolveAsk
	Satisfiable bool
	Solution    []int         // the solution's mine cells, row-major
	Count       *big.Int      // with Ask.Count
	Forced      Forced        // with Ask.Forced and a solution
	Probs       MineProbs     // with Ask.Probabilities and a solution
	Method      string        // how Solution was found: "sat" (Solve), or another search's name
	Nodes       int64         // the nodes that search visited; 0 for Solve
	Elapsed     time.Duration // the time it all took
}

// Answer computes what r.Ask asks for and r does not hold yet, given
// r.Satisfiable and r.Solution: the count, unless r.Count is set; with a
// solution, the probabilities and the forced cells. One analysis (Analyze,
// within r.Ask.Budget) serves them all; forced cells alone are proved by
// FindForced, which falls back on SAT for components beyond the budget.
// Errors are Analyze's, Count's, Probabilities' and FindForced's, as they
// are: ErrBudget for a component beyond the budget, ctx's error when it
// ends.
func (r *SolveReport) Answer(ctx context.Context) error {
	var a *Analysis
	analysis := func() (*Analysis, error) {
		if a == nil {
			var err error
			if a, err = Analyze(ctx, r.Puzzle, r.Ask.Budget); err != nil {
				return nil, err
			}
		}
		return a, nil
	}
	var err error
	if r.Ask.Count && r.Count == nil {
		if _, err = analysis(); err != nil {
			return err
		}
		if r.Count, err = a.Count(ctx); err != nil {
			return err
		}
	}
	if !r.Satisfiable {
		return nil
	}
	if r.Ask.Probabilities {
		if _, err = analysis(); err != nil {
			return err
		}
		if r.Probs, err = a.Probabilities(ctx); err != nil {
			return err
		}
	}
	if r.Ask.Forced {
		if a != nil {
			r.Forced, err = a.Forced(ctx)
		} else {
			r.Forced, err = FindForced(ctx, r.Puzzle)
		}
	}
	return err
}

// MarshalJSON writes the report as one object: "rows", "cols", "mines"
// (null when unknown), "satisfiable", "solution" ([[r,c],...], null
// without one), as asked "count" (a decimal string), "forced" ({"mines",
// "safe"}) and "probabilities" (a grid, null for hint and flagged cells),
// the last two null without a solution; then "method", "nodes" (when not
// 0) and "elapsed_ms".
func (r *SolveReport) MarshalJSON() ([]byte, error) {
	p := r.Puzzle
	pairs := func(cells []int) [][2]int {
		out := make([][2]int, 0, len(cells))
		for _, i := range cells {
			out = append(out, p.Board.Pos(i).Pair())
		}
		return out
	}
	type forcedJSON struct {
		Mines [][2]int `json:"mines"`
		Safe  [][2]int `json:"safe"`
	}
	obj := struct {
		Rows          int              `json:"rows"`
		Cols          int              `json:"cols"`
		Mines         *int             `json:"mines"` // null when unknown
		Satisfiable   bool             `json:"satisfiable"`
		Solution      [][2]int         `json:"solution"`
		Count         *string          `json:"count,omitempty"`
		Forced        *json.RawMessage `json:"forced,omitempty"`
		Probabilities *json.RawMessage `json:"probabilities,omitempty"`
		Method        string           `json:"method"`
		Nodes         int64            `json:"nodes,omitempty"`
		ElapsedMS     float64          `json:"elapsed_ms"`
	}{
		Rows: p.Rows(), Cols: p.Cols(), Satisfiable: r.Satisfiable,
		Method: r.Method, Nodes: r.Nodes,
		ElapsedMS: math.Round(float64(r.Elapsed.Microseconds())) / 1000,
	}
	if p.MinesKnown() {
		obj.Mines = &p.Mines
	}
	if r.Satisfiable {
		obj.Solution = pairs(r.Solution)
	}
	if r.Ask.Count {
		s := r.Count.String()
		obj.Count = &s
	}
	raw := func(v any) (*json.RawMessage, error) {
		b, err := json.Marshal(v)
		m := json.RawMessage(b)
		return &m, err
	}
	var err error
	if r.Ask.Forced {
		var v any // null without a solution
		if r.Satisfiable {
			v = forcedJSON{pairs(r.Forced.Mines), pairs(r.Forced.Safe)}
		}
		if obj.Forced, err = raw(v); err != nil {
			return nil, err
		}
	}
	if r.Ask.Probabilities {
		var v any
		if r.Satisfiable {
			grid := make([][]*float64, p.Rows())
			for row := range grid {
				grid[row] = make([]*float64, p.Cols())
				for col := range grid[row] {
					if x, ok := r.Probs.At(row*p.Cols() + col); ok {
						grid[row][col] = &x
					}
				}
			}
			v = grid
		}
		if obj.Probabilities, err = raw(v); err != nil {
			return nil, err
		}
	}
	return json.Marshal(obj)
}
