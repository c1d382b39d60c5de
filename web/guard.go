package web

import (
	"mime"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
)

// The headers every response carries. The page sets a fuller
// Content-Security-Policy of its own (it runs its inline script); the API
// answers only JSON, which needs nothing.
var securityHeaders = [][2]string{
	{"Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"},
	{"X-Frame-Options", "DENY"},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "no-referrer"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
	{"Cross-Origin-Resource-Policy", "same-origin"},
}

// methods are the methods the API knows of; the others get 405 everywhere.
var methods = []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodDelete}

// guard wraps the routes with the checks every request passes before any
// handler runs, in this order, the cheap refusals first:
//
//   - the security headers are set on every response;
//   - the Host must name this server (allowedHost), else 403: a page of
//     another site that a DNS rebinding points at 127.0.0.1 sends its own
//     name;
//   - a request that changes state (any method but GET, HEAD and OPTIONS)
//     must come from the page itself, else 403: http.CrossOriginProtection
//     accepts Sec-Fetch-Site same-origin or none, or an Origin whose host
//     is the Host, or neither header (a program, not a browser);
//   - a POST, and any request with a body, must say Content-Type
//     application/json (charset utf-8 if one is named), else 415;
//   - the body is read whole (readBody), else 413, 408 or 400;
//   - at most Config.MaxRequests requests are served at once, else 503.
//
// A request is admitted (takes one of the MaxRequests slots) only once its
// body has arrived: a slow upload holds its own connection, for at most
// ReadTimeout, and no slot that others need.
//
// Wrong methods get 405 with an Allow header from the mux (see
// Server.notFound).
func (s *Server) guard(next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, CodeCrossOrigin, "cross-origin %s refused: a request that changes state must come from this server's own page (Origin %q, Sec-Fetch-Site %q)",
			r.Method, r.Header.Get("Origin"), r.Header.Get("Sec-Fetch-Site"))
	}))
	checked := cop.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if (r.Method == http.MethodPost || hasBody(r)) && !isJSON(r.Header.Get("Content-Type")) {
			writeError(w, CodeNotJSON, "Content-Type %q: a request body must be application/json", r.Header.Get("Content-Type"))
			return
		}
		if !s.readBody(w, r) {
			return
		}
		select {
		case s.requests <- struct{}{}:
			defer func() { <-s.requests }()
		default:
			writeError(w, CodeBusy, "server busy: %d requests in progress", s.cfg.MaxRequests)
			return
		}
		next.ServeHTTP(w, r)
	}))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, kv := range securityHeaders {
			h.Set(kv[0], kv[1])
		}
		if !s.allowedHost(r.Host) {
			writeError(w, CodeForbiddenHost, "Host %q is not this server's: it answers to localhost, loopback addresses and its listen address (start it with --allow-host NAME to add a name)", r.Host)
			return
		}
		checked.ServeHTTP(w, r)
	})
}

// hasBody reports whether r comes with a body.
func hasBody(r *http.Request) bool {
	return r.ContentLength > 0 || r.ContentLength < 0 && r.Body != nil && r.Body != http.NoBody
}

// isJSON reports whether a Content-Type names JSON: application/json, with
// no charset or utf-8.
func isJSON(contentType string) bool {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "application/json" {
		return false
	}
	cs, ok := params["charset"]
	return !ok || strings.EqualFold(cs, "utf-8")
}

// allowedHost reports whether a request's Host header names this server:
// localhost or a name under .localhost, a loopback address, or one of
// Config.Hosts (the listen address and the names allowed by --allow-host).
// Any port is accepted: the listener decides the port.
func (s *Server) allowedHost(host string) bool {
	name := host
	if h, port, err := net.SplitHostPort(host); err == nil {
		if _, err := strconv.ParseUint(port, 10, 16); err != nil {
			return false
		}
		name = h
	}
	name = strings.TrimSuffix(strings.ToLower(strings.Trim(name, "[]")), ".")
	if name == "" {
		return false
	}
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	if ip := net.ParseIP(name); ip != nil && ip.IsLoopback() {
		return true
	}
	return slices.ContainsFunc(s.cfg.Hosts, func(h string) bool {
		return strings.EqualFold(strings.TrimSuffix(strings.Trim(h, "[]"), "."), name)
	})
}

// notFound answers a request no route takes: 405 with the Allow header
// when another method has a route at this path, else 404.
func (s *Server) notFound(mux *http.ServeMux) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var allow []string
		for _, m := range methods {
			r2 := r.Clone(r.Context())
			r2.Method = m
			if _, pattern := mux.Handler(r2); pattern != "" && pattern != "/" {
				allow = append(allow, m)
			}
		}
		if len(allow) > 0 {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeError(w, CodeMethodNotAllowed, "%s %s: method not allowed; this path takes %s (see docs/api.md)", r.Method, r.URL.Path, strings.Join(allow, ", "))
			return
		}
		writeError(w, CodeNotFound, "no endpoint %s %s (see docs/api.md)", r.Method, r.URL.Path)
	}
}
