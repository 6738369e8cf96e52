// Where Hearts' table is drawn, from the canvas size alone (pure: pixels never live in the
// view). The viewer sits at the bottom with its hand as a fan; the seat it passes left to
// (game seat + 1) sits on the left, across at the top, right on the right. A phone 360 px wide
// holds a 13-card hand with every card at least 22 px tappable.

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Side = "bottom" | "left" | "top" | "right";
export const SIDES: readonly Side[] = ["bottom", "left", "top", "right"];

/** The side a game seat sits on, for a viewer at the bottom (a spectator: seat 0 at the bottom). */
export function sideOf(seat: number, bottom: number): Side {
  return SIDES[(seat - bottom + 4) % 4];
}

export interface TableLayout {
  card: { w: number; h: number };
  /** How far a selected card rises. */
  lift: number;
  /** Each hand card's box, left to right. */
  hand: Rect[];
  /** Opponents' small backs, name and points, per side (not bottom). */
  seats: Record<Side, { x: number; y: number; anchor: "left" | "centre" | "right" }>;
  back: { w: number; h: number };
  /** The centre of the trick, and each side's card there. */
  centre: { x: number; y: number };
  trick: Record<Side, Rect>;
}

/** The size of a seat's words for a card width (table.ts). */
export const labelSize = (cardW: number): number => Math.max(11, Math.round(cardW * 0.17));

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

export function layoutTable(width: number, height: number, handSize: number): TableLayout {
  const w = Math.round(clamp(Math.min(width / 6.2, height / 5.6), 46, 96));
  const h = Math.round(w * 1.4);
  const lift = Math.round(h * 0.2);
  const margin = 8;
  const n = Math.max(handSize, 1);
  const step = n > 1 ? Math.min(w * 0.62, (width - 2 * margin - w) / (n - 1)) : 0;
  const total = w + step * (n - 1);
  const x0 = (width - total) / 2;
  const y = height - h - margin;
  const hand = Array.from({ length: handSize }, (_, i) => ({ x: x0 + i * step, y, w, h }));
  const back = { w: Math.round(w * 0.5), h: Math.round(w * 0.7) };
  // the opponents' places: the top, and the left and right edges above the hand; on a narrow
  // screen all three share the top band, leaving the middle to the trick
  const narrow = width < 560;
  const sideY = narrow ? margin + Math.round(back.h * 0.5) : Math.round((height - h - lift) * 0.42);
  const seats: TableLayout["seats"] = {
    bottom: { x: width / 2, y: y - lift - 22, anchor: "centre" },
    left: { x: margin, y: sideY, anchor: "left" },
    top: { x: width / 2, y: margin, anchor: "centre" },
    right: { x: width - margin, y: sideY, anchor: "right" },
  };
  // the trick between the top band and the raised hand
  // below the top seat's backs and its three lines of words (table.ts writes them at labelSize)
  const words = 3 * (labelSize(w) + 4) + 10;
  const top = (narrow ? sideY : margin) + back.h + words;
  const bottom = y - lift - 26;
  const cy = (top + bottom) / 2;
  const cx = width / 2;
  // left and right beside the top and bottom cards, never over them; top and bottom overlap where the height is short
  const dx = Math.min(w * 1.05, (width - 2 * margin - w) / 2);
  const dy = Math.min(h * 0.5, Math.max(h * 0.2, (bottom - top - h) / 2));
  const at = (ox: number, oy: number): Rect => ({ x: cx + ox - w / 2, y: cy + oy - h / 2, w, h });
  return {
    card: { w, h },
    lift,
    hand,
    seats,
    back,
    centre: { x: cx, y: cy },
    trick: { bottom: at(0, dy), left: at(-dx, 0), top: at(0, -dy), right: at(dx, 0) },
  };
}
