// The Auto Pets table's gestures on its canvas: a tap or click acts on a card, a drag in the
// deck order moves a card, a long press (touch) or right click shows a card's ability, and a
// mouse hovering a card shows it too. The shared recognizer (client/ui/gestures.ts, Pointer
// Events) knows the gestures; what a gesture does to the game is the table's (table.ts).
import { listenGestures } from "../../ui/gestures";
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
  const local = (x: number, y: number) => {
    const r = canvas.getBoundingClientRect();
    return { x: x - r.left, y: y - r.top };
  };
  return listenGestures<CardSlot>(
    canvas,
    {
      start: (x, y) => {
        const p = local(x, y);
        t.hideTip();
        return t.cardAt(p.x, p.y) ?? undefined;
      },
      longPress: (pr) => {
        if (!t.dragging()) t.showTip(pr.target);
      },
      canDrag: (pr) => t.canDrag(pr.target),
      drag: (pr, _dx, _dy, e) => {
        if (!t.dragging() && t.canDrag(pr.target)) t.startDrag(pr.target);
        if (!t.dragging()) return;
        e.preventDefault();
        const p = local(e.clientX, e.clientY);
        t.dragTo(p.x, p.y);
      },
      end: (_pr, cancelled) => {
        if (t.dragging()) t.endDrag(!cancelled);
      },
      // a long press showed the tip: it is not also a tap (the recognizer's rule)
      tap: (pr) => t.tap(pr.target),
      hover: (x, y, e, pressing) => {
        if (e.pointerType !== "mouse" || pressing) return;
        const p = local(x, y);
        t.hover(t.cardAt(p.x, p.y));
      },
      leave: (e, pressing) => {
        if (e.pointerType === "mouse" && !pressing) t.hover(null);
      },
      menu: (e) => {
        // right click = the card's ability (the long press of a mouse)
        const p = local(e.clientX, e.clientY);
        const slot = t.cardAt(p.x, p.y);
        if (slot && e.button === 2) t.showTip(slot);
      },
    },
    // the page scrolls under the canvas (touch-action: pan-y) unless a card is being dragged
    { dragSlop: { mouse: SLOP, touch: SLOP }, longPressMs: LONG_PRESS_MS, capture: (pr) => t.canDrag(pr.target), touchDefaults: "dragging" },
  );
}
