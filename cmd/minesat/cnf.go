package main

import "context"

// runCNF is a placeholder until the 'cnf' command lands.
func runCNF(ctx context.Context, args []string, io *stdio) error {
	return usageErrorf("cnf: not implemented yet")
}
