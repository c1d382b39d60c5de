// Package game holds Minesweeper itself: board geometry, cells, levels, the
// rules for the start of a game, seeded generation, play, puzzle files and game
// records.
//
// The model: a board of Rows x Cols cells, addressed by Pos{Row, Col} (0-based)
// or by the row-major index Row*Cols+Col. A cell is Unknown, Revealed (showing a
// hint 0..8, the number of mines among its neighbours) or Flagged (a mine the
// player has marked). Nothing in this package prints; rendering and tracing
// belong to callers.
//
// Puzzle files come in two forms, told apart by ParsePuzzle: the integer
// format of the course assignments minesat started from ("rows cols mines" and one integer per cell, F for a flag, ? for
// an unknown total) and the character grid players paste (ParseGrid,
// WriteGrid). A Puzzle's Mines may be UnknownMines.
//
// Game records are JSON Lines, one game a line (docs/formats.md):
// RecordWriter writes them, RecordReader reads them one at a time,
// VerifyRecord replays one against its own mines, and VerifyRecords streams
// a whole file through both, selecting games, counting them won, lost,
// stuck or invalid, and naming the point where a torn file stops.
package game
