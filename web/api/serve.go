package api

import (
	"context"
	"net/url"
	"strings"
)

// The HTTP statuses the API answers with, as net/http names them (this
// package does not import net/http: the WebAssembly module leaves it out).
const (
	StatusOK                    = 200
	StatusCreated               = 201
	StatusNoContent             = 204
	StatusBadRequest            = 400
	StatusForbidden             = 403
	StatusNotFound              = 404
	StatusMethodNotAllowed      = 405
	StatusRequestTimeout        = 408
	StatusConflict              = 409
	StatusGone                  = 410
	StatusRequestEntityTooLarge = 413
	StatusUnsupportedMediaType  = 415
	StatusUnprocessableEntity   = 422
	StatusInternalServerError   = 500
	StatusServiceUnavailable    = 503
)

// Request is one request to the API, without its transport.
type Request struct {
	Method string // GET, HEAD, POST or DELETE
	Target string // the path and query, such as /api/games/ID?assist=1
	Body   []byte // the JSON body; nil when there is none
}

// Answer is the API's answer to a Request: a status and a JSON body, as
// docs/api.md gives them.
type Answer struct {
	Status     int
	Body       []byte // JSON and a newline; nil for 204
	RetryAfter int    // when not 0, the seconds after which to try again (a 503)
	Allow      string // a 405's methods the path takes, such as "GET, HEAD"
}

// request is what a handler reads of a Request.
type request struct {
	ctx   context.Context
	id    string     // the path's {id}; "" when it has none
	query url.Values // the target's query
	body  []byte
}

// Context returns the context the request runs under.
func (r *request) Context() context.Context { return r.ctx }

// route is one endpoint: method and a path pattern whose segment {id}
// matches any one segment.
type route struct {
	method  string
	pattern string
	handle  func(w *Answer, r *request)
}

// match reports whether path fits the route's pattern, and its {id}.
func (rt route) match(path string) (id string, ok bool) {
	pat, got := strings.Split(rt.pattern, "/"), strings.Split(path, "/")
	if len(pat) != len(got) {
		return "", false
	}
	for i, seg := range pat {
		switch {
		case seg == "{id}" && got[i] != "":
			s, err := url.PathUnescape(got[i])
			if err != nil {
				return "", false
			}
			id = s
		case seg != got[i]:
			return "", false
		}
	}
	return id, true
}

// methods are the methods the API knows of, in the order an Allow header
// names them.
var methods = []string{"GET", "HEAD", "POST", "DELETE"}

// Serve answers req under ctx: a request that works (an analysis, a
// no-guess board) stops when ctx ends or after Config.Timeout. A body
// larger than Config.MaxBody is refused (413). A path no route takes gets
// 404, and a method its path does not take 405 with Allow. HEAD is
// answered as GET; the transport drops the body.
func (s *Server) Serve(ctx context.Context, req Request) Answer {
	var w Answer
	path, query := splitQuery(req.Target)
	if int64(len(req.Body)) > s.cfg.MaxBody {
		writeTooLarge(&w, s.cfg.MaxBody)
		return w
	}
	method := req.Method
	if method == "HEAD" {
		method = "GET"
	}
	var allow []string
	for _, rt := range s.routes {
		id, ok := rt.match(path)
		switch {
		case !ok:
		case rt.method == method:
			rt.handle(&w, &request{ctx: ctx, id: id, query: query, body: req.Body})
			return w
		default:
			allow = append(allow, rt.method)
		}
	}
	if len(allow) == 0 {
		writeError(&w, CodeNotFound, "no endpoint %s %s (see docs/api.md)", req.Method, path)
		return w
	}
	var names []string
	for _, m := range methods {
		for _, a := range allow {
			if a == m || a == "GET" && m == "HEAD" {
				names = append(names, m)
				break
			}
		}
	}
	w.Allow = strings.Join(names, ", ")
	writeError(&w, CodeMethodNotAllowed, "%s %s: method not allowed; this path takes %s (see docs/api.md)", req.Method, path, w.Allow)
	return w
}
