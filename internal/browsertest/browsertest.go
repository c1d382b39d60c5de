package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// browserNames are the executables tried, in order, after $MINESAT_CHROME.
var browserNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome", "headless-shell"}

// findBrowser returns the path of a Chromium-like browser. Without one the
// test is skipped with a message, except under CI=true, where it fails: CI
// installs Debian's chromium and must run this test.
func findBrowser(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("MINESAT_CHROME"); p != "" {
		return p
	}
	for _, name := range browserNames {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := fmt.Sprintf("no browser found (looked for $MINESAT_CHROME and %s on $PATH); install one with: apt-get install -y chromium",
		strings.Join(browserNames, ", "))
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + " (CI=true: the browser test must run in CI)")
	}
	t.Skip(msg)
	return ""
}

// Asked reports whether the browser tests are asked for: under CI=true,
// or with MINESAT_BROWSER=1. They take about half a minute of a 2-core
// machine, more than every other test of the module together, so a plain
// go test ./... skips them.
func Asked() bool { return os.Getenv("CI") == "true" || os.Getenv("MINESAT_BROWSER") == "1" }

// New starts headless Chromium with the project's flags and a fresh
// profile, and returns a chromedp context for one tab. Unless the browser
// tests are asked for (Asked), it skips the test.
func New(t *testing.T) context.Context {
	t.Helper()
	if !Asked() {
		t.Skip("a browser test: run with MINESAT_BROWSER=1 (CI=true runs it)")
	}
	path := findBrowser(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1100, 760),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx, chromedp.WithErrorf(t.Logf))
	t.Cleanup(func() { cancelCtx(); cancelAlloc() })
	// Start the browser without a deadline (a deadline on the first run
	// would end the browser); the test's own steps are bounded below.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	return ctx
}
