// The table's gestures on its canvas, mouse and touch alike through Pointer Events (CSS
// touch-action: none on the canvas), hit-tested against what the canvas drew:
//   press and move a card          → drag it; the zone under the pointer is lit; release drops
//   click / tap                    → tap(hit)
//   double-click / double-tap      → doubleTap(card)
//   right click / long press       → menu(hit) (~450 ms without moving)
// What the gestures mean (play, tap, draw, move) is the scene's business.
import type { CardSpot, Hit, TableCanvas } from "./canvas";

export interface GestureTarget {
  tap(hit: Hit, clientX: number, clientY: number): void;
  doubleTap(spot: CardSpot): void;
  /** `touch`: a long press (a finger or a pen), not a right click. */
  menu(hit: Hit, clientX: number, clientY: number, touch?: boolean): void;
  /** The mouse rests over `hit` without a button down (the preview); null: it left the canvas. */
  hover?(hit: Hit): void;
  /** May this card be dragged by this viewer? */
  canDrag(spot: CardSpot): boolean;
  drop(spot: CardSpot, target: Hit, x: number, y: number): void;
}

const SLOP = 8;
const LONG_PRESS_MS = 450;
const DOUBLE_MS = 400;

export function attachGestures(canvas: HTMLCanvasElement, table: TableCanvas, t: GestureTarget): () => void {
  let press: { id: number; x0: number; y0: number; hit: Hit; dragging: boolean; timer: ReturnType<typeof setTimeout> | null; menued: boolean } | null = null;
  let lastTap: { card: number; at: number } | null = null;

  const local = (e: { clientX: number; clientY: number }) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const clearTimer = () => {
    if (press?.timer) clearTimeout(press.timer);
    if (press) press.timer = null;
  };

  const onDown = (e: PointerEvent) => {
    if (press) return;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    const p = local(e);
    const hit = table.hitAt(p.x, p.y);
    canvas.setPointerCapture?.(e.pointerId);
    press = { id: e.pointerId, x0: e.clientX, y0: e.clientY, hit, dragging: false, timer: null, menued: false };
    // A long press (a finger or a pen held still) is the right click.
    if (e.pointerType !== "mouse") {
      const x = e.clientX;
      const y = e.clientY;
      press.timer = setTimeout(() => {
        if (!press || press.dragging) return;
        press.menued = true;
        press.timer = null;
        t.menu(hit, x, y, true);
      }, LONG_PRESS_MS);
    }
  };

  const onMove = (e: PointerEvent) => {
    if (!press && e.pointerType === "mouse") {
      const p = local(e);
      t.hover?.(table.hitAt(p.x, p.y));
      return;
    }
    if (!press || press.id !== e.pointerId || press.menued) return;
    if (!press.dragging && Math.hypot(e.clientX - press.x0, e.clientY - press.y0) > SLOP) {
      clearTimer();
      if (press.hit?.kind !== "card" || !t.canDrag(press.hit.spot)) return;
      press.dragging = true;
      canvas.classList.add("tt-dragging");
    }
    if (press.dragging && press.hit?.kind === "card") {
      const p = local(e);
      table.dragTo(press.hit.spot, p.x, p.y, table.zoneAt(p.x, p.y));
    }
  };

  const onUp = (e: PointerEvent) => {
    if (!press || press.id !== e.pointerId) return;
    const done = press;
    press = null;
    if (done.timer) clearTimeout(done.timer);
    canvas.classList.remove("tt-dragging");
    if (done.menued || e.type === "pointercancel") {
      table.endDrag();
      return;
    }
    const p = local(e);
    if (done.dragging && done.hit?.kind === "card") {
      const target = table.zoneAt(p.x, p.y);
      table.endDrag();
      t.drop(done.hit.spot, target, p.x, p.y);
      return;
    }
    if (Math.hypot(e.clientX - done.x0, e.clientY - done.y0) > SLOP) return;
    const now = performance.now();
    if (done.hit?.kind === "card" && lastTap && lastTap.card === done.hit.spot.card.id && now - lastTap.at < DOUBLE_MS) {
      lastTap = null;
      t.doubleTap(done.hit.spot);
      return;
    }
    lastTap = done.hit?.kind === "card" ? { card: done.hit.spot.card.id, at: now } : null;
    t.tap(done.hit, e.clientX, e.clientY);
  };

  const onMenu = (e: MouseEvent) => {
    e.preventDefault();
    // A touch's own long-press menu event: ours already opened (or will) from the timer.
    if ((e as PointerEvent).pointerType === "touch" || press?.menued) return;
    const p = local(e);
    t.menu(table.hitAt(p.x, p.y), e.clientX, e.clientY);
  };
  // No emulated mouse events or page zoom after a touch: the pointer events did the work.
  const noEmulation = (e: TouchEvent) => {
    if (e.cancelable) e.preventDefault();
  };

  const onLeave = (e: PointerEvent) => {
    if (e.pointerType === "mouse" && !press) t.hover?.(null);
  };
  canvas.addEventListener("pointerleave", onLeave);
  canvas.addEventListener("pointerdown", onDown);
  canvas.addEventListener("pointermove", onMove);
  canvas.addEventListener("pointerup", onUp);
  canvas.addEventListener("pointercancel", onUp);
  canvas.addEventListener("contextmenu", onMenu);
  canvas.addEventListener("touchstart", noEmulation, { passive: false });
  canvas.addEventListener("touchend", noEmulation, { passive: false });
  return () => {
    clearTimer();
    canvas.removeEventListener("pointerleave", onLeave);
    canvas.removeEventListener("pointerdown", onDown);
    canvas.removeEventListener("pointermove", onMove);
    canvas.removeEventListener("pointerup", onUp);
    canvas.removeEventListener("pointercancel", onUp);
    canvas.removeEventListener("contextmenu", onMenu);
    canvas.removeEventListener("touchstart", noEmulation);
    canvas.removeEventListener("touchend", noEmulation);
  };
}
