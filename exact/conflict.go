package exact

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/words"
)

// Blame says what Analyzer.Conflict holds responsible for a puzzle having no
// solution.
type Blame uint8

// What a Conflict blames.
const (
	BlameNone          Blame = iota // nothing finer found: no layout agrees (past the budget, or the puzzle has a solution)
	BlameHint                       // one hint that propagation finds overfilled or starved (Conflict.Hint)
	BlameHints                      // the hints and the total have no solution even without the flags
	BlameFlags                      // the flags in Conflict.Flags are safe in every layout of the hints and the total
	BlameFlagsTogether              // the flags (Conflict.Flags, all of them) contradict the hints and the total together
)

// String returns the Blame's name: "none", "hint", "hints", "flags" or
// "flags together".
func (b Blame) String() string {
	switch b {
	case BlameNone:
		return "none"
	case BlameHint:
		return "hint"
	case BlameHints:
		return "hints"
	case BlameFlags:
		return "flags"
	case BlameFlagsTogether:
		return "flags together"
	}
	return fmt.Sprintf("Blame(%d)", uint8(b))
}

// HintConflict is a hint that propagation leaves needing fewer than no
// mines, or more than its undecided cells.
type HintConflict struct {
	At   game.Pos // the hint's cell
	N    int      // the number it shows
	Free int      // its neighbours left undecided by propagation
	Need int      // the mines it still needs among them
}

// String says what is wrong with the hint: "hint 1 at (0,0) sees 0
// undecided cells and needs 1 more mine".
func (h HintConflict) String() string {
	return fmt.Sprintf("hint %d at %v sees %s and needs %s", h.N, h.At,
		words.CountAs(h.Free, "undecided cell", "undecided cells"), words.CountAs(h.Need, "more mine", "more mines"))
}

// Conflict is why a puzzle has no solution, as Analyzer.Conflict finds it. It
// is an error that wraps ErrNoSolution.
type Conflict struct {
	Blame   Blame
	Hint    HintConflict // for BlameHint
	Flags   []game.Pos   // for BlameFlags: the flags to blame; for BlameFlagsTogether: every flag
	Mines   int          // the puzzle's mine total, game.UnknownMines when not known
	Flagged bool         // whether the puzzle has flags
}

// conflict is Conflict; a, when not nil, is an analysis of p (its Split
// names the hint to blame).
func (z *Analyzer) conflict(ctx context.Context, p *game.Puzzle, a *Analysis) *Conflict {
	c := &Conflict{Mines: p.Mines, Flagged: p.Flags() > 0}
	if !c.Flagged {
		sp := (*Split)(nil)
		if a != nil {
			sp = a.Split
		} else if s, err := NewSplit(p); err == nil {
			sp = s
		}
		if hc, ok := sp.contradiction().(*hintContradiction); ok {
			c.Blame = BlameHint
			c.Hint = HintConflict{At: hc.at, N: int(hc.hint), Free: int(hc.free), Need: int(hc.need)}
		}
		return c
	}
	var flags []int
	q := p.Clone()
	for i, cell := range q.Cells {
		if cell.State == game.Flagged {
			flags = append(flags, i)
			q.Cells[i] = game.Cell{}
		}
	}
	aq, err := z.Analyze(ctx, q)
	if err != nil {
		return c
	}
	if !aq.Satisfiable() {
		c.Blame = BlameHints
		return c
	}
	f, err := aq.Forced(ctx)
	if err != nil {
		return c
	}
	for _, i := range flags {
		if _, found := slices.BinarySearch(f.Safe, i); found {
			c.Flags = append(c.Flags, p.Board.Pos(i))
		}
	}
	if len(c.Flags) > 0 {
		c.Blame = BlameFlags
		return c
	}
	c.Blame = BlameFlagsTogether
	for _, i := range flags {
		c.Flags = append(c.Flags, p.Board.Pos(i))
	}
	return c
}

// Why says in one line, for a reader, why the puzzle has no solution: for
// example "the flag at (0,1) contradicts the hints: that cell is safe in
// every layout that agrees with them", or "hint 1 at (0,0) sees 0
// undecided cells and needs 1 more mine".
func (c *Conflict) Why() string {
	rest := "the hints"
	if c.Mines >= 0 {
		rest = fmt.Sprintf("the hints and the %d-mine total", c.Mines)
	}
	switch c.Blame {
	case BlameHint:
		return c.Hint.String()
	case BlameHints:
		return "no layout agrees with " + rest + ", even without the flags"
	case BlameFlags:
		if len(c.Flags) == 1 {
			return fmt.Sprintf("the flag at %s contradicts %s: that cell is safe in every layout that agrees with them", c.Flags[0], rest)
		}
		return fmt.Sprintf("the flags at %s contradict %s: those cells are safe in every layout that agrees with them", joinPos(c.Flags), rest)
	case BlameFlagsTogether:
		return fmt.Sprintf("the flags at %s together contradict %s: no layout that agrees with them has a mine on each of these cells", joinPos(c.Flags), rest)
	}
	plain := "no layout agrees with " + rest
	if c.Flagged {
		plain += " and the flags"
	}
	return plain
}

// Error returns Why with the package's "no solution" prefix.
func (c *Conflict) Error() string { return "exact: no solution: " + c.Why() }

// Unwrap returns ErrNoSolution.
func (c *Conflict) Unwrap() error { return ErrNoSolution }

// joinPos writes cells as "(0,1) (2,3)".
func joinPos(ps []game.Pos) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.String()
	}
	return strings.Join(s, " ")
}

// contradiction returns sp's Contradiction; nil for a nil sp.
func (sp *Split) contradiction() error {
	if sp == nil {
		return nil
	}
	return sp.Contradiction
}
