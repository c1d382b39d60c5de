// Package browsertest starts headless Chromium for the tests of minesat's
// pages (chromedp). The browser tests run when asked for, with
// MINESAT_BROWSER=1 or under CI=true, and are skipped otherwise: they take
// longer than every other test together. Asked for but without a browser,
// a test is skipped, except under CI=true, where it fails: CI installs
// Debian's chromium and must run the browser tests.
package browsertest
