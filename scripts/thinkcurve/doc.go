// Thinkcurve reads the runs of the think curve (minesat play --think B,
// each paired with the default player on the same games) from one
// directory, and writes what they say: the block of docs/results.md
// between <!-- numbers:thinkcurve:begin ... --> and
// <!-- numbers:thinkcurve:end -->, and the plot of the curve.
//
//	go run ./scripts/thinkcurve -dir DIR                     # print the block
//	go run ./scripts/thinkcurve -dir DIR -plot docs/think-curve.png -update docs/results.md
//
// A run is named LEVEL-RULES-sSEED-gGAMES-default or LEVEL-RULES-sSEED-gGAMES-thinkB
// and is the command
//
//	minesat play --level LEVEL --rules RULES --seed SEED --games GAMES [--think B --record NAME.jsonl.gz] --outcomes NAME.txt
//
// timed by /usr/bin/time -f "%U %S %e" -o NAME.time. Its files in DIR:
// NAME.txt, each game's outcome (a minesat.reference/1 file, read with
// batch.ReadReference); NAME.jsonl.gz, a think run's game records, one a
// game in game order; NAME.time; NAME.out, the summary play printed, whose
// last line names the workers; and NAME.done, written when the run
// finished. Runs without NAME.done are left out, and named on stderr.
// DIR/commit.txt, if present, names the commit of the binary that played.
//
// Each think run is paired with the default run of the same level, rules,
// seed and first click that played the most of its games (a think run
// whose games a larger one of the same budget played is left out, named on
// stderr, so that no game counts twice), on the games
// both played: the counts of games both won, one alone, neither; each
// player's win rate with its 95% Wilson interval; think - default in
// points with its 95% interval and McNemar's z (batch.PairedTally); and the
// CPU milliseconds a game of each, user + system over the whole run. The
// reference files of -refs that hold the same games are paired with both;
// the default, testdata/reference (D. Hill's solver on expert, safe, seeds
// 1 and 2), is found from the checkout's root, where the commands above
// run.
//
// Where the extra wins come from: the search draws nothing from the
// game's random source, so a think game goes on as the default's until the
// search plays another cell than the guesser's choice (the first of a
// guess's "think" estimates). Each game one player alone won is counted at
// the phase of its first such replaced guess, found by replaying its
// record on its layout with package game: before the first opening (no
// revealed 0 yet), endgame (at most a fifth of the mines not flagged), or
// mid-game. The guesses searched and replaced are counted by phase over
// all paired games, and a game one player alone won with no replaced
// guess, which should not exist, is named.
//
// The plot (package plot's Gains) draws, for each level under rules safe,
// a panel of think - default against the CPU time a game on a log scale,
// the seeds of a budget pooled, from the default's point at no gain.
package main
