package exact

import "math/bits"

// bitset is a set of small non-negative integers, such as the mine totals a
// component's solutions take.
type bitset []uint64

// newBitset returns an empty set able to hold 0..n-1.
func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

// set adds i.
func (s bitset) set(i int) { s[i>>6] |= 1 << (i & 63) }

// has reports whether i is in s; i may lie beyond s's capacity.
func (s bitset) has(i int) bool {
	return i >= 0 && i>>6 < len(s) && s[i>>6]&(1<<(i&63)) != 0
}

// min returns the least element, or -1 if s is empty.
func (s bitset) min() int {
	for w, x := range s {
		if x != 0 {
			return w*64 + bits.TrailingZeros64(x)
		}
	}
	return -1
}

// max returns the greatest element, or -1 if s is empty.
func (s bitset) max() int {
	for w := len(s) - 1; w >= 0; w-- {
		if s[w] != 0 {
			return w*64 + 63 - bits.LeadingZeros64(s[w])
		}
	}
	return -1
}

// maxGap returns the largest difference between consecutive elements (1
// when s is an interval, 0 when it has fewer than two elements).
func (s bitset) maxGap() int {
	gap, prev := 0, -1
	for w, x := range s {
		for x != 0 {
			i := w*64 + bits.TrailingZeros64(x)
			x &= x - 1
			if prev >= 0 && i-prev > gap {
				gap = i - prev
			}
			prev = i
		}
	}
	return gap
}

// orShifted sets dst |= src << k (every element of src plus k), dropping
// what falls beyond dst's capacity.
func (dst bitset) orShifted(src bitset, k int) {
	ws, bs := k>>6, uint(k&63)
	for w := len(src) - 1; w >= 0; w-- {
		x := src[w]
		if x == 0 {
			continue
		}
		if d := w + ws; d < len(dst) {
			dst[d] |= x << bs
		}
		if bs != 0 {
			if d := w + ws + 1; d < len(dst) {
				dst[d] |= x >> (64 - bs)
			}
		}
	}
}

// sumset returns {a+b : a in s, b in t} over 0..n-1.
func sumset(s, t bitset, n int) bitset {
	out := newBitset(n)
	for w, x := range t {
		for x != 0 {
			k := w*64 + bits.TrailingZeros64(x)
			x &= x - 1
			out.orShifted(s, k)
		}
	}
	return out
}
