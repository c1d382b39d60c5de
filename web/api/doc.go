// Package api answers minesat's JSON API (docs/api.md) without a
// transport: a Request is a method, a target (path and query) and a JSON
// body; its Answer a status and a JSON body. It holds the games a person
// plays (game.Game, with the history undo needs) and analyses positions
// (advice.Advise) within a time budget.
//
// Two transports carry it: package web serves it over HTTP ('minesat
// serve', behind its guard, connection and admission limits, which it
// passes in as Config.Admit: its two lanes, by the work's cost), and cmd/minesat-wasm answers it in the
// browser, from a Web Worker, for the static site of 'minesat site'. So
// the page talks to one interface whichever runs it, and the two cannot
// drift apart.
//
// The package imports neither net/http nor html/template: linked into
// the WebAssembly module they would double its size. Its status codes are
// net/http's, named the same.
package api
