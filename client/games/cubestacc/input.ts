// Table gestures → camera moves and taps. Pointer Events for mouse, pen and
// touch alike (CSS touch-action: none on the canvas):
//   tap (little movement)           → tap(x, y): play the picked card on the target there
//   one-pointer drag                → pan the stack
//   two fingers                     → pinch zoom + pan
//   wheel / trackpad pinch          → zoom around the pointer (horizontal wheel pans)
//   keys on the focused canvas      → arrows pan, + / − zoom, [ ] rotate, 0 recentre
// The hand's drag-to-play lives in hand.ts; this file knows only what the gestures mean
// (the shared recognizer, client/ui/gestures.ts, knows the gestures).
import { listenGestures } from "../../ui/gestures";

export interface TableTarget {
  tap(pageX: number, pageY: number): void;
  hover(pageX: number, pageY: number): void;
  leave(): void;
  pan(dx: number, dy: number): void;
  zoom(factor: number, pageX?: number, pageY?: number): void;
  rotate(delta: 1 | -1): void;
  recentre(): void;
}

const TAP_SLOP = 10;

export function attachTableInput(canvas: HTMLCanvasElement, t: TableTarget): () => void {
  const stopGestures = listenGestures<true>(
    canvas,
    {
      start: (_x, _y, e) => {
        if (e.pointerType === "mouse") canvas.classList.add("cs-grabbing");
        return true;
      },
      tap: (_p, e) => t.tap(e.clientX, e.clientY),
      drag: (_p, dx, dy) => t.pan(dx, dy), // the first drag catches up with the slop
      end: () => canvas.classList.remove("cs-grabbing"),
      pinch: (dx, dy, factor, x, y) => {
        t.pan(dx, dy);
        if (factor !== 1) t.zoom(factor, x, y);
      },
      pinchEnd: () => canvas.classList.remove("cs-grabbing"),
      hover: (x, y, e, pressing) => {
        if (!pressing && e.pointerType !== "touch") t.hover(x, y);
      },
      leave: () => t.leave(),
    },
    { dragSlop: { mouse: TAP_SLOP, touch: TAP_SLOP }, touchDefaults: "always" },
  );

  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    if (!e.ctrlKey && Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
      t.pan(-e.deltaX, 0);
      return;
    }
    const step = e.ctrlKey ? 0.01 : 0.0015; // trackpad pinch sends small ctrl+wheel deltas
    t.zoom(Math.exp(-e.deltaY * step), e.clientX, e.clientY);
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const step = 40;
    const map: Record<string, () => void> = {
      ArrowLeft: () => t.pan(step, 0),
      ArrowRight: () => t.pan(-step, 0),
      ArrowUp: () => t.pan(0, step),
      ArrowDown: () => t.pan(0, -step),
      "+": () => t.zoom(1.2),
      "=": () => t.zoom(1.2),
      "-": () => t.zoom(1 / 1.2),
      "[": () => t.rotate(-1),
      "]": () => t.rotate(1),
      "0": () => t.recentre(),
    };
    const run = map[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  };

  // A tap may open something where the finger is (the wild's suit picker): the recognizer
  // cancels a touch's emulated mouse events and click (touchDefaults "always").
  canvas.addEventListener("wheel", onWheel, { passive: false });
  canvas.addEventListener("keydown", onKey);
  return () => {
    stopGestures();
    canvas.removeEventListener("wheel", onWheel);
    canvas.removeEventListener("keydown", onKey);
  };
}
