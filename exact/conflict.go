package exact

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/minesat/minesat/game"
)

// Conflict says, in one line for a reader, why p, a puzzle with no
// solution, has none: the flags to blame when the hints and the total
// alone have a solution ("the flag at (0,1) contradicts the hints: that
// cell is safe in every layout that agrees with them"), else the hint
// that propagation finds overfilled or starved, or a plain statement. It
// counts within budget; past it, or on a puzzle with a solution, it says
// only that no layout agrees.
func Conflict(ctx context.Context, p *game.Puzzle, budget Budget) string {
	rest := "the hints"
	if p.Mines >= 0 {
		rest = fmt.Sprintf("the hints and the %d-mine total", p.Mines)
	}
	plain := "no layout agrees with " + rest
	if p.Flags() > 0 {
		plain += " and the flags"
	}
	if sp, err := NewSplit(p); err == nil && sp.Contradiction != nil && p.Flags() == 0 {
		return strings.TrimPrefix(sp.Contradiction.Error(), "exact: no solution: ")
	}
	if p.Flags() == 0 {
		return plain
	}
	var flags []int
	q := p.Clone()
	for i, c := range q.Cells {
		if c.State == game.Flagged {
			flags = append(flags, i)
			q.Cells[i] = game.Cell{}
		}
	}
	aq, err := Analyze(ctx, q, budget)
	if err != nil {
		return plain
	}
	if !aq.Satisfiable() {
		return "no layout agrees with " + rest + ", even without the flags"
	}
	f, err := aq.Forced(ctx)
	if err != nil {
		return plain
	}
	var bad []string
	for _, i := range flags {
		if _, found := slices.BinarySearch(f.Safe, i); found {
			bad = append(bad, p.Board.Pos(i).String())
		}
	}
	switch {
	case len(bad) == 1:
		return fmt.Sprintf("the flag at %s contradicts %s: that cell is safe in every layout that agrees with them", bad[0], rest)
	case len(bad) > 1:
		return fmt.Sprintf("the flags at %s contradict %s: those cells are safe in every layout that agrees with them", strings.Join(bad, " "), rest)
	}
	var all []string
	for _, i := range flags {
		all = append(all, p.Board.Pos(i).String())
	}
	return fmt.Sprintf("the flags at %s together contradict %s: no layout that agrees with them has a mine on each of these cells", strings.Join(all, " "), rest)
}
