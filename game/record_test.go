package game

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestRecordSchema pins the JSON of a record, key by key, to the schema in
// the README (issue 2): tools outside the project read these files.
func TestRecordSchema(t *testing.T) {
	rec := &Record{
		Level: "hard", Rows: 16, Cols: 30, MineCount: 99, Rules: "seed", Seed: 123,
		Mines:   [][2]int{{0, 1}, {15, 29}},
		Initial: PairsOf(nil),
		Moves: []MoveRecord{
			{Op: OpOpen, Cell: [2]int{3, 4}, Why: WhyGuess},
			{Op: OpFlag, Cell: [2]int{0, 1}, Why: "subset (1,1)"},
		},
		Result: Stuck,
	}
	const want = `{"level":"hard","rows":16,"cols":30,"mine_count":99,"rules":"seed","seed":123,` +
		`"mines":[[0,1],[15,29]],"initial":[],` +
		`"moves":[{"op":"open","cell":[3,4],"why":"guess"},{"op":"flag","cell":[0,1],"why":"subset (1,1)"}],` +
		`"result":"stuck"}` + "\n"
	var buf bytes.Buffer
	w := NewRecordWriter(&buf)
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if buf.Len() != 0 {
		t.Errorf("the writer wrote before Flush: %q", buf.String())
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != want {
		t.Errorf("record JSON\n%s\nwant\n%s", got, want)
	}
}

// TestRecordRoundTrip writes the records of real games and reads them back.
func TestRecordRoundTrip(t *testing.T) {
	var recs []Record
	for seed := range 6 {
		rules := []Rules{RulesSeed, RulesSafe, RulesZero}[seed%3]
		g := playRandom(t, Beginner, rules, int64(seed))
		result := g.Outcome()
		if result == Unfinished {
			result = Stuck
		}
		recs = append(recs, Record{
			Level: Beginner.Name, Rows: 9, Cols: 9, MineCount: 10, Rules: rules.String(), Seed: GameSeed(7, seed),
			Mines: PairsOf(g.Mines()), Initial: PairsOf(g.Initial()),
			Moves:  []MoveRecord{{Op: OpOpen, Cell: [2]int{4, 4}, Why: WhyGuess}},
			Result: result,
		})
	}
	var buf bytes.Buffer
	w := NewRecordWriter(&buf)
	for i := range recs {
		if err := w.Write(&recs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), "\n"); n != len(recs) {
		t.Errorf("%d lines for %d records", n, len(recs))
	}
	got, err := ReadRecords("games.jsonl", &buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, recs) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, recs)
	}
}

func TestReadRecords(t *testing.T) {
	const good = `{"level":"easy","rows":9,"cols":9,"mine_count":10,"rules":"seed","seed":1,"mines":[[0,0]],"initial":[[1,1]],"moves":[],"result":"stuck"}`
	tests := []struct {
		name, in string
		n        int
		err      string
	}{
		{"empty", "", 0, ""},
		{"blank lines skipped", "\n" + good + "\n\n" + good + "\n", 2, ""},
		{"no final newline", good, 1, ""},
		{"extra keys welcome", strings.TrimSuffix(good, "}") + `,"agent":"kb","time_ms":12}`, 1, ""},
		{"bad JSON on line 3", good + "\n\n{\"level\":\n", 1, "games.jsonl:3: "},
		{"wrong type", `{"rows":"nine"}`, 0, "games.jsonl:1: "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := ReadRecords("games.jsonl", strings.NewReader(tc.in))
			if len(recs) != tc.n {
				t.Errorf("%d records; want %d", len(recs), tc.n)
			}
			switch {
			case tc.err == "" && err != nil:
				t.Errorf("ReadRecords: %v", err)
			case tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)):
				t.Errorf("ReadRecords: %v; want an error starting %q", err, tc.err)
			}
		})
	}
}

// TestRecordKeys checks that every key of the schema, and no other, is
// written, so an added field is a decision and not an accident.
func TestRecordKeys(t *testing.T) {
	b, err := json.Marshal(&Record{})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	want := []string{"level", "rows", "cols", "mine_count", "rules", "seed", "mines", "initial", "moves", "result"}
	if len(m) != len(want) {
		t.Errorf("record has keys %v; want %v", m, want)
	}
	for _, k := range want {
		if _, ok := m[k]; !ok {
			t.Errorf("record lacks key %q", k)
		}
	}
}
