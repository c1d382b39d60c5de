package game

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOutcomeText checks that every outcome goes through JSON as its word,
// and that a record with another word fails to read, naming the word.
func TestOutcomeText(t *testing.T) {
	for _, o := range []Outcome{Unfinished, Won, Lost, Stuck} {
		b, err := json.Marshal(o)
		require.NoError(t, err)
		assert.Equal(t, `"`+o.String()+`"`, string(b))
		var back Outcome
		require.NoError(t, json.Unmarshal(b, &back))
		assert.Equal(t, o, back)
	}
	_, err := json.Marshal(Outcome(9))
	assert.Error(t, err, "json.Marshal(Outcome(9))")
	_, err = ReadRecords("x.jsonl", strings.NewReader(`{"result":"draw"}`))
	assert.EqualError(t, err, `x.jsonl:1:11: field "result": result "draw": want "won", "lost", "stuck" or "unfinished"`)
}
