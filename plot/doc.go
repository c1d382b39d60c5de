// Package plot draws minesat's charts with gonum/plot, as SVG or PNG: the
// win rate of each level with its 95% interval ('minesat play --plot'),
// the search nodes and wall time of each solver on each puzzle, on log
// scales ('minesat compare --plot'), and the win rate a setting of a player
// gains over a baseline against the CPU time it spends a game, a panel per
// series with 95% intervals (Gains, for scripts/thinkcurve).
//
//	format, err := plot.Format("rates.svg") // "svg", from the name
//	err = plot.WinRates(w, format, "my run", []plot.WinRate{{Name: "expert", Won: 40, Games: 100, Lo: 0.309, Hi: 0.498}})
//
// The functions take plain numbers and check them (a rate outside its
// interval, a negative count, a time that is not above zero), so that
// callers only collect them.
package plot
