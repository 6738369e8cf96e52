// The Pixi setup every game scene shares: sized to its host, sharp on high-DPI screens
// (capped at 2× to keep phones cool), transparent over the page, and no render loop: the
// ticker is stopped and a scene renders when something changes (docs/performance.md).

import type { Application } from "pixi.js";
// The hub's Content-Security-Policy has no 'unsafe-eval': Pixi's shader and uniform code
// generators are swapped for their eval-free versions (server/http.ts, contentSecurityPolicy).
import "pixi.js/unsafe-eval";

/**
 * Starts `app` in `host` with no render loop. With `canvas`, the canvas also gets its class and
 * its accessible name and goes first in `host` (a scene gone meanwhile removes it by destroying the app).
 */
export async function initStillStage(app: Application, host: HTMLElement, opts: { antialias: boolean; canvas?: { className: string; label: string } }): Promise<void> {
  await app.init({
    resizeTo: host,
    autoDensity: true,
    resolution: Math.min(window.devicePixelRatio || 1, 2),
    preference: "webgl",
    antialias: opts.antialias,
    backgroundAlpha: 0,
    autoStart: false,
  });
  app.ticker.stop();
  if (!opts.canvas) return;
  const canvas = app.canvas;
  canvas.classList.add(opts.canvas.className);
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", opts.canvas.label);
  host.prepend(canvas);
}

/**
 * On-demand rendering: `request()` schedules one frame (several requests before it are one
 * frame); nothing is drawn while frozen (stable screenshots) or once stopped.
 */
export class FrameRequests {
  frozen = false;
  private queued = false;
  private stopped = false;

  constructor(private readonly draw: () => void) {}

  request(): void {
    if (this.queued || this.frozen || this.stopped) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      if (!this.frozen && !this.stopped) this.draw();
    });
  }

  stop(): void {
    this.stopped = true;
  }
}
