package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/browsertest"
	"github.com/minesat/minesat/web/api"
)

// buildSite builds the module and writes the static site into a
// temporary directory, once per test binary: the go command's build cache
// makes a second build cheap, but not free.
var buildSite = sync.OnceValues(func() (string, error) {
	ctx := context.Background()
	module, err := BuildModule(ctx, "go")
	if err != nil {
		return "", err
	}
	wasmExec, err := WasmExec(ctx, "go")
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "minesat-site-test-")
	if err != nil {
		return "", err
	}
	return dir, WriteSite(dir, module, wasmExec)
})

// siteServer serves dir as a plain static host would, with no API behind
// it, and counts the requests that reach it; offline makes it drop every
// connection, as a network gone would.
type siteServer struct {
	*httptest.Server
	offline atomic.Bool
	hits    atomic.Int64
}

func newSiteServer(t *testing.T, dir string) *siteServer {
	s := &siteServer{}
	files := http.FileServer(http.Dir(dir))
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		if s.offline.Load() {
			if c, _, err := http.NewResponseController(w).Hijack(); err == nil {
				c.Close()
			}
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// TestSiteBrowser runs the static site of 'minesat site' in headless
// Chromium from a plain file server with no API behind it: keyboard entry
// and its analysis, an expert position whose probabilities must be the
// server's to 1e-9, a hard analysis cancelled by a new edit, a game (the
// hint, Play it, a flag) resumed after a reload mid-game and played on,
// and, with the file server gone, a reload that still analyses and plays
// from the service worker's cache. The page must request nothing but the
// site's own files.
func TestSiteBrowser(t *testing.T) {
	if testing.Short() {
		t.Skip("the browser test builds the module and takes several seconds; it runs without -short")
	}
	t.Parallel() // beside the package's other tests: it waits on its browser more than it computes
	ctx := browsertest.New(t)
	dir, err := buildSite()
	require.NoError(t, err)
	srv := newSiteServer(t, dir)

	requests := browsertest.RecordRequests(t, ctx)
	ctx, cancel := context.WithTimeout(ctx, 180*time.Second)
	defer cancel()
	p := pageT{t, ctx}
	p.do("viewport", chromedp.EmulateViewport(1400, 900))
	p.do("load", chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.CSS("#a-board .cell")))
	p.poll("the first analysis", analysed+` && A.advice`)
	t.Logf("first answer %.0f ms after the navigation began (module compiled at %.0f ms, the worker up at %.0f ms)",
		p.num(`performance.now()`), p.num(`transport.compiled`), p.num(`transport.analysis.up`))

	t.Run("analyse", func(t *testing.T) { siteAnalyse(pageT{t, ctx}) })
	t.Run("same as the server", func(t *testing.T) { siteSameAsServer(pageT{t, ctx}) })
	t.Run("a new edit cancels", func(t *testing.T) { siteCancel(pageT{t, ctx}) })
	t.Run("play and reload", func(t *testing.T) { sitePlay(pageT{t, ctx}, srv.URL) })
	t.Run("think", func(t *testing.T) { siteThink(pageT{t, ctx}) })
	t.Run("offline", func(t *testing.T) {
		p := pageT{t, ctx}
		p.poll("the service worker in control", `navigator.serviceWorker.controller`)
		srv.offline.Store(true)
		p.do("reload offline", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#p-board .cell")))
		p.poll("the game resumed offline", idle+` && P.game && P.game.moves > 0`)
		p.js("analyse", `showTab('analyze'); aLoad('mines 1\n1..\n1..\n')`)
		p.poll("an analysis offline", analysed+` && A.rows === 2 && A.advice && A.advice.satisfiable`)
	})

	requests.Check(t, srv.URL)
}

// siteAnalyse enters a 2x3 position by keys and checks its analysis.
func siteAnalyse(p pageT) {
	p.js("new board", `$('a-rows').value = 2; $('a-cols').value = 3; $('a-mines').value = '1'; aNew(); $('a-board').focus()`)
	p.keys("(0,0)", "1")
	p.keys("to (1,0)", kb.ArrowDown+kb.ArrowLeft)
	p.keys("(1,0), (1,1)", "11")
	p.poll("the analysis", analysed+` && A.advice && A.advice.move`)
	rec := p.text(`(d => d.dataset.r + ',' + d.dataset.c)(document.querySelector('#a-board .cell.rec'))`)
	assert.Contains(p.t, []string{"0,2", "1,2"}, rec, "the recommended cell")
	assert.Equal(p.t, 2.0, p.num(`document.querySelectorAll('#a-board .cell.safe').length`), "the forced safe cells are marked")
	assert.Contains(p.t, p.text(`$('a-panel').textContent`), "Proved safe")
}

// siteSameAsServer analyses an expert position in the page and in Go
// (package api, as the server answers): every probability agrees.
func siteSameAsServer(p pageT) {
	t := p.t
	g, err := game.New(game.Expert, game.RulesZero, 11)
	require.NoError(t, err)
	_, err = g.Open(game.Pos{Row: 3, Col: 3})
	require.NoError(t, err)
	grid := gridOf(t, g)
	p.js("load", fmt.Sprintf(`aLoad(%q)`, grid))
	p.poll("the analysis", analysed+` && A.rows === 16 && A.advice`)
	var inPage [][]*float64
	require.NoError(t, json.Unmarshal([]byte(p.text(`JSON.stringify(A.advice.probabilities)`)), &inPage))

	opts, err := agent.DefaultConfig.Options()
	require.NoError(t, err)
	body, err := json.Marshal(api.AnalyzeRequest{Puzzle: grid})
	require.NoError(t, err)
	a := api.New(api.Config{Agent: opts}).Serve(context.Background(), api.Request{Method: "POST", Target: "/api/analyze", Body: body})
	require.Equal(t, http.StatusOK, a.Status, string(a.Body))
	var served api.AnalyzeResponse
	require.NoError(t, json.Unmarshal(a.Body, &served))
	require.Len(t, inPage, len(served.Advice.Probabilities))
	for r, row := range served.Advice.Probabilities {
		for c, want := range row {
			got := inPage[r][c]
			if (want == nil) != (got == nil) || want != nil && (*got-*want > 1e-9 || *want-*got > 1e-9) {
				t.Errorf("(%d,%d): the page says %v, the server %v", r, c, fmtProb(got), fmtProb(want))
			}
		}
	}
}

func fmtProb(p *float64) string {
	if p == nil {
		return "nothing"
	}
	return fmt.Sprint(*p)
}

// siteCancel starts an analysis that runs to its budget (a 40x60 lattice),
// then edits the position: the worker running it is ended, and the new
// position is answered, not the old.
func siteCancel(p pageT) {
	t := p.t
	lattice := latticePosition(t)
	restarts := p.num(`transport.restarts`)
	p.js("load the lattice", fmt.Sprintf(`aLoad(%q)`, lattice))
	p.poll("the hard analysis running, a spare worker up", `transport.analysis && transport.analysis.running > 0 && transport.spare && transport.spare.up`)
	p.js("time the requests", `window.took = []; { const call = transport.call; transport.call = async (m, q, b) => { const t0 = performance.now(); const r = await call(m, q, b); took.push(performance.now() - t0); return r; }; }`)
	p.js("an edit", `A.cells.fill(CLOSED); A.cells[0] = 0; aChanged()`)
	p.poll("the new position's analysis", analysed+` && A.advice && A.advice.satisfiable`)
	t.Logf("the edited position answered %.0f ms after its request (its analysis %.0f ms)", p.num(`took[took.length - 1]`), p.num(`A.elapsed`))
	assert.Equal(t, restarts+1, p.num(`transport.restarts`), "the worker of the superseded analysis was ended")
	assert.Equal(t, "0", p.text(`String(A.cells[0])`))
}

// siteThink asks a hint that thinks for a second, in the module: the race
// ends by its time budget (the module's clock is read between rounds, its
// timers never fire during the work) and the candidates come back.
func siteThink(p pageT) {
	t := p.t
	p.js("beginner", `window.confirm = () => true; showTab('play'); $('p-level').value = 'beginner'; $('p-rules').value = 'safe'; $('p-seed').value = '2'; $('p-new').click()`)
	p.poll("the new game", idle+` && P.game && P.game.seed === '2' && P.game.moves === 0`)
	p.js("first click", `pAct(0, 0)`)
	p.poll("the first click", idle+` && P.game.moves === 1`)
	p.js("think hint", `$('p-think').value = '1000'; $('p-hint').click()`)
	p.poll("the thinking hint", idle+` && P.hint && P.hint.think`)
	p.js("think off", `$('p-think').value = '0'`)
	th := `P.hint.think`
	assert.GreaterOrEqual(t, p.num(th+`.candidates.length`), 2.0)
	assert.Contains(t, []string{"time", "decided"}, p.text(th+`.stopped`))
	// Wide: within the module's 5 s budget, which would answer out of time.
	assert.Less(t, p.num(th+`.elapsed_ms`), 4500.0)
	t.Logf("the module raced %v rollouts in %v ms", p.num(th+`.rollouts`), p.num(th+`.elapsed_ms`))
	assert.GreaterOrEqual(t, p.num(`document.querySelectorAll('#think tr').length`), 3.0, "a header and two candidates at least")
}

// sitePlay plays an expert game: the hint, Play it, a flag; reloads the
// page mid-game and finds the game as it was, then plays on.
func sitePlay(p pageT, url string) {
	t := p.t
	p.js("play tab", `showTab('play'); $('p-level').value = 'expert'; $('p-rules').value = 'zero'; $('p-seed').value = '5'; $('p-new').click()`)
	p.poll("the new game", idle+` && P.game && P.game.outcome === 'unfinished'`)
	p.js("hint", `$('p-hint').click()`)
	p.poll("the hint", idle+` && P.hint !== null`)
	assert.Equal(t, "3,3", p.text(`P.hint.cell.join()`), "the rules' first click")
	p.js("play it", `$('p-playit').click()`)
	p.poll("the first click", idle+` && P.game.moves === 1`)

	ref, err := game.New(game.Expert, game.RulesZero, 5)
	require.NoError(t, err)
	_, err = ref.Open(game.Pos{Row: 3, Col: 3})
	require.NoError(t, err)
	var mine game.Pos
	for _, m := range ref.Mines() {
		if ref.Cell(ref.Board().Index(m)).State == game.Unknown {
			mine = m
			break
		}
	}
	p.js("flag", fmt.Sprintf(`pFlag(%d, %d)`, mine.Row, mine.Col))
	flagged := fmt.Sprintf(`P.game.board[%d][%d] === 'F'`, mine.Row, mine.Col)
	p.poll("the flag", idle+` && `+flagged)
	id := p.text(`P.game.id`)
	board := p.text(`P.game.board.join('/')`)

	p.do("reload", chromedp.Navigate(url+"/"), chromedp.WaitVisible(chromedp.CSS("#p-board .cell")))
	p.poll("the game resumed", `typeof P !== 'undefined' && `+idle+` && P.game && P.game.moves === 2`)
	assert.Equal(t, id, p.text(`P.game.id`), "the same game")
	assert.Equal(t, board, p.text(`P.game.board.join('/')`), "the same position")
	assert.False(t, p.num(`$('play-view').hidden ? 1 : 0`) == 1, "the play view is shown")

	var safe game.Pos
	for i := range ref.Board().Len() {
		if q := ref.Board().Pos(i); !ref.IsMine(i) && ref.Cell(i).State == game.Unknown {
			safe = q
			break
		}
	}
	p.js("open", fmt.Sprintf(`pAct(%d, %d)`, safe.Row, safe.Col))
	p.poll("a move after the reload", idle+fmt.Sprintf(` && P.game.moves === 3 && P.game.board[%d][%d] !== '.'`, safe.Row, safe.Col))
	assert.Equal(t, "unfinished", p.text(`P.game.outcome`))
	assert.True(t, p.num(flagged+` ? 1 : 0`) == 1, "the flag is still there")
}
