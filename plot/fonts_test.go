package plot

import (
	"fmt"
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	gplot "github.com/minesat/minesat/internal/third_party/gonumplot"
	"github.com/minesat/minesat/internal/third_party/gonumplot/font"
)

// TestMain checks, before any test draws, that initialising this package
// and all it imports loaded no font: the Liberation collection is still
// waiting in the default cache.
func TestMain(m *testing.M) {
	if n := font.DefaultCache.Pending(); n != 1 {
		fmt.Fprintf(os.Stderr, "plot: %d font collections waiting after init; want 1 (the fonts were loaded at init)\n", n)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// TestFontsLoadedOnDraw draws a plot and checks that the fonts are loaded
// then, and that the default font is the one a plot's text asks for.
func TestFontsLoadedOnDraw(t *testing.T) {
	require.NoError(t, WinRates(io.Discard, "svg", "t", testLevels))
	assert.Equal(t, 0, font.DefaultCache.Pending())
	assert.True(t, font.DefaultCache.Has(gplot.DefaultFont), "no face for %v", gplot.DefaultFont)
}
