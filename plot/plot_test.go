package plot

import (
	"bytes"
	"encoding/xml"
	"image"
	_ "image/png"
	"io"
	"math"
	"strings"
	"testing"
)

var testLevels = []WinRate{
	{Name: "easy", Won: 5, Games: 8, Lo: 0.306, Hi: 0.863},
	{Name: "medium", Won: 0, Games: 3, Lo: 0, Hi: 0.562},
	{Name: "expert", Won: 40, Games: 100, Lo: 0.309, Hi: 0.498},
}

var testCosts = []Cost{
	{Solver: "sat", Case: "case1", Nodes: 12, Seconds: 0.002},
	{Solver: "backtrack", Case: "case1", Nodes: 340, Seconds: 0.0004},
	{Solver: "sat", Case: "size8-a", Nodes: 0, Seconds: 0},
	{Solver: "backtrack", Case: "size8-a", Nodes: 1.5e6, Seconds: 2.5},
	{Solver: "backtrack", Case: "case5-unsat", Nodes: 80, Seconds: 0.001},
	{Solver: "oracle", Case: "case1", Nodes: math.NaN(), Seconds: 0.5}, // counts no nodes
}

// checkSVG parses an SVG document and returns its text content.
func checkSVG(t *testing.T, b []byte) string {
	t.Helper()
	if !bytes.Contains(b, []byte("<svg")) {
		t.Fatalf("output is not SVG: %.60q", b)
	}
	d := xml.NewDecoder(bytes.NewReader(b))
	var text strings.Builder
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG does not parse as XML: %v", err)
		}
		if cd, ok := tok.(xml.CharData); ok {
			text.Write(cd)
			text.WriteByte('\n')
		}
	}
	return text.String()
}

func TestPlotWinRates(t *testing.T) {
	var svg bytes.Buffer
	if err := WinRates(&svg, "svg", "minesat play", testLevels); err != nil {
		t.Fatal(err)
	}
	text := checkSVG(t, svg.Bytes())
	for _, want := range []string{"easy", "medium", "expert", "62.5% (5/8)", "0.0% (0/3)", "40.0% (40/100)", "100%", "win rate", "minesat play"} {
		if !strings.Contains(text, want) {
			t.Errorf("SVG text lacks %q:\n%s", want, text)
		}
	}
	var png bytes.Buffer
	if err := WinRates(&png, "png", "", testLevels); err != nil {
		t.Fatal(err)
	}
	img, format, err := image.Decode(&png)
	if err != nil || format != "png" {
		t.Fatalf("PNG output: %v, format %q", err, format)
	}
	if b := img.Bounds(); b.Dx() < 300 || b.Dy() < 200 {
		t.Errorf("PNG is %dx%d; want a readable size", b.Dx(), b.Dy())
	}

	for _, tc := range []struct {
		name string
		rs   []WinRate
		want string
	}{
		{"none", nil, "no levels"},
		{"no games", []WinRate{{Name: "x", Games: 0}}, "level x: 0 won of 0 games"},
		{"won > games", []WinRate{{Name: "x", Won: 3, Games: 2, Lo: 0, Hi: 1}}, "3 won of 2"},
		{"interval misses rate", []WinRate{{Name: "x", Won: 1, Games: 2, Lo: 0.6, Hi: 0.9}}, "does not hold the rate 0.5"},
		{"interval past 1", []WinRate{{Name: "x", Won: 1, Games: 2, Lo: 0.1, Hi: 1.2}}, "interval [0.1, 1.2]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := WinRates(io.Discard, "svg", "", tc.rs)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("WinRates = %v; want an error containing %q", err, tc.want)
			}
		})
	}
}

// TestWinRateBars checks the bar data: the error bar spans exactly [Lo, Hi].
func TestWinRateBars(t *testing.T) {
	bars := winRateBars(testLevels)
	for i, r := range testLevels {
		_, y := bars.XY(i)
		lo, hi := bars.YError(i)
		if got := y - lo; got < r.Lo-1e-12 || got > r.Lo+1e-12 {
			t.Errorf("%s: error bar bottom %g; want %g", r.Name, got, r.Lo)
		}
		if got := y + hi; got < r.Hi-1e-12 || got > r.Hi+1e-12 {
			t.Errorf("%s: error bar top %g; want %g", r.Name, got, r.Hi)
		}
	}
}

func TestPlotCosts(t *testing.T) {
	var svg bytes.Buffer
	if err := Costs(&svg, "svg", "minesat compare", testCosts); err != nil {
		t.Fatal(err)
	}
	text := checkSVG(t, svg.Bytes())
	for _, want := range []string{"sat", "backtrack", "case1", "size8-a", "case5-unsat", "minesat compare: search nodes", "wall time", "1k", "1M", "1ms", "1s", "oracle"} {
		if !strings.Contains(text, want) {
			t.Errorf("SVG text lacks %q:\n%s", want, text)
		}
	}
	for _, tc := range []struct {
		name string
		cs   []Cost
		want string
	}{
		{"none", nil, "no costs"},
		{"negative", []Cost{{Solver: "m", Case: "c", Nodes: -1}}, "m on c: nodes -1"},
		{"NaN seconds", []Cost{{Solver: "m", Case: "c", Seconds: math.NaN()}}, "seconds NaN"},
		{"infinite nodes", []Cost{{Solver: "m", Case: "c", Nodes: math.Inf(1)}}, "nodes +Inf"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Costs(io.Discard, "svg", "", tc.cs)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Costs = %v; want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestPlotUnits(t *testing.T) {
	for _, tc := range []struct {
		v           float64
		count, secs string
	}{
		{1e-9, "0.000000001", "1ns"}, {1e-6, "0.000001", "1µs"}, {1e-4, "0.0001", "100µs"}, {0.01, "0.01", "10ms"},
		{1, "1", "1s"}, {10, "10", "10s"}, {1000, "1k", "1000s"}, {1e5, "100k", "1e+05s"}, {1e6, "1M", "1e+06s"}, {1e10, "10G", "1e+10s"}, {1e13, "1e+13", "1e+13s"},
	} {
		if got := countUnit(tc.v); got != tc.count {
			t.Errorf("countUnit(%g) = %q; want %q", tc.v, got, tc.count)
		}
		if got := secondsUnit(tc.v); got != tc.secs {
			t.Errorf("secondsUnit(%g) = %q; want %q", tc.v, got, tc.secs)
		}
	}
	ticks := powerTicks{countUnit}.Ticks(1, 2e6)
	var labels []string
	for _, tk := range ticks {
		labels = append(labels, tk.Label)
	}
	if got, want := strings.Join(labels, " "), "1 10 100 1k 10k 100k 1M"; got != want {
		t.Errorf("ticks over [1, 2e6]: %s; want %s", got, want)
	}
}
