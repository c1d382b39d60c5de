package main

import (
	"flag"
	"io"
	"strings"

	"github.com/minesat/minesat/agent"
)

// checkVsFlag reads 'play --vs FLAGS', s, when the command line set it
// (set["vs"]): the second player, and its flags as given.
func checkVsFlag(cfg *playConfig, s string, set map[string]bool) error {
	if !set["vs"] {
		return nil
	}
	vs, err := parseVs(*cfg, s)
	if err != nil {
		return err
	}
	cfg.vs, cfg.vsArgs = vs, strings.Join(strings.Fields(s), " ")
	return nil
}

// parseVs returns the second player of 'play --vs': base's agent flags
// (addAgentFlags) with those in s changed. The level, rules, first click
// and seeds stay the base's, so that both players meet the same layouts. It
// rejects any other flag, and the output flags that follow one player
// (--record, --trace, --plot).
func parseVs(base playConfig, s string) (*agent.Config, error) {
	args := strings.Fields(s)
	if len(args) == 0 {
		return nil, usageErrorf(`play: --vs: no flags: give the agent flags the second player changes, e.g. --vs "--strategy fast"`)
	}
	switch {
	case base.record != "":
		return nil, usageErrorf("play: --record writes one player's games; drop --vs or --record")
	case base.trace:
		return nil, usageErrorf("play: --trace follows one player; drop --vs or --trace")
	case base.plot != "":
		return nil, usageErrorf("play: --plot draws one player's win rates; drop --vs or --plot")
	}
	vs := base.agent
	fs := flag.NewFlagSet("play --vs", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	addAgentFlags(fs, &vs, base.agent)
	addThinkFlag(fs, &vs, base.agent)
	if err := parseFlagList(fs, args); err != nil {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, "--"+f.Name) })
		return nil, usageErrorf("play: --vs: %w (--vs changes only the agent flags %s)", err, strings.Join(names, ", "))
	}
	if fs.NArg() > 0 {
		return nil, usageErrorf("play: --vs: unexpected argument %q", fs.Arg(0))
	}
	if _, err := checkAgentFlags(vs, setFlags(fs)); err != nil {
		return nil, usageErrorf("play: --vs: %w", err)
	}
	return &vs, nil
}
