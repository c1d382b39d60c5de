package plot

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	_ "gonum.org/v1/plot/vg/vgimg" // registers png
	_ "gonum.org/v1/plot/vg/vgsvg" // registers svg
)

// WinRate is one level's games for the win-rate plot.
type WinRate struct {
	Name   string  // level name, the bar's label
	Won    int     // games won
	Games  int     // games played, > 0
	Lo, Hi float64 // the 95% interval of the win rate, 0 <= Lo <= Won/Games <= Hi <= 1
}

// Cost is what one solver spent on one case, for the cost plot.
type Cost struct {
	Solver  string  // e.g. "sat", "backtrack"
	Case    string  // e.g. a puzzle file's name; the x axis, in first-seen order
	Nodes   float64 // search nodes, >= 0, or NaN for a solver that counts none (drawn only in the time panel)
	Seconds float64 // wall time, >= 0
}

// Format returns the image format, "svg" or "png", that a file name's
// extension names, or an error for any other extension.
func Format(name string) (string, error) {
	switch ext := strings.ToLower(filepath.Ext(name)); ext {
	case ".svg", ".png":
		return ext[1:], nil
	default:
		return "", fmt.Errorf("plot %s: want a .svg or .png file name", name)
	}
}

// palette holds distinguishable colours (Okabe-Ito).
var palette = []color.Color{
	color.RGBA{0, 114, 178, 255}, color.RGBA{213, 94, 0, 255}, color.RGBA{0, 158, 115, 255},
	color.RGBA{204, 121, 167, 255}, color.RGBA{230, 159, 0, 255}, color.RGBA{86, 180, 233, 255},
	color.RGBA{0, 0, 0, 255},
}

// winRateBars is the bars' data: x = the level's index, y = its win rate,
// with the asymmetric 95% interval as the y error.
type winRateBars []WinRate

func (b winRateBars) Len() int                    { return len(b) }
func (b winRateBars) Value(i int) float64         { return float64(b[i].Won) / float64(b[i].Games) }
func (b winRateBars) XY(i int) (float64, float64) { return float64(i), b.Value(i) }
func (b winRateBars) YError(i int) (float64, float64) {
	return b.Value(i) - b[i].Lo, b[i].Hi - b.Value(i)
}
func (b winRateBars) Label(i int) string {
	return fmt.Sprintf("%.1f%% (%d/%d)", 100*b.Value(i), b[i].Won, b[i].Games)
}

// checkLevels reports the first level whose numbers are inconsistent.
func checkLevels(rs []WinRate) error {
	if len(rs) == 0 {
		return fmt.Errorf("plot: no levels to plot")
	}
	for _, r := range rs {
		if r.Games <= 0 || r.Won < 0 || r.Won > r.Games {
			return fmt.Errorf("plot: level %s: %d won of %d games", r.Name, r.Won, r.Games)
		}
		rate := float64(r.Won) / float64(r.Games)
		const eps = 1e-9
		if !(0 <= r.Lo && r.Lo <= rate+eps && rate-eps <= r.Hi && r.Hi <= 1) {
			return fmt.Errorf("plot: level %s: interval [%g, %g] does not hold the rate %g within [0, 1]", r.Name, r.Lo, r.Hi, rate)
		}
	}
	return nil
}

// WinRates draws the win rate of each level as a bar, labelled with the
// percentage and the count, with the 95% interval as an error bar, to w in
// format ("svg" or "png").
func WinRates(w io.Writer, format, title string, rs []WinRate) error {
	if err := checkLevels(rs); err != nil {
		return err
	}
	p := gplot.New()
	p.Title.Text = title
	p.Y.Label.Text = "win rate (bars: 95% interval)"
	p.Y.Min, p.Y.Max = 0, 1.08
	p.Y.Tick.Marker = percentTicks{}
	bars := winRateBars(rs)
	bc, err := plotter.NewBarChart(bars, vg.Points(34))
	if err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	bc.Color = palette[0]
	bc.LineStyle.Width = 0
	eb, err := plotter.NewYErrorBars(bars)
	if err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	eb.LineStyle.Width = vg.Points(1.2)
	eb.CapWidth = vg.Points(10)
	labels, err := plotter.NewLabels(labelsAbove(bars))
	if err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	for i := range labels.TextStyle {
		labels.TextStyle[i].XAlign = draw.XCenter
		labels.TextStyle[i].Font.Size = vg.Points(9)
	}
	p.Add(bc, eb, labels, plotter.NewGrid())
	names := make([]string, len(rs))
	for i, r := range rs {
		names[i] = r.Name
	}
	p.NominalX(names...)
	width := vg.Length(max(4, 1.3*float64(len(rs)))) * vg.Inch
	return writePlots(w, format, width, 3.6*vg.Inch, p)
}

// labelsAbove places each bar's label just above its error bar.
type labelsAbove winRateBars

func (l labelsAbove) Len() int { return len(l) }
func (l labelsAbove) XY(i int) (float64, float64) {
	return float64(i), l[i].Hi + 0.015
}
func (l labelsAbove) Label(i int) string { return winRateBars(l).Label(i) }

// percentTicks labels a 0..1 axis in percent, every 20%.
type percentTicks struct{}

func (percentTicks) Ticks(min, max float64) []gplot.Tick {
	var ts []gplot.Tick
	for v := 0.0; v <= 1.0001; v += 0.1 {
		t := gplot.Tick{Value: v}
		if math.Mod(math.Round(v*10), 2) == 0 {
			t.Label = fmt.Sprintf("%.0f%%", 100*v)
		}
		ts = append(ts, t)
	}
	return ts
}

// floors is the smallest value drawn on a log axis: zero nodes are drawn
// as 1 node, zero seconds as a microsecond.
var floors = struct{ nodes, seconds float64 }{1, 1e-6}

// Costs draws two panels side by side, search nodes and time, each on a
// log scale, with one line per solver across the cases, to w in format
// ("svg" or "png"). Cases keep the order in which they first appear.
func Costs(w io.Writer, format, title string, cs []Cost) error {
	if len(cs) == 0 {
		return fmt.Errorf("plot: no costs to plot")
	}
	var solvers, cases []string
	caseIdx := map[string]int{}
	bySolver := map[string]map[int]Cost{}
	for _, c := range cs {
		if !(c.Nodes >= 0 || math.IsNaN(c.Nodes)) || !(c.Seconds >= 0) || math.IsInf(c.Nodes, 0) || math.IsInf(c.Seconds, 0) {
			return fmt.Errorf("plot: %s on %s: nodes %g and seconds %g must be finite and non-negative (nodes may be NaN)", c.Solver, c.Case, c.Nodes, c.Seconds)
		}
		if _, ok := caseIdx[c.Case]; !ok {
			caseIdx[c.Case] = len(cases)
			cases = append(cases, c.Case)
		}
		if bySolver[c.Solver] == nil {
			bySolver[c.Solver] = map[int]Cost{}
			solvers = append(solvers, c.Solver)
		}
		bySolver[c.Solver][caseIdx[c.Case]] = c
	}
	panel := func(name string, floor float64, unit func(float64) string, value func(Cost) float64) (*gplot.Plot, error) {
		p := gplot.New()
		p.Title.Text = name
		p.Y.Label.Text = "log scale"
		p.Y.Scale = gplot.LogScale{}
		p.Y.Tick.Marker = powerTicks{unit}
		p.Legend.Top = true
		p.Legend.Left = true
		p.Add(plotter.NewGrid())
		top := floor
		for mi, m := range solvers {
			var xys plotter.XYs
			for ci := range cases {
				if c, ok := bySolver[m][ci]; ok && !math.IsNaN(value(c)) {
					xys = append(xys, plotter.XY{X: float64(ci), Y: math.Max(value(c), floor)})
					top = math.Max(top, value(c))
				}
			}
			if len(xys) == 0 {
				continue // this solver counts no nodes
			}
			line, points, err := plotter.NewLinePoints(xys)
			if err != nil {
				return nil, fmt.Errorf("plot: %w", err)
			}
			styleSeries(line, points, mi)
			p.Add(line, points)
			p.Legend.Add(m, line, points)
		}
		// Room above the data for the legend: a factor per solver line.
		p.Y.Min = floor
		p.Y.Max = top * math.Pow(10, 0.6*float64(len(solvers))+0.4)
		p.NominalX(cases...)
		p.X.Tick.Label.Rotation = math.Pi / 6
		p.X.Tick.Label.XAlign = draw.XRight
		return p, nil
	}
	if title != "" {
		title += ": "
	}
	nodes, err := panel(title+"search nodes", floors.nodes, countUnit, func(c Cost) float64 { return c.Nodes })
	if err != nil {
		return err
	}
	secs, err := panel("wall time", floors.seconds, secondsUnit, func(c Cost) float64 { return c.Seconds })
	if err != nil {
		return err
	}
	width := vg.Length(max(8, 0.9*float64(len(cases))+5)) * vg.Inch
	return writePlots(w, format, width, 4*vg.Inch, nodes, secs)
}

// styleSeries gives the i-th series of a chart its colour and glyph, and
// the project's line and point sizes; it returns the colour.
func styleSeries(line *plotter.Line, points *plotter.Scatter, i int) color.Color {
	col := palette[i%len(palette)]
	line.Color, points.Color = col, col
	line.Width = vg.Points(1.5)
	points.Shape = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.BoxGlyph{}, draw.TriangleGlyph{}, draw.PyramidGlyph{}, draw.CrossGlyph{}}[i%5]
	points.Radius = vg.Points(3.5)
	return col
}

// powerTicks marks every power of ten of a log axis, labelled by unit.
type powerTicks struct{ unit func(float64) string }

func (pt powerTicks) Ticks(min, max float64) []gplot.Tick {
	var ts []gplot.Tick
	for e := math.Floor(math.Log10(min)); e <= math.Ceil(math.Log10(max)); e++ {
		v := math.Pow(10, e)
		if v < min*(1-1e-9) || v > max*(1+1e-9) {
			continue
		}
		ts = append(ts, gplot.Tick{Value: v, Label: pt.unit(v)})
	}
	return ts
}

// countUnit writes a power of ten as 1, 10, 100, 1k, 10k, ... 1G, 10G, 100G,
// then 1e+12.
func countUnit(v float64) string {
	for _, u := range []struct {
		div float64
		suf string
	}{{1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}} {
		if v >= u.div && v < 1000*u.div || u.div == 1 && v < 1 {
			return strconv.FormatFloat(v/u.div, 'f', -1, 64) + u.suf
		}
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// secondsUnit writes a power of ten of seconds as 1ns ... 100ms, 1s, ... 1000s,
// then 1e+04s.
func secondsUnit(v float64) string {
	for _, u := range []struct {
		div float64
		suf string
	}{{1, "s"}, {1e-3, "ms"}, {1e-6, "µs"}, {1e-9, "ns"}} {
		if v >= u.div*(1-1e-9) && v < 1e4 {
			return strconv.FormatFloat(math.Round(v/u.div*1000)/1000, 'f', -1, 64) + u.suf
		}
	}
	return strconv.FormatFloat(v, 'g', 3, 64) + "s"
}

// writePlots draws the plots side by side on one canvas of the given size
// and writes it to w in format.
func writePlots(w io.Writer, format string, width, height vg.Length, ps ...*gplot.Plot) error {
	return writeTitled(w, format, "", width, height, len(ps), ps...)
}

// writeTitled draws the plots in rows of cols, under a title over them
// all when title is not empty, on one canvas of the given size and writes
// it to w in format.
func writeTitled(w io.Writer, format, title string, width, height vg.Length, cols int, ps ...*gplot.Plot) error {
	c, err := draw.NewFormattedCanvas(width, height, format)
	if err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	dc := draw.New(c)
	if title != "" {
		sty := gplot.New().Title.TextStyle
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		dc.FillText(sty, vg.Point{X: dc.Center().X, Y: dc.Max.Y - vg.Points(4)}, title)
		dc = draw.Crop(dc, 0, 0, 0, -(sty.Height(title) + vg.Points(6)))
	}
	rows := (len(ps) + cols - 1) / cols
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Points(18), PadY: vg.Points(10), PadTop: vg.Points(6), PadBottom: vg.Points(6), PadLeft: vg.Points(6), PadRight: vg.Points(10)}
	grid := make([][]*gplot.Plot, rows)
	for i := range grid {
		grid[i] = make([]*gplot.Plot, cols)
		copy(grid[i], ps[i*cols:min(len(ps), (i+1)*cols)])
	}
	canvases := gplot.Align(grid, tiles, dc)
	for i, p := range ps {
		p.Draw(canvases[i/cols][i%cols])
	}
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	return nil
}
