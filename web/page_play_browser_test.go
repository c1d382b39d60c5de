package web

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/game"
)

// TestPagePlayBrowser plays on the page of 'minesat serve' in headless
// Chromium what a player must never lose or misread: clicks made while a
// request is in flight, a game across a reload, Back and Forward and the
// server forgetting it, a game left only when the player says so, the
// controls naming the game shown, a no-guess board repeated by Restart
// and its link, honest messages, a board that can be read (hatching, a
// colour scale, a board that stays put), the result with 3BV and
// efficiency, and a phone: finger-sized cells, a flag toggle and long
// press, contrast and roles.
func TestPagePlayBrowser(t *testing.T) {
	s := newPageSession(t, Config{}, 180*time.Second, 1000, 800)
	t.Run("clicks queued", func(t *testing.T) { clicksQueued(s.in(t)) })
	t.Run("game kept", func(t *testing.T) { gameKept(s.in(t), s.srv.URL) })
	t.Run("leaving asks", func(t *testing.T) { leavingAsks(s.in(t)) })
	t.Run("controls show the game", func(t *testing.T) { controlsShowGame(s.in(t), s.srv.URL) })
	t.Run("no-guess repeats", func(t *testing.T) { noGuessRepeats(s.in(t), s.srv.URL) })
	t.Run("honest words", func(t *testing.T) { honestWords(s.in(t)) })
	t.Run("think hint", func(t *testing.T) { thinkHint(s.in(t)) })
	t.Run("reading the board", func(t *testing.T) { readingBoard(s.in(t)) })
	t.Run("result", func(t *testing.T) { result(s.in(t)) })
	t.Run("phone and access", func(t *testing.T) { phoneAccess(s.in(t)) })
	s.checkRequests(t)
}

// startGame starts a game of level, rules and seed from the controls
// (saying yes if the page asks), the heat map off.
func (p pageT) startGame(level, rules, seed string) {
	p.t.Helper()
	p.js("new game", fmt.Sprintf(`showTab('play'); $('p-assist').checked = false; $('p-noguess').checked = false;
		$('p-level').value = %q; $('p-rules').value = %q; $('p-seed').value = %q; window.answer = true; $('p-new').click()`, level, rules, seed))
	p.poll("the new game", idle+fmt.Sprintf(` && P.game && P.game.seed === %q && P.game.moves === 0`, seed))
}

// across waits for js to be true across a navigation: an evaluation
// that fails while the page changes is tried again.
func (p pageT) across(what, js string) {
	p.t.Helper()
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool]("!!("+js+")")); err == nil && ok {
			return
		}
	}
	p.t.Fatalf("waiting for %s: not within 20 s", what)
}

// click clicks the play board's cell q and waits until no action runs.
func (p pageT) click(q game.Pos) {
	p.t.Helper()
	p.js("click", cellJS(q)+`.click()`)
	p.poll("the click on "+q.String(), idle+` && `+boardAt(q)+` !== '.'`)
}

// safeNumbers returns up to n closed safe cells of ref with a mine beside
// them (opening one opens no other), no two neighbours.
func safeNumbers(ref *game.Game, n int) []game.Pos {
	b := ref.Board()
	var out []game.Pos
	for i := 0; i < b.Len() && len(out) < n; i++ {
		if ref.IsMine(i) || ref.Cell(i).State != game.Unknown || hintOf(ref, i) == 0 {
			continue
		}
		p := b.Pos(i)
		near := false
		for _, q := range out {
			near = near || (abs(q.Row-p.Row) <= 2 && abs(q.Col-p.Col) <= 2)
		}
		if !near {
			out = append(out, p)
		}
	}
	return out
}

func abs(x int) int { return max(x, -x) }

// hintOf is the number of mines around cell i of ref.
func hintOf(ref *game.Game, i int) int {
	n := 0
	for _, j := range ref.Board().Neighbors(i) {
		if ref.IsMine(int(j)) {
			n++
		}
	}
	return n
}

// clicksQueued clicks three cells, the second at once and the third 40 ms
// after the first, while the first is in flight: all three are played,
// in order.
func clicksQueued(p pageT) {
	t := p.t
	p.startGame("expert", "zero", "5")
	p.click(game.Pos{Row: 3, Col: 3})
	ref := refGame(t, game.Expert, game.RulesZero, 5, game.Pos{Row: 3, Col: 3})
	qs := safeNumbers(ref, 3)
	require.Len(t, qs, 3)
	p.js("three clicks", cellJS(qs[0])+`.click(); `+cellJS(qs[1])+`.click(); setTimeout(() => `+cellJS(qs[2])+`.click(), 40)`)
	p.poll("the three moves", idle+` && `+boardAt(qs[0])+` !== '.' && `+boardAt(qs[1])+` !== '.' && `+boardAt(qs[2])+` !== '.'`)
	want := fmt.Sprintf("o3.3,o%d.%d,o%d.%d,o%d.%d", qs[0].Row, qs[0].Col, qs[1].Row, qs[1].Col, qs[2].Row, qs[2].Col)
	assert.Equal(t, want, p.text(`P.moves.join()`), "the moves in the order clicked")
}

// gameKept plays a few moves, then reloads, goes Back and Forward, and
// has the server forget the game: the game goes on each time.
func gameKept(p pageT, base string) {
	t := p.t
	p.startGame("beginner", "zero", "3")
	p.click(game.Pos{Row: 4, Col: 4})
	ref := refGame(t, game.Beginner, game.RulesZero, 3, game.Pos{Row: 4, Col: 4})
	mine := ref.Mines()[0]
	p.rightClick(mine)
	p.poll("the flag", idle+` && `+boardAt(mine)+` === 'F'`)
	board, moves, id := p.text(`P.game.board.join('/')`), fmt.Sprintf("o4.4,f%d.%d", mine.Row, mine.Col), p.text(`P.game.id`)
	same := idle + fmt.Sprintf(` && P.game && P.game.board.join('/') === %q`, board)

	p.do("reload", chromedp.Reload())
	p.poll("the game after a reload", same)
	assert.Equal(t, id, p.text(`P.game.id`), "the server's game resumed by its id")
	assert.Equal(t, moves, p.text(`P.moves.join()`), "the moves kept")
	assert.False(t, p.num(`$('play-view').hidden ? 1 : 0`) == 1, "the play view is shown")

	p.do("away", chromedp.Navigate(base+"/api/config"))
	p.js("back", `history.back()`)
	p.across("the game after Back", `typeof P !== 'undefined' && `+same)
	p.js("forward", `history.forward()`)
	p.across("away again", `typeof P === 'undefined'`)
	p.js("back", `history.back()`)
	p.across("the game after Forward and Back", `typeof P !== 'undefined' && `+same)
	// chromedp's own waits lose the page after history moves: load it.
	p.load(base+"/?kept", "#p-board .cell")
	p.poll("the game loaded", same)

	// The server forgets the game (idle too long, or dropped): the next
	// move plays on the same board made again, the moves replayed.
	p.js("drop the game", `window.dropped = 0; fetch('/api/games/' + P.game.id, {method: 'DELETE'}).then(r => { window.dropped = r.status; })`)
	p.poll("the game dropped", `window.dropped === 204`)
	q := safeNumbers(ref, 1)[0]
	p.click(q)
	assert.NotEqual(t, id, p.text(`P.game.id`), "a new game on the server")
	assert.Equal(t, "F", p.text(boardAt(mine)), "the flag replayed")
	assert.Equal(t, moves+fmt.Sprintf(",o%d.%d", q.Row, q.Col), p.text(`P.moves.join()`))
	board = p.text(`P.game.board.join('/')`)
	p.do("reload", chromedp.Reload())
	p.poll("the replayed game after a reload", idle+fmt.Sprintf(` && P.game && P.game.board.join('/') === %q`, board))
}

// leavingAsks checks that r, New game and Restart ask before leaving a
// game under way, that New game during a run of forced moves wins, and
// that a double click on New game makes one game.
func leavingAsks(p pageT) {
	t := p.t
	p.startGame("expert", "zero", "5")
	p.click(game.Pos{Row: 3, Col: 3})
	id := p.text(`P.game.id`)
	p.js("say no", `window.answer = false; window.asked = 0; $('p-board').focus()`)
	p.keys("r", "r")
	p.js("new game, restart", `$('p-new').click(); $('p-restart').click()`)
	assert.Equal(t, 3.0, p.num(`window.asked`), "r, New game and Restart ask")
	assert.Equal(t, id, p.text(`P.game.id`), "the game stays when the player says no")

	p.js("count requests", `window.sent = []; if (!window.realFetch) { window.realFetch = fetch; window.fetch = (u, o) => { window.sent.push(u); return window.realFetch(u, o); }; }`)
	p.js("new game during the forced moves", `window.answer = true; $('p-forced').click();
		setTimeout(() => { $('p-level').value = 'beginner'; $('p-seed').value = '8'; $('p-new').click(); }, 30)`)
	p.poll("the new game", idle+` && P.game && P.game.seed === '8'`)
	assert.Equal(t, "beginner", p.text(`P.game.level`))
	assert.Equal(t, 0.0, p.num(`P.game.moves`), "the old game's run plays nothing on the new one")
	assert.Equal(t, 0.0, p.num(`P.game.board.join('').replace(/\./g, '').length`), "the new board is closed")

	p.js("double click", `window.sent = []; $('p-new').click(); $('p-new').click()`)
	p.poll("the game", idle+` && P.game`)
	assert.Equal(t, 1.0, p.num(`window.sent.filter(u => u === '/api/games').length`), "a double click makes one game")
}

// controlsShowGame opens a game's link: the controls say its level and
// rules, and New game starts that level.
func controlsShowGame(p pageT, base string) {
	t := p.t
	p.js("forget", `P.spec = null; sessionStorage.clear()`)
	p.load(base+"/?controls#play=expert,safe,5", "#p-board .cell")
	p.poll("the linked game", idle+` && P.game && P.game.level === 'expert'`)
	assert.Equal(t, "expert", p.text(`$('p-level').value`))
	assert.Equal(t, "safe", p.text(`$('p-rules').value`))
	id := p.text(`P.game.id`)
	p.js("new game", `$('p-seed').value = ''; $('p-new').click()`)
	p.poll("the new game", idle+fmt.Sprintf(` && P.game && P.game.id !== %q`, id))
	assert.Equal(t, "expert", p.text(`P.game.level`), "New game starts the level shown")
	assert.Equal(t, "safe", p.text(`P.game.rules`))
}

// noGuessRepeats makes a no-guess board, restarts it and opens its link:
// the same board each time.
func noGuessRepeats(p pageT, base string) {
	t := p.t
	p.js("no-guess game", `showTab('play'); window.answer = true; $('p-level').value = 'beginner'; $('p-rules').value = 'safe';
		$('p-seed').value = ''; $('p-noguess').checked = true; $('p-new').click()`)
	p.poll("the no-guess game", idle+` && P.game && P.game.no_guess`)
	board, id := p.text(`P.game.board.join('/')`), p.text(`P.game.id`)
	p.js("restart", `$('p-restart').click()`)
	p.poll("the restarted game", idle+fmt.Sprintf(` && P.game && P.game.id !== %q`, id))
	assert.Equal(t, board, p.text(`P.game.board.join('/')`), "Restart repeats the no-guess board")
	assert.Contains(t, p.text(`$('p-status').textContent`), "no-guess board")

	p.js("share", `$('p-share').click()`)
	link := p.text(`location.href`)
	require.Contains(t, link, ",noguess")
	p.js("forget", `P.spec = null; sessionStorage.clear()`)
	p.load(base+"/?noguess"+link[strings.Index(link, "#"):], "#p-board .cell")
	p.poll("the linked game", idle+` && P.game`)
	assert.Equal(t, board, p.text(`P.game.board.join('/')`), "the link repeats the no-guess board")
	p.js("tick off", `$('p-noguess').checked = false`)
}

// honestWords checks the messages for a flag on a safe cell, for more
// flags than mines, and the singular for one.
func honestWords(p pageT) {
	t := p.t
	p.startGame("expert", "zero", "5")
	p.click(game.Pos{Row: 3, Col: 3})
	p.js("heat map", `$('p-assist').click()`)
	p.poll("the analysis", idle+` && P.advice && P.advice.forced_safe.length`)
	safe := p.text(`P.advice.forced_safe[0].join()`)
	p.js("flag a safe cell", `(q => `+`document.querySelector('#p-board .cell[data-r="' + q[0] + '"][data-c="' + q[1] + '"]').dispatchEvent(new MouseEvent('contextmenu', {bubbles: true, cancelable: true})))(P.advice.forced_safe[0])`)
	p.poll("the flag", idle+` && P.game.flags === 1`)
	p.js("hint", `$('p-hint').click()`)
	p.poll("the hint's answer", idle)
	said := p.text(`$('p-status').textContent + ' ' + $('p-panel').textContent`)
	assert.NotContains(t, said, "No move to recommend", "a flag on safe cell %s", safe)
	assert.Contains(t, strings.ToLower(said), "no layout fits")
	assert.Positive(t, p.num(`document.querySelectorAll('#p-board .cell.blame').length`), "the cell to blame is outlined: %s", said)

	// Twelve flags on beginner: no analysis, and no talk of time.
	p.startGame("beginner", "safe", "9")
	p.js("heat map, twelve flags", `$('p-assist').checked = true; for (let k = 0; k < 12; k++) pFlag(8 - Math.floor(k / 9), k % 9)`)
	p.poll("the flags", idle+` && P.game.flags === 12`)
	panel := p.text(`$('p-panel').textContent`)
	assert.NotContains(t, panel, "time budget")
	assert.Contains(t, panel, "12 flags but 10 mines")

	// One forced move, in the singular (the analyses stubbed).
	p.js("stub", `window.realAdvice = pAdvice; window.realMove = pMove; let k = 0;
		window.pAdvice = async () => k++ ? {satisfiable: true, move: {cell: [0, 1], forced: false, p: 0.2}} : {satisfiable: true, forced_safe: [[0, 0]], move: {cell: [0, 0], forced: true}};
		window.pMove = async () => { P.game = Object.assign({}, P.game, {board: ['1' + P.game.board[0].slice(1)].concat(P.game.board.slice(1))}); };
		pRun(pForced)`)
	p.poll("the forced moves", idle+` && P.note !== ''`)
	note := p.text(`P.note`)
	p.js("unstub", `window.pAdvice = window.realAdvice; window.pMove = window.realMove; $('p-assist').checked = false`)
	assert.Contains(t, note, "Played 1 forced move;")

	p.js("a hint with one mine missing", `showTab('analyze'); aLoad('mines ?\n1.\n0.\n')`)
	p.poll("the conflict", analysed+` && A.advice && !A.advice.satisfiable`)
	assert.Contains(t, p.text(`$('conflict').textContent`), "needs 1 more mine")
	assert.NotContains(t, p.text(`$('conflict').textContent`), "1 more mines")
}

// thinkHint asks a hint that thinks for a second in a beginner position
// whose next move is a guess: the panel lists each candidate with its
// chance to win and interval, the candidate cells carry it on the board
// and in their tooltips, and "Play it" plays the hint's cell. A hint
// without thinking shows no race.
func thinkHint(p pageT) {
	t := p.t
	p.startGame("beginner", "safe", "2")
	p.click(game.Pos{Row: 0, Col: 0})
	opts := p.text(`[...$('p-think').options].filter(o => !o.hidden).map(o => o.value).join()`)
	assert.Equal(t, "0,1000,3000", opts, "the times the server allows")
	p.js("plain hint", `$('p-think').value = '0'; $('p-hint').click()`)
	p.poll("the plain hint", idle+` && P.hint`)
	require.False(t, p.num(`P.hint.forced ? 1 : 0`) == 1, "the position's move is a guess")
	assert.Zero(t, p.num(`document.querySelectorAll('#think, #p-board .cell.raced').length`), "no race without thinking")

	p.js("think hint", `$('p-think').value = '1000'; $('p-hint').click()`)
	p.poll("the thinking hint", idle+` && P.hint && P.hint.think`)
	assert.Equal(t, "think", p.text(`P.hint.chosen`))
	rows := p.num(`document.querySelectorAll('#think tr').length`) - 1
	assert.GreaterOrEqual(t, rows, 2.0, "a row per candidate")
	row := p.text(`document.querySelectorAll('#think tr')[1].textContent`)
	assert.Regexp(t, `^\(\d+,\d+\)\*\d+%\d+\.\d% \[\d+\.\d%, \d+\.\d%\]\d+$`, row, "cell, mine chance, chance to win [interval], games")
	assert.Contains(t, p.text(`$('p-panel').textContent`), "Raced for the game")
	assert.Equal(t, rows, p.num(`document.querySelectorAll('#p-board .cell.raced').length`), "each candidate marked on the board")
	assert.Contains(t, p.text(`document.querySelector('#p-board .cell.raced').title`), "chance to win")
	assert.Regexp(t, `^\d+%$`, p.text(`document.querySelector('#p-board .cell.raced .w').textContent`))
	p.shot("serve-think.png")
	cell := p.text(`P.hint.cell.join()`)
	p.js("play it", `$('p-playit').click()`)
	p.poll("the hint played", idle+` && P.game.moves === 2`)
	assert.Equal(t, cell, p.text(`P.moves[P.moves.length - 1].slice(1).replace('.', ',')`))
	assert.Zero(t, p.num(`document.querySelectorAll('#p-board .cell.raced').length`), "the race was for the position before")
	p.js("think off", `$('p-think').value = '0'`)
}

// readingBoard checks the hatching of dead cells, that the heat map's
// colours tell 50%, 63%, 83% and 90% apart, and that playing the forced
// moves leaves the board where it was.
func readingBoard(p pageT) {
	t := p.t
	p.js("dead cells", `showTab('analyze'); aLoad('mines 2\n1..\n1..\n')`)
	p.poll("the analysis", analysed+` && A.advice && A.advice.dead.length`)
	assert.Positive(t, p.num(`document.querySelectorAll('#a-board .cell.dead').length`))
	assert.Equal(t, 0.0, p.num(`Array.from(document.querySelectorAll('#a-board .cell.dead')).filter(d => getComputedStyle(d).backgroundImage === 'none').length`),
		"every dead cell hatched")

	least := p.num(`(() => { const el = document.createElement('div'), ps = [0.1, 0.5, 0.63, 0.83, 0.9];
		document.body.appendChild(el);
		drawBoard(el, 1, ps.length, () => ({state: 'closed', text: ''}), {satisfiable: true, probabilities: [ps]}, {heat: true});
		const rgb = Array.from(el.querySelectorAll('.cell')).map(d => getComputedStyle(d).backgroundColor.match(/\d+/g).slice(0, 3).map(Number));
		el.remove();
		let least = 1e9;
		for (let k = 2; k < rgb.length; k++) least = Math.min(least, Math.hypot(...rgb[k].map((v, i) => v - rgb[k - 1][i])));
		return least; })()`)
	assert.GreaterOrEqual(t, least, 40.0, "the least RGB distance between the colours of 50%, 63%, 83% and 90%")

	p.startGame("expert", "zero", "5")
	p.click(game.Pos{Row: 3, Col: 3})
	top := `$('p-board').getBoundingClientRect().top + scrollY`
	before := p.num(top)
	p.js("forced moves", `$('p-forced').click()`)
	p.poll("the forced moves", idle+` && P.note !== ''`)
	assert.Equal(t, before, p.num(top), "the board stays under the pointer: %s", p.text(`$('p-status').textContent`))
}

// bbbv is the 3BV of ref's board: its openings and the numbers no
// opening reaches.
func bbbv(ref *game.Game) int {
	b := ref.Board()
	seen := make([]bool, b.Len())
	n := 0
	for i := range b.Len() {
		if ref.IsMine(i) || seen[i] || hintOf(ref, i) != 0 {
			continue
		}
		n++
		seen[i] = true
		for todo := []int{i}; len(todo) > 0; {
			j := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for _, k := range b.Neighbors(j) {
				if !seen[k] && !ref.IsMine(int(k)) {
					seen[k] = true
					if hintOf(ref, int(k)) == 0 {
						todo = append(todo, int(k))
					}
				}
			}
		}
	}
	for i := range b.Len() {
		if !ref.IsMine(i) && !seen[i] {
			n++
		}
	}
	return n
}

// openAll clicks, one after the other, every safe cell of ref still
// closed on the board.
func (p pageT) openAll(ref *game.Game) {
	p.t.Helper()
	b := ref.Board()
	for i := range b.Len() {
		if !ref.IsMine(i) && p.text(boardAt(b.Pos(i))) == "." {
			p.click(b.Pos(i))
		}
	}
}

// result wins a game by clicks and reads its 3BV and efficiency, then
// loses one, waits dead, undoes and wins: the time dead is not counted
// and the result says assisted.
func result(p pageT) {
	t := p.t
	p.js("clock", `window.skew = 0; if (!window.realNow) { window.realNow = Date.now; Date.now = () => window.realNow() + window.skew; }`)
	p.startGame("beginner", "zero", "11")
	first := game.Pos{Row: 4, Col: 4}
	p.click(first)
	ref := refGame(t, game.Beginner, game.RulesZero, 11, first)
	p.openAll(ref)
	require.Equal(t, "won", p.text(`P.game.outcome`))
	want, clicks := bbbv(ref), p.num(`P.clicks`)
	res := p.text(`$('p-result').textContent`)
	assert.Contains(t, res, fmt.Sprintf("3BV %d,", want))
	assert.Contains(t, res, "3BV/s ")
	assert.Contains(t, res, fmt.Sprintf("efficiency %d%%", int(math.Round(100*float64(want)/clicks))))
	assert.NotContains(t, res, "assisted")

	p.startGame("beginner", "zero", "12")
	p.click(first)
	ref = refGame(t, game.Beginner, game.RulesZero, 12, first)
	mine := ref.Mines()[0]
	p.click(mine)
	require.Equal(t, "lost", p.text(`P.game.outcome`))
	p.js("ten minutes dead", `window.skew += 600000; $('p-board').focus()`)
	p.keys("u", "u")
	p.poll("the undo", idle+` && P.game.outcome === 'unfinished'`)
	assert.Less(t, p.num(`+$('p-time').textContent`), 300.0, "the timer leaves out the time dead")
	p.openAll(ref)
	require.Equal(t, "won", p.text(`P.game.outcome`))
	assert.Contains(t, p.text(`$('p-result').textContent`), "assisted")
	p.js("clock back", `window.skew = 0`)
}

// contrastJS lists what fails WCAG AA on the page: text under 4.5:1 on
// its background, closed against open cells under 3:1.
const contrastJS = `(() => {
	const lum = s => { const [r, g, b] = s.match(/[\d.]+/g).slice(0, 3).map(v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
		return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
	const ratio = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
	const el = document.createElement('div');
	el.className = 'board';
	el.innerHTML = '<div class="cell" data-state="closed"></div><div class="cell" data-state="flag">F</div>' +
		[1, 2, 3, 4, 5, 6, 7, 8].map(n => '<div class="cell h' + n + '" data-state="open">' + n + '</div>').join('');
	document.body.appendChild(el);
	const cs = d => getComputedStyle(d), cells = el.children, bad = [];
	const open = cs(cells[2]).backgroundColor, closed = cs(cells[0]).backgroundColor, page = cs(document.body).backgroundColor;
	if (ratio(open, closed) < 3) bad.push('closed against open cells ' + ratio(open, closed).toFixed(2));
	if (ratio(cs(cells[1]).color, closed) < 3) bad.push('a flag on its cell ' + ratio(cs(cells[1]).color, closed).toFixed(2));
	for (let k = 2; k < cells.length; k++) if (ratio(cs(cells[k]).color, open) < 4.5) bad.push('hint ' + (k - 1) + ' ' + ratio(cs(cells[k]).color, open).toFixed(2));
	for (const q of ['#play-view .help', '#p-status', '.counter .k']) {
		const d = document.querySelector(q), bg = q === '.counter .k' ? cs(d.parentElement).backgroundColor : page;
		if (ratio(cs(d).color, bg) < 4.5) bad.push(q + ' ' + ratio(cs(d).color, bg).toFixed(2));
	}
	el.remove();
	return bad.join('; ');
})()`

// phoneAccess plays at a phone's width: cells a finger's width, the flag
// toggle and a long press; then contrast and roles.
func phoneAccess(p pageT) {
	t := p.t
	p.do("viewport", chromedp.EmulateViewport(390, 844))
	p.startGame("expert", "zero", "7")
	p.click(game.Pos{Row: 3, Col: 3})
	assert.GreaterOrEqual(t, p.num(`+$('p-board').dataset.size`), 24.0, "cells a finger's width")

	ref := refGame(t, game.Expert, game.RulesZero, 7, game.Pos{Row: 3, Col: 3})
	qs := safeNumbers(ref, 2)
	p.js("tap flags", `$('p-mode').click(); `+cellJS(qs[0])+`.click()`)
	p.poll("the flag", idle+` && `+boardAt(qs[0])+` === 'F'`)
	p.js("tap opens", `$('p-mode').click()`)
	press := func(ev string) string {
		return cellJS(qs[1]) + `.dispatchEvent(new PointerEvent('` + ev + `', {bubbles: true, pointerType: 'touch', clientX: 5, clientY: 5}))`
	}
	p.js("long press", press("pointerdown"))
	p.poll("the flag by long press", idle+` && `+boardAt(qs[1])+` === 'F'`)
	p.js("let go", press("pointerup")+`; `+cellJS(qs[1])+`.click()`)
	p.poll("nothing more", idle)
	assert.Equal(t, "F", p.text(boardAt(qs[1])), "the click ending a long press does nothing")

	assert.Empty(t, p.text(contrastJS), "WCAG AA contrast")
	assert.Equal(t, "grid", p.text(`$('p-board').getAttribute('role')`))
	assert.Equal(t, 0.0, p.num(`document.querySelectorAll('#p-board .row:not([role=row]), #p-board .cell:not([role=gridcell])').length`), "rows and gridcells")
	assert.Equal(t, "polite", p.text(`$('p-status').getAttribute('aria-live')`))
}
