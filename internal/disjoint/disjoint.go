package disjoint

// Sets is a disjoint-set forest: each element's parent, roots pointing to
// themselves. Writing s[r] = q for roots r and q joins r's set under q.
type Sets []int32

// New returns n elements, each its own set.
func New(n int) Sets {
	s := make(Sets, n)
	s.Reset()
	return s
}

// Reset makes every element its own root.
func (s Sets) Reset() {
	for i := range s {
		s[i] = int32(i)
	}
}

// Find returns x's root, halving the path on the way.
func (s Sets) Find(x int32) int32 {
	for s[x] != x {
		s[x] = s[s[x]]
		x = s[x]
	}
	return x
}

// Union joins the sets of x and y, under y's root.
func (s Sets) Union(x, y int32) {
	if rx, ry := s.Find(x), s.Find(y); rx != ry {
		s[rx] = ry
	}
}
