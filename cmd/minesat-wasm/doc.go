// Command minesat-wasm is the WebAssembly module of the static site that
// 'minesat site' writes: it answers minesat's JSON API (package api) in the
// browser, in a Web Worker, so the page plays and analyses with no server.
//
// Built with GOOS=js GOARCH=wasm, it sets one global function,
//
//	minesatServe(method, target, body, done)
//
// which answers the request (body a JSON string, or null) by calling
// done(status, body, retryAfter, allow) once the work is done; then it
// calls the global minesatReady(), which the worker's script defines. It runs
// one analysis at a time, each within the API's time budget, which it
// keeps by reading the clock (withClock): the worker's script stops a
// superseded analysis by ending the worker. Built for another platform it
// only says how to build it.
package main
