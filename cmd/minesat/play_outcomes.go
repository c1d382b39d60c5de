package main

import (
	"fmt"
	"runtime/debug"

	"github.com/minesat/minesat/agent"
	"github.com/minesat/minesat/batch"
	"github.com/minesat/minesat/game"
)

// checkOutcomesFlag checks 'play --outcomes': the file holds the games of
// one level, of a run of many games.
func checkOutcomesFlag(cfg playConfig) error {
	if cfg.outcomes == "" {
		return nil
	}
	switch {
	case len(cfg.levels) != 1:
		return usageErrorf("play: --outcomes holds the games of one level; give one --level")
	case cfg.trace:
		return usageErrorf("play: --trace follows one game; drop --outcomes")
	}
	return nil
}

// outcomes is the file of 'play --outcomes' being written: each game's
// outcome, in game order, as a reference file (minesat.reference/1) that a
// later run pairs with by --against. Its methods do nothing on a nil
// outcomes (no --outcomes).
type outcomes struct {
	name string
	w    *batch.ReferenceWriter
}

// newOutcomes writes the header of the file of --outcomes, out, for the
// run c plans. It returns nil without --outcomes (out nil).
func newOutcomes(cfg playConfig, c batch.Config, out *outFile) *outcomes {
	if out == nil {
		return nil
	}
	rules, first, _ := c.Resolve() // checked by planPlay
	player := "minesat, strategy " + string(cfg.agent.Strategy)
	switch {
	case cfg.agent.NoGuess:
		player += ", no guessing"
	case cfg.agent.Guesses():
		player += ", " + cfg.agent.GuesserName()
	}
	ref := &batch.Reference{Player: player, Level: c.Level, Rules: rules, First: first, Seed: c.Seed, From: cfg.shard.From}
	comment := fmt.Sprintf("minesat play%s, %s: each game's outcome", buildRevision(), batch.GameRange(cfg.shard.From, cfg.shard.To))
	if cfg.vs != nil {
		comment += " (the first player's, without --vs)"
	}
	return &outcomes{cfg.outcomes, batch.NewReferenceWriter(out, ref, comment)}
}

// add writes the next game's outcome, res's.
func (o *outcomes) add(res agent.Result) {
	if o != nil {
		o.w.Add(res.Outcome == game.Won)
	}
}

// close ends the file.
func (o *outcomes) close() error {
	if o == nil {
		return nil
	}
	if err := o.w.Close(); err != nil {
		return fmt.Errorf("play: %s: %w", o.name, err)
	}
	return nil
}

// buildRevision returns " at revision R" for a binary built from a
// version-controlled checkout (" at revision R with local changes" when
// its tree had any), and "" for one built without that information.
func buildRevision() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	rev, modified := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	switch {
	case rev == "":
		return ""
	case modified:
		return " at revision " + rev + " with local changes"
	}
	return " at revision " + rev
}
