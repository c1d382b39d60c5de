package game

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// WhyGuess is the exact Why of a guessed move. Any other Why says the move was
// deduced, and a deduced move must be sound.
const WhyGuess = "guess"

// The ops of a MoveRecord.
const (
	OpOpen = "open"
	OpFlag = "flag"
)

// MoveRecord is one move of a game record.
type MoveRecord struct {
	Op   string `json:"op"`   // OpOpen or OpFlag
	Cell [2]int `json:"cell"` // [row, col]
	Why  string `json:"why"`  // WhyGuess, or the reason the move was deduced
}

// Record is one game as written to a JSON Lines record file. The schema is
// fixed; tools outside the project replay these files. Extra keys may be
// added after Result.
type Record struct {
	Level     string       `json:"level"`
	Rows      int          `json:"rows"`
	Cols      int          `json:"cols"`
	MineCount int          `json:"mine_count"`
	Rules     string       `json:"rules"`
	Seed      int64        `json:"seed"`
	Mines     [][2]int     `json:"mines"`   // row-major
	Initial   [][2]int     `json:"initial"` // cells the rules opened before the first move
	Moves     []MoveRecord `json:"moves"`
	Result    Outcome      `json:"result"` // Won, Lost or Stuck
}

// PairsOf converts positions to JSON [row, col] pairs, never nil.
func PairsOf(ps []Pos) [][2]int {
	out := make([][2]int, 0, len(ps))
	for _, p := range ps {
		out = append(out, p.Pair())
	}
	return out
}

// RecordWriter writes records as JSON Lines.
type RecordWriter struct {
	w   *bufio.Writer
	enc *json.Encoder
}

// NewRecordWriter returns a writer of JSON Lines records to w. Call Flush
// when done.
func NewRecordWriter(w io.Writer) *RecordWriter {
	bw := bufio.NewWriter(w)
	return &RecordWriter{w: bw, enc: json.NewEncoder(bw)}
}

// Write writes one record as one line.
func (rw *RecordWriter) Write(r *Record) error { return rw.enc.Encode(r) }

// WriteLine writes v, a struct that embeds Record and adds extra keys (such
// as ProbsKey), as one line.
func (rw *RecordWriter) WriteLine(v any) error { return rw.enc.Encode(v) }

// Flush writes any buffered data.
func (rw *RecordWriter) Flush() error { return rw.w.Flush() }

// ReadRecords reads every record from a JSON Lines stream. Errors name the
// file and line.
func ReadRecords(name string, r io.Reader) ([]Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<28)
	var out []Record
	line := 0
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if len(b) == 0 {
			continue
		}
		var rec Record
		if err := json.Unmarshal(b, &rec); err != nil {
			return out, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		out = append(out, rec)
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	return out, nil
}
