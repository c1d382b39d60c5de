package plot

import (
	"bytes"
	"image"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testGains is a curve of two series, given out of order of CPU time.
var testGains = []Gain{
	{Series: "beginner", Label: "think 64", CPU: 12, Diff: 0.3, Lo: 0.1, Hi: 0.5},
	{Series: "beginner", Label: "think 16", CPU: 3.5, Diff: 0.1, Lo: -0.05, Hi: 0.25},
	{Series: "expert", Label: "think 16", CPU: 70, Diff: -0.05, Lo: -1.2, Hi: 1.1},
	{Series: "beginner", Label: "default", CPU: 0.09, Diff: 0, Lo: 0, Hi: 0},
}

func TestPlotGains(t *testing.T) {
	var svg bytes.Buffer
	require.NoError(t, Gains(&svg, "svg", "think curve", testGains))
	text := checkSVG(t, svg.Bytes())
	for _, want := range []string{"think curve", "beginner", "expert", "think 16", "think 64", "default",
		"CPU time a game (log scale)", "points gained", "10µs", "100µs", "1ms", "10ms", "100ms"} {
		assert.Contains(t, text, want)
	}
	var png bytes.Buffer
	require.NoError(t, Gains(&png, "png", "", testGains))
	img, format, err := image.Decode(&png)
	require.NoError(t, err)
	assert.Equal(t, "png", format)
	assert.True(t, img.Bounds().Dx() >= 400 && img.Bounds().Dy() >= 250, "PNG is %v; want a readable size", img.Bounds())

	for _, tc := range []struct {
		name string
		gs   []Gain
		want string
	}{
		{"none", nil, "no gains"},
		{"no series", []Gain{{Label: "think 8", CPU: 1}}, `gain "think 8": no series`},
		{"zero CPU", []Gain{{Series: "s", Label: "l", CPU: 0}}, "s l: CPU 0 ms a game"},
		{"NaN CPU", []Gain{{Series: "s", Label: "l", CPU: math.NaN()}}, "CPU NaN ms"},
		{"infinite CPU", []Gain{{Series: "s", Label: "l", CPU: math.Inf(1)}}, "CPU +Inf ms"},
		{"gain outside", []Gain{{Series: "s", Label: "l", CPU: 1, Diff: 2, Lo: 0, Hi: 1}}, "gain 2 points with interval [0, 1]"},
		{"NaN gain", []Gain{{Series: "s", Label: "l", CPU: 1, Diff: math.NaN()}}, "gain NaN points"},
		{"infinite bound", []Gain{{Series: "s", Label: "l", CPU: 1, Hi: math.Inf(1)}}, "interval [0, +Inf]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Gains(io.Discard, "svg", "", tc.gs)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestGainPoints checks the drawn data: each series in order of CPU time,
// its error bars spanning exactly [Lo, Hi], and the axes holding every
// point: each panel's time axis from a power of ten to a power of ten, the
// gain axis every interval and zero.
func TestGainPoints(t *testing.T) {
	pts := gainPoints{testGains[0], testGains[1]}
	for i, g := range pts {
		x, y := pts.XY(i)
		lo, hi := pts.YError(i)
		assert.Equal(t, [2]float64{g.CPU, g.Diff}, [2]float64{x, y})
		assert.InDelta(t, g.Lo, y-lo, 1e-12)
		assert.InDelta(t, g.Hi, y+hi, 1e-12)
		assert.Equal(t, g.Label, pts.Label(i))
	}
	lo, hi := decades(testGains)
	assert.Equal(t, [2]float64{0.01, 100}, [2]float64{lo, hi}, "every panel: 10µs to 100ms")
	lo, hi = decades([]Gain{{CPU: 10}})
	assert.Equal(t, [2]float64{10, 100}, [2]float64{lo, hi}, "a single power of ten gets a decade")
	lo, hi = gainSpan(testGains)
	assert.True(t, lo <= -1.2 && hi >= 1.1, "gain range [%g, %g] holds every interval", lo, hi)
	lo, hi = gainSpan([]Gain{{CPU: 10}})
	assert.True(t, lo < 0 && hi > 0, "a flat curve still gets a gain range")
}

func TestStepTicks(t *testing.T) {
	for _, tc := range []struct {
		min, max float64
		want     string
	}{
		{-0.8, 3.7, "-0.5 0 0.5 1 1.5 2 2.5 3 3.5"},
		{-0.05, 0.61, "0 0.1 0.2 0.3 0.4 0.5 0.6"},
		{-0.35, 0.05, "-0.3 -0.25 -0.2 -0.15 -0.1 -0.05 0 0.05"},
		{-1.3, 1.6, "-1 -0.5 0 0.5 1 1.5"},
		{-0.03, 0.09, "-0.02 0 0.02 0.04 0.06 0.08"},
		{-12, 30, "-10 -5 0 5 10 15 20 25 30"},
		{2, 2, "2"},
	} {
		var labels []string
		for _, tk := range (stepTicks{}).Ticks(tc.min, tc.max) {
			labels = append(labels, tk.Label)
		}
		assert.Equal(t, tc.want, strings.Join(labels, " "), "ticks over [%g, %g]", tc.min, tc.max)
	}
}
