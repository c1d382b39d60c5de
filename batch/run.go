package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/game"
)

// MaxWorkers bounds Options.Workers: each worker holds an agent or two
// and their solvers (about a megabyte each on expert), and more workers
// than cores only cost memory.
const MaxWorkers = 256

// Options says how Run plays; none of it changes the results.
type Options struct {
	// Workers plays this many games in parallel, 1 to MaxWorkers; 0 means 1.
	Workers int
	// Progress, if not nil, is called after every game finished with the
	// number finished so far, from one goroutine at a time.
	Progress func(finished int)
	// Records, if not nil, receives one JSON line per game counted (a
	// game.RecordLine), in game order. Paired play writes no records.
	Records io.Writer
	// Each, if not nil, is called with every game counted, in game order,
	// from one goroutine at a time: its index and the player's result (the
	// first player's, in paired play).
	Each func(i int, res agent.Result)
}

// Shard returns the games of shard k of n of a run of games games:
// games from..to-1, where from = k*games/n and to = (k+1)*games/n. The n
// shards are contiguous, in order, cover every game once, and differ in
// size by at most one. It panics unless 0 <= k < n and games >= 0.
func Shard(k, n, games int) (from, to int) {
	if k < 0 || k >= n || games < 0 {
		panic(fmt.Sprintf("batch: shard %d of %d of %d games", k, n, games))
	}
	return k * games / n, (k + 1) * games / n
}

// window is how many games Run hands out beyond the first one not yet
// finished, per worker: it bounds the finished games held back to keep
// the records in order.
const window = 16

// Run plays games from..to-1 of c on opt.Workers workers and returns
// their summary. Game i is played from the seed game.GameSeed(c.Seed, i)
// by an agent whose random choices come from that seed, so the summary and
// the records do not depend on the workers.
//
// Cancelling ctx stops Run promptly: the games in progress are abandoned.
// Run then returns the summary of the games finished without a gap from
// the first, [from, To), with To short of to, and ctx's error; the games
// finished after a gap are dropped from both the summary and the records,
// so that the summary's range is exactly the games counted and written.
// The records written are whole lines. Any other error (a bad
// configuration, a game that fails, a record that cannot be written)
// returns a zero Summary with it.
func Run(ctx context.Context, c Config, from, to int, opt Options) (Summary, error) {
	p, err := c.plan()
	if err != nil {
		return Summary{}, fmt.Errorf("batch: %w", err)
	}
	switch {
	case from < 0 || to < from:
		return Summary{}, fmt.Errorf("batch: games %d to %d: want 0 <= from <= to", from, to)
	case opt.Workers < 0 || opt.Workers > MaxWorkers:
		return Summary{}, fmt.Errorf("batch: %d workers: want 1 to %d", opt.Workers, MaxWorkers)
	case c.Vs != nil && opt.Records != nil:
		return Summary{}, errors.New("batch: paired play writes no records")
	}
	s := Summary{Level: c.Level, Rules: p.rules, First: p.firstName(), Agent: c.Agent, Seed: c.Seed, From: from, To: from}
	if c.Vs != nil {
		vs := *c.Vs
		s.Vs = &vs
	}
	if err := ctx.Err(); err != nil {
		return s, err
	}
	workers := min(max(opt.Workers, 1), to-from)
	if workers == 0 {
		return s, nil
	}
	var rw *game.RecordWriter
	if opt.Records != nil {
		rw = game.NewRecordWriter(opt.Records)
		p.opts = append(p.opts, agent.WithMoves())
	}
	players := make([]player, workers)
	for w := range players {
		if players[w].a, err = agent.New(p.opts...); err != nil {
			return Summary{}, fmt.Errorf("batch: %w", err)
		}
		if c.Vs != nil {
			if players[w].b, err = agent.New(p.vsOpts...); err != nil {
				return Summary{}, fmt.Errorf("batch: %w", err)
			}
		}
	}
	err = run(ctx, c, p.rules, from, to, players, rw != nil, func(r result) error {
		s.To++
		s.Base.add(r.res)
		if opt.Each != nil {
			opt.Each(r.i, r.res)
		}
		if r.vs != nil {
			s.VsTally.add(*r.vs)
			s.Paired.addResults(r.res, *r.vs)
		}
		if rw != nil {
			return rw.WriteLine(r.record)
		}
		return nil
	}, opt.Progress)
	if rw != nil {
		if ferr := rw.Flush(); ferr != nil && err == nil {
			err = ferr
		}
	}
	switch {
	case err == nil:
		return s, nil
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return s, err
	}
	return Summary{}, err
}

// player is one worker's agents: a, and b for paired play.
type player struct{ a, b *agent.Agent }

// result is one game played.
type result struct {
	i      int
	res    agent.Result
	vs     *agent.Result    // paired play: the second player's result
	record *game.RecordLine // nil unless records are written
	err    error
}

// run plays games from..to-1 on the players, one goroutine each, and hands
// their results to count in game order, from this goroutine. It stops at
// the first error (of a game, of count, or ctx's) and returns it; the
// results after it, and after a gap, are not counted.
func run(ctx context.Context, c Config, rules game.Rules, from, to int, players []player, records bool,
	count func(result) error, progress func(int)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan result)
	// tokens bounds the games handed out beyond the next one to count.
	tokens := make(chan struct{}, window*len(players))
	var wg sync.WaitGroup
	for _, pl := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				var r result
				if pl.b == nil {
					r = playOne(ctx, pl.a, c, rules, i, records)
				} else {
					r = playPair(ctx, pl.a, pl.b, c, rules, i)
				}
				select {
				case results <- r:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := from; i < to; i++ {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return
			}
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() {
		wg.Wait()
		close(results)
	}()
	pending := map[int]result{}
	next, finished := from, 0
	var err error
	for r := range results {
		if err != nil {
			continue // drain
		}
		if r.err != nil {
			err = r.err
			cancel()
			continue
		}
		finished++
		if progress != nil {
			progress(finished)
		}
		pending[r.i] = r
		for ; err == nil; next++ {
			r, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			<-tokens
			if err = count(r); err != nil {
				cancel()
			}
		}
	}
	if err == nil && next < to {
		err = ctx.Err()
	}
	if err == nil && next < to {
		err = context.Canceled // not reached: the workers stop only when cancelled
	}
	return err
}

// playOne plays game i of c with a, its move list kept for the record if
// records.
func playOne(ctx context.Context, a *agent.Agent, c Config, rules game.Rules, i int, records bool) result {
	g, err := game.New(c.Level, rules, game.GameSeed(c.Seed, i))
	if err != nil {
		return result{i: i, err: fmt.Errorf("batch: %w", err)}
	}
	res, err := a.Play(ctx, g)
	if err != nil {
		if ctx.Err() != nil {
			return result{i: i, err: ctx.Err()}
		}
		return result{i: i, err: fmt.Errorf("batch: %s game %d (seed %d): %w", c.Level.Name, i, g.Seed(), err)}
	}
	out := result{i: i, res: res}
	if records {
		out.record = agent.NewRecordLine(g, res)
	}
	return out
}

// playPair plays game i of c with the player a and the second player b, on
// the same layout. They take turns to go first, game by game: whoever plays
// second meets a warmer machine (caches and branch predictors trained by
// the first), so alternating keeps the time ratio fair.
func playPair(ctx context.Context, a, b *agent.Agent, c Config, rules game.Rules, i int) result {
	var base, vs result
	if i%2 == 0 {
		base = playOne(ctx, a, c, rules, i, false)
		vs = playOne(ctx, b, c, rules, i, false)
	} else {
		vs = playOne(ctx, b, c, rules, i, false)
		base = playOne(ctx, a, c, rules, i, false)
	}
	if base.err == nil {
		base.vs, base.err = &vs.res, vs.err
	}
	return base
}
