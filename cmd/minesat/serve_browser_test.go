package main

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/browsertest"
	"github.com/minesat/minesat/web"
)

// serveScreenshots writes the serve browser test's screenshots into docs/:
// go test ./cmd/minesat -run TestServeBrowser -screenshots
var serveScreenshots = flag.Bool("screenshots", false, "write the serve browser test's screenshots to docs/serve-analyze.png and docs/serve-play.png")

// recCell is the recommended cell as the page shows it.
type recCell struct {
	R, C  int
	State string
	Text  string
}

const readRecJS = `(() => { const d = document.querySelector('#a-board .cell.rec');
  return d ? {R: +d.dataset.r, C: +d.dataset.c, State: d.dataset.state, Text: d.textContent} : {R: -1, C: -1}; })()`

// TestServeBrowser uses the page of 'minesat serve' in headless Chromium as
// a person would: it builds positions by clicking cells and checks the
// recommended cell is highlighted with its probability, pastes a position,
// then plays a beginner game to its end with the hint button, the
// analysis shown after each move. The page must ask for nothing but the
// server's own URLs.
func TestServeBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test takes a few seconds; it runs without -short")
	}
	opts, err := agent.DefaultConfig.Options()
	require.NoError(t, err)
	srv := httptest.NewServer(web.New(web.Config{Agent: opts, NoGuess: web.NoGuess(0)}).Handler())
	defer srv.Close()

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
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	do := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		require.NoError(t, chromedp.Do(ctx, actions...), what)
	}
	eval := func(js string) chromedp.Action[chromedp.Void] { return chromedp.Evaluate[chromedp.Void](js) }
	poll := func(what, js string) {
		t.Helper()
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(15*time.Second)))
		require.NoError(t, err, "waiting for %s", what)
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(sel)))
		require.NoError(t, err, sel)
		return s
	}
	cell := func(board string, r, c int) chromedp.Action[chromedp.Void] {
		return chromedp.Click(chromedp.CSS(fmt.Sprintf(`#%s .cell[data-r="%d"][data-c="%d"]`, board, r, c)))
	}
	newBoard := func(rows, cols int, mines string) {
		t.Helper()
		do("new board", eval(fmt.Sprintf(`$('a-rows').value = %d; $('a-cols').value = %d; $('a-mines').value = %q`, rows, cols, mines)),
			chromedp.Click(chromedp.CSS("#a-new")))
	}
	// analysed waits for the analysis of the board as it is now.
	analysed := func(what string) {
		t.Helper()
		poll(what, `!document.body.dataset.busy && A.done === aText() && document.querySelector('#rec-move') !== null`)
	}

	do("load", chromedp.Navigate(srv.URL), chromedp.WaitVisible(chromedp.CSS("#a-board .cell")))

	// 2x3, one mine: hints 1 at (0,0), (1,0) and (1,1) put the mine at
	// (0,1), so (0,2) and (1,2) are safe by the count.
	newBoard(2, 3, "1")
	for _, rc := range [][2]int{{0, 0}, {1, 0}, {1, 1}} {
		do("click", cell("a-board", rc[0], rc[1]), cell("a-board", rc[0], rc[1]))
	}
	analysed("the forced position")
	rec, err := chromedp.Run(ctx, chromedp.Evaluate[recCell](readRecJS))
	require.NoError(t, err)
	assert.Contains(t, [][2]int{{0, 2}, {1, 2}}, [2]int{rec.R, rec.C}, "the recommended cell")
	assert.Equal(t, "closed", rec.State)
	assert.Equal(t, "0%", rec.Text, "a forced safe cell shows p(mine) 0%")
	move := text("#rec-move")
	assert.Contains(t, move, fmt.Sprintf("open (%d,%d)", rec.R, rec.C))
	assert.Contains(t, move, "p(mine) 0%")
	assert.Contains(t, text("#a-panel"), "Proved safe")
	mine, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(`#a-board .cell[data-r="0"][data-c="1"]`)))
	require.NoError(t, err)
	assert.Equal(t, "100%", mine, "the forced mine")
	states, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('#a-board .cell')).map(d => d.dataset.state)`))
	require.NoError(t, err)
	assert.Equal(t, []string{"open", "closed", "closed", "open", "open", "closed"}, states)

	// A right click cycles back: (1,1) from 1 to 0, and the answer changes.
	do("right click", eval(`document.querySelector('#a-board .cell[data-r="1"][data-c="1"]').dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true}))`))
	poll("the hint to read 0", `document.querySelector('#a-board .cell[data-r="1"][data-c="1"]').textContent === ''`)

	// 1x3, one mine, nothing known: a guess at p(mine) 1/3.
	newBoard(1, 3, "1")
	analysed("the blank position")
	rec, err = chromedp.Run(ctx, chromedp.Evaluate[recCell](readRecJS))
	require.NoError(t, err)
	require.GreaterOrEqual(t, rec.R, 0, "no recommended cell")
	assert.Equal(t, "33%", rec.Text)
	assert.Contains(t, text("#rec-move"), "p(mine) 33%")
	assert.Contains(t, text("#a-panel"), "A guess")

	// Paste a position: a beginner game after its first click.
	g, err := game.New(game.Beginner, game.RulesZero, 11)
	require.NoError(t, err)
	_, err = g.Open(game.Pos{Row: 4, Col: 4})
	require.NoError(t, err)
	var grid strings.Builder
	require.NoError(t, g.View().WriteGrid(&grid))
	do("paste", eval(fmt.Sprintf(`$('a-paste').open = true; $('a-text').value = %q`, grid.String())), chromedp.Click(chromedp.CSS("#a-load")))
	analysed("the pasted position")
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#a-board .cell').length`))
	require.NoError(t, err)
	assert.Equal(t, 81, n)
	open, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#a-board .cell[data-state=open]').length`))
	require.NoError(t, err)
	assert.Equal(t, g.Board().Len()-g.View().Unknowns(), open, "the pasted position's open cells")
	screenshot(t, ctx, "serve-analyze.png")

	// Play: beginner under zero rules with assist, the hint button to the end.
	do("play tab", chromedp.Click(chromedp.CSS("#tab-play")),
		eval(`$('p-level').value = 'beginner'; $('p-rules').value = 'zero'; $('p-seed').value = '5'; $('p-assist').checked = true`),
		chromedp.Click(chromedp.CSS("#p-new")))
	poll("the new game", `!document.body.dataset.busy && $('p-status').dataset.outcome === 'unfinished'`)
	for moves := 1; ; moves++ {
		require.Less(t, moves, 82, "the hints never ended the game")
		do("hint", chromedp.Click(chromedp.CSS("#p-hint")))
		poll("the hint's move", fmt.Sprintf(`!document.body.dataset.busy && P.game && P.game.moves === %d`, moves))
		outcome, err := chromedp.Run(ctx, chromedp.Evaluate[string](`$('p-status').dataset.outcome`))
		require.NoError(t, err)
		if outcome != "unfinished" {
			assert.Contains(t, []string{"won", "lost"}, outcome)
			if outcome == "won" {
				assert.Contains(t, text("#p-status"), "Won!")
			}
			break
		}
		if moves == 3 {
			rec, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#p-board .cell.rec').length`))
			require.NoError(t, err)
			assert.Equal(t, 1, rec, "assist highlights the recommended cell")
			assert.Contains(t, text("#p-panel"), "Recommended move")
			screenshot(t, ctx, "serve-play.png")
		}
	}
	disabled, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`$('p-hint').disabled`))
	require.NoError(t, err)
	assert.True(t, disabled, "the hint button stays enabled after the end")

	mu.Lock()
	defer mu.Unlock()
	require.NotEmpty(t, requests, "saw no request at all; the network listener is not working")
	for _, u := range requests {
		if !strings.HasPrefix(u, srv.URL+"/") {
			t.Errorf("the page requested %s; want only the server's own URLs", u)
		}
	}
}

// screenshot takes a full-page screenshot and, with -screenshots, writes
// it to docs/name.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err, "screenshot")
	require.True(t, len(png) > 8 && string(png[1:4]) == "PNG", "screenshot %s is not a PNG", name)
	if *serveScreenshots {
		require.NoError(t, os.WriteFile(filepath.Join("..", "..", "docs", name), png, 0o644))
	}
}
