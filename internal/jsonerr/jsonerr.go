package jsonerr

import (
	"reflect"
	"strings"

	"github.com/go-json-experiment/json"
)

// Strict are the options of every JSON decode of minesat's formats (game
// records, run summaries, the web API): keys match exactly, case included;
// a key the type does not list is refused; and so (jsontext's default) is
// a key given twice.
var Strict = json.JoinOptions(json.RejectUnknownMembers(true), json.MatchCaseInsensitiveNames(false))

// Want names what a value of Go type t is written as in JSON: "an
// integer", "a string", "a number", "true or false", "a list", "an
// object", or "another value" when t is nil or none of these.
func Want(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.String:
		return "a string"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "another value"
}

// Got says what the input holds where a decode failed: the value itself
// when it is short, else its kind; for a list of the wrong length, "more
// elements" or "fewer elements".
func Got(se *json.SemanticError) string {
	if se.Err != nil {
		switch msg := se.Err.Error(); {
		case strings.Contains(msg, "too many array elements"):
			return "more elements"
		case strings.Contains(msg, "too few array elements"):
			return "fewer elements"
		case strings.Contains(msg, "out of range"):
			return string(se.JSONValue) + ", out of range"
		}
	}
	if v := se.JSONValue; len(v) > 0 && len(v) <= 40 {
		return string(v)
	}
	switch se.JSONKind {
	case '"':
		return "a string"
	case '0':
		return "a number"
	case '[':
		return "a list"
	case '{':
		return "an object"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "something else"
}
