package game

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/minesat/minesat/internal/words"
)

// RecordSelect chooses the games of a record file that VerifyRecords
// verifies. Games are numbered from 0 in file order, as 'minesat play'
// numbers them: the record of game i of a run is the line for seed
// GameSeed(S, i), and a line that does not decode still takes its number.
type RecordSelect struct {
	From, To int // games From..To, inclusive; To < 0: to the end
	Lost     int // if > 0: only the first Lost lost games of the range
}

// selects reports whether game num is in the range.
func (s RecordSelect) selects(num int) bool { return num >= s.From && (s.To < 0 || num <= s.To) }

// VerifiedRecord is one record as VerifyRecords verified it.
type VerifiedRecord struct {
	File    string      // the name given to VerifyRecords
	Line    int         // the record's line in the file, from 1
	Num     int         // the game's number: its place among the file's records, from 0
	Record  Record      // the record; zero if its line did not decode
	Probs   MoveProbs   // the optional "probs" key; nil if absent
	Guesses MoveGuesses // the optional "guesses" key; nil if absent
	Err     error       // nil if verified; a *ParseError, or "File:Line: " and how the record contradicts its mines
}

// RecordTally counts the games VerifyRecords verified: each is won, lost,
// stuck or an error, so the four add up to Games. A file torn or
// unreadable past the last whole game is not a game: Torn holds why.
type RecordTally struct {
	Read                            int   // records read, selected or not
	Games, Won, Lost, Stuck, Errors int   // the selected games
	Torn                            error // the stream error that ended the reading, or nil
}

// String sums the tally up in one line, as 'minesat replay' prints it:
// "N games verified: W won, L lost, S stuck; E errors", and then the tear.
func (t RecordTally) String() string {
	s := fmt.Sprintf("%s verified: %d won, %d lost, %d stuck; %s",
		words.Count(t.Games, "game"), t.Won, t.Lost, t.Stuck, words.Count(t.Errors, "error"))
	if t.Torn != nil {
		s += "; then " + t.Torn.Error()
	}
	return s
}

// VerifyRecords reads the records of r one at a time (a RecordReader; name
// is used in errors), verifies each selected one against its own mines
// (VerifyRecord) and its optional keys against the record, counts it, and
// calls fn with it, in file order. Memory is bounded by the longest line.
//
// With sel.Lost > 0, only valid lost games are counted and passed to fn,
// and the reading stops after the sel.Lost-th; it also stops past sel.To.
// A record that does not decode or verify is counted as an error and
// passed with its Err: it does not stop the reading.
//
// The reading ends with the first error of fn, returned as is; with ctx
// done, even while a read blocks (a pipe), returning ctx's error; or with
// an error of the stream itself (a read error, a torn gzip stream, a line
// too long), which is returned and kept in the tally's Torn. The tally
// counts the games up to there.
func VerifyRecords(ctx context.Context, r io.Reader, name string, sel RecordSelect, fn func(*VerifiedRecord) error) (RecordTally, error) {
	var t RecordTally
	err := scanRecords(ctx, NewRecordReader(name, r), func(res *VerifiedRecord) (bool, error) {
		t.Read++
		if !sel.selects(res.Num) {
			return sel.To < 0 || res.Num <= sel.To, nil
		}
		if res.Err == nil {
			res.Err = verifyResult(res)
		}
		if sel.Lost > 0 && (res.Err != nil || res.Record.Outcome != Lost) {
			return true, nil
		}
		t.Games++
		switch {
		case res.Err != nil:
			t.Errors++
		case res.Record.Outcome == Won:
			t.Won++
		case res.Record.Outcome == Lost:
			t.Lost++
		default:
			t.Stuck++
		}
		if err := fn(res); err != nil {
			return false, err
		}
		return sel.Lost == 0 || t.Lost < sel.Lost, nil
	})
	var se *streamError
	if errors.As(err, &se) {
		t.Torn = se.err
		return t, se.err
	}
	return t, err
}

// streamError is an error reading the records file itself, past which
// nothing can be read.
type streamError struct{ err error }

func (e *streamError) Error() string { return e.err.Error() }

// scanRecords reads rr's records one at a time and calls fn with each in
// order, until fn returns false or an error. A line that does not decode
// is passed with its *ParseError, so that game numbers stay those of the
// file. A stream error is returned as a *streamError; with ctx done, ctx's
// error is returned at once, the read under way left to finish unheeded.
func scanRecords(ctx context.Context, rr *RecordReader, fn func(*VerifiedRecord) (bool, error)) error {
	type answer struct {
		l    *RecordLine
		line int
		err  error
	}
	asks, answers := make(chan struct{}), make(chan answer, 1)
	defer close(asks)
	go func() {
		for range asks {
			l, err := rr.Next()
			answers <- answer{l, rr.Line(), err}
		}
	}()
	for num := 0; ; num++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		asks <- struct{}{}
		var a answer
		select {
		case a = <-answers:
		case <-ctx.Done():
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if a.err == io.EOF {
			return nil
		}
		var pe *ParseError
		if a.err != nil && !errors.As(a.err, &pe) {
			return &streamError{a.err}
		}
		res := &VerifiedRecord{File: rr.name, Line: a.line, Num: num, Err: a.err}
		if a.l != nil {
			res.Record, res.Probs, res.Guesses = a.l.Record, a.l.Probs, a.l.Guesses
		}
		if more, err := fn(res); err != nil || !more {
			return err
		}
	}
}

// verifyResult checks the record against its mines and its optional keys
// against the record.
func verifyResult(res *VerifiedRecord) error {
	if err := VerifyRecord(&res.Record); err != nil {
		return fmt.Errorf("%s:%d: %w", res.File, res.Line, err)
	}
	if err := res.Probs.Check(&res.Record); err != nil {
		return fmt.Errorf("%s:%d: %w", res.File, res.Line, err)
	}
	if err := res.Guesses.Check(&res.Record); err != nil {
		return fmt.Errorf("%s:%d: %w", res.File, res.Line, err)
	}
	return nil
}
