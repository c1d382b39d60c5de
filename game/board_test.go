package game

import (
	"slices"
	"testing"
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
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("CheckSize(%d, %d) = %v; want nil", tc.rows, tc.cols, err)
		case tc.want != "" && (err == nil || err.Error() != tc.want):
			t.Errorf("CheckSize(%d, %d) = %v; want %s", tc.rows, tc.cols, err, tc.want)
		}
	}
}

// TestNeighbors checks the precomputed tables against the definition, for
// every cell of boards of several shapes.
func TestNeighbors(t *testing.T) {
	for _, size := range [][2]int{{1, 1}, {1, 5}, {5, 1}, {2, 2}, {3, 3}, {4, 7}, {16, 30}} {
		b := MustBoard(size[0], size[1])
		if b.Rows() != size[0] || b.Cols() != size[1] || b.Len() != size[0]*size[1] {
			t.Fatalf("board %v reports %dx%d, %d cells", size, b.Rows(), b.Cols(), b.Len())
		}
		for i := range b.Len() {
			p := b.Pos(i)
			if b.Index(p) != i || !b.Contains(p) {
				t.Fatalf("%v: Pos(%d) = %v, Index back = %d", size, i, p, b.Index(p))
			}
			var want []int32
			for r := p.Row - 1; r <= p.Row+1; r++ {
				for c := p.Col - 1; c <= p.Col+1; c++ {
					if q := (Pos{r, c}); q != p && b.Contains(q) {
						want = append(want, int32(b.Index(q)))
					}
				}
			}
			if got := b.Neighbors(i); !slices.Equal(got, want) {
				t.Errorf("%v: Neighbors(%v) = %v; want %v", size, p, got, want)
			}
			np := b.NeighborPos(p)
			if len(np) != len(want) {
				t.Errorf("%v: NeighborPos(%v) = %v", size, p, np)
			}
			for k, q := range np {
				if int32(b.Index(q)) != want[k] {
					t.Errorf("%v: NeighborPos(%v)[%d] = %v; want index %d", size, p, k, q, want[k])
				}
			}
		}
	}
}

func TestContains(t *testing.T) {
	b := MustBoard(3, 4)
	for _, p := range []Pos{{-1, 0}, {0, -1}, {3, 0}, {0, 4}, {3, 4}} {
		if b.Contains(p) {
			t.Errorf("3x4 board contains %v", p)
		}
	}
}

func TestBoardShared(t *testing.T) {
	if MustBoard(9, 9) != MustBoard(9, 9) {
		t.Errorf("two 9x9 boards are distinct; want the cached one")
	}
	if _, err := NewBoard(0, 9); err == nil {
		t.Errorf("NewBoard(0, 9) succeeded")
	}
	defer func() {
		if recover() == nil {
			t.Errorf("MustBoard(0, 0) did not panic")
		}
	}()
	MustBoard(0, 0)
}

func TestPos(t *testing.T) {
	p := Pos{3, 14}
	if p.String() != "(3,14)" || p.Pair() != [2]int{3, 14} || PosOf(p.Pair()) != p {
		t.Errorf("Pos %v: String %q, Pair %v, PosOf %v", p, p.String(), p.Pair(), PosOf(p.Pair()))
	}
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
