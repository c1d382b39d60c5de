package exact

import "encoding/binary"

// Cache keeps counted components between analyses of related positions,
// such as a position and the same position with one more hint: a component
// whose cells and constraints are unchanged is not counted again. Since a
// component's diagram depends on nothing else, an analysis made with a
// Cache is exactly, bit for bit, the one Analyze makes. A Cache is not safe
// for concurrent use; it holds at most cacheLimit components and forgets
// them all when full.
type Cache struct {
	parts map[string]countedPart
	key   []byte // scratch for keys
	hits  int    // components reused, from it or from the base of a Reveal, for tests
}

// countedPart is a component counted: its diagram, forward counts and set
// of totals, all read-only once built.
type countedPart struct {
	d      *diagram
	fl     *flow
	totals bitset
	limit  int // the state budget it was built under; reused only under the same
}

// cacheLimit bounds a Cache: a few thousand small diagrams, a few
// megabytes on expert boards.
const cacheLimit = 1 << 12

// NewCache returns an empty Cache.
func NewCache() *Cache { return &Cache{parts: make(map[string]countedPart)} }

// Reset forgets every component.
func (c *Cache) Reset() { clear(c.parts) }

// keyOf returns co's key: its cells and every constraint (hint, mines
// needed, variables), which determine its diagram. The key is scratch,
// valid until the next call.
func (c *Cache) keyOf(co *Component) []byte {
	k := binary.AppendUvarint(c.key[:0], uint64(len(co.Cells)))
	for _, cell := range co.Cells {
		k = binary.AppendUvarint(k, uint64(cell))
	}
	for _, con := range co.cons {
		k = binary.AppendUvarint(k, uint64(con.hint))
		k = binary.AppendVarint(k, int64(con.need))
		k = binary.AppendUvarint(k, uint64(len(con.vars)))
		for _, v := range con.vars {
			k = binary.AppendUvarint(k, uint64(v))
		}
	}
	c.key = k
	return k
}

// get returns the counted part for co, if c holds it.
func (c *Cache) get(co *Component) (countedPart, bool) {
	if c == nil {
		return countedPart{}, false
	}
	part, ok := c.parts[string(c.keyOf(co))]
	if ok {
		c.hits++
	}
	return part, ok
}

// put remembers co's counted part.
func (c *Cache) put(co *Component, part countedPart) {
	if c == nil {
		return
	}
	if len(c.parts) >= cacheLimit {
		clear(c.parts)
	}
	c.parts[string(c.keyOf(co))] = part
}
