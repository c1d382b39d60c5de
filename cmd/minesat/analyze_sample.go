package main

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/minesat/minesat/advice"
	"github.com/minesat/minesat/exact"
	"github.com/minesat/minesat/game"
)

// sampleStream is the second PCG word of analyze --sample's generator, so
// that --seed alone fixes the layouts drawn.
const sampleStream = 0x73616d706c65

// maxSamples bounds --sample: each layout is printed whole.
const maxSamples = 100000

// samples are the layouts analyze --sample draws, as printed.
type samples struct {
	Seed    uint64     `json:"seed"`
	Layouts [][][2]int `json:"layouts"` // each layout's mines, flags included, row-major
}

// drawSamples draws n layouts of p uniformly from its solutions with the
// generator seeded by seed (exact.Sampler), within budget. A position
// with no solution has none to draw: nil, nil.
func drawSamples(ctx context.Context, p *game.Puzzle, n int, seed uint64, budget exact.Budget) (*samples, error) {
	a, err := exact.Analyze(ctx, p, budget)
	if err != nil {
		return nil, err
	}
	if !a.Satisfiable() {
		return nil, nil
	}
	s, err := a.Sampler(ctx)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, sampleStream))
	out := &samples{Seed: seed, Layouts: make([][][2]int, 0, n)}
	var layout []int
	for range n {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		layout = s.Draw(rng, layout)
		cells := make([][2]int, len(layout))
		for k, i := range layout {
			cells[k] = p.Board.Pos(i).Pair()
		}
		out.Layouts = append(out.Layouts, cells)
	}
	return out, nil
}

// adviceWithSamples is analyze's JSON object: the advice's keys, and
// "samples" when --sample asked for layouts.
type adviceWithSamples struct {
	*advice.Advice
	Samples *samples `json:"samples,omitempty"`
}

// checkSampleFlags checks --sample.
func checkSampleFlags(n int) error {
	if n < 0 || n > maxSamples {
		return fmt.Errorf("--sample %d: want 0 to %d layouts", n, maxSamples)
	}
	return nil
}
