package main

import "context"

// runPlay is a placeholder until the 'play' command lands.
func runPlay(ctx context.Context, args []string, io *stdio) error {
	return usageErrorf("play: not implemented yet")
}
