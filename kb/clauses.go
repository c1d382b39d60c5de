package kb

import "math/bits"

// clauseTable holds the KB's clause records, indexed by clause id: the
// first ones in an array sized when the table is reset, the rest in
// chunks of a power-of-two size, about an eighth of that array's (256
// records at least). Growing it allocates a chunk and never copies the records,
// so a big board whose clauses outgrow the room planned for them holds no
// second copy while it grows (a 1000x1000 analysis held its 34 MB of
// records and a 42 MB copy at once), and a record in the first array, as
// nearly all are, costs one comparison to find, as a slice's bounds check
// would. A pointer that at returns stays valid until reset.
type clauseTable struct {
	first []clauseRec   // records 0..len(first)-1
	more  [][]clauseRec // the records from len(first) on, 1<<shift a chunk; the last chunk may be partly used
	shift uint
	n     int32 // records added
}

// reset empties the table, with room for want records at least in its
// first array: the first array grows to hold the records the chunks held
// too, so that a reused table finds every record there, as a slice grown
// by appends would.
func (t *clauseTable) reset(want int) {
	want = max(want, len(t.first)+len(t.more)<<t.shift)
	t.first = resize(t.first, want)
	t.first = t.first[:cap(t.first)]
	t.more = nil
	t.shift = uint(max(8, bits.Len(uint(len(t.first)/8))))
	t.n = 0
}

// len returns the number of records added.
func (t *clauseTable) len() int { return int(t.n) }

// at returns record id.
func (t *clauseTable) at(id int32) *clauseRec {
	if i := int(id); uint(i) < uint(len(t.first)) { // proves i in bounds
		return &t.first[i]
	}
	return t.later(id)
}

// later returns record id, past the first array.
func (t *clauseTable) later(id int32) *clauseRec {
	o := int(id) - len(t.first)
	return &t.more[o>>t.shift][o&(1<<t.shift-1)]
}

// add appends a zero record and returns its id.
func (t *clauseTable) add() int32 {
	id := t.n
	if i := int(id); uint(i) < uint(len(t.first)) {
		t.first[i] = clauseRec{}
		t.n++
		return id
	}
	return t.addLater()
}

// addLater is add past the first array.
func (t *clauseTable) addLater() int32 {
	id := t.n
	if o := int(id) - len(t.first); o>>t.shift == len(t.more) {
		t.more = append(t.more, make([]clauseRec, 1<<t.shift))
	}
	t.n++
	*t.later(id) = clauseRec{}
	return id
}
