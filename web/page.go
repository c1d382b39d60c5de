package web

import (
	"embed"
	"html/template"
	"io"
	"net/http"
)

// assets holds the package's two pages, serve's and the replay page: for
// each NAME, NAME.html (an html/template), NAME.css and NAME.js.
//
//go:embed assets
var assets embed.FS

// page is one page of assets: its template with the stylesheet and the
// script written into it, so that it loads nothing else.
type page struct {
	tmpl *template.Template
	css  template.CSS
	js   template.JS
}

// pageData is what a page's template renders: the page's .Title, .CSS and
// .JS, and .Data written into its script as JSON.
type pageData struct {
	Title string
	CSS   template.CSS
	JS    template.JS
	Data  any
}

// mustPage reads page name from assets; it panics when one of its files is
// missing or the template does not parse, which the tests catch.
func mustPage(name string) page {
	read := func(ext string) string {
		b, err := assets.ReadFile("assets/" + name + ext)
		if err != nil {
			panic(err)
		}
		return string(b)
	}
	return page{tmpl: template.Must(template.New(name).Parse(read(".html"))),
		css: template.CSS(read(".css")), js: template.JS(read(".js"))}
}

// execute writes the page with title and data.
func (p page) execute(w io.Writer, title string, data any) error {
	return p.tmpl.Execute(w, pageData{Title: title, CSS: p.css, JS: p.js, Data: data})
}

// servePage is the page of 'minesat serve'. Its script builds the board as
// div.cell elements with data-r, data-c and data-state (closed, flag, mine,
// boom, wrongflag or open, the text then the hint) and adds the class rec
// to the recommended cell; tests read the page through them.
var servePage = mustPage("serve")

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
	servePage.execute(w, "", nil)
}
