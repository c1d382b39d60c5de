package game

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestOutcomeText checks that every outcome goes through JSON as its word,
// and that a record with another word fails to read, naming the word.
func TestOutcomeText(t *testing.T) {
	for _, o := range []Outcome{Unfinished, Won, Lost, Stuck} {
		b, err := json.Marshal(o)
		if err != nil || string(b) != `"`+o.String()+`"` {
			t.Errorf("json.Marshal(%v) = %s, %v; want %q", o, b, err, o.String())
		}
		var back Outcome
		if err := json.Unmarshal(b, &back); err != nil || back != o {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", b, back, err, o)
		}
	}
	if _, err := json.Marshal(Outcome(9)); err == nil {
		t.Error("json.Marshal(Outcome(9)) succeeded")
	}
	_, err := ReadRecords("x.jsonl", strings.NewReader(`{"result":"draw"}`))
	if err == nil || err.Error() != `x.jsonl:1:11: field "result": result "draw": want "won", "lost", "stuck" or "unfinished"` {
		t.Errorf("ReadRecords of result \"draw\": %v", err)
	}
}
