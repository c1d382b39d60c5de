package main

// A command's named output files (play --record, --outcomes and --plot,
// compare --plot, replay --html). They are opened together, only once the
// command's arguments are valid, and all or none: a usage error never
// touches an existing file. Each is written one of two ways:
//
//   - whole (outWhole): under a temporary name in the same directory,
//     renamed over the name once the command ends, interrupted or not; on
//     a failure the temporary file is removed and an existing file keeps
//     its content.
//   - as a stream (outStream), for a file a user follows as it grows (the
//     records): in place, cut to nothing only once every output is open;
//     on a failure cut back to the end of its last whole line.
//
// A name that is not a regular file (a FIFO, /dev/stdout, /dev/null) is
// opened as it is, never renamed, cut or removed. Opening and writing
// happen within the command's context (outWriter): a FIFO no one reads
// blocks only until --timeout or a signal.

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// outKind says how a named output is written.
type outKind uint8

const (
	outUnknown outKind = iota
	outWhole           // under a temporary name, renamed on success
	outStream          // in place, cut back to its last whole line on failure
)

// outFile is one named output; it writes through its outWriter once open.
type outFile struct {
	*outWriter
	flag    string // the flag that names it, for messages
	name    string
	kind    outKind
	f       *os.File
	tmp     string // outWhole: the temporary name written
	created bool   // outStream: the file did not exist before
	special bool   // not a regular file: written as it is
}

// outFiles are a command's named outputs.
type outFiles struct {
	cmd   string
	files []*outFile
}

// add adds the output named by --flag, written as kind; it returns nil
// for an empty name (no such output).
func (s *outFiles) add(flag, name string, kind outKind) *outFile {
	if name == "" {
		return nil
	}
	f := &outFile{flag: flag, name: name, kind: kind}
	s.files = append(s.files, f)
	return f
}

// open opens every output within ctx, all or none. A file that cannot be
// created is a usage error naming its flag (exit 2); ctx ending first is an
// interrupt (exit 3). Either way no existing file is changed.
func (s *outFiles) open(ctx context.Context) error {
	for i, f := range s.files {
		err := f.open(ctx)
		if err == nil {
			continue
		}
		s.remove(s.files[:i])
		if ctx.Err() != nil {
			return budgetError(fmt.Errorf("%s: interrupted while opening --%s %s", s.cmd, f.flag, f.name))
		}
		return usageErrorf("%s: --%s: %w", s.cmd, f.flag, err)
	}
	for _, f := range s.files {
		if f.kind == outStream && !f.special {
			if err := f.f.Truncate(0); err != nil {
				s.remove(s.files)
				return usageErrorf("%s: --%s: %w", s.cmd, f.flag, err)
			}
		}
	}
	return nil
}

// open opens f within ctx.
func (f *outFile) open(ctx context.Context) error {
	fi, statErr := os.Stat(f.name)
	f.special = statErr == nil && !fi.Mode().IsRegular()
	file, err := untilDoneDrop(ctx, func() (*os.File, error) {
		switch {
		case f.special, f.kind == outStream:
			// O_WRONLY: a FIFO waits for a reader (O_RDWR would swallow
			// what no one reads); no O_TRUNC until every output is open.
			return os.OpenFile(f.name, os.O_WRONLY|os.O_CREATE, 0o644)
		}
		return createTemp(f.name)
	}, func(late *os.File) {
		late.Close()
		if f.kind == outWhole && !f.special {
			os.Remove(late.Name()) // a temporary file created too late
		}
	})
	if err != nil {
		return err
	}
	f.f = file
	f.created = errors.Is(statErr, fs.ErrNotExist)
	if f.kind == outWhole && !f.special {
		f.tmp = file.Name()
		if statErr == nil {
			file.Chmod(fi.Mode().Perm()) // the file replaced keeps its permissions
		}
	}
	f.outWriter = newOutWriter(ctx, file, false)
	return nil
}

// Write writes p to the file; its errors name the output, not the
// temporary file written.
func (f *outFile) Write(p []byte) (int, error) {
	n, err := f.outWriter.Write(p)
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path != f.name {
		err = &fs.PathError{Op: pe.Op, Path: f.name, Err: pe.Err}
	}
	return n, err
}

// createTemp creates a file for name in its directory, under a hidden
// temporary name that no other file has.
func createTemp(name string) (*os.File, error) {
	dir, base := filepath.Split(name)
	for {
		tmp := filepath.Join(dir, "."+base+"."+strconv.FormatUint(rand.Uint64()%1e9, 10)+".tmp")
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if !errors.Is(err, fs.ErrExist) {
			if err != nil {
				// Name the output, not the temporary file.
				var pe *fs.PathError
				if errors.As(err, &pe) {
					pe.Path = name
				}
			}
			return f, err
		}
	}
}

// remove closes the opened files among files and takes back what open
// made: temporary files, and streams created.
func (s *outFiles) remove(files []*outFile) {
	for _, f := range files {
		if f.f == nil {
			continue
		}
		f.f.Close()
		switch {
		case f.tmp != "":
			os.Remove(f.tmp)
		case f.created && !f.special:
			os.Remove(f.name)
		}
	}
}

// close closes every output once the command has written them. With
// failed false (success, or an interrupt) each whole output written is
// renamed into place; with failed true each is removed, and each stream is
// cut back to its last whole line. It returns the first error, naming its
// flag.
func (s *outFiles) close(failed bool) error {
	var first error
	for _, f := range s.files {
		if err := f.close(failed); err != nil && first == nil {
			first = fmt.Errorf("%s: --%s %s: %w", s.cmd, f.flag, f.name, err)
		}
	}
	return first
}

// close closes f, which the command ended written in full unless failed.
func (f *outFile) close(failed bool) error {
	if f.f == nil {
		return nil
	}
	var err error
	switch {
	case f.special:
	case f.kind == outStream && (failed || f.err != nil):
		err = f.f.Truncate(f.whole)
	case f.kind == outWhole && !failed && f.err != nil:
		err = f.err
	}
	err = errors.Join(err, f.f.Close())
	f.f = nil
	if f.tmp == "" {
		return err
	}
	if failed || err != nil || f.written == 0 {
		// Nothing written (a run stopped before it had anything to draw)
		// leaves an existing file as it was, too.
		return errors.Join(err, os.Remove(f.tmp))
	}
	return os.Rename(f.tmp, f.name)
}
