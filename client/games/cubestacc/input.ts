// Table gestures → camera moves and taps. Pointer Events for mouse, pen and
// touch alike (CSS touch-action: none on the canvas):
//   tap (little movement)           → tap(x, y): play the picked card on the target there
//   one-pointer drag                → pan the stack
//   two fingers                     → pinch zoom + pan
//   wheel / trackpad pinch          → zoom around the pointer (horizontal wheel pans)
//   keys on the focused canvas      → arrows pan, + / − zoom, [ ] rotate, 0 recentre
// The hand's drag-to-play lives in hand.ts; this file knows only gestures.

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
  const pointers = new Map<number, { x: number; y: number }>();
  let primary: { id: number; x0: number; y0: number; moved: boolean; multi: boolean } | null = null;
  let pinch: { d: number; x: number; y: number } | null = null;

  const two = () => {
    const [a, b] = [...pointers.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, d: Math.hypot(a.x - b.x, a.y - b.y) };
  };

  const onDown = (e: PointerEvent) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    canvas.setPointerCapture?.(e.pointerId);
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) {
      primary = { id: e.pointerId, x0: e.clientX, y0: e.clientY, moved: false, multi: false };
    } else if (pointers.size === 2) {
      if (primary) primary.multi = true;
      pinch = two();
    }
    if (e.pointerType === "mouse") canvas.classList.add("cs-grabbing");
  };

  const onMove = (e: PointerEvent) => {
    const p = pointers.get(e.pointerId);
    if (!p) {
      if (e.pointerType !== "touch") t.hover(e.clientX, e.clientY);
      return;
    }
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    p.x = e.clientX;
    p.y = e.clientY;
    if (pointers.size >= 2 && pinch) {
      const g = two();
      t.pan(g.x - pinch.x, g.y - pinch.y);
      if (pinch.d > 0 && g.d > 0) t.zoom(g.d / pinch.d, g.x, g.y);
      pinch = g;
      return;
    }
    if (!primary || primary.id !== e.pointerId || primary.multi) return;
    if (!primary.moved && Math.hypot(e.clientX - primary.x0, e.clientY - primary.y0) > TAP_SLOP) {
      primary.moved = true;
      t.pan(e.clientX - primary.x0 - dx, e.clientY - primary.y0 - dy); // catch up with the slop
    }
    if (primary.moved) t.pan(dx, dy);
  };

  const onUp = (e: PointerEvent) => {
    if (!pointers.has(e.pointerId)) return;
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (primary && primary.id === e.pointerId) {
      const tap = !primary.moved && !primary.multi && e.type === "pointerup";
      primary = null;
      if (tap) t.tap(e.clientX, e.clientY);
    }
    if (pointers.size === 0) canvas.classList.remove("cs-grabbing");
  };

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

  const onLeave = () => t.leave();
  const noMenu = (e: Event) => e.preventDefault();
  // A tap may open something where the finger is (the wild's suit picker): no
  // emulated mouse events and no click after it (pointer events did the work).
  const noEmulation = (e: TouchEvent) => {
    if (e.cancelable) e.preventDefault();
  };

  canvas.addEventListener("pointerdown", onDown);
  canvas.addEventListener("pointermove", onMove);
  canvas.addEventListener("pointerup", onUp);
  canvas.addEventListener("pointercancel", onUp);
  canvas.addEventListener("pointerleave", onLeave);
  canvas.addEventListener("wheel", onWheel, { passive: false });
  canvas.addEventListener("keydown", onKey);
  canvas.addEventListener("contextmenu", noMenu);
  canvas.addEventListener("touchstart", noEmulation, { passive: false });
  canvas.addEventListener("touchend", noEmulation, { passive: false });
  return () => {
    canvas.removeEventListener("touchstart", noEmulation);
    canvas.removeEventListener("touchend", noEmulation);
    canvas.removeEventListener("pointerdown", onDown);
    canvas.removeEventListener("pointermove", onMove);
    canvas.removeEventListener("pointerup", onUp);
    canvas.removeEventListener("pointercancel", onUp);
    canvas.removeEventListener("pointerleave", onLeave);
    canvas.removeEventListener("wheel", onWheel);
    canvas.removeEventListener("keydown", onKey);
    canvas.removeEventListener("contextmenu", noMenu);
  };
}
