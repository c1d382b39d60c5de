package web

import (
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
)

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
