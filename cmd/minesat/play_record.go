package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// records is the file of 'play --record' in a plain run: the writer that
// batch writes the games' records into, in game order, and the name to
// report its errors under.
type records struct {
	name string
	sink io.Writer    // nil without --record
	end  func() error // ends the sink
}

// newRecords returns the records of --record NAME, written into out (nil
// without --record).
func newRecords(name string, out *outFile) records {
	sink, end := recordSink(out)
	return records{name, sink, end}
}

// close ends the records' stream.
func (r records) close() error {
	if err := r.end(); err != nil {
		return fmt.Errorf("play: %s: %w", r.name, err)
	}
	return nil
}

// writeRecord writes the record of one game g, played with result res,
// into out, the file of --record NAME; a trace's game (play_trace.go).
func writeRecord(name string, out *outFile, g *game.Game, res agent.Result) error {
	sink, end := recordSink(out)
	w := game.NewRecordWriter(sink)
	if err := errors.Join(w.WriteLine(agent.NewRecordLine(g, res)), w.Flush(), end()); err != nil {
		return fmt.Errorf("play: %s: %w", name, err)
	}
	return nil
}

// recordSink returns the writer of a run's records into out, the file of
// --record: the file itself, or for a name ending in ".gz" a gzip stream
// into it, whose members mark the whole lines to cut back to; close ends
// the stream. Without --record (out nil) it returns nil.
func recordSink(out *outFile) (w io.Writer, close func() error) {
	switch {
	case out == nil:
		return nil, func() error { return nil }
	case !strings.HasSuffix(out.name, ".gz"):
		return out, func() error { return nil }
	}
	out.marks = true
	gz := game.NewRecordGzip(out, out.mark)
	return gz, gz.Close
}
