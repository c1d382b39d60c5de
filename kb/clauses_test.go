package kb

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// records returns a copy of the table's records, in id order.
func (t *clauseTable) records() []clauseRec {
	out := make([]clauseRec, 0, t.len())
	for id := range t.n {
		out = append(out, *t.at(id))
	}
	return out
}

// TestClauseTableGrows checks that records keep their ids, contents and
// addresses as the table grows by chunks, and that reset empties it and
// keeps them.
func TestClauseTableGrows(t *testing.T) {
	var tab clauseTable
	const n = 2<<chunkShift + 1 // two chunks and a record
	var first *clauseRec
	for i := range n {
		id := tab.add()
		require.Equal(t, int32(i), id)
		tab.at(id).off = int32(i)
		if i == 0 {
			first = tab.at(id)
		}
	}
	assert.Len(t, tab.chunks, 3)
	assert.Same(t, first, tab.at(0), "growing moved a record")
	for id := range int32(n) {
		require.Equal(t, id, tab.at(id).off)
	}
	tab.reset()
	assert.Equal(t, 0, tab.len())
	assert.Equal(t, clauseRec{}, *tab.at(tab.add()), "a reused record comes back zeroed")
	assert.Len(t, tab.chunks, 3, "reset keeps the chunks")
}
