package main

import "context"

// runCompare is a placeholder until the 'compare' command lands.
func runCompare(ctx context.Context, args []string, io *stdio) error {
	return usageErrorf("compare: not implemented yet")
}
