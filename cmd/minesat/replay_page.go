package main

// The HTML replay page. One html/template with the stylesheet and script
// embedded from assets/, so the written page is a single file that works
// offline and asks the network for nothing.
//
// The page's data is computed here, in Go, by replaying each record with
// game.ReplayRecord: for each move, the cells it opened (flood fills
// included), so the script never re-implements the rules. The script keeps
// one state per cell and rebuilds the position after k moves by applying
// moves 0..k-1 to the position before the first move.
//
// The board is a grid of div.cell elements with data-i (row-major index),
// data-r, data-c and data-state, one of:
//
//	closed    not open, not flagged
//	open      open; the text is the hint (empty for 0)
//	flag      flagged
//	mine      a mine shown at the end of the game (not flagged, not hit)
//	boom      the mine a lost game opened
//	wrongflag a flag on a safe cell, shown at the end of the game
//
// Tests (and people) read the position from data-state.

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"

	"github.com/minesat/minesat/game"
)

var (
	//go:embed assets/replay.html
	replayHTML string
	//go:embed assets/replay.css
	replayCSS string
	//go:embed assets/replay.js
	replayJS string

	replayTemplate = template.Must(template.New("replay").Parse(replayHTML))
)

// pageData is what the template renders.
type pageData struct {
	Title string
	CSS   template.CSS
	JS    template.JS
	Data  pageGames // written into the script as JSON
}

// pageGames is the JSON the script reads.
type pageGames struct {
	Source string     `json:"source"`
	Games  []pageGame `json:"games"`
}

// pageGame is one game for the script.
type pageGame struct {
	Label   string     `json:"label"`   // for the game menu
	Line    int        `json:"line"`    // line of the record in Source
	Level   string     `json:"level"`   // level name
	Rules   string     `json:"rules"`   // rules name
	Seed    string     `json:"seed"`    // decimal; int64 does not fit a JS number
	Rows    int        `json:"rows"`    //
	Cols    int        `json:"cols"`    //
	Mines   int        `json:"mines"`   // mine count
	Hints   []int8     `json:"hints"`   // per cell: its hint 0..8, or -1 for a mine
	Initial []int      `json:"initial"` // cells open before the first move, floods included
	Moves   []pageMove `json:"moves"`   //
	Result  string     `json:"result"`  // won, lost or stuck
}

// pageMove is one move for the script.
type pageMove struct {
	Op     string       `json:"op"`          // open or flag
	Cell   int          `json:"c"`           // row-major index
	Why    string       `json:"why"`         // the record's reason
	Guess  bool         `json:"g,omitempty"` // Why is game.WhyGuess
	First  bool         `json:"f,omitempty"` // the first click (see game.Record.FirstClick): neither deduced nor guessed
	Note   string       `json:"n,omitempty"` // for a guess, how it was chosen (the record's "guesses" key)
	Opened []int        `json:"o,omitempty"` // cells this move opened, in order
	Boom   bool         `json:"b,omitempty"` // this move opened a mine
	Probs  [][2]float64 `json:"p,omitempty"` // [cell index, mine probability] before this move
}

// writeReplayPage writes the replay page of the games, which must have been
// verified, to w. source names the records file in the page.
func writeReplayPage(w io.Writer, source string, games []*replayGame) error {
	data := pageGames{Source: source}
	for _, g := range games {
		pg, err := newPageGame(g)
		if err != nil {
			return err
		}
		data.Games = append(data.Games, pg)
	}
	title := fmt.Sprintf("minesat replay: %s", source)
	if len(games) == 1 {
		title = fmt.Sprintf("minesat replay: %s game %d", source, games[0].num)
	}
	return replayTemplate.Execute(w, pageData{Title: title, CSS: template.CSS(replayCSS), JS: template.JS(replayJS), Data: data})
}

// newPageGame replays g's record and collects what the script shows.
func newPageGame(g *replayGame) (pageGame, error) {
	r := &g.rec
	pg := pageGame{
		Label: fmt.Sprintf("game %d: %s, seed %d, %s after %d moves", g.num, r.Level, r.Seed, r.Result, len(r.Moves)),
		Line:  g.line, Level: r.Level, Rules: r.Rules, Seed: strconv.FormatInt(r.Seed, 10),
		Rows: r.Rows, Cols: r.Cols, Mines: r.MineCount, Result: r.Result.String(),
		Initial: []int{}, Moves: make([]pageMove, len(r.Moves)),
	}
	b, err := game.NewBoard(r.Rows, r.Cols)
	if err != nil {
		return pg, err
	}
	pg.Hints = make([]int8, b.Len())
	for _, m := range r.Mines {
		pg.Hints[b.Index(game.PosOf(m))] = -1
	}
	for i := range pg.Hints {
		if pg.Hints[i] < 0 {
			continue
		}
		for _, j := range b.Neighbors(i) {
			if pg.Hints[j] < 0 {
				pg.Hints[i]++
			}
		}
	}
	for i, m := range r.Moves {
		pm := &pg.Moves[i]
		pm.Op, pm.Cell, pm.Why, pm.Guess, pm.First = m.Op, b.Index(game.PosOf(m.Cell)), m.Why, m.Why == game.WhyGuess, r.FirstClick(i)
		if n, ok := g.guesses[i]; ok {
			pm.Note = guessNote(n)
		}
		pm.Boom = m.Op == game.OpOpen && pg.Hints[pm.Cell] < 0
		for _, cp := range g.probs[i] {
			pm.Probs = append(pm.Probs, [2]float64{float64(b.Index(cp.Pos)), cp.P})
		}
	}
	final, err := game.ReplayRecord(r, func(i int, opened []int) { pg.Moves[i].Opened = opened })
	if err != nil {
		return pg, fmt.Errorf("replay: %s:%d: %w", g.file, g.line, err)
	}
	// The cells open before the first move: open at the end, not opened by
	// any move.
	byMove := make([]bool, b.Len())
	for _, m := range pg.Moves {
		for _, j := range m.Opened {
			byMove[j] = true
		}
	}
	for i := range b.Len() {
		if final.Cell(i).State == game.Revealed && !byMove[i] {
			pg.Initial = append(pg.Initial, i)
		}
	}
	return pg, nil
}

// guessNote is what the page shows of a guess's note: the method, the
// cell's mine probability and score, and the runner-up's.
func guessNote(n game.GuessNote) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "by %s: mine probability %.3f", n.Method, n.P)
	if n.Score > 0 {
		fmt.Fprintf(&sb, ", score %.3f", n.Score)
	}
	if n.Runner != nil {
		fmt.Fprintf(&sb, "; runner-up %v: %.3f", game.PosOf(*n.Runner), n.RunnerP)
		if n.RunnerScore > 0 {
			fmt.Fprintf(&sb, ", score %.3f", n.RunnerScore)
		}
	}
	return sb.String()
}
