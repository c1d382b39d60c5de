package game

// Op is what a move does to a cell: its String is the "op" of a
// MoveRecord.
type Op uint8

// The ops of a move.
const (
	OpNone Op = iota // no move
	OpOpen           // open the cell: "open"
	OpFlag           // flag the cell as a mine: "flag"
)

// String returns "open", "flag" (the words of MoveRecord.Op) or "none".
func (o Op) String() string {
	switch o {
	case OpOpen:
		return "open"
	case OpFlag:
		return "flag"
	}
	return "none"
}
