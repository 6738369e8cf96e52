// No-guess boards made before their move (issue 36): a Nightmare board took 836 ms and a
// 100 × 100 one with 2,500 mines 1,156 ms on the event loop of the room's process. The
// definitions name that work (`prepare`: the first reveal of a no-guess board, the race's
// go) and run it (`work`), so a room can have it done on a worker thread and then apply the
// move with the board (noGuess.ts, `noGuessBoardFor`). Pure: the board is what the rules
// would make from the same config, first cell and generator state.

import type { Preparation } from "../core/game.js";
import { createRng, type RngState } from "../core/rng.js";
import { noGuessKey, placeNoGuessMines, type NoGuessResult, type NoGuessTask } from "./noGuess.js";
import { chooseOpening, type RaceMove, type RaceState } from "./race.js";
import { FLAGGED, REVEALED, type MinesweeperMove, type MinesweeperState } from "./types.js";

/** What the players read while the board is made. */
export const MAKING_NO_GUESS_BOARD = "Making a board without guesses…";

/** Runs a board's task: the board and the generator state after it. */
export function noGuessWork(task: NoGuessTask): NoGuessResult {
  const rng = createRng(0);
  rng.setState(task.rng);
  const { rows, cols } = task.config;
  const startOf = task.fromOpening ? (m: Uint8Array) => chooseOpening(m, rows, cols, task.first) : undefined;
  const board = placeNoGuessMines(task.config, task.first, rng, startOf);
  return { ...board, rng: rng.getState() };
}

function preparation(task: NoGuessTask): Preparation {
  return { key: noGuessKey(task), task, words: MAKING_NO_GUESS_BOARD };
}

/** The first reveal of a no-guess board places its mines: that is the work (null for any other move). */
export function prepareReveal(s: MinesweeperState, move: MinesweeperMove, rng: RngState): Preparation | null {
  if (move?.type !== "reveal" || !s.config.noGuess || s.mines || s.phase === "won" || s.phase === "lost") return null;
  const { rows, cols } = s.config;
  const { r, c } = move;
  if (!Number.isInteger(r) || !Number.isInteger(c) || r < 0 || c < 0 || r >= rows || c >= cols) return null;
  const i = r * cols + c;
  // A reveal the rules refuse places nothing.
  if (s.status[i] === FLAGGED || s.status[i] === REVEALED) return null;
  return preparation({ config: s.config, first: i, rng, fromOpening: false });
}

/** The go of a no-guess race places the mines everyone races on, proven from its opening. */
export function prepareGo(s: RaceState, move: RaceMove, rng: RngState): Preparation | null {
  if (move?.type !== "go" || s.phase !== "waiting" || !s.config.noGuess) return null;
  const { rows, cols } = s.config;
  return preparation({ config: s.config, first: (rows >> 1) * cols + (cols >> 1), rng, fromOpening: true });
}
