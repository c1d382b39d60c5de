package jsonerr

import (
	"errors"
	"reflect"
	"testing"

	"github.com/go-json-experiment/json"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWant(t *testing.T) {
	for _, tc := range []struct {
		t    reflect.Type
		want string
	}{
		{nil, "another value"},
		{reflect.TypeFor[int](), "an integer"},
		{reflect.TypeFor[*uint64](), "an integer"},
		{reflect.TypeFor[string](), "a string"},
		{reflect.TypeFor[float64](), "a number"},
		{reflect.TypeFor[bool](), "true or false"},
		{reflect.TypeFor[[]int](), "a list"},
		{reflect.TypeFor[[2]int](), "a list"},
		{reflect.TypeFor[map[string]int](), "an object"},
		{reflect.TypeFor[struct{ A int }](), "an object"},
		{reflect.TypeFor[chan int](), "another value"},
	} {
		assert.Equal(t, tc.want, Want(tc.t), "%v", tc.t)
	}
}

// TestGot decodes wrong inputs and checks what the error says they hold.
func TestGot(t *testing.T) {
	type doc struct {
		N    int    `json:"n"`
		S    string `json:"s"`
		Cell [2]int `json:"cell"`
	}
	for _, tc := range []struct{ in, got string }{
		{`{"n": "x"}`, "a string"},
		{`{"n": 1.5}`, "1.5"},
		{`{"n": true}`, "a boolean"},
		{`{"s": 12}`, "a number"},
		{`{"n": 99999999999999999999}`, "99999999999999999999, out of range"},
		{`{"cell": [1, 2, 3]}`, "more elements"},
		{`{"cell": [1]}`, "fewer elements"},
		{`{"s": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]}`, "a list"},
	} {
		var d doc
		err := json.Unmarshal([]byte(tc.in), &d)
		var se *json.SemanticError
		require.True(t, errors.As(err, &se), "%s: %v", tc.in, err)
		assert.Equal(t, tc.got, Got(se), tc.in)
	}
}
