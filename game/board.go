package game

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// MaxCells is the largest board this package accepts: 2^24 cells (a
// 4096x4096 board). Sizes are checked against it before anything is allocated.
const MaxCells = 1 << 24

// neighborOffsets lists the eight directions around a cell.
var neighborOffsets = [8]Pos{
	{-1, -1}, {-1, 0}, {-1, 1},
	{0, -1}, {0, 1},
	{1, -1}, {1, 0}, {1, 1},
}

// Board is the geometry of a rows x cols grid. Neighbours are computed once,
// when the board is made, and shared read-only; a Board is safe for
// concurrent use.
type Board struct {
	rows, cols int
	nbrStart   []int32 // nbrStart[i]..nbrStart[i+1] indexes nbrs for cell i
	nbrs       []int32 // concatenated neighbour indices, row-major order
}

var boardCache sync.Map // [2]int -> *Board

// cachedCells counts the cells of the boards in boardCache, which keeps
// boards of at most maxCachedBoard cells and maxCachedCells in all: a stream
// of many sizes (a record file, say) must not grow it without bound.
var cachedCells atomic.Int64

const (
	maxCachedBoard = 1 << 16
	maxCachedCells = 1 << 20
)

// CheckSize reports whether a rows x cols board is acceptable: both sizes
// positive and the cell count at most MaxCells. It never overflows.
func CheckSize(rows, cols int) error {
	if err := checkSize(rows, cols); err != nil {
		return fmt.Errorf("game: %w", err)
	}
	return nil
}

// checkSize is CheckSize without the "game: " prefix, for callers in this
// package that add their own ("game: generate: board size 0x9: ...").
func checkSize(rows, cols int) error {
	if rows <= 0 || cols <= 0 {
		return fmt.Errorf("board size %dx%d: rows and cols must be positive", rows, cols)
	}
	if rows > MaxCells || cols > MaxCells || rows > MaxCells/cols {
		return fmt.Errorf("board size %dx%d: more than %d cells", rows, cols, MaxCells)
	}
	return nil
}

// NewBoard returns the geometry of a rows x cols board. Boards of one size
// are cached and shared, so calling NewBoard per game costs nothing after the
// first; the cache holds boards of up to 65,536 cells, about 2^20 cells in
// all.
func NewBoard(rows, cols int) (*Board, error) {
	if err := CheckSize(rows, cols); err != nil {
		return nil, err
	}
	key := [2]int{rows, cols}
	if b, ok := boardCache.Load(key); ok {
		return b.(*Board), nil
	}
	n := rows * cols
	b := &Board{rows: rows, cols: cols, nbrStart: make([]int32, n+1), nbrs: make([]int32, 0, 8*n)}
	for i := 0; i < n; i++ {
		b.nbrStart[i] = int32(len(b.nbrs))
		r, c := i/cols, i%cols
		for _, d := range neighborOffsets {
			rr, cc := r+d.Row, c+d.Col
			if rr >= 0 && rr < rows && cc >= 0 && cc < cols {
				b.nbrs = append(b.nbrs, int32(rr*cols+cc))
			}
		}
	}
	b.nbrStart[n] = int32(len(b.nbrs))
	// Only small boards are worth keeping; huge puzzles are one-offs.
	if n <= maxCachedBoard {
		if cachedCells.Add(int64(n)) <= maxCachedCells {
			actual, loaded := boardCache.LoadOrStore(key, b)
			if loaded {
				cachedCells.Add(-int64(n))
			}
			return actual.(*Board), nil
		}
		cachedCells.Add(-int64(n))
	}
	return b, nil
}

// MustBoard is NewBoard for sizes known to be valid; it panics otherwise.
func MustBoard(rows, cols int) *Board {
	b, err := NewBoard(rows, cols)
	if err != nil {
		panic(err)
	}
	return b
}

// Rows returns the number of rows.
func (b *Board) Rows() int { return b.rows }

// Cols returns the number of columns.
func (b *Board) Cols() int { return b.cols }

// Len returns the number of cells, Rows*Cols.
func (b *Board) Len() int { return b.rows * b.cols }

// Contains reports whether p lies on the board.
func (b *Board) Contains(p Pos) bool {
	return p.Row >= 0 && p.Row < b.rows && p.Col >= 0 && p.Col < b.cols
}

// Index returns p's row-major index. p must lie on the board.
func (b *Board) Index(p Pos) int { return p.Row*b.cols + p.Col }

// Pos returns the position of row-major index i.
func (b *Board) Pos(i int) Pos { return Pos{i / b.cols, i % b.cols} }

// Neighbors returns the indices of cell i's neighbours (3, 5 or 8 of them),
// in row-major order. The slice is shared: callers must not modify it.
func (b *Board) Neighbors(i int) []int32 { return b.nbrs[b.nbrStart[i]:b.nbrStart[i+1]] }

// NeighborPos returns the positions of p's neighbours in row-major order.
func (b *Board) NeighborPos(p Pos) []Pos {
	nb := b.Neighbors(b.Index(p))
	out := make([]Pos, len(nb))
	for k, j := range nb {
		out[k] = b.Pos(int(j))
	}
	return out
}
