package browsertest

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// Requests records the URL of every request a tab sends (RecordRequests).
// Check, called at the end of a test, fails it when the tab sent none (the
// listener would not be working) or sent one outside base, a page's own
// origin ("http://127.0.0.1:1234"): a page must load nothing from
// elsewhere.
type Requests struct {
	mu   sync.Mutex
	urls []string
}

// RecordRequests starts recording the requests of ctx's tab.
func RecordRequests(t *testing.T, ctx context.Context) *Requests {
	t.Helper()
	r := &Requests{}
	err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			r.mu.Lock()
			r.urls = append(r.urls, e.Request.URL)
			r.mu.Unlock()
		}
	})
	if err != nil {
		t.Fatalf("listening to the tab's requests: %v", err)
	}
	return r
}

// Check fails t for a request outside base, or for no request at all.
func (r *Requests) Check(t *testing.T, base string) {
	t.Helper()
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.urls) == 0 {
		t.Error("saw no request at all; the network listener is not working")
	}
	for _, u := range r.urls {
		if !strings.HasPrefix(u, base+"/") {
			t.Errorf("the page requested %s; want only %s's own", u, base)
		}
	}
}
