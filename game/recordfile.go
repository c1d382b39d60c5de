package game

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// CreateRecordFile creates (or truncates) the named record file for a
// RecordWriter. A name ending in ".gz" is written gzip-compressed (see
// NewRecordGzip). Close finishes the compressed stream and closes the file;
// until it returns, the file may end in a torn stream.
func CreateRecordFile(name string) (io.WriteCloser, error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	if !strings.HasSuffix(name, ".gz") {
		return f, nil
	}
	return &fileCloser{WriteCloser: NewRecordGzip(f, nil), f: f}, nil
}

// fileCloser closes a writer, then the file under it.
type fileCloser struct {
	io.WriteCloser
	f *os.File
}

func (g *fileCloser) Close() error { return errors.Join(g.WriteCloser.Close(), g.f.Close()) }

// RecordGzipMember is how many bytes of record lines a gzip member of
// NewRecordGzip holds at least, but the last: past it, the member ends at
// the next line end.
const RecordGzipMember = 1 << 18

// NewRecordGzip returns a writer of record lines that compresses them to w
// as a series of gzip members, each ending at a line end, and calls member
// (unless nil) each time a member's last byte has been written to w: w cut
// back to that point holds a valid gzip stream of whole lines. Close ends
// the last member; it does not close w. Gzip readers (gzip.Reader, zcat,
// RecordReader) read the members as one stream.
func NewRecordGzip(w io.Writer, member func()) io.WriteCloser {
	return &gzipLines{zw: gzip.NewWriter(w), w: w, member: member}
}

// gzipLines is NewRecordGzip's writer.
type gzipLines struct {
	zw     *gzip.Writer
	w      io.Writer
	n      int // bytes in the member under way
	member func()
}

func (g *gzipLines) Write(p []byte) (int, error) {
	i := bytes.LastIndexByte(p, '\n')
	if g.n+len(p) < RecordGzipMember || i < 0 {
		n, err := g.zw.Write(p)
		g.n += n
		return n, err
	}
	n, err := g.zw.Write(p[:i+1])
	if err == nil {
		err = g.end()
	}
	if err != nil {
		return n, err
	}
	m, err := g.zw.Write(p[i+1:])
	g.n = m
	return n + m, err
}

// end ends the member under way; the next write starts another.
func (g *gzipLines) end() error {
	if err := g.zw.Close(); err != nil {
		return err
	}
	if g.member != nil {
		g.member()
	}
	g.zw.Reset(g.w)
	g.n = 0
	return nil
}

func (g *gzipLines) Close() error {
	if err := g.zw.Close(); err != nil {
		return err
	}
	if g.member != nil {
		g.member()
	}
	return nil
}

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
// gzip members, as of record files joined with cat, read as one stream;
// bytes after the last member that are not one are an error naming their
// offset in r.
func decompress(r io.Reader) (io.Reader, error) {
	cr := &countingReader{r: r}
	br := bufio.NewReaderSize(cr, 1<<16)
	if !isGzip(br) {
		return br, nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	zr.Multistream(false)
	return &gzipMembers{zr: zr, br: br, cr: cr}, nil
}

// isGzip reports whether br's next bytes are the gzip magic bytes.
func isGzip(br *bufio.Reader) bool {
	magic, _ := br.Peek(2)
	return len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// gzipMembers reads the gzip members of br one after the other, as
// gzip.Reader's multistream mode does, but tells the end of the data from
// bytes after it that are not gzip.
type gzipMembers struct {
	zr  *gzip.Reader
	br  *bufio.Reader
	cr  *countingReader // under br: its count less br's buffer is the offset
	err error
}

func (g *gzipMembers) Read(p []byte) (int, error) {
	for g.err == nil {
		n, err := g.zr.Read(p)
		if err != io.EOF {
			return n, err
		}
		g.next()
		if n > 0 {
			return n, nil
		}
	}
	return 0, g.err
}

// next starts the member after the one just read, or notes the end.
func (g *gzipMembers) next() {
	offset := g.cr.n - int64(g.br.Buffered())
	if _, err := g.br.Peek(1); err != nil {
		g.err = err // io.EOF: the end of the data
		return
	}
	if !isGzip(g.br) {
		g.err = fmt.Errorf("bytes at offset %d, after the gzip data, are not gzip (trailing garbage)", offset)
		return
	}
	if err := g.zr.Reset(g.br); err != nil {
		g.err = fmt.Errorf("gzip member at offset %d: %w", offset, err)
		return
	}
	g.zr.Multistream(false)
}
