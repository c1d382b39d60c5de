package main

import "context"

// runGen is a placeholder until the 'gen' command lands.
func runGen(ctx context.Context, args []string, io *stdio) error {
	return usageErrorf("gen: not implemented yet")
}
