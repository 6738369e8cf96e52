// Sentences the Minesweeper screens share (the board, the result card, the race).

/** The offline route's suffix for a no-guess board (#/offline/expert-noguess). */
export const NO_GUESS_ROUTE = "-noguess";

/** Said when the no-guess generator fell back to an ordinary board (common/minesweeper/noGuess.ts). */
export const NO_GUESS_FALLBACK = "No guess-free board could be made this time, so this is an ordinary board: it may need a guess, and it does not rank with the no-guess times.";

/** " 2 flags were on safe cells (crossed out on the board)." — or "" when every flag was right. */
export function wrongFlagsText(n: unknown): string {
  if (typeof n !== "number" || n <= 0) return "";
  return n === 1 ? " One flag was on a safe cell (crossed out on the board)." : ` ${n} flags were on safe cells (crossed out on the board).`;
}
