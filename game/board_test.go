package game

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckSize(t *testing.T) {
	tests := []struct {
		rows, cols int
		want       string
	}{
		{1, 1, ""},
		{4096, 4096, ""},
		{1, MaxCells, ""},
		{MaxCells, 1, ""},
		{0, 1, "game: board size 0x1: rows and cols must be positive"},
		{1, -1, "game: board size 1x-1: rows and cols must be positive"},
		{4097, 4096, "game: board size 4097x4096: more than 16777216 cells"},
		{MaxCells + 1, 1, "game: board size 16777217x1: more than 16777216 cells"},
		// rows*cols overflows int64 here; CheckSize must not multiply.
		{1 << 32, 1 << 32, "game: board size 4294967296x4294967296: more than 16777216 cells"},
		{1<<62 + 1, 4, "game: board size 4611686018427387905x4: more than 16777216 cells"},
	}
	for _, tc := range tests {
		err := CheckSize(tc.rows, tc.cols)
		if tc.want == "" {
			assert.NoError(t, err, "CheckSize(%d, %d)", tc.rows, tc.cols)
		} else {
			assert.EqualError(t, err, tc.want, "CheckSize(%d, %d)", tc.rows, tc.cols)
		}
	}
}

// TestNeighbors checks the precomputed tables against the definition, for
// every cell of boards of several shapes.
func TestNeighbors(t *testing.T) {
	for _, size := range [][2]int{{1, 1}, {1, 5}, {5, 1}, {2, 2}, {3, 3}, {4, 7}, {16, 30}} {
		b := MustBoard(size[0], size[1])
		require.Equal(t, [3]int{size[0], size[1], size[0] * size[1]}, [3]int{b.Rows(), b.Cols(), b.Len()}, "board %v: rows, cols, cells", size)
		for i := range b.Len() {
			p := b.Pos(i)
			require.True(t, b.Contains(p), "%v: Pos(%d) = %v", size, i, p)
			require.Equal(t, i, b.Index(p), "%v: Index(Pos(%d))", size, i)
			want := []int32{}
			for r := p.Row - 1; r <= p.Row+1; r++ {
				for c := p.Col - 1; c <= p.Col+1; c++ {
					if q := (Pos{r, c}); q != p && b.Contains(q) {
						want = append(want, int32(b.Index(q)))
					}
				}
			}
			assert.Equal(t, want, b.Neighbors(i), "%v: Neighbors(%v)", size, p)
			np := []int32{}
			for _, q := range b.NeighborPos(p) {
				np = append(np, int32(b.Index(q)))
			}
			assert.Equal(t, want, np, "%v: NeighborPos(%v), as indices", size, p)
		}
	}
}

func TestContains(t *testing.T) {
	b := MustBoard(3, 4)
	for _, p := range []Pos{{-1, 0}, {0, -1}, {3, 0}, {0, 4}, {3, 4}} {
		assert.False(t, b.Contains(p), "3x4 board contains %v", p)
	}
}

func TestBoardShared(t *testing.T) {
	assert.Same(t, MustBoard(9, 9), MustBoard(9, 9), "two 9x9 boards are distinct; want the cached one")
	_, err := NewBoard(0, 9)
	assert.Error(t, err, "NewBoard(0, 9)")
	assert.Panics(t, func() { MustBoard(0, 0) })
}

func TestPos(t *testing.T) {
	p := Pos{3, 14}
	assert.Equal(t, "(3,14)", p.String())
	assert.Equal(t, [2]int{3, 14}, p.Pair())
	assert.Equal(t, p, PosOf(p.Pair()))
}

func BenchmarkNewBoard(b *testing.B) {
	// 300x300 is past the cache limit, so every call builds the tables.
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewBoard(300, 300); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBoardCacheBounded makes boards of many sizes, as a record file of
// many levels would: the cache stops growing at its bound, and boards past
// it are still right.
func TestBoardCacheBounded(t *testing.T) {
	for r := 1; r <= 64; r++ {
		b, err := NewBoard(r, 1023)
		if err != nil {
			t.Fatal(err)
		}
		want := 3 // neighbours of the corner (0,0)
		if r == 1 {
			want = 1
		}
		if b.Rows() != r || b.Cols() != 1023 || len(b.Neighbors(0)) != want {
			t.Fatalf("board %dx1023: %dx%d, %d neighbours of (0,0)", r, b.Rows(), b.Cols(), len(b.Neighbors(0)))
		}
		if got := cachedCells.Load(); got > maxCachedCells {
			t.Fatalf("after %dx1023: the cache holds %d cells, more than %d", r, got, maxCachedCells)
		}
	}
}
