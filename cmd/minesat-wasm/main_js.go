//go:build js && wasm

package main

import (
	"context"
	"syscall/js"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/web/api"
)

func main() {
	opts, err := agent.DefaultConfig.Options()
	if err != nil {
		js.Global().Get("console").Call("error", "minesat: "+err.Error())
		return
	}
	s := api.New(api.Config{Agent: opts, NoGuess: api.NoGuess(0), WithTimeout: withClock})
	js.Global().Set("minesatServe", js.FuncOf(func(this js.Value, args []js.Value) any {
		req, done := request(args)
		// The callback must return before Go blocks: the work runs in its
		// own goroutine and answers through done.
		go func() {
			a := s.Serve(context.Background(), req)
			done.Invoke(a.Status, string(a.Body), a.RetryAfter, a.Allow)
		}()
		return nil
	}))
	js.Global().Call("minesatReady")
	select {}
}

// request reads minesatServe's arguments: method, target, body (a string,
// or null for none) and the function the answer goes to.
func request(args []js.Value) (api.Request, js.Value) {
	req := api.Request{Method: args[0].String(), Target: args[1].String()}
	if args[2].Type() == js.TypeString {
		req.Body = []byte(args[2].String())
	}
	return req, args[3]
}
