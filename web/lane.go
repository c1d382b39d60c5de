package web

import (
	"context"

	"github.com/minesat/minesat/web/api"
)

// lane is a pool of analysis slots and the queue in front of it. The
// server has two: small positions' and large ones' (Config.SmallCells),
// so that the analysis of a small position never waits for a large one,
// nor is refused because large ones fill the server.
type lane struct {
	name  string        // "small" or "large", for the messages
	slots chan struct{} // one token per analysis running
	queue chan struct{} // one token per request running or waiting for a slot
}

// newLane returns a lane of workers slots and up to waiting requests
// waiting for one.
func newLane(name string, workers, waiting int) *lane {
	return &lane{name: name, slots: make(chan struct{}, workers), queue: make(chan struct{}, workers+waiting)}
}

// idle reports whether no request runs or waits in l.
func (l *lane) idle() bool { return len(l.slots) == 0 && len(l.queue) == 0 }

// enter takes one of l's slots, waiting until ctx ends at most; release
// gives it back. It refuses with busy at once when the queue is full: a
// crowd cannot hold every connection the others need.
func (l *lane) enter(ctx context.Context) (release func(), err error) {
	select {
	case l.queue <- struct{}{}:
	default:
		return nil, api.Refuse(CodeBusy, "server busy: %d analyses of %s positions running and %d waiting", cap(l.slots), l.name, cap(l.queue)-cap(l.slots))
	}
	select {
	case l.slots <- struct{}{}:
		return func() { <-l.slots; <-l.queue }, nil
	case <-ctx.Done():
		<-l.queue
		return nil, api.Refuse(CodeBusy, "server busy: no slot for the analysis of a %s position came free in time", l.name)
	}
}

// admit admits work (api.Config.Admit) once it takes an analysis slot in
// the lane of its cost: the small lane when cost, the closed cells of the
// position to analyse, is at most SmallCells, else the large one (a
// no-guess board's cost, and a think's, is api.LargeCost). release gives
// the slot back.
// The error is busy when no slot frees up before ctx, the request's
// bounded by Timeout, ends, or at once when the lane's Workers (or
// SmallWorkers) and MaxQueue requests already run or wait.
func (s *Server) admit(ctx context.Context, cost int) (release func(), err error) {
	l := s.large
	if cost <= s.cfg.SmallCells {
		l = s.small
	}
	return l.enter(ctx)
}
