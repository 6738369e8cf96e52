// The Pixi setup every game scene shares: sized to its host, sharp on high-DPI screens
// (capped at 2× to keep phones cool), transparent over the page, and no render loop: the
// ticker is stopped and a scene renders when something changes (docs/performance.md).

import { GlLimitsSystem, Ticker, type Application } from "pixi.js";
// The hub's Content-Security-Policy has no 'unsafe-eval': Pixi's shader and uniform code
// generators are swapped for their eval-free versions (server/http.ts, contentSecurityPolicy).
import "pixi.js/unsafe-eval";
import { paceTicker } from "./frames.js";

export { FrameRequests } from "./frames.js";

// WebGL drawn in software (SwiftShader, llvmpipe: no usable GPU, and every headless browser)
// runs every branch of Pixi's batch shader, which picks one of up to 16 textures per pixel
// with an if-chain: each pixel then samples 16 textures. Batching with few textures costs a
// few more draw calls and cuts the per-pixel work about 4× (docs/performance.md).
const SOFTWARE_GL = /SwiftShader|llvmpipe|softpipe|Software/i;
let capped = false;
function capBatchTexturesOnSoftwareGl(): void {
  if (capped) return;
  capped = true;
  const change = GlLimitsSystem.prototype.contextChange;
  GlLimitsSystem.prototype.contextChange = function (this: GlLimitsSystem) {
    change.call(this);
    const gl = (this as unknown as { _renderer: { gl: WebGLRenderingContext } })._renderer.gl;
    const info = gl.getExtension("WEBGL_debug_renderer_info");
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    if (SOFTWARE_GL.test(name)) this.maxBatchableTextures = Math.min(this.maxBatchableTextures, 2);
  };
}

// Pixi's system ticker runs an animation-frame loop (60 a second) for as long as any renderer
// lives, though it draws nothing: its listeners are the renderer's scheduler, whose jobs (the
// texture GC) run every 30 s, and the events' hover check under a still mouse, which no scene
// uses (every scene's taps come from real pointer events). Stepped once a second instead (frames.ts):
// a still table then wakes the page once a second, not 60 times.
const SYSTEM_STEP_MS = 1000;
let systemPaced = false;
function paceSystemTicker(): void {
  if (systemPaced) return;
  systemPaced = true;
  paceTicker(Ticker.system, SYSTEM_STEP_MS, (step, ms) => setInterval(step, ms));
}

/**
 * Starts `app` in `host` with no render loop. With `canvas`, the canvas also gets its class and
 * its accessible name and goes first in `host` (a scene gone meanwhile removes it by destroying the app).
 */
export async function initStillStage(app: Application, host: HTMLElement, opts: { antialias: boolean; canvas?: { className: string; label: string } }): Promise<void> {
  capBatchTexturesOnSoftwareGl();
  paceSystemTicker();
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
