package main

import (
	"context"
	"fmt"
	"os"

	"github.com/minesat/minesat/web"
)

const siteAbout = `
Site writes the page of 'minesat serve' into DIR as a static site that plays
and analyses entirely in the browser, with no server: the same page, keys
and API, answered by minesat compiled to WebAssembly and run in a Web
Worker. Publish DIR on any static host (docs/page.md), or serve it from a
local folder with any file server (python3 -m http.server -d DIR); browsers
do not run it from file:// addresses. Once loaded it works offline.

It writes index.html, worker.js, sw.js (the service worker that keeps the
files for offline use), minesat.wasm and Go's wasm_exec.js, and leaves other
files in DIR alone. It builds the module with the Go toolchain (--go): run
it inside a clone of minesat's repository, or pass a module built with
GOOS=js GOARCH=wasm go build ./cmd/minesat-wasm as --module, and then
wasm_exec.js comes from that toolchain's GOROOT too.`

// runSite implements 'minesat site'.
func runSite(ctx context.Context, args []string, io *stdio) error {
	fs := newFlagSet("site", "DIR", siteAbout, io)
	goCmd := fs.String("go", "go", "the go `command` that builds the module")
	modFile := fs.String("module", "", "use this WebAssembly `file` rather than building cmd/minesat-wasm")
	if help, err := parseFlags(fs, args, io); help || err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return flagError("site", fmt.Errorf("want one DIR to write the site into, got %d arguments", fs.NArg()))
	}
	dir := fs.Arg(0)
	wasmExec, err := web.WasmExec(ctx, *goCmd)
	if err != nil {
		return usageErrorf("site: %w", err)
	}
	var module []byte
	if *modFile != "" {
		module, err = os.ReadFile(*modFile)
	} else {
		module, err = web.BuildModule(ctx, *goCmd)
	}
	if err != nil {
		return usageErrorf("site: %w", err)
	}
	if err := web.WriteSite(dir, module, wasmExec); err != nil {
		return usageErrorf("%w", err)
	}
	fmt.Fprintf(io.err, "minesat site: wrote %s (module %.1f MB); serve it with any static file server\n", dir, float64(len(module))/1e6)
	return nil
}
