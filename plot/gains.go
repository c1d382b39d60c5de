package plot

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Gain is one point of a curve of strength against time: what a setting
// of a player spends a game, and how many more games it wins than a
// baseline paired with it on the same games, for Gains.
type Gain struct {
	Series string  // the curve the point is on, e.g. "expert"; its panel's title
	Label  string  // the point's label, e.g. "think 16"
	CPU    float64 // CPU milliseconds a game, > 0: the x axis, on a log scale
	Diff   float64 // the setting's win rate less the baseline's, in points
	Lo, Hi float64 // the 95% interval of Diff, Lo <= Diff <= Hi
}

// checkGains reports the first gain whose numbers cannot be drawn.
func checkGains(gs []Gain) error {
	if len(gs) == 0 {
		return fmt.Errorf("plot: no gains to plot")
	}
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	for _, g := range gs {
		switch {
		case g.Series == "":
			return fmt.Errorf("plot: gain %q: no series", g.Label)
		case !finite(g.CPU) || g.CPU <= 0:
			return fmt.Errorf("plot: %s %s: CPU %g ms a game: want a finite time above 0", g.Series, g.Label, g.CPU)
		case !finite(g.Diff) || !finite(g.Lo) || !finite(g.Hi) || g.Lo > g.Diff || g.Diff > g.Hi:
			return fmt.Errorf("plot: %s %s: gain %g points with interval [%g, %g]: want finite numbers with the gain inside its interval",
				g.Series, g.Label, g.Diff, g.Lo, g.Hi)
		}
	}
	return nil
}

// gainPoints are one series' points, in order of CPU time: x the CPU
// milliseconds, y the gain, with its interval as the y error.
type gainPoints []Gain

func (g gainPoints) Len() int                    { return len(g) }
func (g gainPoints) XY(i int) (float64, float64) { return g[i].CPU, g[i].Diff }
func (g gainPoints) YError(i int) (float64, float64) {
	return g[i].Diff - g[i].Lo, g[i].Hi - g[i].Diff
}
func (g gainPoints) Label(i int) string { return g[i].Label }

// Gains draws the points gained against the CPU time a game, one panel a
// series, one above the other under title, each named by its series: a
// line through the series' points in order of CPU time, each point with
// its 95% interval as an error bar and its label beside it (above and
// below in turn, so that close points keep their labels apart), over a
// dashed line at zero (no gain). The time is on one log scale for every
// panel, from the power of ten below the least time to the one above the
// most; each panel's gain axis spans its own intervals, so that a series
// of small differences is not flattened by another's wide intervals. It
// writes to w in format ("svg" or "png"). Series keep the order in which
// they first appear.
func Gains(w io.Writer, format, title string, gs []Gain) error {
	if err := checkGains(gs); err != nil {
		return err
	}
	var names []string
	bySeries := map[string]gainPoints{}
	for _, g := range gs {
		if bySeries[g.Series] == nil {
			names = append(names, g.Series)
		}
		bySeries[g.Series] = append(bySeries[g.Series], g)
	}
	xLo, xHi := decades(gs)
	panels := make([]*gplot.Plot, len(names))
	for si, name := range names {
		pts := bySeries[name]
		slices.SortStableFunc(pts, func(a, b Gain) int { return cmp.Compare(a.CPU, b.CPU) })
		p, err := gainPanel(name, pts, si)
		if err != nil {
			return err
		}
		p.X.Min, p.X.Max = xLo, xHi
		p.Y.Min, p.Y.Max = gainSpan(pts)
		panels[si] = p
	}
	height := vg.Length(0.4+2.1*float64(len(panels))) * vg.Inch
	return writeTitled(w, format, title, 7.5*vg.Inch, height, 1, panels...)
}

// gainPanel returns the panel of one series: its line, points, error bars
// and labels in the si-th colour and glyph, over the dashed zero line.
func gainPanel(name string, pts gainPoints, si int) (*gplot.Plot, error) {
	p := gplot.New()
	p.Title.Text = name
	p.X.Label.Text = "CPU time a game (log scale)"
	p.Y.Label.Text = "points gained"
	p.X.Scale = gplot.LogScale{}
	p.X.Tick.Marker = powerTicks{func(ms float64) string { return secondsUnit(ms / 1000) }}
	p.Y.Tick.Marker = stepTicks{}
	p.Add(plotter.NewGrid())
	zero := plotter.NewFunction(func(float64) float64 { return 0 })
	zero.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	zero.Color = palette[len(palette)-1]
	p.Add(zero)

	line, points, err := plotter.NewLinePoints(pts)
	if err != nil {
		return nil, fmt.Errorf("plot: %w", err)
	}
	eb, err := plotter.NewYErrorBars(pts)
	if err != nil {
		return nil, fmt.Errorf("plot: %w", err)
	}
	col := styleSeries(line, points, si)
	eb.Color = col
	eb.LineStyle.Width = vg.Points(1)
	eb.CapWidth = vg.Points(6)
	p.Add(line, eb, points)
	for parity, off := range []vg.Length{vg.Points(3), vg.Points(-11)} { // above, then below
		var turn gainPoints
		for i, g := range pts {
			if i%2 == parity {
				turn = append(turn, g)
			}
		}
		if len(turn) == 0 {
			continue
		}
		labels, err := plotter.NewLabels(turn)
		if err != nil {
			return nil, fmt.Errorf("plot: %w", err)
		}
		labels.Offset = vg.Point{X: vg.Points(5), Y: off}
		for i := range labels.TextStyle {
			labels.TextStyle[i].Font.Size = vg.Points(8)
			labels.TextStyle[i].Color = col
		}
		p.Add(labels)
	}
	return p, nil
}

// decades returns the powers of ten around the CPU times, so that the log
// axis has a tick at each end; a decade at least.
func decades(pts []Gain) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, g := range pts {
		lo, hi = min(lo, g.CPU), max(hi, g.CPU)
	}
	lo = math.Pow(10, math.Floor(math.Log10(lo)))
	hi = math.Pow(10, math.Ceil(math.Log10(hi)))
	if hi <= lo {
		hi = 10 * lo
	}
	return lo, hi
}

// gainSpan returns a gain axis' range: every interval and zero, padded
// for the labels.
func gainSpan(pts []Gain) (lo, hi float64) {
	for _, g := range pts {
		lo, hi = min(lo, g.Lo), max(hi, g.Hi)
	}
	span := max(hi-lo, 0.1)
	return lo - 0.12*span, hi + 0.12*span
}

// stepTicks marks a linear axis at every multiple of a round step (1, 2 or
// 5 times a power of ten) chosen for 5 to 10 ticks over the range, so that
// 0 is marked whenever it is in range.
type stepTicks struct{}

func (stepTicks) Ticks(lo, hi float64) []gplot.Tick {
	span := hi - lo
	if !(span > 0) || math.IsInf(span, 0) {
		return []gplot.Tick{{Value: lo, Label: strconv.FormatFloat(lo, 'g', 3, 64)}}
	}
	exp := math.Floor(math.Log10(span / 5))
	step := math.Pow(10, exp)
	for _, f := range []float64{2, 2.5} { // 1, 2, 5 times the power of ten
		if span/step > 10 {
			step *= f
		}
	}
	var ts []gplot.Tick
	for k := math.Ceil(lo / step); k <= math.Floor(hi/step); k++ {
		v := k * step
		label := strconv.FormatFloat(v, 'f', int(max(0, -exp)), 64) // the step's decimals, without k*step's rounding noise
		if strings.Contains(label, ".") {
			label = strings.TrimRight(strings.TrimRight(label, "0"), ".")
		}
		if label == "-0" {
			label = "0"
		}
		ts = append(ts, gplot.Tick{Value: v, Label: label})
	}
	return ts
}
