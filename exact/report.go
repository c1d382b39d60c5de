package exact

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"

	"github.com/minesat/minesat/game"
)

// Ask says what a Report answers beyond whether the position has a
// solution.
type Ask struct {
	Count         bool // the number of layouts
	Forced        bool // the cells forced mine or safe in every layout
	Probabilities bool // each closed cell's probability of a mine
	Dead          bool // the undecided cells whose opening can tell nothing new
}

// Report is what is known of one position, as Analyzer.Report answers it:
// whether a layout fits, why not when none does, and as Ask asks, the
// number of layouts, the forced cells, the probabilities and the dead
// cells. Its JSON form (MarshalJSON, JSON) is the object minesat's solve
// and analyze print and its server answers (docs/formats.md).
type Report struct {
	Puzzle *game.Puzzle
	Ask    Ask

	// Satisfiable is false when no layout agrees with the hints, the flags
	// and the total; Conflict then says why. Undecided is true, and both
	// are zero, when the analysis stopped before it could tell: ctx ended,
	// or counting ran out of budget (Uncounted, without Ask.Forced).
	Satisfiable bool
	Conflict    *Conflict
	Undecided   bool

	Count  *big.Int  // with Ask.Count: the number of layouts; nil when not counted
	Forced Forced    // with Ask.Forced and a solution: proved by SAT when not counted
	Probs  MineProbs // with Ask.Probabilities and a solution; nil when not counted
	Dead   []int     // with Ask.Dead and a solution, increasing; nil when not counted

	// Analysis is the position's analysis, every component counted; nil
	// when a component is too large to count within the budget.
	Analysis *Analysis
	// Uncounted is why the position was not counted, ErrBudget wrapped
	// (the component too large); nil when it was.
	Uncounted error
}

// Report answers p as ask asks: one analysis, within z's budget, serves
// everything. When a component is too large to count, the count, the
// probabilities and the dead cells are left out (Report.Uncounted says
// why) and, with Ask.Forced, the forced cells are proved by SAT alone
// (see FindForced); when p has no solution, Conflict says why. Errors are
// ctx's, and internal failures; a position without solutions, or too
// large to count, is not an error.
func (z *Analyzer) Report(ctx context.Context, p *game.Puzzle, ask Ask) (*Report, error) {
	z.stats.Reports++
	r := &Report{Puzzle: p, Ask: ask}
	// Only the forced cells have an answer beyond the budget: without
	// them, the analysis stops at the first component over it.
	a, err := z.analyze(ctx, p, ask.Forced)
	if errors.Is(err, ErrBudget) {
		r.Uncounted, r.Undecided = err, true
		return r, nil
	}
	if err != nil {
		r.Undecided = true
		return r, err
	}
	if r.Uncounted = a.over; r.Uncounted == nil {
		r.Analysis = a
	}
	if !a.feasible {
		if ask.Count {
			r.Count = new(big.Int)
		}
		r.Conflict = z.conflict(ctx, p, a)
		return r, nil
	}
	r.Satisfiable = true
	if ask.Forced {
		if r.Forced, err = a.Forced(ctx); err != nil {
			return r, err
		}
	}
	if r.Analysis == nil {
		return r, nil
	}
	if ask.Count {
		if r.Count, err = a.Count(ctx); err != nil {
			return r, err
		}
	}
	if !ask.Probabilities && !ask.Dead {
		return r, nil
	}
	probs, err := a.Probabilities(ctx)
	if err != nil {
		return r, err
	}
	if ask.Probabilities {
		r.Probs = probs
	}
	if ask.Dead {
		r.Dead, err = z.dead(ctx, a, probs)
	}
	return r, err
}

// ReportJSON is a Report's JSON form: the keys solve and analyze print
// and the server answers, which those add to. Cells are [row, col] pairs,
// 0-based. "count" and "probabilities" are absent, and "forced_mines",
// "forced_safe" and "dead" null, when not asked for or not known (no
// solution, or a position too large to count; the forced cells are then
// proved by SAT).
type ReportJSON struct {
	Rows    int  `json:"rows"`
	Cols    int  `json:"cols"`
	Mines   *int `json:"mines"`   // the mine total, flags included; null when unknown
	Flags   int  `json:"flags"`   // flagged cells, taken as mines
	Unknown int  `json:"unknown"` // closed cells, flags not included

	// Satisfiable is whether a layout agrees with the hints, the flags and
	// the total; null when the analysis stopped before it could tell
	// (Report.Undecided).
	Satisfiable *bool  `json:"satisfiable"`
	Conflict    string `json:"conflict,omitempty"` // why no layout fits

	Count         string       `json:"count,omitempty"`         // the number of layouts, in decimal
	Probabilities [][]*float64 `json:"probabilities,omitempty"` // per row, per cell: null for an open or flagged cell
	ForcedMines   [][2]int     `json:"forced_mines"`            // a mine in every layout
	ForcedSafe    [][2]int     `json:"forced_safe"`             // safe in every layout
	Dead          [][2]int     `json:"dead"`                    // undecided, the same hint in every layout where safe
	Incomplete    []string     `json:"incomplete,omitempty"`    // what was left out, and why
}

// JSON returns r's JSON form. incomplete lists what was left out and why,
// as the caller words it.
func (r *Report) JSON(incomplete []string) ReportJSON {
	p := r.Puzzle
	j := ReportJSON{Rows: p.Rows(), Cols: p.Cols(), Flags: p.Flags(), Unknown: p.Unknowns(), Incomplete: incomplete}
	if !r.Undecided {
		j.Satisfiable = &r.Satisfiable
	}
	if p.MinesKnown() {
		m := p.Mines
		j.Mines = &m
	}
	if r.Conflict != nil {
		j.Conflict = r.Conflict.Why()
	}
	if r.Ask.Count && r.Count != nil {
		j.Count = r.Count.String()
	}
	if r.Ask.Forced && r.Satisfiable {
		j.ForcedMines, j.ForcedSafe = Pairs(p.Board, r.Forced.Mines), Pairs(p.Board, r.Forced.Safe)
	}
	if r.Ask.Dead && r.Satisfiable && r.Analysis != nil {
		j.Dead = Pairs(p.Board, r.Dead)
	}
	if r.Ask.Probabilities && r.Satisfiable && r.Probs != nil {
		j.Probabilities = ProbGrid(p, r.Probs)
	}
	return j
}

// HasSolution reports whether the analysis found that a layout fits:
// false when none does, and when it stopped before it could tell.
func (j *ReportJSON) HasSolution() bool { return j.Satisfiable != nil && *j.Satisfiable }

// MarshalJSON writes r.JSON(nil).
func (r *Report) MarshalJSON() ([]byte, error) { return json.Marshal(r.JSON(nil)) }

// Pairs returns cells (row-major indices) as [row, col] pairs, never nil.
func Pairs(b *game.Board, cells []int) [][2]int {
	out := make([][2]int, 0, len(cells))
	for _, i := range cells {
		out = append(out, b.Pos(i).Pair())
	}
	return out
}

// ProbGrid returns probs, the mine probabilities of p's cells, as rows
// with nil for the cells that are not closed, each value clamped into
// [0, 1]. The values pointed to are in one array, an entry a closed cell.
func ProbGrid(p *game.Puzzle, probs MineProbs) [][]*float64 {
	out := make([][]*float64, p.Rows())
	flat := make([]float64, 0, p.Unknowns())
	for r := range out {
		out[r] = make([]*float64, p.Cols())
		for c := range out[r] {
			i := r*p.Cols() + c
			x, ok := probs.At(i)
			if p.Cells[i].State != game.Unknown || !ok {
				continue
			}
			flat = append(flat, min(max(x, 0), 1))
			out[r][c] = &flat[len(flat)-1]
		}
	}
	return out
}
