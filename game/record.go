package game

import (
	"bufio"
	"encoding/json"
	"io"
)

// WhyGuess is the exact Why of a guessed move. Any other Why says the move was
// deduced, and a deduced move must be sound.
const WhyGuess = "guess"

// WhyFirst is the Why the agent gives its first click, when every cell is
// closed (RulesSafe and RulesZero). Any text will do there; see
// Record.FirstClick.
const WhyFirst = "first click: the rules keep it safe"

// MoveRecord is one move of a game record.
type MoveRecord struct {
	Op   string `json:"op"`   // an Op's String: "open" or "flag"
	Cell [2]int `json:"cell"` // [row, col]
	Why  string `json:"why"`  // WhyGuess, or the reason the move was deduced
}

// RecordVersion is the version of the record schema this package writes
// (the "version" key). A line without the key is version 1. Version 2 writes
// the optional "probs" key in a compact form (see ProbsKey); every other key
// is the same in both. Readers accept versions 1 to RecordVersion.
const RecordVersion = 2

// Record is one game as written to a JSON Lines record file. Tools outside
// the project replay these files, so the schema changes only with a new
// RecordVersion; readers reject keys it does not list (see RecordReader).
type Record struct {
	Version   int          `json:"version,omitempty"` // RecordVersion when written by RecordWriter; 0 or absent means 1
	Level     string       `json:"level"`
	Rows      int          `json:"rows"`
	Cols      int          `json:"cols"`
	MineCount int          `json:"mine_count"`
	Rules     string       `json:"rules"`
	Seed      int64        `json:"seed"`
	Mines     [][2]int     `json:"mines"`   // row-major
	Initial   [][2]int     `json:"initial"` // cells the rules opened before the first move
	Moves     []MoveRecord `json:"moves"`
	Outcome   Outcome      `json:"result"` // Won, Lost or Stuck: how the game ended
}

// RecordLine is one line of a record file: a Record and its optional keys.
type RecordLine struct {
	Record
	Probs   MoveProbs   `json:"probs,omitempty"`   // see ProbsKey
	Guesses MoveGuesses `json:"guesses,omitempty"` // see GuessesKey
}

// MarshalJSON writes the line stamped with RecordVersion, whatever l.Version
// says: the optional keys are written in the current version's form.
func (l RecordLine) MarshalJSON() ([]byte, error) {
	type plain RecordLine // without this method
	l.Version = RecordVersion
	return json.Marshal(plain(l))
}

// FirstClick reports whether move i is the game's first click: the first
// move, an open not labelled a guess, on a board with every cell closed
// (no initial cells). The rules make that open safe (RulesSafe, RulesZero),
// so it is neither a deduction nor a guess, whatever its Why says.
func (r *Record) FirstClick(i int) bool {
	return i == 0 && len(r.Initial) == 0 && len(r.Moves) > 0 &&
		r.Moves[0].Op == OpOpen.String() && r.Moves[0].Why != WhyGuess
}

// CountMoves counts the record's moves by kind: the first click (0 or 1),
// the deduced moves and the guesses.
func (r *Record) CountMoves() (first, deduced, guessed int) {
	for i, m := range r.Moves {
		switch {
		case r.FirstClick(i):
			first++
		case m.Why == WhyGuess:
			guessed++
		default:
			deduced++
		}
	}
	return first, deduced, guessed
}

// PairsOf converts positions to JSON [row, col] pairs, never nil.
func PairsOf(ps []Pos) [][2]int {
	out := make([][2]int, 0, len(ps))
	for _, p := range ps {
		out = append(out, p.Pair())
	}
	return out
}

// RecordWriter writes records as JSON Lines, one record a line, in the
// current RecordVersion.
type RecordWriter struct {
	w   *bufio.Writer
	enc *json.Encoder
}

// NewRecordWriter returns a writer of JSON Lines records to w. Call Flush
// when done. CreateRecordFile opens a file for it, gzip-compressed if its
// name ends in ".gz".
func NewRecordWriter(w io.Writer) *RecordWriter {
	bw := bufio.NewWriter(w)
	return &RecordWriter{w: bw, enc: json.NewEncoder(bw)}
}

// Write writes one record, without optional keys, as one line.
func (rw *RecordWriter) Write(r *Record) error { return rw.WriteLine(&RecordLine{Record: *r}) }

// WriteLine writes a record and its optional keys as one line, stamped with
// RecordVersion (see RecordLine.MarshalJSON).
func (rw *RecordWriter) WriteLine(l *RecordLine) error { return rw.enc.Encode(l) }

// Flush writes any buffered data.
func (rw *RecordWriter) Flush() error { return rw.w.Flush() }

// ReadRecords reads every record from a JSON Lines stream with a
// RecordReader, dropping the optional keys. It stops at the first error,
// which names the file, line and column; the records before it are returned.
func ReadRecords(name string, r io.Reader) ([]Record, error) {
	rr := NewRecordReader(name, r)
	var out []Record
	for {
		l, err := rr.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
		out = append(out, l.Record)
	}
}
