// When a Pixi scene draws (pure: no Pixi, no DOM; the browser's frame and timer functions are
// passed in). A scene draws a frame when something changed, never in a loop (stage.ts).

/** Asks the browser for one animation frame. */
export type AskFrame = (draw: () => void) => unknown;

/**
 * On-demand rendering: `request()` schedules one frame (several requests before it are one
 * frame); nothing is drawn while frozen (stable screenshots) or once stopped.
 */
export class FrameRequests {
  frozen = false;
  private queued = false;
  private stopped = false;

  constructor(
    private readonly draw: () => void,
    private readonly askFrame: AskFrame = (f) => requestAnimationFrame(f),
  ) {}

  request(): void {
    if (this.queued || this.frozen || this.stopped) return;
    this.queued = true;
    this.askFrame(() => {
      this.queued = false;
      if (!this.frozen && !this.stopped) this.draw();
    });
  }

  stop(): void {
    this.stopped = true;
  }
}

/** The part of a Pixi `Ticker` that pacing needs. */
export interface PacedTicker {
  autoStart: boolean;
  readonly count: number;
  stop(): void;
  update(): void;
}

/**
 * Takes `ticker` off the animation-frame loop for good (adding a listener no longer starts it)
 * and steps it every `everyMs` instead, only while it has listeners.
 */
export function paceTicker(ticker: PacedTicker, everyMs: number, every: (step: () => void, ms: number) => unknown): void {
  ticker.autoStart = false;
  ticker.stop();
  every(() => {
    if (ticker.count) ticker.update();
  }, everyMs);
}
