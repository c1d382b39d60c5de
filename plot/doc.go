// Package plot draws minesat's charts with gonum/plot, as SVG or PNG: the
// win rate of each level with its 95% interval ('minesat play --plot'),
// and the search nodes and wall time of each solver on each puzzle, on log
// scales ('minesat compare --plot').
//
//	format, err := plot.Format("rates.svg") // "svg", from the name
//	err = plot.WinRates(w, format, "my run", []plot.WinRate{{Name: "expert", Won: 40, Games: 100, Lo: 0.309, Hi: 0.498}})
//
// The functions take plain numbers and check them (a rate outside its
// interval, a negative count), so that callers only collect them.
package plot
