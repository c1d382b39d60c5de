// Package browsertest starts headless Chromium for the tests of minesat's
// pages (chromedp). Without a browser the test is skipped, except under
// CI=true, where it fails: CI installs Debian's chromium and must run the
// browser tests.
package browsertest
