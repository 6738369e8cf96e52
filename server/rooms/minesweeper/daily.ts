// Minesweeper's daily challenge (docs/tournaments.md, "Daily challenges"): the day's Intermediate
// board, solo, opened at its centre by the room. Cleared boards rank by time (faster first), above every board hit by a mine,
// which rank by the safe cells opened; a board left before the end ranks last.

import type { MinesweeperState as Board, MinesweeperConfig, MinesweeperMove } from "../../../common/minesweeper/index.js";
import { elapsedMs } from "../../../common/minesweeper/index.js";
import type { DailyRule } from "../game/parts.js";

/** A cleared board's score: this less its time in ms (no day's game lasts 11 days). */
const CLEARED = 1e9;

export const minesweeperDaily: DailyRule<Board, MinesweeperMove, MinesweeperConfig> = {
  options: { mode: "solo", level: "intermediate" },
  // Mines are placed at the first click (first-click safety): the room opens the centre for
  // everyone, so the day's board is one board, not one per first cell.
  opening: (board) => (board.phase === "fresh" ? { type: "reveal", r: board.config.rows >> 1, c: board.config.cols >> 1 } : null),
  score(info) {
    const board = info.state;
    if (info.result !== "abandoned" && board.phase === "won") {
      const ms = elapsedMs(board);
      return { score: CLEARED - ms, text: `Cleared in ${(ms / 1000).toFixed(1)} s` };
    }
    if (info.result !== "abandoned" && board.phase === "lost") return { score: board.revealedCount, text: `Hit a mine after ${board.revealedCount} safe cells` };
    return { score: -1, text: "Left before the end" };
  },
};
