package web

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/browsertest"
	"github.com/minesat/minesat/internal/recordtest"
)

// screenshotOut also writes the browser test's screenshot to a file:
// go test ./web -run TestReplayBrowser -screenshot /tmp/replay.png
var screenshotOut = flag.String("screenshot", "", "also save the replay browser test's screenshot to this PNG `file`")

// expectedStates returns the data-state of every cell after the first k
// moves of rec, as the page documents them (see replay.go).
func expectedStates(t *testing.T, rec *game.Record, k int) []string {
	t.Helper()
	l, err := game.ParseLevel(rec.Level)
	if err != nil {
		t.Fatal(err)
	}
	rules, _ := game.ParseRules(rec.Rules)
	mines := make([]game.Pos, len(rec.Mines))
	for i, m := range rec.Mines {
		mines[i] = game.PosOf(m)
	}
	var initial []game.Pos
	for _, p := range rec.Initial {
		initial = append(initial, game.PosOf(p))
	}
	g, err := game.NewWithLayout(l, rules, rec.Seed, mines, initial)
	if err != nil {
		t.Fatal(err)
	}
	boom := -1
	for _, m := range rec.Moves[:k] {
		p := game.PosOf(m.Cell)
		if m.Op == game.OpFlag.String() {
			err = g.Flag(p)
		} else if _, err = g.Open(p); errors.Is(err, game.ErrMine) {
			boom, err = g.Board().Index(p), nil
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	end := k == len(rec.Moves)
	out := make([]string, g.Board().Len())
	for i := range out {
		switch c := g.Cell(i); {
		case i == boom:
			out[i] = "boom"
		case c.State == game.Revealed:
			out[i] = "open"
		case c.State == game.Flagged && end && !g.IsMine(i):
			out[i] = "wrongflag"
		case c.State == game.Flagged:
			out[i] = "flag"
		case end && g.IsMine(i):
			out[i] = "mine"
		default:
			out[i] = "closed"
		}
	}
	return out
}

// pageCell is one cell as the browser shows it.
type pageCell struct {
	State string `json:"state"`
	Text  string `json:"text"`
}

const readBoardJS = `Array.from(document.querySelectorAll('#board .cell')).map(c => ({state: c.dataset.state, text: c.textContent}))`

// checkBoard compares the board in the browser with rec after k moves.
func checkBoard(t *testing.T, ctx context.Context, rec *game.Record, k int, when string) {
	t.Helper()
	cells, err := chromedp.Run(ctx, chromedp.Evaluate[[]pageCell](readBoardJS))
	if err != nil {
		t.Fatalf("%s: reading the board: %v", when, err)
	}
	want := expectedStates(t, rec, k)
	if len(cells) != len(want) {
		t.Fatalf("%s: the page shows %d cells; want %d", when, len(cells), len(want))
	}
	b := game.MustBoard(rec.Rows, rec.Cols)
	hints := make([]int, b.Len())
	for _, m := range rec.Mines {
		for _, j := range b.NeighborPos(game.PosOf(m)) {
			hints[b.Index(j)]++
		}
	}
	bad := 0
	for i, c := range cells {
		wantText := ""
		if want[i] == "open" && hints[i] > 0 {
			wantText = fmt.Sprint(hints[i])
		}
		if c.State != want[i] || c.Text != wantText {
			if bad++; bad <= 5 {
				t.Errorf("%s: cell %v shows %q %q; want %q %q", when, b.Pos(i), c.State, c.Text, want[i], wantText)
			}
		}
	}
	pos, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS("#pos")))
	if err != nil {
		t.Fatal(err)
	}
	if wantPos := fmt.Sprintf("%d / %d", k, len(rec.Moves)); pos != wantPos {
		t.Errorf("%s: the counter shows %q; want %q", when, pos, wantPos)
	}
}

// TestReplayBrowser loads a written replay page in headless Chromium and
// uses it as a person would: it steps, goes back, drags the slider, picks
// another game, plays to the end and uses the keyboard, checking after each
// action that the board shows the right cells opened and flagged. It checks
// that the page makes no network request and saves a screenshot.
func TestReplayBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test takes a few seconds; it runs without -short")
	}
	dir := t.TempDir()
	page, recs := writeReplay(t, dir)

	ctx := browsertest.New(t)
	var mu sync.Mutex
	var requests []string
	require.NoError(t, chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			requests = append(requests, e.Request.URL)
			mu.Unlock()
		}
	}))
	ctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	p := pageT{t, ctx}
	pageURL := (&url.URL{Scheme: "file", Path: page}).String()
	p.do("load", chromedp.Navigate(pageURL), chromedp.WaitVisible(chromedp.CSS("#board .cell")))

	replayWon(p, &recs[0])
	replayLost(p, &recs[1])
	replayShot(p, dir)
	// Game 4, played by the agent: its first move is the first click,
	// tagged as neither deduced nor guessed.
	require.True(t, recs[3].FirstClick(0), "a safe-rules game played by the agent starts with a first click")
	p.do("pick game 4", chromedp.Evaluate[chromedp.Void](
		`(() => { const s = document.getElementById('game'); s.value = '3'; s.dispatchEvent(new Event('change')); })()`))
	checkBoard(t, ctx, &recs[3], 0, "game 4 at load")
	if tag, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS("#next .tag"))); err != nil || tag != "first click" {
		t.Errorf("the next-move panel of game 4 at load is tagged %q (%v); want \"first click\"", tag, err)
	}

	mu.Lock()
	defer mu.Unlock()
	for _, u := range requests {
		if u != pageURL && !strings.HasPrefix(u, pageURL+"#") {
			t.Errorf("the page requested %s; want no request but the page itself", u)
		}
	}
	if len(requests) == 0 {
		t.Errorf("saw no request at all; the network listener is not working")
	}
}

// writeReplay writes a replay page of three scripted games and one
// played by the agent under safe rules (which starts with its first
// click) into dir, and returns its path and the games.
func writeReplay(t *testing.T, dir string) (string, []game.Record) {
	t.Helper()
	page := filepath.Join(dir, "replay.html")
	var played bytes.Buffer
	_, err := batch.Run(context.Background(), batch.Config{Level: game.Beginner, Agent: agent.DefaultConfig, Seed: 3}, 0, 1, batch.Options{Records: &played})
	require.NoError(t, err)
	var games []ReplayGame
	var recs []game.Record
	rr := game.NewRecordReader("four games", strings.NewReader(recordtest.ThreeGames(t)+played.String()))
	for {
		l, err := rr.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		games = append(games, ReplayGame{File: "four games", Line: rr.Line(), Num: len(games), Record: l.Record, Probs: l.Probs, Guesses: l.Guesses})
		recs = append(recs, l.Record)
	}
	f, err := os.Create(page)
	require.NoError(t, err)
	require.NoError(t, WriteReplayPage(f, "<stdin>", games))
	require.NoError(t, f.Close())
	return page, recs
}

func clickID(id string) chromedp.Action[chromedp.Void] { return chromedp.Click(chromedp.CSS("#" + id)) }

// replayWon steps through game 1, a win, back and forth, with the slider
// and the heat overlay.
func replayWon(p pageT, won *game.Record) {
	t, ctx := p.t, p.ctx
	checkBoard(t, ctx, won, 0, "game 1 at load")
	if tag, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS("#next .tag"))); err != nil || tag != "deduced" {
		t.Errorf("the next-move panel of game 1 (seed rules) at load is tagged %q (%v); want \"deduced\"", tag, err)
	}
	for k := 1; k <= 6; k++ {
		p.do("step", clickID("step"))
		checkBoard(t, ctx, won, k, fmt.Sprintf("game 1 after %d steps", k))
	}
	p.do("back", clickID("back"), clickID("back"))
	checkBoard(t, ctx, won, 4, "game 1 after two steps back")
	reason, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS("#reason")))
	require.NoError(t, err)
	if m := won.Moves[3]; !strings.Contains(reason, fmt.Sprintf("Move 4: %s %v", m.Op, game.PosOf(m.Cell))) {
		t.Errorf("the reason panel says %q; want it to name move 4, %s %v", reason, m.Op, game.PosOf(m.Cell))
	}
	// The fifth open is a guess with probabilities: the heat overlay shows
	// them while it is the next move.
	guess := -1
	for i, m := range won.Moves {
		if m.Why == game.WhyGuess {
			guess = i
			break
		}
	}
	p.do("slider to the first guess", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
		`(() => { const s = document.getElementById('slider'); s.value = %d; s.dispatchEvent(new Event('input')); })()`, guess)))
	checkBoard(t, ctx, won, guess, "game 1 with the slider at the first guess")
	heat, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board .cell.heat').length`))
	if err != nil || heat == 0 {
		t.Errorf("heat overlay before a guess: %d cells, %v; want some", heat, err)
	}
	next, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS("#next")))
	if err != nil || !strings.Contains(next, "guess") || !strings.Contains(next, "p(mine)") || !strings.Contains(next, "runner-up") {
		t.Errorf("the next-move panel before a guess says %q (%v); want the guess, its p(mine) and the runner-up", next, err)
	}
	if !strings.Contains(next, "chosen by scripted: mine probability ") {
		t.Errorf("the next-move panel before a guess says %q; want how it was chosen, from the record's guesses", next)
	}
	p.do("heat off", clickID("heat"))
	if heat, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#board .cell.heat').length`)); heat != 0 {
		t.Errorf("heat overlay switched off still colours %d cells", heat)
	}
	p.do("End key", chromedp.KeyEvent(kb.End))
	checkBoard(t, ctx, won, len(won.Moves), "game 1 after End")
}

// replayLost plays game 2, a loss, to the end at the fastest speed.
func replayLost(p pageT, lost *game.Record) {
	t, ctx := p.t, p.ctx
	p.do("pick game 2", chromedp.Evaluate[chromedp.Void](
		`(() => { const s = document.getElementById('game'); s.value = '1'; s.dispatchEvent(new Event('change')); })()`))
	checkBoard(t, ctx, lost, 0, "game 2 at load")
	p.do("play fast", chromedp.Evaluate[chromedp.Void](`document.getElementById('speed').value = '40'`), clickID("play"))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.getElementById('pos').textContent === '%d / %d'`, len(lost.Moves), len(lost.Moves)),
		chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("play did not reach the end: %v", err)
	}
	checkBoard(t, ctx, lost, len(lost.Moves), "game 2 played to the end")
	if off, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById('pause').disabled && !document.getElementById('play').disabled`)); !off {
		t.Errorf("at the end, pause is enabled or play disabled; want play ready again")
	}
	p.do("Left key", chromedp.KeyEvent(kb.ArrowLeft))
	checkBoard(t, ctx, lost, len(lost.Moves)-1, "game 2 after the left arrow")
}

// replayShot takes a screenshot into dir, and to -screenshot when set.
func replayShot(p pageT, dir string) {
	t := p.t
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err, "screenshot")
	require.True(t, len(png) >= 8 && string(png[1:4]) == "PNG", "screenshot is not a PNG (%d bytes)", len(png))
	shot := filepath.Join(dir, "replay.png")
	for _, f := range []string{shot, *screenshotOut} {
		if f != "" {
			require.NoError(t, os.WriteFile(f, png, 0o644))
		}
	}
	t.Logf("screenshot: %s (%d bytes)", shot, len(png))
}
