// The table's news from the server's events: the event line says what happened (events.ts),
// a few seat events float a word over the seat, the end is read out, and a K stack you take
// or a Caught on you is explained to you once (penalty.ts). The last lines are kept for the
// test hook, so a bot's play between two of our turns is not lost.
import { floatText } from "./animations";
import { eventLine } from "./events";
import type { Hud } from "./hud";
import { seatName, type TableModel } from "./model";
import type { PenaltyNotice } from "./penalty";

export interface NewsDeps {
  model(): TableModel;
  me(): number | null;
  hud(): Hud;
  penalty: PenaltyNotice;
  announce(text: string): void;
  /** Screenshots freeze the scene: no floats then. */
  frozen(): boolean;
  /** The table's box: a seat's word floats on its side of the seat. */
  tableHost(): HTMLElement;
}

/**
 * Where a seat's word ("Skip!", "UH OH!") floats: beside its chip on the table's side, never
 * over the seat's name. A chip right of the table (the desktop's seat column): left of it,
 * drifting left; a chip above the table (a phone's strip): under it, drifting down.
 */
export function besideSeat(chip: DOMRect, table: DOMRect): { x: number; y: number; drift: "left" | "down" } {
  if (chip.left >= table.right - 1) return { x: chip.left - 8, y: chip.top + chip.height / 2, drift: "left" };
  return { x: chip.left + chip.width / 2, y: chip.bottom + 6, drift: "down" };
}

export class TableNews {
  /** The event line's last words, newest last (the test hook reads them). */
  readonly lines: string[] = [];

  constructor(private readonly deps: NewsDeps) {}

  note(line: string): void {
    this.lines.push(line);
    if (this.lines.length > 24) this.lines.shift();
  }

  onEvent(e: Record<string, unknown>): void {
    const { text, floatAt, floatMsg, announce } = eventLine(e, this.deps.model(), this.deps.me());
    this.explainPenalty(e);
    if (announce) this.deps.announce(text);
    if (text) {
      this.note(text);
      this.deps.hud().say(text);
    }
    if (floatAt !== null && floatMsg && !this.deps.frozen()) {
      const chip = this.deps.hud().seatsBox.querySelector(`[data-seat="${floatAt}"]`) as HTMLElement | null;
      const r = chip?.getBoundingClientRect();
      if (r && r.width > 0) {
        const at = besideSeat(r, this.deps.tableHost().getBoundingClientRect());
        floatText(document.body, at.x, at.y, floatMsg, "cs-float-seat", at.drift);
      }
    }
  }

  /** A K stack you take, or a Caught on you: explained to you once (penalty.ts). */
  private explainPenalty(e: Record<string, unknown>): void {
    const me = this.deps.me();
    const model = this.deps.model();
    const { penalty } = this.deps;
    const num = (v: unknown) => (typeof v === "number" ? v : 0);
    const name = (seat: unknown) => (seat === me ? "you" : seatName(model, num(seat)));
    if (e.kind === "start") penalty.reset();
    else if (e.kind === "kstack") penalty.stacked(name(e.seat));
    else if (e.kind === "take") penalty.taken(me !== null && e.seat === me, num(e.wanted), num(e.got));
    else if (e.kind === "caught" && me !== null && e.target === me) penalty.caught(num(e.wanted), num(e.got), seatName(model, num(e.seat)));
  }
}
