package web

// The replay page of 'minesat replay --html': assets/replay.html with its
// stylesheet and script written into it (see page), so the written page is
// a single file that works offline and asks the network for nothing.
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
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/minesat/minesat/game"
)

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

// ReplayGame is one game record for the replay page, with where it came
// from.
type ReplayGame struct {
	File    string           // the records file, for errors
	Line    int              // 1-based line of the record in File
	Num     int              // 0-based game number: the record's place in File
	Record  game.Record      // verified (game.VerifyRecord)
	Probs   game.MoveProbs   // the optional "probs" key, checked; nil if absent
	Guesses game.MoveGuesses // the optional "guesses" key, checked; nil if absent
}

// The limits of one replay page: its data is about 10 bytes a cell and a
// move, and a browser must hold it.
const (
	ReplayMaxGames = 1000
	ReplayMaxCells = 4_000_000
)

// replayPage is the replay page's template and assets.
var replayPage = mustPage("replay")

// WriteReplayPage writes the replay page of games, whose records must have
// been verified, to w; source names the records file in the page. Callers
// keep to ReplayMaxGames and ReplayMaxCells.
func WriteReplayPage(w io.Writer, source string, games []ReplayGame) error {
	data := pageGames{Source: source}
	for i := range games {
		pg, err := newPageGame(&games[i])
		if err != nil {
			return err
		}
		data.Games = append(data.Games, pg)
	}
	title := fmt.Sprintf("minesat replay: %s", source)
	if len(games) == 1 {
		title = fmt.Sprintf("minesat replay: %s game %d", source, games[0].Num)
	}
	return replayPage.execute(w, title, data)
}

// newPageGame replays g's record and collects what the script shows.
func newPageGame(g *ReplayGame) (pageGame, error) {
	r := &g.Record
	pg := pageGame{
		Label: fmt.Sprintf("game %d: %s, seed %d, %s after %d moves", g.Num, r.Level, r.Seed, r.Outcome, len(r.Moves)),
		Line:  g.Line, Level: r.Level, Rules: r.Rules, Seed: strconv.FormatInt(r.Seed, 10),
		Rows: r.Rows, Cols: r.Cols, Mines: r.MineCount, Result: r.Outcome.String(),
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
		if n, ok := g.Guesses[i]; ok {
			pm.Note = guessNote(n)
		}
		pm.Boom = m.Op == game.OpOpen.String() && pg.Hints[pm.Cell] < 0
		for _, cp := range g.Probs[i] {
			pm.Probs = append(pm.Probs, [2]float64{float64(b.Index(cp.Pos)), cp.P})
		}
	}
	final, err := game.ReplayRecord(r, func(i int, opened []int) { pg.Moves[i].Opened = opened })
	if err != nil {
		return pg, fmt.Errorf("replay: %s:%d: %w", g.File, g.Line, err)
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
// cell's mine probability and score, the runner-up's, and a
// win-probability search's games won from each candidate.
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
	for k, e := range n.Think {
		if k == 0 {
			sb.WriteString("; games won of those played on:")
		}
		fmt.Fprintf(&sb, " %v %d/%d", game.PosOf(e.Cell), e.Wins, e.Rollouts)
	}
	return sb.String()
}
