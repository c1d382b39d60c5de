package main

import "context"

// runReplay is a placeholder until the 'replay' command lands.
func runReplay(ctx context.Context, args []string, io *stdio) error {
	return usageErrorf("replay: not implemented yet")
}
