package game

import (
	"bytes"
	"compress/gzip"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGzipAfterTheData reads what follows a gzip stream: further members
// are read as one stream, as gzip.Reader does; anything else is an error
// naming the file and the offset of the bytes, never "ends early", which
// belongs to a stream cut short.
func TestGzipAfterTheData(t *testing.T) {
	line := scriptedLine(t)
	one := gzipped(t, line)
	n := len(one)
	tests := []struct {
		name string
		data []byte
		recs int
		err  string // "" for none
	}{
		{"one member", one, 1, ""},
		{"two members", append(gzipped(t, line), gzipped(t, line)...), 2, ""},
		{"a newline after", append(gzipped(t, line), '\n'), 1,
			"f.gz:1: bytes at offset " + strconv.Itoa(n) + ", after the gzip data, are not gzip (trailing garbage)"},
		{"text after", append(gzipped(t, line), "garbage after the stream\n"...), 1,
			"f.gz:1: bytes at offset " + strconv.Itoa(n) + ", after the gzip data, are not gzip (trailing garbage)"},
		{"zeros after", append(gzipped(t, line), make([]byte, 512)...), 1,
			"f.gz:1: bytes at offset " + strconv.Itoa(n) + ", after the gzip data, are not gzip (trailing garbage)"},
		{"truncated", one[:n/2], 0, "f.gz:1: the compressed stream ends early (a torn or truncated file)"},
		{"a truncated second member", append(gzipped(t, line), one[:5]...), 1,
			"f.gz:1: the compressed stream ends early (a torn or truncated file)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			recs, err := ReadRecords("f.gz", bytes.NewReader(tc.data))
			assert.Len(t, recs, tc.recs)
			if tc.err == "" {
				assert.NoError(t, err)
			} else {
				assert.EqualError(t, err, tc.err)
			}
		})
	}
}

// TestRecordGzipMembers writes record lines through NewRecordGzip with a
// small member size: the stream reads back whole, and cut back at any
// member mark it is a valid gzip stream of whole lines.
func TestRecordGzipMembers(t *testing.T) {
	line := scriptedLine(t)
	var buf bytes.Buffer
	var marks []int
	zw := NewRecordGzip(&buf, func() { marks = append(marks, buf.Len()) })
	w := NewRecordWriter(zw)
	games := 2*RecordGzipMember/len(line) + 3
	rl, err := ReadRecords("line", strings.NewReader(line))
	require.NoError(t, err)
	for range games {
		require.NoError(t, w.Write(&rl[0]))
	}
	require.NoError(t, w.Flush())
	require.NoError(t, zw.Close())
	require.GreaterOrEqual(t, len(marks), 3, "members of at least %d bytes", RecordGzipMember)
	assert.Equal(t, buf.Len(), marks[len(marks)-1], "Close marks the end")
	for k, m := range marks {
		recs, err := ReadRecords("cut.gz", bytes.NewReader(buf.Bytes()[:m]))
		require.NoError(t, err, "cut at mark %d", k)
		if k < len(marks)-1 {
			assert.Less(t, len(recs), games)
		} else {
			assert.Len(t, recs, games)
		}
		zr, err := gzip.NewReader(bytes.NewReader(buf.Bytes()[:m]))
		require.NoError(t, err)
		plain, err := io.ReadAll(zr)
		require.NoError(t, err, "gzip reads the members as one stream")
		assert.True(t, bytes.HasSuffix(plain, []byte("\n")))
	}
}

// scriptedLine returns one record line, with its newline.
func scriptedLine(t *testing.T) string {
	t.Helper()
	var buf bytes.Buffer
	w := NewRecordWriter(&buf)
	rec := Record{Level: "beginner", Rows: 9, Cols: 9, MineCount: 10, Rules: "safe", Seed: 1,
		Mines: [][2]int{{0, 0}}, Initial: [][2]int{}, Moves: []MoveRecord{}, Outcome: Stuck}
	require.NoError(t, w.Write(&rec))
	require.NoError(t, w.Flush())
	return buf.String()
}
