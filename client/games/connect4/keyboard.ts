// Connect Four by keyboard and screen reader. The grid is one tab stop (a roving tabindex
// over the column buttons): ← → Home End move between columns, 1–7 jump to one, Enter or
// Space drops a disc there. A column stays focusable while it cannot take a disc
// (aria-disabled, not disabled) so the cursor never vanishes when the turn passes. What
// happened is said through the page's live region (client/ui/announce.ts): whose turn it is
// and where each disc landed. Which columns are open is the rules' (common/connect4).
import { COLS, ROWS } from "../../../common/connect4/index";
import { announce } from "../../ui/announce";

/** Where the disc that turned `before` into `after` landed ({row, col, seat}), or null. */
export function newDisc(before: ArrayLike<number>, after: ArrayLike<number>): { row: number; col: number; seat: number } | null {
  if (before.length !== after.length) return null;
  for (let i = 0; i < after.length; i++) {
    if (before[i] < 0 && after[i] >= 0) return { row: Math.floor(i / COLS), col: i % COLS, seat: after[i] };
  }
  return null;
}

/** "Ann dropped a red disc in column 4 (row 2 of 6)." */
export function discWords(who: string, colour: string, col: number, row: number): string {
  return `${who} dropped a ${colour} disc in column ${col + 1} (row ${row + 1} of ${ROWS}).`;
}

export const HOW_TO_PLAY = "Your turn: choose a column with the arrow keys or 1 to 7, then press Enter.";

/**
 * Keys over the column buttons. `open(col)` says whether a disc may go there now;
 * `drop(col)` sends it. Returns a detach function.
 */
export function attachColumnKeys(grid: HTMLElement, buttons: HTMLButtonElement[], open: (col: number) => boolean, drop: (col: number) => void): () => void {
  let cursor = Math.floor(COLS / 2);
  const focus = (col: number) => {
    cursor = Math.max(0, Math.min(COLS - 1, col));
    buttons.forEach((b, i) => (b.tabIndex = i === cursor ? 0 : -1));
    buttons[cursor].focus();
  };
  buttons.forEach((b, i) => (b.tabIndex = i === cursor ? 0 : -1));
  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    let col: number | null = null;
    if (e.key === "ArrowLeft") col = cursor - 1;
    else if (e.key === "ArrowRight") col = cursor + 1;
    else if (e.key === "Home") col = 0;
    else if (e.key === "End") col = COLS - 1;
    else if (/^[1-9]$/.test(e.key) && Number(e.key) <= COLS) col = Number(e.key) - 1;
    if (col !== null) {
      e.preventDefault();
      focus(col);
    }
  };
  // Enter and Space are the buttons' own: they click, like a mouse or a tap.
  const onClick = (e: MouseEvent) => {
    const col = buttons.indexOf((e.target as HTMLElement).closest("button") as HTMLButtonElement);
    if (col < 0) return;
    cursor = col;
    buttons.forEach((b, j) => (b.tabIndex = j === col ? 0 : -1));
    if (open(col)) drop(col);
    else announce(`Column ${col + 1} cannot take a disc now.`, "assertive");
  };
  grid.addEventListener("keydown", onKey);
  grid.addEventListener("click", onClick);
  return () => {
    grid.removeEventListener("keydown", onKey);
    grid.removeEventListener("click", onClick);
  };
}
