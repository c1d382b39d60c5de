package web

import (
	_ "embed"
	"html/template"
	"net/http"
)

// The page: assets/serve.html with the stylesheet and the script written
// into it, so that it loads nothing else. The script builds the board as
// div.cell elements with data-r, data-c and data-state (closed, flag, mine,
// boom, wrongflag or open, the text then the hint) and adds the class rec
// to the recommended cell; tests read the page through them.
var (
	//go:embed assets/serve.html
	pageHTML string
	//go:embed assets/serve.css
	pageCSS string
	//go:embed assets/serve.js
	pageJS string

	pageTemplate = template.Must(template.New("serve").Parse(pageHTML))
)

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
	pageTemplate.Execute(w, struct {
		CSS template.CSS
		JS  template.JS
	}{template.CSS(pageCSS), template.JS(pageJS)})
}
