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

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	cdpage "github.com/chromedp/cdproto/page"
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
const idle = `!document.body.dataset.busy && !P.busy && !P.starting`

// pageSession is a server of the page and one Chromium tab on it, with
// every URL the tab has asked for.
type pageSession struct {
	ctx      context.Context
	srv      *httptest.Server
	mu       sync.Mutex
	requests []string
}

// newPageSession starts a server with cfg (the default agent and
// no-guess boards when cfg.Agent is nil) and a browser, and opens the
// page in it at width x height. Its steps share the timeout.
func newPageSession(t *testing.T, cfg Config, timeout time.Duration, width, height int64) *pageSession {
	t.Helper()
	if testing.Short() {
		t.Skip("the browser test takes several seconds; it runs without -short")
	}
	if cfg.Agent == nil {
		opts, err := agent.DefaultConfig.Options()
		require.NoError(t, err)
		cfg.Agent, cfg.NoGuess = opts, NoGuess(0)
	}
	s := &pageSession{srv: httptest.NewServer(New(cfg).Handler())}
	t.Cleanup(s.srv.Close)
	ctx := browsertest.New(t)
	require.NoError(t, chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			s.mu.Lock()
			s.requests = append(s.requests, e.Request.URL)
			s.mu.Unlock()
		}
	}))
	ctx, cancel := context.WithTimeout(ctx, timeout)
	t.Cleanup(cancel)
	s.ctx = ctx
	p := s.in(t)
	// Every document of the tab answers confirm() with window.answer
	// (true unless a test sets it) and counts the questions in
	// window.asked: a real dialog would stop the page.
	p.do("confirm", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, cdpage.AddScriptToEvaluateOnNewDocument, cdpage.AddScriptToEvaluateOnNewDocumentParams{
			Source: `window.asked = 0; window.answer = true; window.confirm = () => { window.asked++; return window.answer; };`})
		return err
	}))
	p.do("viewport", chromedp.EmulateViewport(width, height))
	p.load(s.srv.URL, "#a-board .cell")
	return s
}

// in returns the tab for test t.
func (s *pageSession) in(t *testing.T) pageT { return pageT{t, s.ctx} }

// checkRequests fails t if the page asked for a URL that is not the
// server's own.
func (s *pageSession) checkRequests(t *testing.T) {
	s.mu.Lock()
	defer s.mu.Unlock()
	require.NotEmpty(t, s.requests, "saw no request at all; the network listener is not working")
	for _, u := range s.requests {
		if !strings.HasPrefix(u, s.srv.URL+"/") {
			t.Errorf("the page requested %s; want only the server's own URLs", u)
		}
	}
}

// load opens url and waits for sel.
func (p pageT) load(url, sel string) {
	p.t.Helper()
	p.do("open "+url, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(sel)))
}

// TestPageBrowser uses the page of 'minesat serve' in headless Chromium as
// a player would, at 1400x900 and at phone width: keyboard entry of a
// position (with a value a cell cannot have refused), a conflict marked on
// its cells and messages in plain words, a pasted position and its count
// in scientific form, a share link, a 100x100 board drawn on a canvas in
// well under the time of elements, then a game: the hint without playing it (the rules' first
// click), Play it clicked twice playing one move, flags toggled and
// protecting their cells, a chord, keyboard play, the forced moves played
// up to the next guess, the game to its end, an undo, and a shared game.
// The page must ask for nothing but the server's own URLs.
func TestPageBrowser(t *testing.T) {
	s := newPageSession(t, Config{}, 150*time.Second, 1400, 900)
	t.Run("keyboard entry", func(t *testing.T) { keyboardEntry(s.in(t)) })
	t.Run("conflict", func(t *testing.T) { conflictShown(s.in(t)) })
	t.Run("error words", func(t *testing.T) { checkErrorWords(s.in(t)) })
	t.Run("paste, count, share", func(t *testing.T) { pasteCountShare(s.in(t), s.srv.URL) })
	t.Run("100x100 draw", func(t *testing.T) { draw100(s.in(t)) })
	t.Run("think", func(t *testing.T) { analyzeThink(s.in(t)) })
	t.Run("play", func(t *testing.T) {
		p := s.in(t)
		ref := playStart(p)
		playFlagsChord(p, ref)
		playKeys(p, ref)
		playToEnd(p)
		playUndoShare(p, s.srv.URL)
	})
	t.Run("phone", func(t *testing.T) { phone(s.in(t)) })
	s.checkRequests(t)
}

// keyboardEntry enters a 2x3 position by keys and reads its analysis.
func keyboardEntry(p pageT) {
	t := p.t
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
}

// conflictShown enters a position no layout fits, then one the server
// refuses.
func conflictShown(p pageT) {
	t := p.t
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
}

// pasteCountShare pastes an expert position, reads its count, and opens
// its share link.
func pasteCountShare(p pageT, base string) {
	t := p.t
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
	p.load(base+"/?again"+link[strings.Index(link, "#"):], "#a-board .cell")
	p.poll("the shared position", analysed)
	assert.Equal(t, want, p.text(`aText()`), "the shared position")
}

// draw100 draws a 100x100 position on its canvas and clicks and hovers
// it.
func draw100(p pageT) {
	t := p.t
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
	// 10,000 elements took 660 ms on an idle machine, the canvas 19 ms: the
	// bound leaves room for a loaded one.
	assert.Less(t, ms, 300.0, "100x100 draw time in ms")
	p.shot("serve-100x100.png")
	// A click on the canvas lands on its cell.
	p.js("click (60,70)", `(() => { const cv = document.querySelector('#a-board canvas'), b = cv.getBoundingClientRect(), s = +$('a-board').dataset.size + 1;
		cv.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: b.left + 1 + 70 * s + s / 2, clientY: b.top + 1 + 60 * s + s / 2})); })()`)
	assert.Equal(t, "60,70", p.text(`A.cur.join()`))
	// Hovering a closed cell of the canvas shows its chance.
	p.js("hover (0,0)", `(() => { const cv = document.querySelector('#a-board canvas'), b = cv.getBoundingClientRect(), s = +$('a-board').dataset.size + 1;
		cv.dispatchEvent(new MouseEvent('mousemove', {bubbles: true, clientX: b.left + 1 + s / 2, clientY: b.top + 1 + s / 2})); })()`)
	assert.Contains(t, p.text(`document.querySelector('#a-board canvas').title`), "(0,0): mine chance")
}

// cellJS selects the play board's cell q.
func cellJS(q game.Pos) string {
	return fmt.Sprintf(`document.querySelector('#p-board .cell[data-r="%d"][data-c="%d"]')`, q.Row, q.Col)
}

// rightClick right-clicks the play board's cell q.
func (p pageT) rightClick(q game.Pos) {
	p.t.Helper()
	p.js("right click", cellJS(q)+`.dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true}))`)
}

// boardAt is the play board's character at q.
func boardAt(q game.Pos) string { return fmt.Sprintf(`P.game.board[%d][%d]`, q.Row, q.Col) }

// refGame returns the game the page plays from level, rules and seed,
// opened at first: on this side, to know where the mines are.
func refGame(t *testing.T, l game.Level, rules game.Rules, seed int64, first game.Pos) *game.Game {
	t.Helper()
	ref, err := game.New(l, rules, seed)
	require.NoError(t, err)
	_, err = ref.Open(first)
	require.NoError(t, err)
	return ref
}

// playStart starts expert under zero from seed 5, asks for a hint before
// the first click and plays it, the button clicked twice; it returns the
// game on this side.
func playStart(p pageT) *game.Game {
	t := p.t
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
	return refGame(t, game.Expert, game.RulesZero, 5, game.Pos{Row: 3, Col: 3})
}

// playFlagsChord toggles a flag on a mine, clicks it, and chords a hint.
func playFlagsChord(p pageT, ref *game.Game) {
	t := p.t
	b := ref.Board()
	var mine game.Pos
	for _, m := range ref.Mines() {
		if ref.Cell(b.Index(m)).State == game.Unknown {
			mine = m
			break
		}
	}
	// Flags toggle, and a flag protects its cell.
	p.rightClick(mine)
	p.poll("the flag", idle+` && `+boardAt(mine)+` === 'F'`)
	assert.Equal(t, "98", p.text(`$('p-left').textContent`), "mines left after a flag")
	p.js("click the flag", cellJS(mine)+`.click()`)
	time.Sleep(200 * time.Millisecond)
	p.poll("nothing", idle)
	assert.Equal(t, "unfinished", p.text(`P.game.outcome`), "a flag protects its cell")
	assert.Equal(t, 2.0, p.num(`P.game.moves`))
	p.rightClick(mine)
	p.poll("the flag off", idle+` && `+boardAt(mine)+` === '.'`)
	assert.Equal(t, "99", p.text(`$('p-left').textContent`))

	// Chord: flag the mines around an open hint with closed safe
	// neighbours, then click the hint: one request opens them all.
	chord, mines, opens := chordAt(t, ref)
	for _, q := range mines {
		p.rightClick(q)
		p.poll("a flag", idle+` && `+boardAt(q)+` === 'F'`)
	}
	p.js("count requests", `window.sent = []; if (!window.realFetch) { window.realFetch = fetch; window.fetch = (u, o) => { window.sent.push(u); return window.realFetch(u, o); }; }`)
	p.js("chord", cellJS(chord)+`.click()`)
	p.poll("the chord", idle+` && `+boardAt(opens[0])+` !== '.'`)
	for _, q := range opens {
		assert.NotEqual(t, ".", p.text(boardAt(q)), "the chord opened %v", q)
	}
	assert.Equal(t, "unfinished", p.text(`P.game.outcome`))
	assert.Equal(t, "chord", p.text(`window.sent.map(u => u.split('/').pop()).join()`), "a chord is one request")
}

// chordAt returns an open hint of ref with two or more closed safe
// neighbours, its closed mines and those safe neighbours.
func chordAt(t *testing.T, ref *game.Game) (hint game.Pos, mines, safe []game.Pos) {
	t.Helper()
	b := ref.Board()
	for i := range b.Len() {
		if ref.Cell(i).State != game.Revealed || hintOf(ref, i) == 0 {
			continue
		}
		mines, safe = nil, nil
		for _, n := range b.Neighbors(i) {
			if q := b.Pos(int(n)); ref.Cell(int(n)).State == game.Unknown && ref.IsMine(int(n)) {
				mines = append(mines, q)
			} else if ref.Cell(int(n)).State == game.Unknown {
				safe = append(safe, q)
			}
		}
		if len(safe) > 1 {
			return b.Pos(i), mines, safe
		}
	}
	require.FailNow(t, "no hint to chord")
	return
}

// playKeys flags, unflags and opens a safe cell with the keys.
func playKeys(p pageT, ref *game.Game) {
	t := p.t
	b := ref.Board()
	var safe game.Pos
	for i := range b.Len() {
		if !ref.IsMine(i) && p.text(boardAt(b.Pos(i))) == "." {
			safe = b.Pos(i)
			break
		}
	}
	p.js("cursor", fmt.Sprintf(`P.cur = [%d, %d]; pDraw(); $('p-board').focus()`, safe.Row, safe.Col))
	moves := p.num(`P.game.moves`)
	p.keys("f", "f")
	p.poll("the flag", idle+` && `+boardAt(safe)+` === 'F'`)
	p.keys("f again", "f")
	p.poll("the flag off", idle+` && `+boardAt(safe)+` === '.'`)
	p.keys("space", " ")
	p.poll("the open", idle+` && `+boardAt(safe)+` !== '.'`)
	assert.Equal(t, moves+3, p.num(`P.game.moves`))
	p.keys("arrow", kb.ArrowDown)
	assert.Equal(t, float64(min(safe.Row+1, 15)), p.num(`P.cur[0]`), "the down arrow moves the cursor")
}

// playToEnd plays the forced moves, then the game to its end by keys.
func playToEnd(p pageT) {
	t := p.t
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
}

// playUndoShare undoes the last move, then opens the game's link: the
// same board with the same moves.
func playUndoShare(p pageT, base string) {
	t := p.t
	moves := p.num(`P.moves.length`)
	p.js("undo", `$('p-board').focus()`)
	p.keys("u", "u")
	p.poll("the undo", idle+fmt.Sprintf(` && P.moves.length === %v`, moves-1))
	assert.Equal(t, "unfinished", p.text(`P.game.outcome`), "the game goes on after an undo")
	assert.Zero(t, p.num(`document.querySelectorAll('#p-board .cell[data-state=boom], #p-board .cell[data-state=mine]').length`), "no mine shown")

	// Share the game, open the link in a fresh tab state: the same board
	// and moves.
	p.js("share", `$('p-share').click()`)
	link := p.text(`location.href`)
	require.Contains(t, link, "#play=expert,zero,5,m=o3.3")
	board := p.text(`P.game.board.join('/')`)
	p.js("forget the tab's game", `P.spec = null; sessionStorage.clear()`)
	p.load(base+"/?again2"+link[strings.Index(link, "#"):], "#p-board .cell")
	p.poll("the shared game", idle+` && P.game && P.game.seed === '5' && P.moves.length > 0`)
	assert.Equal(t, board, p.text(`P.game.board.join('/')`), "the link repeats the game so far")
	assert.False(t, p.num(`$('play-view').hidden ? 1 : 0`) == 1, "the play view is shown")
}

// phone plays expert at a phone's width: cells a finger's width, the
// board scrolling inside its frame, the panel below.
func phone(p pageT) {
	t := p.t
	p.do("viewport", chromedp.EmulateViewport(390, 844))
	p.js("expert", `showTab('play'); $('p-level').value = 'expert'; $('p-rules').value = 'zero'; $('p-seed').value = '7'; $('p-new').click()`)
	p.poll("the new game", idle+` && P.game && P.game.seed === '7'`)
	p.js("first click", `pRun(() => pMove('open', [3, 3]))`)
	p.poll("the first click", idle+` && P.game.moves === 1`)
	p.js("redraw", `redraw()`)
	assert.GreaterOrEqual(t, p.num(`+$('p-board').dataset.size`), 24.0, "cells a finger's width")
	wrap := `document.querySelector('#play-view .boardwrap')`
	assert.LessOrEqual(t, p.num(wrap+`.getBoundingClientRect().right`), 390.0, "the board's frame fits a phone's width")
	assert.Greater(t, p.num(wrap+`.scrollWidth - `+wrap+`.clientWidth`), 0.0, "the board scrolls in its frame")
	assert.Positive(t, p.num(`document.querySelector('#play-view .panel').getBoundingClientRect().top - $('p-board').getBoundingClientRect().bottom`), "the panel below the board: %s", p.text(`JSON.stringify([document.querySelector('#play-view .panel').getBoundingClientRect(), $('p-board').getBoundingClientRect(), innerWidth])`))
	p.shot("serve-phone.png")
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

// analyzeThink races the recommended guess of a position in the analyse
// view for a second: the panel lists each candidate's chance to win with
// its interval and the board marks the candidates; with think off there
// is no race.
func analyzeThink(p pageT) {
	t := p.t
	grid := "mines 10\n1........\n" + strings.Repeat(".........\n", 8)
	p.js("load", fmt.Sprintf(`showTab('analyze'); $('a-think').value = '0'; aLoad(%q)`, grid))
	p.poll("the position", analysed+` && A.advice && A.advice.move`)
	assert.Zero(t, p.num(`document.querySelectorAll('#think, #a-board .cell.raced').length`), "no race without thinking")

	p.js("think", `$('a-think').value = '1000'; $('a-think').dispatchEvent(new Event('change'))`)
	p.poll("the race", analysed+` && A.advice && A.advice.move && A.advice.move.think`)
	rows := p.num(`document.querySelectorAll('#think tr').length`) - 1
	assert.GreaterOrEqual(t, rows, 2.0, "a row per candidate")
	assert.Equal(t, rows, p.num(`document.querySelectorAll('#a-board .cell.raced').length`), "each candidate marked on the board")
	assert.Contains(t, p.text(`$('a-panel').textContent`), "Chance to win")

	p.js("think off", `$('a-think').value = '0'; $('a-think').dispatchEvent(new Event('change'))`)
	p.poll("no race", analysed+` && A.advice && A.advice.move && !A.advice.move.think`)
	assert.Zero(t, p.num(`document.querySelectorAll('#think, #a-board .cell.raced').length`), "the race gone with think off")
}
