package web

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
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/browsertest"
)

// pageScreenshots writes the page browser test's screenshots into docs/:
// go test ./web -run TestPageBrowser -page-screenshots
var pageScreenshots = flag.Bool("page-screenshots", false, "write the page browser test's screenshots to docs/serve-*.png")

// pageT drives the page of 'minesat serve' in one Chromium tab.
type pageT struct {
	t   *testing.T
	ctx context.Context
}

func (p pageT) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, actions...), what)
}

// js runs a statement or an expression whose value is dropped.
func (p pageT) js(what, js string) {
	p.t.Helper()
	p.do(what, chromedp.Evaluate[chromedp.Void](js))
}

func (p pageT) poll(what, js string) {
	p.t.Helper()
	_, err := chromedp.Run(p.ctx, chromedp.Poll[bool]("!!("+js+")", chromedp.WithPollingTimeout(20*time.Second)))
	require.NoError(p.t, err, "waiting for %s", what)
}

func (p pageT) text(js string) string {
	p.t.Helper()
	s, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](js))
	require.NoError(p.t, err, js)
	return s
}

func (p pageT) num(js string) float64 {
	p.t.Helper()
	n, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](js))
	require.NoError(p.t, err, js)
	return n
}

func (p pageT) keys(what, keys string) {
	p.t.Helper()
	p.do(what, chromedp.KeyEvent(keys))
}

// shot takes a full-page screenshot and, with -page-screenshots, writes it
// to docs/name.
func (p pageT) shot(name string) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	require.NoError(p.t, err, "screenshot")
	require.True(p.t, len(png) > 8 && string(png[1:4]) == "PNG", "screenshot %s is not a PNG", name)
	if *pageScreenshots {
		require.NoError(p.t, os.WriteFile(filepath.Join("..", "docs", name), png, 0o644))
	}
}

// gridOf returns g's position as the page's text grid.
func gridOf(t *testing.T, g *game.Game) string {
	t.Helper()
	var b strings.Builder
	require.NoError(t, g.View().WriteGrid(&b))
	return b.String()
}

// analysed is true once the analysis of the board as it is now is shown.
const analysed = `!document.body.dataset.busy && A.done === aText()`

// idle is true once the play view has no action running.
const idle = `!document.body.dataset.busy && !P.busy`

// TestPageBrowser uses the page of 'minesat serve' in headless Chromium as
// a player would, at 1400x900 and at phone width: keyboard entry of a
// position (with a value a cell cannot have refused), a conflict marked on
// its cells and messages in plain words, a pasted position and its count
// in scientific form, a share link, a 100x100 board drawn in well under
// 100 ms, then a game: the hint without playing it (the rules' first
// click), Play it clicked twice playing one move, flags toggled and
// protecting their cells, a chord, keyboard play, the forced moves played
// up to the next guess, the game to its end, an undo, and a shared game.
// The page must ask for nothing but the server's own URLs.
func TestPageBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test takes several seconds; it runs without -short")
	}
	opts, err := agent.DefaultConfig.Options()
	require.NoError(t, err)
	srv := httptest.NewServer(New(Config{Agent: opts, NoGuess: NoGuess(0)}).Handler())
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
	ctx, cancel := context.WithTimeout(ctx, 120*time.Second)
	defer cancel()
	p := pageT{t, ctx}
	p.do("viewport", chromedp.EmulateViewport(1400, 900))
	p.do("load", chromedp.Navigate(srv.URL), chromedp.WaitVisible(chromedp.CSS("#a-board .cell")))

	t.Run("keyboard entry", func(t *testing.T) {
		p := pageT{t, ctx}
		// 2x3, one mine: hints 1 at (0,0), (1,0) and (1,1) put the mine
		// at (0,1), so (0,2) and (1,2) are safe.
		p.js("new board", `$('a-rows').value = 2; $('a-cols').value = 3; $('a-mines').value = '1'; aNew(); $('a-board').focus()`)
		p.keys("(0,0)", "1")
		p.keys("to (1,0)", kb.ArrowDown+kb.ArrowLeft) // down, left: the cursor stepped right after the 1
		p.keys("(1,0), (1,1)", "11")
		p.poll("the analysis", analysed+` && A.advice && A.advice.move`)
		assert.Equal(t, "open,closed,closed,open,open,closed", p.text(`Array.from(document.querySelectorAll('#a-board .cell')).map(d => d.dataset.state).join()`))
		rec := p.text(`(d => d.dataset.r + ',' + d.dataset.c)(document.querySelector('#a-board .cell.rec'))`)
		assert.Contains(t, []string{"0,2", "1,2"}, rec, "the recommended cell")
		assert.Equal(t, 2.0, p.num(`document.querySelectorAll('#a-board .cell.safe').length`), "the forced safe cells are marked")
		assert.Equal(t, "fmine", p.text(`document.querySelector('#a-board .cell[data-r="0"][data-c="1"]').className.split(' ')[1]`), "the forced mine is marked")
		assert.Contains(t, p.text(`$('a-panel').textContent`), "Proved safe")
		assert.Equal(t, "", p.text(`document.querySelector('#a-board .cell[data-r="0"][data-c="2"]').textContent`), "no percentage without show %")

		// A corner cannot show 4: refused, the cell unchanged.
		p.js("cursor to (0,0)", `A.cur = [0, 0]; aDraw()`)
		p.keys("4 in a corner", "4")
		assert.Contains(t, p.text(`$('a-msg').textContent`), "Refused: (0,0) cannot show 4")
		assert.Equal(t, "1", p.text(`document.querySelector('#a-board .cell[data-r="0"][data-c="0"]').textContent`))
	})

	t.Run("conflict", func(t *testing.T) {
		p := pageT{t, ctx}
		// A flag beside a 0: the flag is to blame.
		p.js("new board", `$('a-rows').value = 1; $('a-cols').value = 4; $('a-mines').value = '1'; aNew(); $('a-board').focus()`)
		p.keys("flag, 0", "f0")
		p.poll("the analysis", analysed+` && A.advice && !A.advice.satisfiable`)
		assert.Positive(t, p.num(`document.querySelectorAll('#a-board .cell.blame').length`), "cells to blame are marked: %s", p.text(`A.advice.conflict`))
		msg := p.text(`$('conflict').textContent`)
		assert.NotContains(t, msg, "kb:")
		assert.NotContains(t, msg, "-1")

		// An impossible position: the server's refusal in plain words.
		p.js("too many mines", `$('a-mines').value = '9'; $('a-mines').dispatchEvent(new Event('change'))`)
		p.poll("the refusal", analysed+` && !A.advice`)
		msg = p.text(`$('a-panel').textContent`)
		assert.NotRegexp(t, `game:|invalid puzzle|puzzle:`, msg)
		assert.Contains(t, msg, "No layout of the mines fits: 9 mines", "the words for its code, then what is wrong")
		t.Logf("refusal shown: %s", msg)
	})

	t.Run("error words", func(t *testing.T) { checkErrorWords(pageT{t, ctx}) })

	t.Run("paste, count, share", func(t *testing.T) {
		p := pageT{t, ctx}
		g, err := game.New(game.Expert, game.RulesZero, 11)
		require.NoError(t, err)
		_, err = g.Open(game.Pos{Row: 3, Col: 3})
		require.NoError(t, err)
		grid := gridOf(t, g)
		p.js("paste", fmt.Sprintf(`(() => { const dt = new DataTransfer(); dt.setData('text/plain', %q);
			$('a-board').dispatchEvent(new ClipboardEvent('paste', {clipboardData: dt, bubbles: true})); })()`, grid))
		p.poll("the pasted position", analysed+` && A.rows === 16 && A.advice`)
		assert.Equal(t, 480.0, p.num(`document.querySelectorAll('#a-board .cell').length`))
		assert.Regexp(t, `^\d\.\de\d+$`, p.text(`$('layouts').textContent`), "the layout count in scientific form")
		// The panel is beside the board at 1400 px.
		assert.Equal(t, true, p.num(`(() => { const b = $('a-board').getBoundingClientRect(), q = document.querySelector('#analyze-view .panel').getBoundingClientRect();
			return q.left >= b.right && q.top < b.bottom ? 1 : 0; })()`) == 1, "the panel beside the board")
		p.js("show %", `$('a-pct').click()`)
		assert.Positive(t, p.num(`document.querySelectorAll('#a-board .cell .p').length`), "percentages on demand")
		p.js("hide %", `$('a-pct').click()`)
		p.shot("serve-analyze.png")

		// Share: the link opens the same position.
		p.js("share", `$('a-share').click()`)
		link := p.text(`location.href`)
		require.Contains(t, link, "#pos=")
		want := p.text(`aText()`)
		p.js("forget", `A.cells.fill(CLOSED); aChanged()`)
		p.do("open the link", chromedp.Navigate(srv.URL+"/?again"+link[strings.Index(link, "#"):]), chromedp.WaitVisible(chromedp.CSS("#a-board .cell")))
		p.poll("the shared position", analysed)
		assert.Equal(t, want, p.text(`aText()`), "the shared position")
	})

	t.Run("100x100 draw", func(t *testing.T) {
		p := pageT{t, ctx}
		l, err := game.ParseLevel("100x100/2000")
		require.NoError(t, err)
		g, err := game.New(l, game.RulesZero, 3)
		require.NoError(t, err)
		_, err = g.Open(game.Pos{Row: 50, Col: 50})
		require.NoError(t, err)
		p.js("load", fmt.Sprintf(`aLoad(%q)`, gridOf(t, g)))
		p.poll("the analysis", analysed+` && A.rows === 100`)
		// The drawing, layout included, of the board with its heat map.
		ms := p.num(`(() => { let best = 1e9; for (let k = 0; k < 5; k++) { const t0 = performance.now(); aDraw(); document.body.offsetHeight;
			best = Math.min(best, performance.now() - t0); } return best; })()`)
		t.Logf("100x100 board drawn in %.1f ms", ms)
		assert.Equal(t, 1.0, p.num(`document.querySelectorAll('#a-board canvas').length`), "a canvas")
		assert.Less(t, ms, 100.0, "100x100 draw time in ms")
		p.shot("serve-100x100.png")
		// A click on the canvas lands on its cell.
		p.js("click (60,70)", `(() => { const cv = document.querySelector('#a-board canvas'), b = cv.getBoundingClientRect(), s = +$('a-board').dataset.size + 1;
			cv.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: b.left + 1 + 70 * s + s / 2, clientY: b.top + 1 + 60 * s + s / 2})); })()`)
		assert.Equal(t, "60,70", p.text(`A.cur.join()`))
		// Hovering a closed cell of the canvas shows its chance.
		p.js("hover (0,0)", `(() => { const cv = document.querySelector('#a-board canvas'), b = cv.getBoundingClientRect(), s = +$('a-board').dataset.size + 1;
			cv.dispatchEvent(new MouseEvent('mousemove', {bubbles: true, clientX: b.left + 1 + s / 2, clientY: b.top + 1 + s / 2})); })()`)
		assert.Contains(t, p.text(`document.querySelector('#a-board canvas').title`), "(0,0): mine chance")
	})

	t.Run("play", func(t *testing.T) {
		p := pageT{t, ctx}
		p.js("play tab", `showTab('play'); $('p-level').value = 'expert'; $('p-rules').value = 'zero'; $('p-seed').value = '5'; $('p-new').click()`)
		p.poll("the new game", idle+` && P.game && P.game.outcome === 'unfinished'`)
		assert.Equal(t, "99", p.text(`$('p-left').textContent`), "mines left")

		// The hint shows the rules' first click without playing it.
		p.js("hint", `$('p-hint').click()`)
		p.poll("the hint", idle+` && P.hint !== null`)
		assert.Equal(t, "3,3", p.text(`(d => d.dataset.r + ',' + d.dataset.c)(document.querySelector('#p-board .cell.rec'))`))
		assert.Equal(t, 0.0, p.num(`P.game.moves`), "the hint played nothing")
		assert.Contains(t, p.text(`$('p-panel').textContent`), "first click")
		assert.NotContains(t, p.text(`$('p-panel').textContent`), "mine chance", "no risk shown for a safe first click")
		p.js("play it, clicked twice", `$('p-playit').click(); $('p-playit').click()`)
		p.poll("the first click", idle+` && P.game.moves === 1`)
		time.Sleep(200 * time.Millisecond)
		assert.Equal(t, 1.0, p.num(`P.game.moves`), "a double click plays one move")
		assert.Equal(t, "0", p.text(`P.game.board[3][3]`))

		// The same game on this side, to know where the mines are.
		ref, err := game.New(game.Expert, game.RulesZero, 5)
		require.NoError(t, err)
		_, err = ref.Open(game.Pos{Row: 3, Col: 3})
		require.NoError(t, err)
		b := ref.Board()
		var mine game.Pos
		for _, m := range ref.Mines() {
			if ref.Cell(b.Index(m)).State == game.Unknown {
				mine = m
				break
			}
		}
		cellJS := func(q game.Pos) string {
			return fmt.Sprintf(`document.querySelector('#p-board .cell[data-r="%d"][data-c="%d"]')`, q.Row, q.Col)
		}
		right := func(q game.Pos) {
			p.js("right click", cellJS(q)+`.dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true}))`)
		}

		// Flags toggle, and a flag protects its cell.
		right(mine)
		p.poll("the flag", idle+fmt.Sprintf(` && P.game.board[%d][%d] === 'F'`, mine.Row, mine.Col))
		assert.Equal(t, "98", p.text(`$('p-left').textContent`), "mines left after a flag")
		p.js("click the flag", cellJS(mine)+`.click()`)
		time.Sleep(200 * time.Millisecond)
		p.poll("nothing", idle)
		assert.Equal(t, "unfinished", p.text(`P.game.outcome`), "a flag protects its cell")
		assert.Equal(t, 2.0, p.num(`P.game.moves`))
		right(mine)
		p.poll("the flag off", idle+fmt.Sprintf(` && P.game.board[%d][%d] === '.'`, mine.Row, mine.Col))
		assert.Equal(t, "99", p.text(`$('p-left').textContent`))

		// Chord: flag the mines around an open hint with a closed safe
		// neighbour, then click the hint.
		chord := game.Pos{Row: -1}
		for i := range b.Len() {
			c := ref.Cell(i)
			if c.State != game.Revealed || c.Hint == 0 {
				continue
			}
			for _, n := range b.Neighbors(i) {
				if ref.Cell(int(n)).State == game.Unknown && !ref.IsMine(int(n)) {
					chord = b.Pos(i)
				}
			}
		}
		require.GreaterOrEqual(t, chord.Row, 0, "no hint to chord")
		var opens []game.Pos
		for _, n := range b.Neighbors(b.Index(chord)) {
			q := b.Pos(int(n))
			if ref.Cell(int(n)).State != game.Unknown {
				continue
			}
			if ref.IsMine(int(n)) {
				right(q)
				p.poll("a flag", idle+fmt.Sprintf(` && P.game.board[%d][%d] === 'F'`, q.Row, q.Col))
			} else {
				opens = append(opens, q)
			}
		}
		p.js("chord", cellJS(chord)+`.click()`)
		p.poll("the chord", idle+fmt.Sprintf(` && P.game.board[%d][%d] !== '.'`, opens[0].Row, opens[0].Col))
		for _, q := range opens {
			assert.NotEqual(t, ".", p.text(fmt.Sprintf(`P.game.board[%d][%d]`, q.Row, q.Col)), "the chord opened %v", q)
		}
		assert.Equal(t, "unfinished", p.text(`P.game.outcome`))

		// Keyboard: f flags and unflags the cursor's cell, space opens it.
		var safe game.Pos
		for i := range b.Len() {
			if !ref.IsMine(i) && p.text(fmt.Sprintf(`P.game.board[%d][%d]`, b.Pos(i).Row, b.Pos(i).Col)) == "." {
				safe = b.Pos(i)
				break
			}
		}
		p.js("cursor", fmt.Sprintf(`P.cur = [%d, %d]; pDraw(); $('p-board').focus()`, safe.Row, safe.Col))
		moves := p.num(`P.game.moves`)
		p.keys("f", "f")
		p.poll("the flag", idle+fmt.Sprintf(` && P.game.board[%d][%d] === 'F'`, safe.Row, safe.Col))
		p.keys("f again", "f")
		p.poll("the flag off", idle+fmt.Sprintf(` && P.game.board[%d][%d] === '.'`, safe.Row, safe.Col))
		p.keys("space", " ")
		p.poll("the open", idle+fmt.Sprintf(` && P.game.board[%d][%d] !== '.'`, safe.Row, safe.Col))
		assert.Equal(t, moves+3, p.num(`P.game.moves`))
		p.keys("arrow", kb.ArrowDown)
		assert.Equal(t, float64(min(safe.Row+1, 15)), p.num(`P.cur[0]`), "the down arrow moves the cursor")

		// The forced moves, up to the next guess.
		p.js("forced", `$('p-forced').click()`)
		p.poll("the forced moves", idle+` && P.note !== ''`)
		if p.text(`P.game.outcome`) == "unfinished" {
			assert.Contains(t, p.text(`$('p-status').textContent`), "topped before a guess")
			assert.Equal(t, 0.0, p.num(`P.hint.forced ? 1 : 0`), "stopped at a guess")
			assert.Positive(t, p.num(`document.querySelectorAll('#candidates tr').length`), "candidate guesses listed")
			p.js("heat map", `$('p-assist').click()`)
			p.poll("the heat map", idle+` && P.advice && document.querySelector('#p-board .cell.best')`)
			p.shot("serve-play.png")
		} else {
			assert.Equal(t, "won", p.text(`P.game.outcome`), "forced moves never lose")
		}

		// To the end with the keys: a, then p for a guess.
		for k := 0; k < 300 && p.text(`P.game.outcome`) == "unfinished"; k++ {
			p.keys("a", "a")
			p.poll("the forced moves", idle)
			if p.text(`P.game.outcome`) == "unfinished" && p.num(`P.hint ? 1 : 0`) == 1 {
				n := p.num(`P.game.moves`)
				p.keys("p", "p")
				p.poll("the guess", idle+fmt.Sprintf(` && P.game.moves > %v`, n))
			}
		}
		outcome := p.text(`P.game.outcome`)
		require.Contains(t, []string{"won", "lost"}, outcome)
		if outcome == "won" {
			assert.Zero(t, p.num(`document.querySelectorAll('#p-board .cell[data-state=mine]').length`), "a won board shows its mines as flags")
			assert.Equal(t, 99.0, p.num(`document.querySelectorAll('#p-board .cell[data-state=flag]').length`))
			assert.Contains(t, p.text(`$('p-status').textContent`), "Won in")
		} else {
			assert.Equal(t, 1.0, p.num(`document.querySelectorAll('#p-board .cell[data-state=boom]').length`), "the mine hit")
		}
		assert.True(t, p.num(`$('p-hint').disabled ? 1 : 0`) == 1, "no hint after the end")
		p.shot("serve-end.png")

		// Undo takes the last move back, the losing or winning one too.
		moves = p.num(`P.game.moves`)
		p.js("undo", `$('p-board').focus()`)
		p.keys("u", "u")
		p.poll("the undo", idle+fmt.Sprintf(` && P.game.moves === %v`, moves-1))
		assert.Equal(t, "unfinished", p.text(`P.game.outcome`), "the game goes on after an undo")
		assert.Zero(t, p.num(`document.querySelectorAll('#p-board .cell[data-state=boom], #p-board .cell[data-state=mine]').length`), "no mine shown")

		// Share the game, open the link: the same board from the start.
		p.js("share", `$('p-share').click()`)
		link := p.text(`location.href`)
		require.Contains(t, link, "#play=expert,zero,5")
		p.do("open the link", chromedp.Navigate(srv.URL+"/?again2"+link[strings.Index(link, "#"):]), chromedp.WaitVisible(chromedp.CSS("#p-board .cell")))
		p.poll("the shared game", `typeof P !== 'undefined' && `+idle+` && P.game && P.game.seed === '5' && P.game.moves === 0`)
		assert.False(t, p.num(`$('play-view').hidden ? 1 : 0`) == 1, "the play view is shown")
	})

	t.Run("phone", func(t *testing.T) {
		p := pageT{t, ctx}
		p.do("viewport", chromedp.EmulateViewport(390, 844))
		p.js("expert", `showTab('play'); $('p-level').value = 'expert'; $('p-rules').value = 'zero'; $('p-seed').value = '7'; $('p-new').click()`)
		p.poll("the new game", idle+` && P.game && P.game.seed === '7'`)
		p.js("first click", `pRun(() => pMove('open', [3, 3]))`)
		p.poll("the first click", idle+` && P.game.moves === 1`)
		p.js("redraw", `redraw()`)
		assert.LessOrEqual(t, p.num(`$('p-board').getBoundingClientRect().right`), 390.0, "expert fits a phone's width")
		assert.Positive(t, p.num(`document.querySelector('#play-view .panel').getBoundingClientRect().top - $('p-board').getBoundingClientRect().bottom`), "the panel below the board: %s", p.text(`JSON.stringify([document.querySelector('#play-view .panel').getBoundingClientRect(), $('p-board').getBoundingClientRect(), innerWidth])`))
		p.shot("serve-phone.png")
	})

	mu.Lock()
	defer mu.Unlock()
	require.NotEmpty(t, requests, "saw no request at all; the network listener is not working")
	for _, u := range requests {
		if !strings.HasPrefix(u, srv.URL+"/") {
			t.Errorf("the page requested %s; want only the server's own URLs", u)
		}
	}
}

// checkErrorWords checks that the page has words for every code of the
// API, and says a refusal in them, with the server's message after them
// where it says where or why.
func checkErrorWords(p pageT) {
	t := p.t
	for _, c := range Codes() {
		assert.NotEmpty(t, p.text(fmt.Sprintf(`ERROR_WORDS[%q] || ''`, c)), "the page has no words for the code %s", c)
	}
	assert.Equal(t, "The server is busy: try again in a moment",
		p.text(`apiError(503, {error: {code: 'busy', message: 'server busy: 2 analyses running'}}).message`), "words alone")
	assert.Equal(t, "That move cannot be played: cell (0,0) is already open",
		p.text(`apiError(409, {error: {code: 'illegal_move', message: 'cell (0,0) is already open'}}).message`), "words and where")
}
