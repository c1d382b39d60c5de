package main

import "context"

// runSolve is a placeholder until the 'solve' command lands.
func runSolve(ctx context.Context, args []string, io *stdio) error {
	return usageErrorf("solve: not implemented yet")
}
