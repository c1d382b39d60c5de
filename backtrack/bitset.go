package backtrack

import "math/bits"

// bitset is a set of small integers with O(1) insert and delete and a
// lowest-member query that reads one summary word per 4096 members, so
// choosing a variable never scans the board.
type bitset struct {
	lo []uint64 // bit i%64 of lo[i/64] is set iff i is a member
	hi []uint64 // bit w%64 of hi[w/64] is set iff lo[w] != 0
}

// newBitsets returns k empty sets over 0..n-1, sharing two allocations.
func newBitsets(k, n int) []bitset {
	nlo := (n + 63) / 64
	nhi := (nlo + 63) / 64
	lo := make([]uint64, k*nlo)
	hi := make([]uint64, k*nhi)
	sets := make([]bitset, k)
	for j := range sets {
		sets[j] = bitset{lo: lo[j*nlo : (j+1)*nlo : (j+1)*nlo], hi: hi[j*nhi : (j+1)*nhi : (j+1)*nhi]}
	}
	return sets
}

func (s *bitset) add(i int32) {
	w := i >> 6
	if s.lo[w] == 0 {
		s.hi[w>>6] |= 1 << (w & 63)
	}
	s.lo[w] |= 1 << (i & 63)
}

func (s *bitset) remove(i int32) {
	w := i >> 6
	s.lo[w] &^= 1 << (i & 63)
	if s.lo[w] == 0 {
		s.hi[w>>6] &^= 1 << (w & 63)
	}
}

func (s *bitset) has(i int32) bool { return s.lo[i>>6]&(1<<(i&63)) != 0 }

// first returns the smallest member, or -1 if the set is empty.
func (s *bitset) first() int32 {
	for j, h := range s.hi {
		if h != 0 {
			w := j<<6 + bits.TrailingZeros64(h)
			return int32(w<<6 + bits.TrailingZeros64(s.lo[w]))
		}
	}
	return -1
}

func (s *bitset) clear() {
	clear(s.lo)
	clear(s.hi)
}
