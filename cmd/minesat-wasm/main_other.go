//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "minesat-wasm: a WebAssembly module for the browser; build it with GOOS=js GOARCH=wasm (minesat site does)")
	os.Exit(2)
}
