package disjoint

import "testing"

func TestSets(t *testing.T) {
	s := New(6)
	for _, p := range [][2]int32{{0, 1}, {2, 3}, {1, 3}, {4, 4}} {
		s.Union(p[0], p[1])
	}
	same := func(x, y int32) bool { return s.Find(x) == s.Find(y) }
	for _, tc := range []struct {
		x, y int32
		want bool
	}{
		{0, 3, true}, {1, 2, true}, {0, 0, true},
		{0, 4, false}, {4, 5, false}, {3, 5, false},
	} {
		if got := same(tc.x, tc.y); got != tc.want {
			t.Errorf("same set %d, %d = %v; want %v", tc.x, tc.y, got, tc.want)
		}
	}
	if r := s.Find(0); r != 3 {
		t.Errorf("root of {0,1,2,3} = %d; want 3, the root Union(1, 3) joined under", r)
	}
	s.Reset()
	if same(0, 1) {
		t.Errorf("after Reset, 0 and 1 share a set")
	}
}
