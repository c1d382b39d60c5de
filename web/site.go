package web

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The files of the static site, as WriteSite writes them.
const (
	SiteModule   = "minesat.wasm" // the WebAssembly module, cmd/minesat-wasm
	SiteWasmExec = "wasm_exec.js" // Go's glue for it, of the toolchain that built it
)

// siteFiles are the files the service worker caches, "./" the page.
var siteFiles = []string{"./", "worker.js", SiteWasmExec, SiteModule}

// WriteSite writes the page of 'minesat serve' into dir as a static site
// that answers the API in the browser: index.html (the page, told by
// window.minesatSite to ask the module rather than a server), worker.js
// (the Web Worker that runs the module), sw.js (the service worker that
// keeps the files for offline use, named after their version), module
// (the bytes of cmd/minesat-wasm built with GOOS=js GOARCH=wasm) as
// SiteModule and wasmExec (Go's wasm_exec.js of the same toolchain) as
// SiteWasmExec. It makes dir when it is missing and overwrites these
// files, leaving any other alone.
func WriteSite(dir string, module, wasmExec []byte) error {
	if len(module) < 8 || !bytes.Equal(module[:4], []byte("\x00asm")) {
		return errors.New("site: the module is not WebAssembly (want cmd/minesat-wasm built with GOOS=js GOARCH=wasm)")
	}
	var page bytes.Buffer
	p := servePage
	p.js = "window.minesatSite = true;\n" + p.js
	if err := p.execute(&page, "", nil); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	worker, err := assets.ReadFile("assets/worker.js")
	if err != nil {
		return fmt.Errorf("site: %w", err)
	}
	files := map[string][]byte{"index.html": page.Bytes(), "worker.js": worker, SiteModule: module, SiteWasmExec: wasmExec}
	sw, err := serviceWorker(files)
	if err != nil {
		return fmt.Errorf("site: %w", err)
	}
	files["sw.js"] = sw
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return fmt.Errorf("site: %w", err)
		}
	}
	return nil
}

// serviceWorker returns assets/sw.js with its version, a hash of files,
// and the list of files it caches.
func serviceWorker(files map[string][]byte) ([]byte, error) {
	sw, err := assets.ReadFile("assets/sw.js")
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	for _, name := range []string{"index.html", "worker.js", SiteWasmExec, SiteModule} {
		fmt.Fprintf(h, "%s %d\n", name, len(files[name]))
		h.Write(files[name])
	}
	list, err := json.Marshal(siteFiles)
	if err != nil {
		return nil, err
	}
	r := strings.NewReplacer("{{.Version}}", hex.EncodeToString(h.Sum(nil))[:16], "{{.Files}}", string(list))
	return []byte(r.Replace(string(sw))), nil
}

// BuildModule builds cmd/minesat-wasm with the go command goCmd (GOOS=js
// GOARCH=wasm, -trimpath, symbols stripped) in the current directory,
// which must be inside minesat's module, and returns the module's bytes.
func BuildModule(ctx context.Context, goCmd string) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "minesat-site-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, SiteModule)
	cmd := exec.CommandContext(ctx, goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", out, "github.com/minesat/minesat/cmd/minesat-wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the module (%s) failed: %w\n%s", strings.Join(cmd.Args, " "), err, bytes.TrimSpace(msg))
	}
	return os.ReadFile(out)
}

// WasmExec returns the wasm_exec.js of the go command goCmd's toolchain,
// the glue a module it builds needs.
func WasmExec(ctx context.Context, goCmd string) ([]byte, error) {
	root, err := exec.CommandContext(ctx, goCmd, "env", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("%s env GOROOT: %w", goCmd, err)
	}
	// Go 1.24 moved wasm_exec.js from misc/wasm to lib/wasm.
	var b []byte
	for _, dir := range []string{"lib", "misc"} {
		if b, err = os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), dir, "wasm", SiteWasmExec)); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("no %s in the toolchain's lib/wasm or misc/wasm: %w", SiteWasmExec, err)
}
