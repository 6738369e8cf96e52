// Minesweeper for keyboard and screen-reader players: the board is a Pixi canvas, so what
// the keyboard cursor is on, and what a reveal, flag or chord did, is said in words through
// the page's live region (client/ui/announce.ts). The scene tells this module where the
// cursor went and what was asked; the words come once the server's (or the local game's)
// cells arrive. Nothing here decides a rule: it only reads cell codes.
import { CELL } from "../../../common/minesweeper/types";
import { announce } from "../../ui/announce";

export type KeyAction = "up" | "down" | "left" | "right" | "primary" | "flag" | "chord";

/** A cell's contents in words. */
export function cellWords(code: number): string {
  if (code === 0) return "empty";
  if (code >= 1 && code <= 8) return `${code} ${code === 1 ? "mine" : "mines"} around`;
  switch (code) {
    case CELL.HIDDEN:
      return "hidden";
    case CELL.FLAG:
      return "flagged";
    case CELL.MINE:
      return "a mine";
    case CELL.WRONG_FLAG:
      return "wrong flag, no mine here";
    case CELL.HIT_MINE:
      return "the mine that went off";
    case CELL.FLAGGED_MINE:
      return "flagged mine";
    default:
      return "unknown";
  }
}

export function cellName(r: number, c: number): string {
  return `Row ${r + 1}, column ${c + 1}`;
}

const hiddenCount = (cells: ArrayLike<number>) => {
  let n = 0;
  for (let i = 0; i < cells.length; i++) if (cells[i] === CELL.HIDDEN) n++;
  return n;
};

/**
 * Speaks for the keyboard cursor. `moved` after an arrow key; `acted` after Enter / F / C
 * (it remembers the cell and how many were hidden); `cellsChanged` whenever cells arrive:
 * the first change after an action is described once ("Revealed 12 cells. Row 4, column
 * 5: empty.").
 */
export class KeyboardVoice {
  private pending: { i: number; r: number; c: number; action: KeyAction; code: number; hidden: number } | null = null;
  private queued = false;

  constructor(
    private readonly cells: () => ArrayLike<number>,
    private readonly say: (text: string) => void = (t) => announce(t),
  ) {}

  moved(r: number, c: number, cols: number): void {
    this.say(`${cellName(r, c)}: ${cellWords(this.cells()[r * cols + c])}.`);
  }

  acted(action: KeyAction, r: number, c: number, cols: number, allowed: boolean): void {
    const i = r * cols + c;
    const code = this.cells()[i];
    if (!allowed) {
      this.say("You cannot play on this board now.");
      return;
    }
    this.pending = { i, r, c, action, code, hidden: hiddenCount(this.cells()) };
  }

  /** The key asked for nothing the board could do here (the scene sent no move): say why in words. */
  unanswered(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    const where = `${cellName(p.r, p.c)} is ${cellWords(p.code)}`;
    if (p.code >= 1 && p.code <= 8) this.say(`${where}: nothing to open. Flag its ${p.code === 1 ? "mine" : `${p.code} mines`} first, then Enter or C opens the rest around it.`);
    else if (p.action === "flag") this.say(`${where}: only a hidden cell takes a flag.`);
    else this.say(`${where}: nothing to reveal.`);
  }

  /** Cells arrived (any number at once): describe the pending action's outcome once. */
  cellsChanged(): void {
    if (!this.pending || this.queued) return;
    this.queued = true;
    queueMicrotask(() => {
      this.queued = false;
      const p = this.pending;
      if (!p) return;
      const cells = this.cells();
      const now = cells[p.i];
      const opened = p.hidden - hiddenCount(cells);
      if (now === p.code && opened <= 0) return; // not our answer yet
      this.pending = null;
      const where = `${cellName(p.r, p.c)}: ${cellWords(now)}.`;
      if (now === CELL.FLAG) this.say(`Flagged. ${where}`);
      else if (p.code === CELL.FLAG && now === CELL.HIDDEN) this.say(`Flag removed. ${where}`);
      else if (opened > 1) this.say(`Revealed ${opened} cells. ${where}`);
      else this.say(`Revealed. ${where}`);
    });
  }
}
