// Measuring aid (docs/testing.md, "Where Chromium's CPU goes"): with FRAME_PROBE=<file>, every
// browser page counts the WebGL frames it draws and appends them to <file> when the test process
// exits, one JSON line per page: frames drawn to the screen, draw calls, animation frames asked
// for, and how many of the seconds the page was open drew anything (a still table draws
// nothing). Off by default.
import { appendFileSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";

interface PageFrames {
  url: string;
  screenFrames: number;
  offscreenClears: number;
  draws: number;
  /** Animation frames asked for (by Pixi's tickers and the client's own loops). */
  rafs: number;
  /** Seconds with at least one screen frame, of `seconds` the page was open. */
  busySeconds: number;
  seconds: number;
}

// Runs in the page before its scripts: wraps the WebGL calls Pixi makes for a frame.
const INIT = `(() => {
  const s = { screenFrames: 0, offscreenClears: 0, draws: 0, busy: 0, rafs: 0, t0: performance.now(), lastSecond: -1 };
  window.__frameProbe = s;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => { s.rafs++; return raf(cb); };
  for (const C of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    if (!C) continue;
    const P = C.prototype;
    const bind = P.bindFramebuffer, clear = P.clear, de = P.drawElements, da = P.drawArrays;
    P.bindFramebuffer = function (t, fb) { this.__probeFb = fb; return bind.call(this, t, fb); };
    P.clear = function (m) {
      if (this.__probeFb) s.offscreenClears++;
      else {
        s.screenFrames++;
        const sec = Math.floor((performance.now() - s.t0) / 1000);
        if (sec !== s.lastSecond) { s.lastSecond = sec; s.busy++; }
      }
      return clear.call(this, m);
    };
    P.drawElements = function (...a) { s.draws++; return de.apply(this, a); };
    P.drawArrays = function (...a) { s.draws++; return da.apply(this, a); };
  }
})();`;

const seen: PageFrames[] = [];
let hooked = false;

/** Counts `context`'s pages' frames when FRAME_PROBE is set; a no-op otherwise. */
export async function probeFrames(context: BrowserContext): Promise<void> {
  const out = process.env.FRAME_PROBE;
  if (!out) return;
  if (!hooked) {
    hooked = true;
    process.on("exit", () => {
      for (const p of seen) appendFileSync(out, JSON.stringify(p) + "\n");
    });
  }
  await context.addInitScript(INIT);
  // Read just before a page closes (a closed page can no longer be asked).
  const close = context.close.bind(context);
  context.close = async (...args: Parameters<BrowserContext["close"]>) => {
    for (const page of context.pages()) await read(page);
    return close(...args);
  };
}

async function read(page: Page): Promise<void> {
  const s = await page
    .evaluate(() => {
      const p = (window as unknown as { __frameProbe?: { screenFrames: number; offscreenClears: number; draws: number; rafs: number; busy: number; t0: number } }).__frameProbe;
      return p ? { ...p, seconds: (performance.now() - p.t0) / 1000 } : null;
    })
    .catch(() => null);
  if (s) seen.push({ url: page.url(), screenFrames: s.screenFrames, offscreenClears: s.offscreenClears, draws: s.draws, rafs: s.rafs, busySeconds: s.busy, seconds: Math.round(s.seconds) });
}
