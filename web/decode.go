package web

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/minesat/minesat/internal/jsonerr"
)

// errEmptyBody is decodeBody's error for a body with no JSON value.
var errEmptyBody = errors.New("empty request body: want a JSON object (see docs/api.md)")

// readBody reads r's body whole, at most MaxBody bytes of it, and puts it
// back as r.Body, so that the request is admitted only once it has
// arrived. It refuses (writing the error, returning false) a body larger
// than MaxBody, declared so by its Content-Length (at once, unread) or
// sent (413); one that did not arrive within the read timeout (408); or
// one cut short (400). The refusals name no socket address.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) bool {
	if r.Body == nil || r.Body == http.NoBody {
		return true
	}
	if r.ContentLength > s.cfg.MaxBody {
		writeTooLarge(w, s.cfg.MaxBody)
		return false
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	var tooLarge *http.MaxBytesError
	var netErr net.Error
	switch {
	case err == nil:
		r.Body = io.NopCloser(bytes.NewReader(b))
		return true
	case errors.As(err, &tooLarge):
		writeTooLarge(w, tooLarge.Limit)
	case errors.As(err, &netErr) && netErr.Timeout():
		writeError(w, CodeBodyTimeout, "the request body did not arrive within the server's read timeout of %v (%d bytes came)", s.cfg.ReadTimeout, len(b))
	default:
		writeError(w, CodeBadRequest, "the request body was cut short: %d bytes came before it ended", len(b))
	}
	return false
}

// writeTooLarge refuses a body larger than limit bytes.
func writeTooLarge(w http.ResponseWriter, limit int64) {
	writeError(w, CodeTooLarge, "request body larger than this server's %d bytes (--max-body)", limit)
}

// decode reads r's JSON body into v, at most MaxBody bytes of it, and
// refuses (writing the error, returning false) a body too large (413) or
// one that is not exactly one JSON value of v's shape (400).
func (s *Server) decode(w http.ResponseWriter, r *http.Request, v any) bool {
	err := decodeBody(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody), v)
	var tooLarge *http.MaxBytesError
	switch {
	case err == nil:
		return true
	case errors.As(err, &tooLarge):
		writeTooLarge(w, tooLarge.Limit)
	default:
		writeError(w, CodeBadRequest, "%v", err)
	}
	return false
}

// decodeBody decodes the one JSON value of body into v strictly. Its
// errors say what is wrong in the request's terms: the field, what it
// wants and what it got.
func decodeBody(body io.Reader, v any) error {
	b, err := io.ReadAll(body)
	if err != nil {
		return fmt.Errorf("reading the request body: %w", err) // too large, cut short or timed out
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return errEmptyBody
	}
	err = json.Unmarshal(b, v, jsonerr.Strict)
	var se *json.SemanticError
	var te *jsontext.SyntacticError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &se):
		field := "the body"
		if se.JSONPointer != "" {
			field = "field " + fieldPath(se.JSONPointer)
		}
		if errors.Is(se.Err, json.ErrUnknownName) {
			return fmt.Errorf("bad request body: unknown key %q (keys are case-sensitive; see docs/api.md)", se.JSONPointer.LastToken())
		}
		return fmt.Errorf("bad request body: %s: want %s, got %s", field, wantOf(se.GoType), jsonerr.Got(se))
	case errors.As(err, &te):
		if errors.Is(te.Err, jsontext.ErrDuplicateName) {
			return fmt.Errorf("bad request body: key %q given twice", te.JSONPointer.LastToken())
		}
		msg := strings.TrimPrefix(te.Err.Error(), "jsontext: ")
		return fmt.Errorf("bad request body: not valid JSON at byte %d: %s", te.ByteOffset, msg)
	}
	return fmt.Errorf("bad request body: %w", err)
}

// fieldPath writes a JSON pointer as docs/api.md names fields:
// "cell"[1].
func fieldPath(p jsontext.Pointer) string {
	var sb strings.Builder
	for tok := range p.Tokens() {
		if _, err := strconv.ParseUint(tok, 10, 63); err == nil && sb.Len() > 0 {
			sb.WriteString("[" + tok + "]")
		} else if sb.Len() > 0 {
			sb.WriteString("." + tok)
		} else {
			sb.WriteString(strconv.Quote(tok))
		}
	}
	return sb.String()
}

// wantOf names what a request field of Go type t is written as.
func wantOf(t reflect.Type) string {
	if t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == reflect.TypeFor[[2]int]() {
		return "[row, col]"
	}
	return jsonerr.Want(t)
}
