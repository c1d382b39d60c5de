// Package advice answers a player's position: the move minesat would make
// there and why, with everything known of the closed cells. It is the
// front end of 'minesat analyze' and of the server's analysis: one
// exact.Analyzer report (the number of layouts, the forced cells, the
// probabilities, the dead cells, or the conflict), the agent's answer (its
// move and the pseudo 50/50s), and their JSON form, Advice. Asked with
// agent.WithThinkTime or agent.WithThink, a guess is raced for the game by
// the win-probability search, and the move reports each candidate's
// estimated chance to win with its 95% interval (Think).
//
//	adv, err := advice.Advise(ctx, puzzle, agent.WithBudget(exact.Budget{MaxStates: 1 << 20}))
//	if err != nil { ... }
//	fmt.Println(adv.Move.Cell, adv.Move.Why, adv.Count)
package advice
