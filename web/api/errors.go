package api

import (
	"errors"
	"fmt"
	"strings"

	"github.com/minesat/minesat/game"
)

// Code names a refusal of the API: the "code" of every error body,
// {"error": {"code": "...", "message": "..."}}. The codes are stable (a
// client, the page first, picks its words by them; docs/api.md lists
// them) and each has one HTTP status (Code.Status); the message is for
// people and may change.
type Code string

// The codes of the API's refusals, with their status.
const (
	CodeBadRequest       Code = "bad_request"        // 400: the request is not what the endpoint takes
	CodeBadPosition      Code = "bad_position"       // 400: the puzzle does not parse
	CodeBoardTooLarge    Code = "board_too_large"    // 400: a board over the server's cell caps
	CodeForbiddenHost    Code = "forbidden_host"     // 403: a Host that is not this server's
	CodeCrossOrigin      Code = "cross_origin"       // 403: a change of state from another site
	CodeNotFound         Code = "not_found"          // 404: no such endpoint
	CodeNoGame           Code = "no_game"            // 404: no game of that id (never made, or deleted)
	CodeMethodNotAllowed Code = "method_not_allowed" // 405: a method the path does not take
	CodeBodyTimeout      Code = "body_timeout"       // 408: the body did not arrive in time
	CodeGameOver         Code = "game_over"          // 409: a move or hint after the game's end
	CodeIllegalMove      Code = "illegal_move"       // 409: a move the cell's state forbids, or nothing to undo
	CodeNoMove           Code = "no_move"            // 409: a hint with no move to recommend
	CodeThinkTooLong     Code = "think_too_long"     // 400: a think_ms over the server's MaxThink
	CodeGone             Code = "gone"               // 410: a game dropped after --max-idle unused
	CodeTooLarge         Code = "too_large"          // 413: a body over --max-body
	CodeNotJSON          Code = "not_json"           // 415: a body that is not application/json
	CodeNoSolution       Code = "no_solution"        // 422: a position impossible on its face
	CodeInternal         Code = "internal"           // 500: the server failed
	CodeBusy             Code = "busy"               // 503: no analysis slot, or too many requests
	CodeOutOfTime        Code = "out_of_time"        // 503: nothing found within the time budget
	CodeFull             Code = "full"               // 503: the games held fill the server
)

// codeStatus is the HTTP status of each code.
var codeStatus = map[Code]int{
	CodeBadRequest:       StatusBadRequest,
	CodeBadPosition:      StatusBadRequest,
	CodeBoardTooLarge:    StatusBadRequest,
	CodeForbiddenHost:    StatusForbidden,
	CodeCrossOrigin:      StatusForbidden,
	CodeNotFound:         StatusNotFound,
	CodeNoGame:           StatusNotFound,
	CodeMethodNotAllowed: StatusMethodNotAllowed,
	CodeBodyTimeout:      StatusRequestTimeout,
	CodeGameOver:         StatusConflict,
	CodeIllegalMove:      StatusConflict,
	CodeNoMove:           StatusConflict,
	CodeThinkTooLong:     StatusBadRequest,
	CodeGone:             StatusGone,
	CodeTooLarge:         StatusRequestEntityTooLarge,
	CodeNotJSON:          StatusUnsupportedMediaType,
	CodeNoSolution:       StatusUnprocessableEntity,
	CodeInternal:         StatusInternalServerError,
	CodeBusy:             StatusServiceUnavailable,
	CodeOutOfTime:        StatusServiceUnavailable,
	CodeFull:             StatusServiceUnavailable,
}

// Codes returns every code of the API.
func Codes() []Code {
	out := make([]Code, 0, len(codeStatus))
	for c := range codeStatus {
		out = append(out, c)
	}
	return out
}

// Status returns c's HTTP status; 500 for a name that is not a code.
func (c Code) Status() int {
	if s, ok := codeStatus[c]; ok {
		return s
	}
	return StatusInternalServerError
}

// ErrorBody is the body of every refusal.
type ErrorBody struct {
	Error Refusal `json:"error"`
}

// Refusal is a refusal of the API as an error: its code and its message.
type Refusal struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
}

func (e *Refusal) Error() string { return e.Message }

// refuse returns a refusal with code and the message format makes.
func refuse(code Code, format string, args ...any) *Refusal {
	return &Refusal{Code: code, Message: fmt.Sprintf(format, args...)}
}

// writeError writes a refusal: code's status and the body
// {"error": {"code": code, "message": message}}. A 503 (the server busy
// or full, or nothing found within the time budget) always says when to
// try again: Retry-After, one second.
func writeError(w *Answer, code Code, format string, args ...any) {
	writeRefusal(w, refuse(code, format, args...))
}

// writeRefusal writes e as writeError does.
func writeRefusal(w *Answer, e *Refusal) {
	status := e.Code.Status()
	if status == StatusServiceUnavailable {
		w.RetryAfter = 1
	}
	writeJSON(w, status, ErrorBody{Error: *e})
}

// Refuse returns a refusal of the API as an error: code and the message
// format makes. An admission (Config.Admit) refuses with it.
func Refuse(code Code, format string, args ...any) error {
	return refuse(code, format, args...)
}

// Error returns the answer of a refusal, code and the message format
// makes, as the API writes its own: for a transport's refusals before a
// request reaches Serve.
func Error(code Code, format string, args ...any) Answer {
	var a Answer
	writeError(&a, code, format, args...)
	return a
}

// badPosition returns the refusal of a puzzle that game.ParsePuzzle
// refused: bad_position, with the line and column in words.
func badPosition(err error) *Refusal {
	var pe *game.ParseError
	if errors.As(err, &pe) {
		return refuse(CodeBadPosition, "line %d, column %d: %s", pe.Line, pe.Col, pe.Msg)
	}
	return refuse(CodeBadPosition, "%v", err)
}

// noSolution returns the refusal of a puzzle that game.Puzzle.Validate
// refused: no_solution, saying what makes it impossible without the
// package's prefix (the code says what kind of error it is).
func noSolution(err error) *Refusal {
	return refuse(CodeNoSolution, "%s", strings.TrimPrefix(err.Error(), "game: invalid puzzle: "))
}
