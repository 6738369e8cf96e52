// The table's gestures on its canvas, mouse and touch alike through Pointer Events (CSS
// touch-action: none on the canvas), hit-tested against what the canvas drew:
//   press and move a card          → drag it; the zone under the pointer is lit; release drops
//   click / tap                    → tap(hit)
//   double-click / double-tap      → doubleTap(card)
//   right click / long press       → menu(hit) (~450 ms without moving)
// The shared recognizer (client/ui/gestures.ts) knows the gestures; what they mean (play, tap,
// draw, move) is the scene's business.
import { listenGestures, type Press } from "../../ui/gestures";
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
  const local = (e: { clientX: number; clientY: number }) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };
  const card = (p: Press<Hit>) => (p.target?.kind === "card" ? p.target.spot : null);

  return listenGestures<Hit>(
    canvas,
    {
      start: (x, y) => {
        const p = local({ clientX: x, clientY: y });
        return table.hitAt(p.x, p.y);
      },
      // A long press (a finger or a pen held still) is the right click.
      longPress: (p) => t.menu(p.target, p.x0, p.y0, true),
      canDrag: (p) => {
        const spot = card(p);
        return !p.long && !!spot && t.canDrag(spot);
      },
      dragStart: () => canvas.classList.add("tt-dragging"),
      drag: (p, _dx, _dy, e) => {
        const spot = card(p);
        const at = local(e);
        if (spot) table.dragTo(spot, at.x, at.y, table.zoneAt(at.x, at.y));
      },
      end: (p, cancelled, e) => {
        canvas.classList.remove("tt-dragging");
        const spot = card(p);
        if (p.long || cancelled || !p.dragging || !spot) {
          if (p.long || cancelled) table.endDrag();
          return;
        }
        const at = local(e);
        const target = table.zoneAt(at.x, at.y);
        table.endDrag();
        t.drop(spot, target, at.x, at.y);
      },
      tap: (p, e) => t.tap(p.target, e.clientX, e.clientY),
      doubleTap: (p) => {
        const spot = card(p);
        if (spot) t.doubleTap(spot);
      },
      hover: (x, y, e, pressing) => {
        if (e.pointerType !== "mouse" || pressing) return;
        const p = local({ clientX: x, clientY: y });
        t.hover?.(table.hitAt(p.x, p.y));
      },
      leave: (e, pressing) => {
        if (e.pointerType === "mouse" && !pressing) t.hover?.(null);
      },
      menu: (e) => {
        const p = local(e);
        t.menu(table.hitAt(p.x, p.y), e.clientX, e.clientY);
      },
    },
    {
      dragSlop: { mouse: SLOP, touch: SLOP },
      longPressMs: LONG_PRESS_MS,
      doubleTapMs: DOUBLE_MS,
      tapKey: (p) => card(p)?.card.id,
      touchDefaults: "always",
    },
  );
}
