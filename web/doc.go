// Package web holds minesat's two pages: the local web page of 'minesat
// serve' with its JSON API over HTTP, whose answers package api gives (the
// analysis of a position and the games a person plays in the browser); and
// the replay page of 'minesat replay --html' (WriteReplayPage), a single
// file that steps through game records offline. WriteSite writes the page
// of serve as a static site that answers the same API in the browser.
//
// It is a package of its own, not part of cmd/minesat, so that the command
// stays a thin layer of flags over it ('minesat serve' builds a Config and
// runs an http.Server around Server.Handler), and so that the handlers are
// an ordinary http.Handler that tests drive with net/http/httptest and
// other programs can mount.
//
// Each page is one HTML file with its stylesheet and script embedded from
// assets/ and written into it (page.go): it loads nothing from the network;
// serve's talks only to the API.
// The API (see docs/api.md and package api) takes and returns JSON; a refusal gets a 4xx
// or 5xx status and {"error": {"code": "...", "message": "..."}}, its
// code one of the stable set of Code (api.Code); request bodies are limited to
// Config.MaxBody bytes and each request's work to Config.Timeout. The
// analyses run in two lanes of slots (lane.go): a small position's
// (Config.SmallCells) never waits for a large one's. The games held are
// bounded in number (Config.MaxGames) and cells (Config.MaxHeldCells):
// a new game that does not fit is refused, a game held is never dropped
// for it; one idle for Config.MaxIdle is let go (on a timer, by
// Server.ExpireIdle), and a game's history for undo is bounded to its
// last 1000 moves. Every request passes guard first: its Host must name this
// server, a request that changes state must come from the page itself
// with a JSON body, and every answer carries the security headers
// (docs/limits.md); a request is admitted only once its body has arrived.
// Server.Listener caps the connections open (Config.MaxConns).
package web
