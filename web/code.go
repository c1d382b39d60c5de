package web

import "github.com/minesat/minesat/web/api"

// Code names a refusal of the API: api.Code, which the refusals of the
// HTTP transport (guard, readBody, the lanes) use too.
type Code = api.Code

// The codes of the API's refusals (api.Code's).
const (
	CodeBadRequest       = api.CodeBadRequest
	CodeBadPosition      = api.CodeBadPosition
	CodeBoardTooLarge    = api.CodeBoardTooLarge
	CodeForbiddenHost    = api.CodeForbiddenHost
	CodeCrossOrigin      = api.CodeCrossOrigin
	CodeNotFound         = api.CodeNotFound
	CodeNoGame           = api.CodeNoGame
	CodeMethodNotAllowed = api.CodeMethodNotAllowed
	CodeBodyTimeout      = api.CodeBodyTimeout
	CodeGameOver         = api.CodeGameOver
	CodeIllegalMove      = api.CodeIllegalMove
	CodeNoMove           = api.CodeNoMove
	CodeThinkTooLong     = api.CodeThinkTooLong
	CodeGone             = api.CodeGone
	CodeTooLarge         = api.CodeTooLarge
	CodeNotJSON          = api.CodeNotJSON
	CodeNoSolution       = api.CodeNoSolution
	CodeInternal         = api.CodeInternal
	CodeBusy             = api.CodeBusy
	CodeOutOfTime        = api.CodeOutOfTime
	CodeFull             = api.CodeFull
)

// Codes returns every code of the API.
func Codes() []Code { return api.Codes() }
