package game

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// FuzzReplayRecord mutates valid records, as structured edits of the record
// and as edits of its JSON text, and checks that reading and verifying a
// line (NewRecordReader, then VerifyRecord) rejects it exactly when an
// independent checker says so. The checker, oracleValid, replays the moves
// on a plain grid of its own; the only code it shares with the package is
// the generator, which says which layout a seed draws.
//
// The edits that break the schema (a key in another case, a key given
// twice, a cell [r, c, x], a size written as a string, a version from the
// future) must always be rejected; a record that is accepted must decode to
// exactly the record written.
func FuzzReplayRecord(f *testing.F) {
	for _, s := range []struct {
		base byte
		muts string
	}{
		{0, ""}, {1, ""}, {2, ""}, {3, ""}, {4, ""}, {5, ""},
		{0, "\x00\x03\x01\x00"},                 // op of move 3
		{1, "\x01\x05\x02\x07"},                 // cell of move 5
		{1, "\x02\x04\x01\x00"},                 // why of move 4: deduced
		{2, "\x03\x00\x00\x00"},                 // delete move 0
		{0, "\x04\x02\x00\x00"},                 // duplicate move 2
		{1, "\x05\x01\x06\x00"},                 // swap moves 1 and 6
		{3, "\x06\x04\x00\x00"},                 // truncate to 4 moves
		{0, "\x07\x00\x01\x00"},                 // result
		{1, "\x08\x02\x03\x04"},                 // move mine 2
		{5, "\x09\x00\x01\x00"},                 // mine count
		{4, "\x0a\x05\x00\x00"},                 // seed
		{0, "\x0b\x01\x00\x00"},                 // initial
		{2, "\x0c\x07\x01\x03"},                 // append a move
		{1, "\x0d\x00\x00\x00"},                 // "Moves":[]
		{1, "\x0d\x01\x00\x00"},                 // "Result":"won"
		{0, "\x0e\x00\x00\x00"},                 // "result" twice
		{3, "\x0f\x02\x00\x00"},                 // a cell [r, c, 0]
		{2, "\x10\x00\x00\x00"},                 // rows as a string
		{5, "\x11\x02\x00\x00"},                 // version 2
		{4, "\x11\x03\x00\x00"},                 // version 3
		{5, "\x02\x09\x02\x00\x07\x00\x00\x00"}, // a deduced move onto a mine, result won
	} {
		f.Add(s.base, []byte(s.muts))
	}
	bases := fuzzBases(f)
	f.Fuzz(func(t *testing.T, base byte, muts []byte) {
		b := bases[int(base)%len(bases)]
		rec := cloneRecord(b.rec)
		var tr textEdits
		for k := 0; k+4 <= len(muts) && k < 64; k += 4 {
			mutate(&rec, &tr, muts[k], int(muts[k+1]), int(muts[k+2]), int(muts[k+3]))
		}
		line := encodeRecord(&rec, &tr)
		want := !tr.breaksSchema(&rec) && oracleValid(&rec, b.level, b.rules)

		l, err := NewRecordReader("fuzz", strings.NewReader(line)).Next()
		if err == nil {
			err = VerifyRecord(&l.Record)
		}
		if got := err == nil; got != want {
			t.Fatalf("replay accepts: %v (%v); the oracle: %v\n%.2000s", got, err, want, line)
		}
		if err == nil {
			l.Version = 0
			if !equalRecords(&l.Record, &rec) {
				t.Fatalf("accepted, but decoded\n%+v\nfrom\n%+v", l.Record, rec)
			}
		}
	})
}

// fuzzBase is a valid record and the level and rules it was played under.
type fuzzBase struct {
	rec   Record
	level Level
	rules Rules
}

// fuzzBases are the records FuzzReplayRecord mutates: won, lost and stuck
// games under every rule, boards larger than 64x64 among them.
func fuzzBases(t testing.TB) []fuzzBase {
	var out []fuzzBase
	for _, c := range []struct {
		level       string
		rules       Rules
		seed        int64
		limit, lose int
	}{
		{"easy", RulesSeed, 1, -1, 0},
		{"beginner", RulesSafe, 2, -1, 0},
		{"4x4/3", RulesZero, 3, -1, 0},
		{"beginner", RulesSafe, 4, 12, 6},   // lost at move 6
		{"70x66/400", RulesSafe, 5, 60, 0},  // stuck, larger than 64x64
		{"65x80/900", RulesSeed, 6, 120, 0}, // stuck, larger than 64x64
	} {
		l := mustLevel(c.level)
		rec := scripted(t, l, c.rules, c.seed, c.limit)
		if c.lose > 0 {
			rec.Moves = append(rec.Moves[:c.lose], MoveRecord{Op: OpOpen.String(), Cell: firstMine(rec), Why: WhyGuess})
			rec.Outcome = Lost
		}
		if err := VerifyRecord(rec); err != nil {
			t.Fatalf("base %s: %v", c.level, err)
		}
		out = append(out, fuzzBase{*rec, l, c.rules})
	}
	return out
}

func cloneRecord(r Record) Record {
	r.Mines = slices.Clone(r.Mines)
	r.Initial = slices.Clone(r.Initial)
	r.Moves = slices.Clone(r.Moves)
	return r
}

func equalRecords(a, b *Record) bool {
	return a.Level == b.Level && a.Rows == b.Rows && a.Cols == b.Cols && a.MineCount == b.MineCount &&
		a.Rules == b.Rules && a.Seed == b.Seed && a.Outcome == b.Outcome &&
		slices.Equal(a.Mines, b.Mines) && slices.Equal(a.Initial, b.Initial) && slices.Equal(a.Moves, b.Moves)
}

// textEdits are edits of a record's JSON text.
type textEdits struct {
	extraKey  string // a key added at the end, with a plausible value
	dupResult bool   // "result" given twice
	cell3     int    // 1 + the index of a move whose cell gets a third element; 0 for none
	rowsText  bool   // "rows" written as a string
	version   int    // the "version" key; 0 for none
}

// breaksSchema reports whether the edits make the line break the schema.
func (e *textEdits) breaksSchema(rec *Record) bool {
	return e.extraKey != "" || e.dupResult || (e.cell3 > 0 && e.cell3 <= len(rec.Moves)) || e.rowsText || e.version > RecordVersion
}

// mutate applies one edit, chosen by kind, with arguments a, b and c.
func mutate(rec *Record, tr *textEdits, kind byte, a, b, c int) {
	n := len(rec.Moves)
	cellOf := func(b, c int) [2]int { return [2]int{b%(rec.Rows+2) - 1, c%(rec.Cols+2) - 1} }
	whys := []string{WhyGuess, "oracle", ""}
	switch kind % 18 {
	case 0:
		if n > 0 {
			rec.Moves[a%n].Op = []string{OpOpen.String(), OpFlag.String(), "Open", "", "x"}[b%5]
		}
	case 1:
		if n > 0 {
			rec.Moves[a%n].Cell = cellOf(b, c)
		}
	case 2:
		if n > 0 {
			rec.Moves[a%n].Why = whys[b%3]
		}
	case 3:
		if n > 0 {
			rec.Moves = slices.Delete(rec.Moves, a%n, a%n+1)
		}
	case 4:
		if n > 0 {
			rec.Moves = slices.Insert(rec.Moves, a%n, rec.Moves[a%n])
		}
	case 5:
		if n > 0 {
			rec.Moves[a%n], rec.Moves[b%n] = rec.Moves[b%n], rec.Moves[a%n]
		}
	case 6:
		rec.Moves = rec.Moves[:min(a, n)]
	case 7:
		rec.Outcome = Outcome(b % 4)
	case 8:
		if m := len(rec.Mines); m > 0 {
			switch c % 3 {
			case 0:
				rec.Mines = slices.Delete(rec.Mines, a%m, a%m+1)
			case 1:
				rec.Mines[a%m] = cellOf(b, c)
			case 2:
				rec.Mines = slices.Insert(rec.Mines, a%m, rec.Mines[a%m])
			}
		}
	case 9:
		d := []int{-1, 1}[b%2]
		switch a % 3 {
		case 0:
			rec.MineCount += d
		case 1:
			rec.Rows += d
		case 2:
			rec.Cols += d
		}
	case 10:
		rec.Seed ^= 1 << (a % 64)
	case 11:
		if m := len(rec.Initial); m > 0 && b%2 == 0 {
			rec.Initial = slices.Delete(rec.Initial, a%m, a%m+1)
		} else {
			rec.Initial = append(rec.Initial, cellOf(b, c))
		}
	case 12:
		rec.Moves = slices.Insert(rec.Moves, a%(n+1), MoveRecord{Op: []string{OpOpen.String(), OpFlag.String()}[b%2], Cell: cellOf(b/2, c), Why: whys[c%2]})
	case 13:
		tr.extraKey = []string{"Moves", "Result", "agent"}[a%3]
	case 14:
		tr.dupResult = true
	case 15:
		tr.cell3 = a + 1
	case 16:
		tr.rowsText = true
	case 17:
		tr.version = a % 4
	}
}

// encodeRecord writes rec as one JSON line, with the text edits, by hand:
// the test does not trust the package's encoder either.
func encodeRecord(rec *Record, tr *textEdits) string {
	q := func(s string) string {
		b, _ := json.Marshal(s)
		return string(b)
	}
	pairs := func(ps [][2]int) string {
		var sb strings.Builder
		sb.WriteByte('[')
		for i, p := range ps {
			if i > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprintf(&sb, "[%d,%d]", p[0], p[1])
		}
		sb.WriteByte(']')
		return sb.String()
	}
	var sb strings.Builder
	sb.WriteByte('{')
	if tr.version > 0 {
		fmt.Fprintf(&sb, `"version":%d,`, tr.version)
	}
	rows := fmt.Sprint(rec.Rows)
	if tr.rowsText {
		rows = q(rows)
	}
	fmt.Fprintf(&sb, `"level":%s,"rows":%s,"cols":%d,"mine_count":%d,"rules":%s,"seed":%d,"mines":%s,"initial":%s,"moves":[`,
		q(rec.Level), rows, rec.Cols, rec.MineCount, q(rec.Rules), rec.Seed, pairs(rec.Mines), pairs(rec.Initial))
	for i, m := range rec.Moves {
		if i > 0 {
			sb.WriteByte(',')
		}
		extra := ""
		if tr.cell3 == i+1 {
			extra = ",0"
		}
		fmt.Fprintf(&sb, `{"op":%s,"cell":[%d,%d%s],"why":%s}`, q(m.Op), m.Cell[0], m.Cell[1], extra, q(m.Why))
	}
	fmt.Fprintf(&sb, `],"result":%s`, q(rec.Outcome.String()))
	if tr.dupResult {
		sb.WriteString(`,"result":"won"`)
	}
	switch tr.extraKey {
	case "Moves":
		sb.WriteString(`,"Moves":[]`)
	case "Result":
		sb.WriteString(`,"Result":"won"`)
	case "agent":
		sb.WriteString(`,"agent":"kb"`)
	}
	sb.WriteString("}\n")
	return sb.String()
}

// oracleValid is an independent statement of the rules a record must
// follow: its size and mine count are the level's; its mines are the
// layout its seed draws (for RulesSafe and RulesZero, at its first open),
// listed once each in row-major order, and so are its initial cells; then,
// replayed on a plain grid, no move comes after the end of the game, every
// move is an open or a flag of a closed cell on the board with a reason, a
// flag is not repeated, a deduced open is safe and a deduced flag a mine,
// and the result is what the moves leave.
func oracleValid(rec *Record, lvl Level, rules Rules) bool {
	if rec.Rows != lvl.Rows || rec.Cols != lvl.Cols || rec.MineCount != lvl.Mines {
		return false
	}
	g := oracleGrid{R: rec.Rows, C: rec.Cols}
	mines, ok := g.layout(rec, lvl, rules)
	if !ok {
		return false
	}
	return g.replay(rec, mines)
}

// oracleGrid is the plain grid the oracle replays a record on.
type oracleGrid struct {
	R, C             int
	mine, open, flag []bool
	closed           int // safe cells still closed
}

func (g *oracleGrid) on(c [2]int) bool { return c[0] >= 0 && c[0] < g.R && c[1] >= 0 && c[1] < g.C }
func (g *oracleGrid) at(c [2]int) int  { return c[0]*g.C + c[1] }

// layout checks the record's mines and initial cells against the game the
// package deals for its level, rules and seed, sets g.mine, and returns the
// number of mines.
func (g *oracleGrid) layout(rec *Record, lvl Level, rules Rules) (int, bool) {
	firstOpen := slices.IndexFunc(rec.Moves, func(m MoveRecord) bool { return m.Op == OpOpen.String() })
	g.mine = make([]bool, g.R*g.C)
	if rules != RulesSeed && firstOpen < 0 && len(rec.Mines) == 0 {
		// No layout was drawn: the board is empty.
		return 0, len(rec.Initial) == 0
	}
	if len(rec.Mines) != rec.MineCount {
		return 0, false
	}
	for k, m := range rec.Mines {
		if !g.on(m) || (k > 0 && g.at(m) <= g.at(rec.Mines[k-1])) {
			return 0, false
		}
		g.mine[g.at(m)] = true
	}
	dealt, err := New(lvl, rules, rec.Seed)
	if err != nil {
		panic(err)
	}
	if rules != RulesSeed {
		if firstOpen < 0 || !g.on(rec.Moves[firstOpen].Cell) {
			return 0, false
		}
		dealt.placeFor(g.at(rec.Moves[firstOpen].Cell))
	}
	if !slices.Equal(PairsOf(dealt.Mines()), rec.Mines) {
		return 0, false
	}
	want, got := PairsOf(dealt.Initial()), slices.Clone(rec.Initial)
	less := func(a, b [2]int) int { return g.at(a) - g.at(b) }
	slices.SortFunc(want, less)
	slices.SortFunc(got, less)
	return len(rec.Mines), slices.Equal(want, got)
}

// hint is the number of mines around (r, c).
func (g *oracleGrid) hint(r, c int) int {
	n := 0
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if q := [2]int{r + dr, c + dc}; (dr != 0 || dc != 0) && g.on(q) && g.mine[g.at(q)] {
				n++
			}
		}
	}
	return n
}

// reveal opens p and, from every zero it opens, the cells around it.
func (g *oracleGrid) reveal(p [2]int) {
	stack := [][2]int{p}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if g.open[g.at(p)] {
			continue
		}
		g.open[g.at(p)] = true
		g.closed--
		if g.hint(p[0], p[1]) > 0 {
			continue
		}
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if q := [2]int{p[0] + dr, p[1] + dc}; g.on(q) && !g.open[g.at(q)] {
					stack = append(stack, q)
				}
			}
		}
	}
}

// replay plays the record's initial cells and moves on g and reports
// whether every move is legal and the outcome is what they leave.
func (g *oracleGrid) replay(rec *Record, mines int) bool {
	g.open, g.flag = make([]bool, g.R*g.C), make([]bool, g.R*g.C)
	g.closed = g.R*g.C - mines
	for _, p := range rec.Initial {
		g.reveal(p)
	}
	result := Stuck
	if g.closed == 0 {
		result = Won
	}
	for _, m := range rec.Moves {
		if result != Stuck || !g.on(m.Cell) || m.Why == "" || g.open[g.at(m.Cell)] {
			return false
		}
		i, deduced := g.at(m.Cell), m.Why != WhyGuess
		switch m.Op {
		case OpOpen.String():
			switch {
			case g.mine[i] && deduced:
				return false
			case g.mine[i]:
				result = Lost
			default:
				g.reveal(m.Cell)
				if g.closed == 0 {
					result = Won
				}
			}
		case OpFlag.String():
			if g.flag[i] || (deduced && !g.mine[i]) {
				return false
			}
			g.flag[i] = true
		default:
			return false
		}
	}
	return rec.Outcome == result
}

// TestOracle checks the fuzz oracle itself: it accepts the base records and
// rejects edits that break a rule, each of which the package rejects too.
func TestOracle(t *testing.T) {
	for _, b := range fuzzBases(t) {
		if !oracleValid(&b.rec, b.level, b.rules) {
			t.Errorf("%s: the oracle rejects a valid record", b.level.Name)
		}
		for _, tc := range []struct {
			name string
			edit func(r *Record)
		}{
			{"another result", func(r *Record) { r.Outcome = (r.Outcome % 3) + 1 }},
			{"a repeated move", func(r *Record) { r.Moves = append(r.Moves, r.Moves[len(r.Moves)-1]) }},
			{"a deduced open of a mine", func(r *Record) {
				r.Moves = append(r.Moves[:len(r.Moves)-1:len(r.Moves)-1], MoveRecord{Op: OpOpen.String(), Cell: firstMine(r), Why: "unit"})
			}},
			{"a mine moved", func(r *Record) { r.Mines[0][1] ^= 1 }},
			{"another seed", func(r *Record) { r.Seed++ }},
		} {
			rec := cloneRecord(b.rec)
			tc.edit(&rec)
			if oracleValid(&rec, b.level, b.rules) {
				t.Errorf("%s, %s: the oracle accepts it", b.level.Name, tc.name)
			}
			if VerifyRecord(&rec) == nil {
				t.Errorf("%s, %s: VerifyRecord accepts it", b.level.Name, tc.name)
			}
		}
	}
}
