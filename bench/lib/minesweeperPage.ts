// In-page instrumentation for the Minesweeper client benchmark (bench/minesweeper.ts).
// Plain JavaScript strings run in Chromium (the bench's tsconfig has no DOM types):
//  - PAGE_PROBE is an init script (before the app loads). It wraps WebSocket so the
//    handler of the first ROOM_STATE_PATCH after `__bench.arm()` is timed (schema decode +
//    the scene's listeners: the "apply" part), wraps requestAnimationFrame to time the
//    callbacks of the next frame (the scene's `app.render()`: the "draw" part), and keeps
//    the WebGL context Pixi creates so `gl.finish()` can wait for SwiftShader to finish
//    drawing.
//  - baselineScript() measures, in the same page, one frame with no change
//    (`__hub.renderNow()` + `gl.finish()`) and `JSON.parse` of the full-board JSON.

/** Colyseus protocol code of a state patch (colyseus.js Protocol.ROOM_STATE_PATCH). */
export const ROOM_STATE_PATCH = 15;

export const PAGE_PROBE = `(() => {
  const PATCH = ${ROOM_STATE_PATCH};
  const b = {
    armed: false, measuring: false, gl: null, px: new Uint8Array(4), result: null, otherWork: 0, frameWork: 0,
    arm() { this.armed = true; this.measuring = false; this.result = null; this.otherWork = 0; this.frameWork = 0; },
    finish() {
      const gl = this.gl;
      // readPixels of one pixel forces a round trip to the GPU process once drawing is done.
      if (gl && !gl.isContextLost()) { gl.finish(); gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, this.px); }
    },
  };
  window.__bench = b;

  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
    const ctx = getContext.call(this, kind, ...rest);
    if (ctx && (kind === "webgl2" || kind === "webgl")) b.gl = ctx;
    return ctx;
  };

  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((ts) => {
    if (!b.measuring) return cb(ts);
    const s = performance.now();
    try { return cb(ts); } finally { b.frameWork += performance.now() - s; }
  });

  const Native = window.WebSocket;
  class BenchSocket extends Native {
    set onmessage(fn) {
      super.onmessage = !fn ? fn : (ev) => {
        const data = ev.data;
        const code = data instanceof ArrayBuffer && data.byteLength ? new Uint8Array(data, 0, 1)[0] : -1;
        if (b.armed && code === PATCH) {
          b.armed = false;
          const t0 = performance.now();
          fn.call(this, ev);
          const t1 = performance.now();
          b.measuring = true;
          // Registered after the scene's own frame request: runs last in the same frame.
          raf(() => {
            const f0 = performance.now();
            b.finish();
            const t2 = performance.now();
            b.measuring = false;
            b.result = { bytes: data.byteLength, applyMs: t1 - t0, drawMs: b.frameWork + (t2 - f0), otherMs: b.otherWork, latencyMs: t2 - t0 };
          });
          return;
        }
        if (b.measuring) {
          const s = performance.now();
          try { return fn.call(this, ev); } finally { b.otherWork += performance.now() - s; }
        }
        return fn.call(this, ev);
      };
    }
    get onmessage() {
      return super.onmessage;
    }
  }
  window.WebSocket = BenchSocket;
})();`;

/** Page expression: mean ms of `frames` no-change frames and of `parses` JSON.parse calls of `json` (after one warm-up each). */
export function baselineScript(json: string, frames: number, parses: number): string {
  return `(() => {
    // Timed as a block and divided: performance.now() is coarsened to 0.1 ms in a page.
    const b = window.__bench;
    window.__hub.renderNow();
    b.finish();
    let t0 = performance.now();
    for (let k = 0; k < ${frames}; k++) {
      window.__hub.renderNow();
      b.finish();
    }
    const frameMs = (performance.now() - t0) / ${frames};
    window.__hub.resume();
    const text = ${JSON.stringify(json)};
    let sink = JSON.parse(text).cells.length;
    t0 = performance.now();
    for (let k = 0; k < ${parses}; k++) sink += JSON.parse(text).cells.length;
    const parseMs = (performance.now() - t0) / ${parses};
    return { frameMs, parseMs, sink, webgl: !!b.gl };
  })()`;
}
