package api

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/minesat/minesat/internal/jsonerr"
)

// errEmptyBody is decodeBody's error for a body with no JSON value.
var errEmptyBody = errors.New("empty request body: want a JSON object (see docs/api.md)")

// writeTooLarge refuses a body larger than limit bytes.
func writeTooLarge(w *Answer, limit int64) {
	writeError(w, CodeTooLarge, "request body larger than this server's %d bytes (--max-body)", limit)
}

// decode reads r's JSON body into v, refusing (setting the error,
// returning false) one that is not exactly one JSON value of v's shape
// (400). Serve has refused a body too large.
func (s *Server) decode(w *Answer, r *request, v any) bool {
	if err := decodeBody(r.body, v); err != nil {
		writeError(w, CodeBadRequest, "%v", err)
		return false
	}
	return true
}

// decodeBody decodes the one JSON value of b into v strictly. Its
// errors say what is wrong in the request's terms: the field, what it
// wants and what it got.
func decodeBody(b []byte, v any) error {
	if len(bytes.TrimSpace(b)) == 0 {
		return errEmptyBody
	}
	err := json.Unmarshal(b, v, jsonerr.Strict)
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
