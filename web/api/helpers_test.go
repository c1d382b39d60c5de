package api

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// do sends one request to s and returns the status and the body.
func do(t *testing.T, s *Server, method, target, body string) (int, string) {
	t.Helper()
	var b []byte
	if body != "" {
		b = []byte(body)
	}
	a := s.Serve(context.Background(), Request{Method: method, Target: target, Body: b})
	return a.Status, string(a.Body)
}

// decodeAs decodes body as a T.
func decodeAs[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal([]byte(body), &v), body)
	return v
}

// newGame makes a game with body and returns its state.
func newGame(t *testing.T, s *Server, body string) GameState {
	t.Helper()
	code, out := do(t, s, "POST", "/api/games", body)
	require.Equal(t, StatusCreated, code, out)
	return decodeAs[GameState](t, out)
}
