package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSiteCommand writes a site from a given module and refuses bad
// usage and a module that is not WebAssembly, with exit 2. The module's
// build and the site in a browser are web's TestSiteBrowser.
func TestSiteCommand(t *testing.T) {
	tmp := t.TempDir()
	module := filepath.Join(tmp, "m.wasm")
	require.NoError(t, os.WriteFile(module, []byte("\x00asm\x01\x00\x00\x00"), 0o644))
	notWasm := filepath.Join(tmp, "m.txt")
	require.NoError(t, os.WriteFile(notWasm, []byte("hello, world"), 0o644))
	for _, tc := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no DIR", []string{"site"}, 2, "want one DIR"},
		{"two DIRs", []string{"site", "a", "b"}, 2, "want one DIR"},
		{"not WebAssembly", []string{"site", "--module", notWasm, filepath.Join(tmp, "bad")}, 2, "not WebAssembly"},
		{"missing module", []string{"site", "--module", filepath.Join(tmp, "none.wasm"), filepath.Join(tmp, "none")}, 2, "none.wasm"},
		{"written", []string{"site", "--module", module, filepath.Join(tmp, "site")}, 0, "wrote"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCmd(t, "", nil, tc.args...)
			assert.Equal(t, tc.code, r.code, r.err)
			assert.Contains(t, r.err, tc.msg)
			assert.NotContains(t, r.err, "panic")
		})
	}
	for _, name := range []string{"index.html", "worker.js", "sw.js", "minesat.wasm", "wasm_exec.js"} {
		b, err := os.ReadFile(filepath.Join(tmp, "site", name))
		require.NoError(t, err)
		assert.NotEmpty(t, b, name)
	}
	page, err := os.ReadFile(filepath.Join(tmp, "site", "index.html"))
	require.NoError(t, err)
	assert.True(t, strings.Contains(string(page), "window.minesatSite = true;"), "the page is told it is the site")
	sw, err := os.ReadFile(filepath.Join(tmp, "site", "sw.js"))
	require.NoError(t, err)
	assert.NotContains(t, string(sw), "{{", "the service worker's version and files are filled in")
}
