// The Auto Pets table's gestures on its canvas: a tap or click acts on a card, a drag in the
// deck order moves a card, a long press (touch) or right click shows a card's ability, and a
// mouse hovering a card shows it too. Pointer events only; what a gesture does to the game is
// the table's (table.ts).
import type { CardSlot } from "./layout";

/** What the gestures need from the table. */
export interface PointerHost {
  /** The card under a canvas point, if it holds a card. */
  cardAt(x: number, y: number): CardSlot | null;
  canDrag(slot: CardSlot): boolean;
  dragging(): boolean;
  startDrag(slot: CardSlot): void;
  dragTo(x: number, y: number): void;
  endDrag(drop: boolean): void;
  tap(slot: CardSlot): void;
  hover(slot: CardSlot | null): void;
  showTip(slot: CardSlot): void;
  hideTip(): void;
}

const LONG_PRESS_MS = 450;
/** Movement (CSS px) after which a press is a drag, not a tap. */
const SLOP = 8;

/** Listens on the canvas; returns the way to stop. */
export function listenTable(canvas: HTMLCanvasElement, t: PointerHost): () => void {
  type Press = { slot: CardSlot; x0: number; y0: number; id: number; timer: ReturnType<typeof setTimeout> | null; long: boolean };
  let press: Press | null = null;
  const local = (e: MouseEvent) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const far = (e: PointerEvent) => !!press && Math.hypot(e.clientX - press.x0, e.clientY - press.y0) > SLOP;

  const down = (e: PointerEvent) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    const p = local(e);
    const slot = t.cardAt(p.x, p.y);
    t.hideTip();
    if (!slot) return;
    const pr: Press = { slot, x0: e.clientX, y0: e.clientY, id: e.pointerId, long: false, timer: null };
    press = pr;
    if (t.canDrag(slot)) canvas.setPointerCapture?.(e.pointerId);
    if (e.pointerType !== "mouse") {
      pr.timer = setTimeout(() => {
        pr.long = true;
        pr.timer = null;
        if (!t.dragging()) t.showTip(slot);
      }, LONG_PRESS_MS);
    }
  };
  const move = (e: PointerEvent) => {
    const p = local(e);
    const pr = press;
    if (!pr || pr.id !== e.pointerId) {
      if (e.pointerType === "mouse" && !pr) t.hover(t.cardAt(p.x, p.y));
      return;
    }
    const moved = far(e);
    if (moved && pr.timer) {
      clearTimeout(pr.timer);
      pr.timer = null;
    }
    if (!t.dragging() && moved && t.canDrag(pr.slot)) t.startDrag(pr.slot);
    if (t.dragging()) {
      e.preventDefault();
      t.dragTo(p.x, p.y);
    }
  };
  const up = (e: PointerEvent) => {
    const pr = press;
    if (!pr || pr.id !== e.pointerId) return;
    if (pr.timer) clearTimeout(pr.timer);
    const moved = far(e);
    press = null;
    if (t.dragging()) return t.endDrag(e.type === "pointerup");
    // a long press showed the tip: it is not also a tap
    if (e.type === "pointerup" && !pr.long && !moved) t.tap(pr.slot);
  };
  const leave = (e: PointerEvent) => {
    if (e.pointerType === "mouse" && !press) t.hover(null);
  };
  const menu = (e: MouseEvent) => {
    e.preventDefault(); // right click = the card's ability (the long press of a mouse)
    const p = local(e);
    const slot = t.cardAt(p.x, p.y);
    if (slot && e.button === 2) t.showTip(slot);
  };
  // no emulated mouse events or clicks after a touch (pointer events did the work)
  const noEmulation = (e: TouchEvent) => e.cancelable && t.dragging() && e.preventDefault();
  const on = <K extends keyof HTMLElementEventMap>(type: K, f: (e: HTMLElementEventMap[K]) => void, o?: AddEventListenerOptions) => {
    canvas.addEventListener(type, f as EventListener, o);
    return () => canvas.removeEventListener(type, f as EventListener);
  };
  const offs = [on("pointerdown", down), on("pointermove", move), on("pointerup", up), on("pointercancel", up), on("pointerleave", leave), on("contextmenu", menu), on("touchmove", noEmulation, { passive: false })];
  return () => {
    if (press?.timer) clearTimeout(press.timer);
    offs.forEach((f) => f());
  };
}
