package kb

// chunkShift sets the size of a clauseTable's chunks: 1024 records, 32 KB.
const chunkShift = 10

// clauseTable holds the KB's clause records, indexed by clause id, in
// chunks of 1<<chunkShift records. Growing it allocates a chunk and never
// copies the records, so a big board whose clauses outgrow the room once
// planned for them holds no second copy while it grows. Finding a
// record costs a load more than a slice's index: the chunks are arrays,
// indexed without a bounds check. A pointer that at returns stays valid
// until reset.
type clauseTable struct {
	chunks []*[1 << chunkShift]clauseRec // the last one may be partly used
	n      int32                         // records added
}

// reset empties the table, keeping its chunks.
func (t *clauseTable) reset() { t.n = 0 }

// len returns the number of records added.
func (t *clauseTable) len() int { return int(t.n) }

// at returns record id.
func (t *clauseTable) at(id int32) *clauseRec {
	return &t.chunks[id>>chunkShift][id&(1<<chunkShift-1)]
}

// add appends a zero record and returns its id.
func (t *clauseTable) add() int32 {
	id := t.n
	if int(id>>chunkShift) == len(t.chunks) {
		t.chunks = append(t.chunks, new([1 << chunkShift]clauseRec))
	}
	t.n++
	*t.at(id) = clauseRec{}
	return id
}
