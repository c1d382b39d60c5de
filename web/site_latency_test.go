package web

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
	"github.com/minesat/minesat/internal/browsertest"
)

// siteLatency runs TestSiteLatency, which measures rather than tests:
// go test ./web -run TestSiteLatency -site-latency -v (a browser test
// asked for by the flag alone).
var siteLatency = flag.Bool("site-latency", false, "measure the served page and the static site side by side (docs/page.md)")

// TestSiteLatency measures, in one headless Chromium, the page of 'minesat
// serve' and the static site side by side: the time from the navigation to
// the first analysis shown, and the median of five round trips of api()
// for an expert game's hint (the analysis of its position after the first
// click), an expert position and a 100x100 position. It logs a table
// (docs/page.md has the figures) and checks the static site's targets: the
// first answer within 1.5 s of load and the expert hint within 100 ms,
// which hold on an idle machine.
func TestSiteLatency(t *testing.T) {
	if !*siteLatency {
		t.Skip("a measurement: run with -site-latency")
	}
	t.Setenv("MINESAT_BROWSER", "1") // the flag asks for the browser
	dir, err := buildSite()
	require.NoError(t, err)
	site := newSiteServer(t, dir)
	opts, err := agent.DefaultConfig.Options()
	require.NoError(t, err)
	served := httptest.NewServer(New(Config{Agent: opts, NoGuess: NoGuess(0)}).Handler())
	defer served.Close()

	expert, err := game.New(game.Expert, game.RulesZero, 11)
	require.NoError(t, err)
	_, err = expert.Open(game.Pos{Row: 3, Col: 3})
	require.NoError(t, err)
	l, err := game.ParseLevel("100x100/2000")
	require.NoError(t, err)
	big, err := game.New(l, game.RulesZero, 3)
	require.NoError(t, err)
	_, err = big.Open(game.Pos{Row: 50, Col: 50})
	require.NoError(t, err)

	rows := [][]string{{"", "first answer", "expert hint", "expert analysis", "100x100 analysis"}}
	for _, c := range []struct{ name, url string }{{"served", served.URL}, {"static", site.URL}} {
		ctx := browsertest.New(t)
		ctx, cancel := context.WithTimeout(ctx, 120*time.Second)
		p := pageT{t, ctx}
		p.do("load", chromedp.Navigate(c.url+"/"), chromedp.WaitVisible(chromedp.CSS("#a-board .cell")))
		p.poll("the first analysis", analysed+` && A.advice`)
		first := p.num(`performance.now()`)
		p.js("expert game", `showTab('play'); $('p-level').value = 'expert'; $('p-rules').value = 'zero'; $('p-seed').value = '5'; $('p-new').click()`)
		p.poll("the game", idle+` && P.game`)
		p.js("first click", `pRun(() => pMove('open', [3, 3], false))`)
		p.poll("the first click", idle+` && P.game.moves === 1`)
		median := func(what, call string) float64 {
			p.js(what, `window.took = null; (async () => { const ms = []; for (let k = 0; k < 5; k++) { const t0 = performance.now(); await `+call+`; ms.push(performance.now() - t0); }
				ms.sort((a, b) => a - b); window.took = ms[2]; })()`)
			p.poll(what, `window.took !== null`)
			return p.num(`took`)
		}
		hint := median("expert hint", `api('GET', gamePath() + '?assist=1')`)
		exp := median("expert analysis", fmt.Sprintf(`api('POST', '/api/analyze', {puzzle: %q})`, gridOf(t, expert)))
		hundred := median("100x100 analysis", fmt.Sprintf(`api('POST', '/api/analyze', {puzzle: %q})`, gridOf(t, big)))
		ms := func(x float64) string { return fmt.Sprintf("%.0f ms", x) }
		rows = append(rows, []string{c.name, ms(first), ms(hint), ms(exp), ms(hundred)})
		if c.name == "static" {
			// The targets, on an idle machine (the flag's purpose).
			assert.Less(t, first, 1500.0, "static site: first answer after load")
			assert.Less(t, hint, 100.0, "static site: expert hint")
		}
		cancel()
	}
	for _, r := range rows {
		t.Logf("| %s | %s | %s | %s | %s |", r[0], r[1], r[2], r[3], r[4])
	}
}
