package web

import "github.com/minesat/minesat/web/api"

// The API's JSON shapes, under the names the tests of this package use.
type (
	gameState       = api.GameState
	configResponse  = api.ConfigResponse
	analyzeRequest  = api.AnalyzeRequest
	analyzeResponse = api.AnalyzeResponse
	errorBody       = api.ErrorBody
	refusal         = api.Refusal
)
