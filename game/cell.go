package game

// State is what the player sees of a cell.
type State uint8

//go:generate stringer -type=State -trimprefix=State

// The states of a cell as the player sees it.
const (
	Unknown  State = iota // not yet opened, not flagged
	Revealed              // opened; its Hint is meaningful
	Flagged               // marked as a mine by the player
)

// String returns "unknown", "revealed" or "flagged".
func (s State) String() string {
	switch s {
	case Unknown:
		return "unknown"
	case Revealed:
		return "revealed"
	case Flagged:
		return "flagged"
	}
	return "State(?)"
}

// Cell is one cell as the player sees it.
type Cell struct {
	State State // what the player sees
	Hint  uint8 // mines among the neighbours; meaningful only when Revealed
}

// IsHint reports whether the cell is revealed (and so shows a hint).
func (c Cell) IsHint() bool { return c.State == Revealed }

// HintCell returns a revealed cell with hint n.
func HintCell(n int) Cell { return Cell{State: Revealed, Hint: uint8(n)} }
