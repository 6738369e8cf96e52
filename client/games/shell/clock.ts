// The shell's turn timer: time left until the room's deadline (server time), drawn as
// "0:27" (or "27s"), red in the last seconds, empty when no timer runs. A room without a
// turn timer keeps no space for it (class PREFIX-none).

/** "0:27", "1:05". */
export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** "27s". */
export function formatSeconds(ms: number): string {
  return `${Math.max(0, Math.ceil(ms / 1000))}s`;
}

export interface TurnClockOptions {
  /** Class prefix: PREFIX-on (running), PREFIX-low (last seconds), PREFIX-none (the room has no timer). */
  prefix: string;
  format?: (msLeft: number) => string;
  /** Below this many ms left the timer turns red. */
  lowMs?: number;
}

export class TurnClock {
  constructor(
    readonly el: HTMLElement,
    private readonly o: TurnClockOptions,
  ) {}

  /**
   * Draws the time left: `deadline` (server ms; 0: no timer running now), `now` (server ms),
   * `hasTimer`: the room runs turn timers at all.
   */
  show(deadline: number, now: number, hasTimer = true): void {
    const on = deadline > 0;
    const left = on ? deadline - now : 0;
    const text = on ? (this.o.format ?? formatClock)(left) : "";
    if (this.el.textContent !== text) this.el.textContent = text;
    const p = this.o.prefix;
    this.el.classList.toggle(`${p}-on`, on);
    this.el.classList.toggle(`${p}-none`, !hasTimer);
    this.el.classList.toggle(`${p}-low`, on && left < (this.o.lowMs ?? 6000));
  }
}
