package game

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/minesat/minesat/internal/jsonerr"
)

// Limits on what a record line may make a reader allocate, so that memory
// stays in proportion to the input.
const (
	// MaxRecordLine is the longest record line a RecordReader reads: 256 MiB.
	MaxRecordLine = 1 << 28

	// RecordMinCells and RecordCellsPerByte bound a record's board: it may
	// have at most max(RecordMinCells, RecordCellsPerByte * L) cells, where L
	// is the length of its line in bytes, decompressed. Verifying a record
	// allocates at most about 104 bytes a cell and holds at most about 65
	// (BenchmarkReplayRecordMemory at 1000x1000 and 2048x2048), so a line
	// costs at most about 850 bytes a byte of its own, and a line under 8
	// KiB at most about 7 MB. A real game needs far fewer bytes a cell: its
	// mine list alone takes about 6 bytes a mine, over 8 bytes a cell at the
	// density of beginner.
	RecordMinCells     = 1 << 16
	RecordCellsPerByte = 8
)

// RecordReader reads record lines from a JSON Lines stream one at a time,
// in memory bounded by the longest line. The stream may be gzip-compressed
// (recognised by its first bytes) and may start with a UTF-8 byte order
// mark; blank lines are skipped.
//
// Decoding is strict: every key of the schema is required (but "version",
// "probs" and "guesses"), keys match exactly (case included), a key given
// twice, a key the schema does not list, a value of the wrong JSON type and
// a cell that is not exactly [row, col] are all errors. Errors are
// *ParseError values naming the file, line and column, with the field in
// JSON terms, such as
//
//	runs.jsonl:3:412: field "moves"[3].cell: want [row, col], got more elements
type RecordReader struct {
	name string
	r    io.Reader     // the raw stream, until the first Next
	in   *stickyReader // the decompressed stream
	br   *bufio.Reader // reads in
	buf  []byte        // the line under way, reused
	max  int           // the longest line read: MaxRecordLine but in tests
	line int
	err  error // a stream error, returned by every later Next
}

// NewRecordReader returns a reader of the records of r; name is used in
// errors.
func NewRecordReader(name string, r io.Reader) *RecordReader {
	return &RecordReader{name: name, r: r, max: MaxRecordLine}
}

// Line returns the line number of the record Next returned last, or of the
// line a stream error stopped at.
func (rr *RecordReader) Line() int { return rr.line }

// Next returns the next record line, or io.EOF after the last. A line that
// does not decode returns a *ParseError; the next call goes on with the
// following line. An error of the stream itself (a read error, a torn gzip
// stream, a line longer than MaxRecordLine) ends the reading: every later
// call returns it, naming the line it stopped in.
//
// Reading a line takes time linear in its length, compressed or not, and
// memory of its length plus a 64 KiB buffer.
func (rr *RecordReader) Next() (*RecordLine, error) {
	if rr.err != nil {
		return nil, rr.err
	}
	if rr.br == nil {
		r, err := decompress(rr.r)
		if err != nil {
			rr.err = fmt.Errorf("%s: %w", rr.name, err)
			return nil, rr.err
		}
		rr.in = &stickyReader{r: r}
		rr.br = bufio.NewReaderSize(rr.in, 1<<16)
	}
	for {
		b, err := rr.readLine()
		if err != nil && (err != io.EOF || len(b) == 0) {
			if len(b) > 0 || errors.Is(err, errLineTooLong) {
				rr.line++ // the error is in this line
			}
			rr.err = io.EOF
			if err != io.EOF || rr.in.err != nil {
				rr.err = rr.streamError(cmp.Or(rr.in.err, err))
			}
			return nil, rr.err
		}
		rr.line++
		if rr.line == 1 {
			b = bytes.TrimPrefix(b, []byte("\uFEFF"))
		}
		if len(bytes.TrimSpace(b)) == 0 {
			continue
		}
		l, col, derr := decodeRecordLine(b)
		if derr != nil && rr.in.err != nil {
			// The line is torn: report why.
			rr.err = rr.streamError(rr.in.err)
			return nil, rr.err
		}
		if derr != nil {
			return nil, &ParseError{File: rr.name, Line: rr.line, Col: col, Msg: derr.Error()}
		}
		return l, nil
	}
}

// errLineTooLong reports a line longer than the reader's limit.
var errLineTooLong = errors.New("line too long")

// readLine returns the next line without its line ending, in rr.buf,
// valid until the next call; io.EOF with the last line if it has no
// newline, or with nothing after it. A line over MaxRecordLine is
// errLineTooLong. Each byte is read and searched for a newline once, so
// that a long line costs time linear in its length.
func (rr *RecordReader) readLine() ([]byte, error) {
	rr.buf = rr.buf[:0]
	for {
		chunk, err := rr.br.ReadSlice('\n')
		if len(rr.buf)+len(chunk) > rr.max+1 { // +1: the newline
			return nil, errLineTooLong
		}
		if err == nil && len(rr.buf) == 0 {
			return dropEOL(chunk), nil // the common case: no copy
		}
		rr.buf = append(rr.buf, chunk...)
		switch err {
		case nil:
			return dropEOL(rr.buf), nil
		case bufio.ErrBufferFull:
			continue
		}
		if len(rr.buf) > rr.max {
			return nil, errLineTooLong
		}
		return rr.buf, err
	}
}

// dropEOL returns b without its final "\n" or "\r\n".
func dropEOL(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r"))
}

// streamError words an error of the stream itself, in line rr.line.
func (rr *RecordReader) streamError(err error) error {
	switch {
	case errors.Is(err, errLineTooLong):
		err = fmt.Errorf("line longer than %d bytes (decompressed), the most a record line may take", rr.max)
	case errors.Is(err, io.ErrUnexpectedEOF):
		err = errors.New("the compressed stream ends early (a torn or truncated file)")
	}
	return fmt.Errorf("%s:%d: %w", rr.name, max(rr.line, 1), err)
}

// stickyReader keeps the first error of its reader other than io.EOF.
type stickyReader struct {
	r   io.Reader
	err error
}

func (s *stickyReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if err != nil && err != io.EOF && s.err == nil {
		s.err = err
	}
	return n, err
}

// wireRecord is a record line as decoded. Pointers tell a missing (or null)
// key from a zero value.
type wireRecord struct {
	Version   *int           `json:"version"`
	Level     *string        `json:"level"`
	Rows      *int           `json:"rows"`
	Cols      *int           `json:"cols"`
	MineCount *int           `json:"mine_count"`
	Rules     *string        `json:"rules"`
	Seed      *int64         `json:"seed"`
	Mines     *[][2]int      `json:"mines"`
	Initial   *[][2]int      `json:"initial"`
	Moves     *[]wireMove    `json:"moves"`
	Result    *Outcome       `json:"result"`
	Probs     jsontext.Value `json:"probs"` // decoded once the version is known
	Guesses   MoveGuesses    `json:"guesses"`
}

type wireMove struct {
	Op   *string `json:"op"`
	Cell *[2]int `json:"cell"`
	Why  *string `json:"why"`
}

// decodeRecordLine decodes one line strictly. On error it returns the
// 1-based byte column the error is at.
func decodeRecordLine(b []byte) (*RecordLine, int, error) {
	var w wireRecord
	if err := json.Unmarshal(b, &w, jsonerr.Strict); err != nil {
		return nil, errorCol(err, 0), userError(err, "")
	}
	end := len(b) // missing keys are reported at the end of the line
	missing := func(path, key string) error {
		if path != "" {
			return fmt.Errorf("field %s: missing key %q", path, key)
		}
		return fmt.Errorf("missing key %q", key)
	}
	l := &RecordLine{Guesses: w.Guesses}
	r := &l.Record
	var keys map[string]jsontext.Value                      // decoded only if a key is missing or null
	const str, integer, list = "a string", "an integer", "" // null is the empty list, as encoding/json writes a nil slice
	for _, f := range []struct {
		key  string
		ok   bool
		want string
	}{
		{"level", w.Level != nil, str}, {"rows", w.Rows != nil, integer}, {"cols", w.Cols != nil, integer},
		{"mine_count", w.MineCount != nil, integer}, {"rules", w.Rules != nil, str}, {"seed", w.Seed != nil, integer},
		{"mines", w.Mines != nil, list}, {"initial", w.Initial != nil, list}, {"moves", w.Moves != nil, list},
		{"result", w.Result != nil, str},
	} {
		if f.ok {
			continue
		}
		if keys == nil {
			if err := json.Unmarshal(b, &keys); err != nil {
				return nil, end, err
			}
		}
		if _, present := keys[f.key]; !present {
			return nil, end, missing("", f.key)
		}
		if f.want != list {
			return nil, bytes.Index(b, []byte(`"`+f.key+`"`)) + 1, fmt.Errorf("field %q: want %s, got null", f.key, f.want)
		}
	}
	if w.Mines == nil {
		w.Mines = new([][2]int)
	}
	if w.Initial == nil {
		w.Initial = new([][2]int)
	}
	if w.Moves == nil {
		w.Moves = new([]wireMove)
	}
	r.Version = 1
	if w.Version != nil {
		r.Version = *w.Version
		if r.Version < 1 || r.Version > RecordVersion {
			return nil, end, fmt.Errorf("field \"version\": %d is not a version this program reads (1 to %d)", r.Version, RecordVersion)
		}
	}
	r.Level, r.Rows, r.Cols, r.MineCount = *w.Level, *w.Rows, *w.Cols, *w.MineCount
	r.Rules, r.Seed, r.Mines, r.Initial, r.Outcome = *w.Rules, *w.Seed, *w.Mines, *w.Initial, *w.Result
	if r.Rows > 0 && r.Cols > 0 {
		limit := max(RecordMinCells, RecordCellsPerByte*len(b))
		if r.Rows > limit/r.Cols {
			return nil, end, fmt.Errorf("board %dx%d is out of proportion to its %d-byte line: a record line of L bytes may declare at most max(%d, %d*L) = %d cells",
				r.Rows, r.Cols, len(b), RecordMinCells, RecordCellsPerByte, limit)
		}
	}
	r.Moves = make([]MoveRecord, len(*w.Moves))
	for i, m := range *w.Moves {
		if m.Op == nil || m.Cell == nil || m.Why == nil {
			key := "why"
			if m.Op == nil {
				key = "op"
			} else if m.Cell == nil {
				key = "cell"
			}
			return nil, end, missing(fmt.Sprintf(`"moves"[%d]`, i), key)
		}
		r.Moves[i] = MoveRecord{Op: *m.Op, Cell: *m.Cell, Why: *m.Why}
	}
	if len(w.Probs) > 0 && string(w.Probs) != "null" {
		var err error
		if r.Version == 1 {
			var v1 map[int][]CellProb
			err = json.Unmarshal(w.Probs, &v1, jsonerr.Strict)
			l.Probs = MoveProbs(v1)
		} else {
			err = json.Unmarshal(w.Probs, &l.Probs, jsonerr.Strict)
		}
		if err != nil {
			return nil, errorCol(err, max(bytes.Index(b, w.Probs), 0)), userError(err, "/"+ProbsKey)
		}
	}
	return l, 0, nil
}

// errorCol returns the 1-based column of a decode error in a value that
// starts at byte base of its line.
func errorCol(err error, base int) int {
	var se *json.SemanticError
	var te *jsontext.SyntacticError
	switch {
	case errors.As(err, &se):
		return base + int(se.ByteOffset) + 1
	case errors.As(err, &te):
		return base + int(te.ByteOffset) + 1
	}
	return base + 1
}

// userError rewrites a decode error in the record's own terms: the field as
// a JSON path, what the schema wants there, and what the line has. prefix
// is the JSON pointer of the decoded value within the line.
func userError(err error, prefix jsontext.Pointer) error {
	var se *json.SemanticError
	var te *jsontext.SyntacticError
	switch {
	case errors.As(err, &se):
		ptr := prefix + se.JSONPointer
		if errors.Is(se.Err, json.ErrUnknownName) {
			where := ""
			if p := ptr.Parent(); p != "" {
				where = " in field " + userPath(p)
			}
			return fmt.Errorf("unknown key %q%s (keys are case-sensitive; see the record schema)", ptr.LastToken(), where)
		}
		field := "the line"
		if ptr != "" {
			field = "field " + userPath(ptr)
		}
		if se.Err != nil && strings.HasPrefix(se.Err.Error(), "game: ") {
			// Our own UnmarshalJSON said what it wants.
			return fmt.Errorf("%s: %s", field, strings.TrimPrefix(se.Err.Error(), "game: "))
		}
		return fmt.Errorf("%s: want %s, got %s", field, wantOf(se.GoType), jsonerr.Got(se))
	case errors.As(err, &te):
		if errors.Is(te.Err, jsontext.ErrDuplicateName) {
			return fmt.Errorf("field %s given twice", userPath(prefix+te.JSONPointer))
		}
		msg := strings.TrimPrefix(te.Error(), "jsontext: ")
		if i := strings.Index(msg, " after offset"); i >= 0 {
			msg = msg[:i]
		}
		if i := strings.Index(msg, " within \""); i >= 0 {
			msg = msg[:i]
		}
		return fmt.Errorf("not valid JSON: %s", msg)
	}
	return err
}

// userPath writes a JSON pointer as the record's documentation names
// fields: "moves"[3].cell.
func userPath(p jsontext.Pointer) string {
	var sb strings.Builder
	for tok := range p.Tokens() {
		switch {
		case sb.Len() == 0:
			sb.WriteString(strconv.Quote(tok))
		case isIndex(tok):
			sb.WriteString("[" + tok + "]")
		default:
			sb.WriteString("." + tok)
		}
	}
	return sb.String()
}

func isIndex(s string) bool {
	_, err := strconv.ParseUint(s, 10, 63)
	return err == nil
}

// wantOf names what the schema wants for a Go type of the wire format.
func wantOf(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t {
	case reflect.TypeFor[[2]int]():
		return "[row, col]"
	case reflect.TypeFor[[][2]int]():
		return "a list of [row, col]"
	case reflect.TypeFor[wireMove]():
		return `a move {"op", "cell", "why"}`
	case reflect.TypeFor[[]wireMove]():
		return "a list of moves"
	case reflect.TypeFor[wireRecord]():
		return "a record object"
	}
	if t.Kind() == reflect.Map {
		return "an object keyed by move index"
	}
	return jsonerr.Want(t)
}
