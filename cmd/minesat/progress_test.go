package main

import (
	"bytes"
	"strings"
	"sync"
	"testing"
)

// TestProgress checks that the bar draws only on a terminal, counts what
// concurrent workers add, and clears itself at the end.
func TestProgress(t *testing.T) {
	t.Run("not a terminal: silent", func(t *testing.T) {
		var errb bytes.Buffer
		p := newProgress(&stdio{err: &errb, errTTY: false}, 10, "games")
		if p != nil {
			t.Errorf("newProgress without a terminal = %v; want nil", p)
		}
		p.add(3) // a nil progress is usable and silent
		p.finish()
		if errb.Len() != 0 {
			t.Errorf("stderr got %q; want nothing", errb.String())
		}
	})
	t.Run("terminal: draws and clears", func(t *testing.T) {
		var errb syncBuffer
		p := newProgress(&stdio{err: &errb, errTTY: true}, 40, "games")
		if p == nil {
			t.Fatal("newProgress on a terminal = nil")
		}
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 10 {
					p.add(1)
				}
			}()
		}
		wg.Wait()
		if got := p.bar.State().CurrentNum; got != 40 {
			t.Errorf("count after 4 workers x 10 = %d; want 40", got)
		}
		p.finish()
		out := errb.String()
		if !strings.Contains(out, "games") || !strings.Contains(out, "/40") {
			t.Errorf("stderr %q; want the description and a count out of 40", out)
		}
		if !strings.HasSuffix(out, "\r") {
			t.Errorf("stderr ends %q; want the bar cleared with a final carriage return", out[max(0, len(out)-20):])
		}
	})
	t.Run("nothing to do: silent", func(t *testing.T) {
		var errb bytes.Buffer
		if p := newProgress(&stdio{err: &errb, errTTY: true}, 0, "games"); p != nil {
			t.Errorf("newProgress over 0 items = %v; want nil", p)
		}
	})
}

// syncBuffer is a bytes.Buffer safe for concurrent writers.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
