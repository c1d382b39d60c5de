package backtrack

import (
	"math/rand/v2"
	"testing"
)

// checkSolver recomputes every incremental count of s from the assignment
// alone and reports any difference: the heap-verify of this package.
func checkSolver(t *testing.T, s *Solver) {
	t.Helper()
	n := int32(len(s.cells))
	needG, freeG := s.mines0, 0
	for v := int32(0); v < n; v++ {
		switch s.val[v] {
		case -1:
			freeG++
		case 1:
			needG--
		}
	}
	if needG != s.needG || freeG != s.freeG {
		t.Fatalf("global need/free %d/%d; recomputed %d/%d", s.needG, s.freeG, needG, freeG)
	}
	zero, full, deg := make([]uint8, n), make([]uint8, n), make([]uint8, n)
	for c := range s.need0 {
		need, free := s.need0[c], int8(0)
		for _, v := range s.varsOf(int32(c)) {
			switch s.val[v] {
			case -1:
				free++
			case 1:
				need--
			}
		}
		if need != s.need[c] || free != s.free[c] {
			t.Fatalf("constraint %d: need/free %d/%d; recomputed %d/%d", c, s.need[c], s.free[c], need, free)
		}
		if need < 0 || need > free {
			t.Fatalf("constraint %d: need %d, free %d: an illegal assignment was made", c, need, free)
		}
		st := status(need, free)
		for _, v := range s.varsOf(int32(c)) {
			zero[v] += uint8(b2i(st == stZero))
			full[v] += uint8(b2i(st == stFull))
			deg[v] += uint8(b2i(free >= 2))
		}
	}
	var classN [4]int
	var bucketN [nBuckets]int32
	for v := int32(0); v < n; v++ {
		if zero[v] != s.zero[v] || full[v] != s.full[v] || deg[v] != s.deg[v] {
			t.Fatalf("variable %d: zero/full/deg %d/%d/%d; recomputed %d/%d/%d", v,
				s.zero[v], s.full[v], s.deg[v], zero[v], full[v], deg[v])
		}
		b := s.bucket(v)
		unassigned := s.val[v] < 0
		if unassigned {
			classN[b/9]++
			bucketN[b]++
		}
		for k := range s.sets {
			want := unassigned && (k == b || k == setAll || k == setClass+b/9)
			if s.sets[k].has(v) != want {
				t.Fatalf("variable %d (bucket %d, unassigned %v): in set %d is %v", v, b, unassigned, k, !want)
			}
		}
	}
	if classN != s.classN || bucketN != s.bucketN {
		t.Fatalf("class counts %v, bucket counts %v; recomputed %v, %v", s.classN, s.bucketN, classN, bucketN)
	}
	for k := range s.sets {
		first := int32(-1)
		for v := int32(0); v < n; v++ {
			if s.sets[k].has(v) {
				first = v
				break
			}
		}
		if got := s.sets[k].first(); got != first {
			t.Fatalf("set %d: first() = %d; want %d", k, got, first)
		}
	}
}

// TestInvariants walks random assignments and undos on random puzzles,
// assigning only legal values (as the search does), and checks every count
// after every step; at the end everything is undone and the root restored.
func TestInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 2))
	for k := 0; k < 40; k++ {
		rows, cols := 3+rng.IntN(12), 3+rng.IntN(12)
		mines := rng.IntN(rows * cols / 3)
		p := randomPuzzle(rng, rows, cols, mines, rng.IntN(rows*cols-mines+1), rng.IntN(mines+1)/2)
		s, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		s.reset()
		checkSolver(t, s)
		var trail []int32
		for step := 0; step < 400; step++ {
			if len(trail) > 0 && rng.IntN(3) == 0 {
				v := trail[len(trail)-1]
				trail = trail[:len(trail)-1]
				s.unassign(v)
				checkSolver(t, s)
				continue
			}
			v := s.sets[setAll].first()
			if v < 0 {
				continue
			}
			if rng.IntN(2) == 0 { // some other unassigned variable
				for u := int32(rng.IntN(len(s.cells))); ; u = (u + 1) % int32(len(s.cells)) {
					if s.val[u] < 0 {
						v = u
						break
					}
				}
			}
			d := s.domain(s.class(v), false)
			var x int8
			switch d {
			case 0:
				continue
			case safeBit | mineBit:
				x = int8(rng.IntN(2))
			case mineBit:
				x = 1
			}
			s.assign(v, x)
			trail = append(trail, v)
			checkSolver(t, s)
		}
		for len(trail) > 0 {
			s.unassign(trail[len(trail)-1])
			trail = trail[:len(trail)-1]
		}
		checkSolver(t, s)
		if s.freeG != len(s.cells) {
			t.Fatalf("after undoing everything %d variables are free; want %d", s.freeG, len(s.cells))
		}
	}
}
