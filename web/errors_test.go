package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// timeoutError is the error of a body that stopped arriving: a net.Error
// that timed out, as the server's read deadline gives.
type timeoutError struct{}

func (timeoutError) Error() string   { return "i/o timeout" }
func (timeoutError) Timeout() bool   { return true }
func (timeoutError) Temporary() bool { return true }

// stalledBody sends the start of a JSON body, then times out.
type stalledBody struct{ sent bool }

func (b *stalledBody) Read(p []byte) (int, error) {
	if !b.sent {
		b.sent = true
		return copy(p, "{"), nil
	}
	return 0, timeoutError{}
}

// codeCase is a request of TestErrorCodes and the refusal it must get.
type codeCase struct {
	code   Code
	name   string
	cfg    Config
	setup  func(t *testing.T, h http.Handler) string // makes what the request needs; returns the game id, if any
	method string
	path   string // "{id}" stands for setup's game id
	body   string
	hdr    map[string]string
	req    func() *http.Request // the request itself, for a body send cannot make
}

// codeCases has at least one request for each code of the API.
func codeCases(t *testing.T) []codeCase {
	now := time.Now()
	clock := &now
	game1x2 := func(t *testing.T, h http.Handler) string {
		return newGame(t, h, `{"level": "1x2/1", "rules": "safe"}`).ID
	}
	won1x2 := func(t *testing.T, h http.Handler) string {
		id := game1x2(t, h)
		code, body := do(t, h, "POST", "/api/games/"+id+"/open", `{"cell": [0, 0]}`)
		require.Equal(t, http.StatusOK, code, body)
		return id
	}
	failing := func(*agent.Agent) error { return errors.New("an agent that fails") }
	stuck := func(ctx context.Context, l game.Level, rules game.Rules, seed int64) (*game.Game, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}
	return []codeCase{
		{code: CodeBadRequest, name: "unknown key", method: "POST", path: "/api/analyze", body: `{"puzle": "mines 1\n1..\n"}`},
		{code: CodeBadRequest, name: "cell off the board", setup: game1x2, method: "POST", path: "/api/games/{id}/open", body: `{"cell": [5, 5]}`},
		{code: CodeBadPosition, method: "POST", path: "/api/analyze", body: `{"puzzle": "mines 1\n1.x\n"}`},
		{code: CodeBoardTooLarge, name: "game", method: "POST", path: "/api/games", body: `{"level": "4096x4096/1"}`},
		{code: CodeBoardTooLarge, name: "position", cfg: Config{MaxPuzzleCells: 2}, method: "POST", path: "/api/analyze", body: `{"puzzle": "mines 1\n1..\n"}`},
		{code: CodeForbiddenHost, method: "GET", path: "/api/config", hdr: map[string]string{"Host": "evil.example"}},
		{code: CodeCrossOrigin, method: "POST", path: "/api/games", body: `{"level": "beginner"}`,
			hdr: map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}},
		{code: CodeNotFound, method: "GET", path: "/api/nothing"},
		{code: CodeNoGame, method: "GET", path: "/api/games/0123456789abcdef0123456789abcdef"},
		{code: CodeNoGame, name: "delete", method: "DELETE", path: "/api/games/0123456789abcdef0123456789abcdef"},
		{code: CodeMethodNotAllowed, method: "PUT", path: "/api/games"},
		{code: CodeBodyTimeout, req: func() *http.Request {
			r := httptest.NewRequest("POST", "/api/analyze", &stalledBody{})
			r.Host = "127.0.0.1:8080"
			r.Header.Set("Content-Type", "application/json")
			return r
		}},
		{code: CodeGameOver, name: "move", setup: won1x2, method: "POST", path: "/api/games/{id}/flag", body: `{"cell": [0, 1]}`},
		{code: CodeGameOver, name: "hint", setup: won1x2, method: "POST", path: "/api/games/{id}/hint", body: `{}`},
		{code: CodeIllegalMove, name: "unflag", setup: game1x2, method: "POST", path: "/api/games/{id}/unflag", body: `{"cell": [0, 0]}`},
		{code: CodeIllegalMove, name: "undo", setup: game1x2, method: "POST", path: "/api/games/{id}/undo", body: `{}`},
		{code: CodeNoMove, cfg: Config{Agent: []agent.Option{agent.WithNoGuess()}},
			setup: func(t *testing.T, h http.Handler) string {
				return newGame(t, h, `{"level": "6x6/12", "rules": "seed", "seed": "1"}`).ID
			},
			method: "POST", path: "/api/games/{id}/hint", body: `{}`},
		{code: CodeThinkTooLong, method: "POST", path: "/api/analyze", body: `{"puzzle": "mines 1\n1..\n", "think_ms": 3600000}`},
		{code: CodeGone, cfg: Config{MaxIdle: time.Minute, Now: func() time.Time { return *clock }},
			setup: func(t *testing.T, h http.Handler) string {
				id := game1x2(t, h)
				*clock = clock.Add(2 * time.Minute)
				return id
			},
			method: "GET", path: "/api/games/{id}"},
		{code: CodeTooLarge, cfg: Config{MaxBody: 16}, method: "POST", path: "/api/analyze", body: `{"puzzle": "mines 1\n1..\n"}`},
		{code: CodeNotJSON, method: "POST", path: "/api/analyze", body: `{"puzzle": "mines 1\n1..\n"}`, hdr: map[string]string{"Content-Type": "text/plain"}},
		{code: CodeNoSolution, name: "analyze", method: "POST", path: "/api/analyze", body: `{"puzzle": "mines 5\n1..\n"}`},
		{code: CodeNoSolution, name: "hint with a flag on a safe cell", setup: func(t *testing.T, h http.Handler) string {
			// (0,0) shows 1: the mine is (0,1), and (0,2) is flagged.
			id := newGame(t, h, `{"level": "1x3/1", "rules": "safe", "seed": "0"}`).ID
			code, body := do(t, h, "POST", "/api/games/"+id+"/open", `{"cell": [0, 0]}`)
			require.Equal(t, http.StatusOK, code, body)
			require.Equal(t, "1..", decodeAs[gameState](t, body).Board[0])
			code, body = do(t, h, "POST", "/api/games/"+id+"/flag", `{"cell": [0, 2]}`)
			require.Equal(t, http.StatusOK, code, body)
			return id
		}, method: "POST", path: "/api/games/{id}/hint", body: `{}`},
		{code: CodeNoSolution, name: "hint with more flags than mines", setup: func(t *testing.T, h http.Handler) string {
			id := newGame(t, h, `{"level": "1x3/1", "rules": "safe", "seed": "0"}`).ID
			for _, c := range []string{"[0, 1]", "[0, 2]"} {
				code, body := do(t, h, "POST", "/api/games/"+id+"/flag", `{"cell": `+c+`}`)
				require.Equal(t, http.StatusOK, code, body)
			}
			return id
		}, method: "POST", path: "/api/games/{id}/hint", body: `{}`},
		{code: CodeInternal, cfg: Config{Agent: []agent.Option{failing}}, method: "POST", path: "/api/analyze", body: `{"puzzle": "mines 1\n1..\n"}`},
		{code: CodeBusy, cfg: Config{MaxRequests: 1}, method: "GET", path: "/api/config"}, // its one request slot taken
		{code: CodeOutOfTime, cfg: Config{Timeout: 20 * time.Millisecond, NoGuess: stuck}, method: "POST", path: "/api/games", body: `{"level": "beginner", "no_guess": true}`},
		{code: CodeFull, cfg: Config{MaxGames: 1}, setup: game1x2, method: "POST", path: "/api/games", body: `{"level": "beginner"}`},
	}
}

// TestErrorCodes sends, to the handlers, requests that each API code
// answers: the status is the code's, the body {"error": {"code",
// "message"}} with a message, a 503 says when to try again; every code
// has a request here.
func TestErrorCodes(t *testing.T) {
	seen := map[Code]bool{}
	for _, tc := range codeCases(t) {
		seen[tc.code] = true
		t.Run(fmt.Sprintf("%s %s", tc.code, tc.name), func(t *testing.T) {
			s := New(tc.cfg)
			h := s.Handler()
			id := ""
			if tc.setup != nil {
				id = tc.setup(t, h)
			}
			if tc.code == CodeBusy {
				s.requests <- struct{}{}
				defer func() { <-s.requests }()
			}
			var w *httptest.ResponseRecorder
			if tc.req != nil {
				w = httptest.NewRecorder()
				h.ServeHTTP(w, tc.req())
			} else {
				w = send(t, h, tc.method, strings.ReplaceAll(tc.path, "{id}", id), tc.body, tc.hdr)
			}
			e := refusalOf(t, w.Body.String())
			assert.Equal(t, tc.code, e.Code, "%s", e.Message)
			assert.Equal(t, tc.code.Status(), w.Code, "%s", e.Message)
			assert.Equal(t, "application/json; charset=utf-8", w.Header().Get("Content-Type"))
			if w.Code == http.StatusServiceUnavailable {
				assert.Equal(t, "1", w.Header().Get("Retry-After"))
			}
			t.Logf("%d %s: %s", w.Code, e.Code, e.Message)
		})
	}
	for _, c := range Codes() {
		assert.True(t, seen[c], "no request answered with %s", c)
	}
}

// TestErrorCodesDocumented checks that docs/api.md lists every code with
// its status, as a table row "| `code` | status |", and no other.
func TestErrorCodesDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "api.md"))
	require.NoError(t, err)
	listed := map[string]bool{}
	for line := range strings.Lines(string(doc)) {
		if f := strings.Split(line, "|"); len(f) > 3 && strings.HasPrefix(strings.TrimSpace(f[1]), "`") {
			listed[strings.Trim(strings.TrimSpace(f[1]), "`")+" "+strings.TrimSpace(f[2])] = true
		}
	}
	want := map[string]bool{}
	for _, c := range Codes() {
		want[fmt.Sprintf("%s %d", c, c.Status())] = true
	}
	assert.Equal(t, want, listed, "the codes in docs/api.md's table")
}

// TestAssistNoteSaysWhy replays 12 flags on a beginner board, whose
// state with assist once said the analysis found nothing within the time
// budget: the note names the reason, more flags than mines, with its
// code, and the move that made it was played.
func TestAssistNoteSaysWhy(t *testing.T) {
	h := New(Config{}).Handler()
	g := newGame(t, h, `{"level": "beginner", "rules": "safe"}`)
	var st gameState
	for i := range 12 {
		code, body := do(t, h, "POST", "/api/games/"+g.ID+"/flag", fmt.Sprintf(`{"cell": [%d, %d], "assist": true}`, i/9, i%9))
		require.Equal(t, http.StatusOK, code, body)
		st = decodeAs[gameState](t, body)
	}
	assert.Equal(t, 12, st.Flags)
	assert.Nil(t, st.Advice)
	assert.Equal(t, CodeNoSolution, st.NoteCode)
	assert.Equal(t, "no analysis: 12 flags but only 10 mines", st.Note)
}
