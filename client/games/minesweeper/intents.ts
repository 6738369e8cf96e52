// What a click, tap or key on a cell asks for, as the server's (or the local game's)
// intents: reveal, flag, chord, restart, and the co-op pointer. Which of them can do
// anything comes from common/minesweeper (intent.ts, game.ts), never from a copy here.
import type { RoomPayloads } from "../../../common/core/game";
import { restartRefusal, type MinesweeperPayloads } from "../../../common/minesweeper/game";
import { chordOpens, flagIntent, flagsLeft, isNumberCode } from "../../../common/minesweeper/intent";
import { CELL, type Phase } from "../../../common/minesweeper/types";
import { toast } from "../../ui/toast";
import type { MinesweeperFeed } from "./feed";
import type { BoardModel } from "./model";

const CURSOR_HZ = 10;

export class BoardIntents {
  /** Moves sent so far: a key that sent nothing is said so (keyboard.ts). */
  sends = 0;
  /** Flag mode (phones): a tap flags, a long press reveals. */
  flagMode = false;
  private cursorTimer: ReturnType<typeof setTimeout> | null = null;
  private cursorPending = -1;
  private cursorSent = -1;
  private cursorSentAt = 0;

  constructor(
    private readonly model: () => BoardModel,
    private readonly feed: MinesweeperFeed,
  ) {}

  seated(): boolean {
    return !this.feed.spectator() && this.feed.seat() !== null;
  }

  canAct(): boolean {
    const p = this.model().phase;
    return this.seated() && this.feed.connected() && (p === "fresh" || p === "active");
  }

  canRestart(): boolean {
    return this.seated() && restartRefusal(this.model().mode, this.model().phase as Phase) === null;
  }

  restart(): void {
    if (!this.seated() || this.model().mode === "race") return;
    // The room's own refusal (common/minesweeper/game.ts), said before sending.
    const refusal = restartRefusal(this.model().mode, this.model().phase as Phase);
    if (refusal) {
      toast(refusal.message);
      return;
    }
    this.send("restart", {});
  }

  private send<K extends keyof (MinesweeperPayloads & RoomPayloads) & string>(type: K, payload: (MinesweeperPayloads & RoomPayloads)[K]): void {
    this.sends++;
    if (!this.feed.send(type, payload)) toast("Not connected — move not sent.", "error");
  }

  private rc(i: number): { r: number; c: number } {
    const cols = this.model().cols;
    return { r: Math.floor(i / cols), c: i % cols };
  }

  reveal(i: number): void {
    if (this.model().cells[i] === CELL.HIDDEN) this.send("reveal", this.rc(i));
  }

  toggleFlag(i: number): void {
    const m = this.model();
    const intent = flagIntent(m.cells, i, flagsLeft(m));
    if (intent === "no-flags-left") toast("No flags left.");
    else if (intent) this.send("flag", this.rc(i));
  }

  /** Chord only where it can do something (common/minesweeper/intent.ts). */
  chord(i: number): void {
    const m = this.model();
    if (chordOpens(m.cells, m.rows, m.cols, i)) this.send("chord", this.rc(i));
  }

  /** A click, a tap, Enter. */
  primary(i: number): void {
    const code = this.model().cells[i];
    if (this.flagMode && (code === CELL.HIDDEN || code === CELL.FLAG)) this.toggleFlag(i);
    else if (code === CELL.HIDDEN) this.reveal(i);
    else if (isNumberCode(code)) this.chord(i);
  }

  /** A right click, a long press. */
  secondary(i: number, touch: boolean): void {
    const code = this.model().cells[i];
    if (touch && this.flagMode) {
      if (code === CELL.HIDDEN) this.reveal(i);
      else if (isNumberCode(code)) this.chord(i);
      return;
    }
    if (code === CELL.HIDDEN || code === CELL.FLAG) this.toggleFlag(i);
    else if (touch && isNumberCode(code)) this.chord(i);
  }

  /** Co-op pointer: sends the hovered cell (or {-1,-1} when off the board), at most 10 times a second. */
  hover(i: number): void {
    if (this.model().mode !== "coop" || !this.seated()) return;
    this.cursorPending = i;
    if (this.cursorTimer) return;
    const wait = Math.max(0, this.cursorSentAt + 1000 / CURSOR_HZ - performance.now());
    this.cursorTimer = setTimeout(() => {
      this.cursorTimer = null;
      const cell = this.cursorPending < this.model().cells.length ? this.cursorPending : -1;
      if (cell === this.cursorSent) return;
      if (!this.feed.send("cursor", cell < 0 ? { r: -1, c: -1 } : this.rc(cell))) return;
      this.cursorSent = cell;
      this.cursorSentAt = performance.now();
    }, wait);
  }

  destroy(): void {
    if (this.cursorTimer) clearTimeout(this.cursorTimer);
  }
}
