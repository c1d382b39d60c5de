package plot

import (
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
)

// TestFontsLoadedOnDraw draws a plot and checks that the default font, the
// one a plot's text asks for, is in gonum/plot's font cache.
func TestFontsLoadedOnDraw(t *testing.T) {
	require.NoError(t, WinRates(io.Discard, "svg", "t", testLevels))
	assert.True(t, font.DefaultCache.Has(gplot.DefaultFont), "no face for %v", gplot.DefaultFont)
}
