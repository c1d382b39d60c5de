package game

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// CreateRecordFile creates (or truncates) the named record file for a
// RecordWriter. A name ending in ".gz" is written gzip-compressed. Close
// finishes the compressed stream and closes the file; until it returns, the
// file may end in a torn stream.
func CreateRecordFile(name string) (io.WriteCloser, error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	if !strings.HasSuffix(name, ".gz") {
		return f, nil
	}
	return &gzipFile{Writer: gzip.NewWriter(f), f: f}, nil
}

// gzipFile is a gzip stream into a file; Close closes both.
type gzipFile struct {
	*gzip.Writer
	f *os.File
}

func (g *gzipFile) Close() error { return errors.Join(g.Writer.Close(), g.f.Close()) }

// OpenRecordFile opens the named record file and returns its JSON Lines,
// decompressed if the file is gzip-compressed. Compression is recognised by
// the content, not the name, as NewRecordReader does.
func OpenRecordFile(name string) (io.ReadCloser, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	r, err := decompress(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return struct {
		io.Reader
		io.Closer
	}{r, f}, nil
}

// decompress returns r itself, or its decompressed content if it starts
// with the gzip magic bytes (which no JSON text starts with). Concatenated
// gzip streams, as of record files joined with cat, read as one.
func decompress(r io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	magic, _ := br.Peek(2)
	if len(magic) < 2 || magic[0] != 0x1f || magic[1] != 0x8b {
		return br, nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	return zr, nil
}
