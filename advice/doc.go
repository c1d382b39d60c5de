// Package advice answers a player's position: the move minesat would make
// there and why, with everything known of the closed cells. It is the
// front end of 'minesat analyze' and of the server's analysis: one
// exact.Analyzer report (the number of layouts, the forced cells, the
// probabilities, the dead cells, or the conflict), the agent's answer (its
// move and the pseudo 50/50s), and their JSON form, Advice.
//
//	adv, err := advice.Advise(ctx, puzzle, agent.WithBudget(exact.Budget{MaxStates: 1 << 20}))
//	if err != nil { ... }
//	fmt.Println(adv.Move.Cell, adv.Move.Why, adv.Count)
package advice
