package plot

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// update rewrites the golden files: go test ./plot -update.
var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden draws each chart as SVG and compares it byte for byte with
// its golden file, so that a change to the drawing (or to gonum/plot's
// version in go.mod) that moves a single point shows.
func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		file string
		draw func(*bytes.Buffer) error
	}{
		{"winrates.svg", func(b *bytes.Buffer) error { return WinRates(b, "svg", "minesat play", testLevels) }},
		{"costs.svg", func(b *bytes.Buffer) error { return Costs(b, "svg", "minesat compare", testCosts) }},
		{"gains.svg", func(b *bytes.Buffer) error { return Gains(b, "svg", "think curve", testGains) }},
	} {
		t.Run(tc.file, func(t *testing.T) {
			var got bytes.Buffer
			require.NoError(t, tc.draw(&got))
			path := filepath.Join("testdata", tc.file)
			if *update {
				require.NoError(t, os.MkdirAll("testdata", 0o755))
				require.NoError(t, os.WriteFile(path, got.Bytes(), 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test ./plot -update to create it")
			assert.True(t, bytes.Equal(want, got.Bytes()), "%s differs from the drawing (go test ./plot -update rewrites it)", path)
		})
	}
}
