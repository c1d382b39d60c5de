package game

import "fmt"

// Pos is a cell's position, 0-based, as the seeds print it: (row,col).
type Pos struct {
	Row, Col int
}

// String returns the position as "(r,c)".
func (p Pos) String() string { return fmt.Sprintf("(%d,%d)", p.Row, p.Col) }

// Pair returns the position as [row, col], the form used in JSON.
func (p Pos) Pair() [2]int { return [2]int{p.Row, p.Col} }

// PosOf converts a JSON [row, col] pair to a Pos.
func PosOf(pair [2]int) Pos { return Pos{pair[0], pair[1]} }
