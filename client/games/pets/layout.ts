// Where everything sits on the Auto Pets table canvas (pure: no Pixi, no DOM). The table is
// a column of zones (trade picks, shop row, hand, deck order), each a title line over rows of
// cards that wrap at the canvas width. Sizes are CSS pixels; a phone gets cards sized so the
// shop's 4 fit in one row (never under 44 px wide: a finger's hit area).

export type Zone = "pick" | "shop" | "hand" | "order";

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface CardSlot extends Rect {
  zone: Zone;
  index: number;
}

export interface ZoneBox extends Rect {
  zone: Zone;
  title: string;
  cards: CardSlot[];
}

export interface TableLayout {
  width: number;
  height: number;
  card: { w: number; h: number };
  /** Room under each order card for its food-to-pet note (and under each shop card for its price). */
  noteH: number;
  priceH: number;
  zones: ZoneBox[];
}

export const PAD = 12; // room for the drop marker after a row's last card
export const GAP = 10;
const TITLE_H = 26;
const ZONE_GAP = 14;
const NOTE_H = 34;
const PRICE_H = 24;
/** An empty zone (no cards in hand yet) keeps one line for its hint. */
const EMPTY_H = 22;
/** A selected hand card is lifted by this much: rows keep room for it. */
export const LIFT = 8;

export function cardSize(width: number): { w: number; h: number } {
  const fit = Math.floor((width - 2 * PAD - 3 * GAP) / 4);
  const w = Math.max(56, Math.min(112, fit));
  return { w, h: Math.round(w * 1.36) };
}

export function layoutTable(width: number, zones: readonly { zone: Zone; title: string; n: number }[]): TableLayout {
  const card = cardSize(width);
  const perRow = Math.max(1, Math.floor((width - 2 * PAD + GAP) / (card.w + GAP)));
  let y = PAD;
  const boxes: ZoneBox[] = [];
  for (const z of zones) {
    const note = z.zone === "order" ? NOTE_H : z.zone === "shop" ? PRICE_H : 0;
    const top = y;
    const cards: CardSlot[] = [];
    const rows = Math.max(1, Math.ceil(z.n / perRow));
    for (let i = 0; i < z.n; i++) {
      const row = Math.floor(i / perRow);
      const col = i % perRow;
      cards.push({ zone: z.zone, index: i, x: PAD + col * (card.w + GAP), y: top + TITLE_H + LIFT + row * (card.h + note + GAP), w: card.w, h: card.h });
    }
    const h = z.n === 0 ? TITLE_H + EMPTY_H : TITLE_H + LIFT + rows * (card.h + note + GAP) - GAP;
    boxes.push({ zone: z.zone, title: z.title, x: PAD, y: top, w: width - 2 * PAD, h, cards });
    y = top + h + ZONE_GAP;
  }
  return { width, height: Math.max(y - ZONE_GAP + PAD, 2 * PAD), card, noteH: NOTE_H, priceH: PRICE_H, zones: boxes };
}

export const zoneOf = (l: TableLayout, zone: Zone): ZoneBox | undefined => l.zones.find((z) => z.zone === zone);

/** The card under a point, if any (rows never overlap, so the first hit is the one). */
export function cardAt(l: TableLayout, x: number, y: number): CardSlot | null {
  for (const z of l.zones) for (const c of z.cards) if (x >= c.x && x <= c.x + c.w && y >= c.y - LIFT && y <= c.y + c.h) return c;
  return null;
}

/**
 * Where a card dragged to (x, y) would be inserted in the order zone: before the first card
 * whose row is below the point, or in the point's row whose centre is right of it; else last.
 */
export function insertionAt(l: TableLayout, x: number, y: number): number {
  const z = zoneOf(l, "order");
  if (!z) return -1;
  for (const c of z.cards) {
    if (y < c.y - GAP / 2) return c.index;
    if (y <= c.y + c.h + l.noteH + GAP / 2 && x < c.x + c.w / 2) return c.index;
  }
  return z.cards.length;
}

/** The drop marker (a bar in the gap) for insertion index `at` of the order zone. */
export function markerRect(l: TableLayout, at: number): Rect | null {
  const z = zoneOf(l, "order");
  if (!z || !z.cards.length || at < 0) return null;
  const c = z.cards[Math.min(at, z.cards.length - 1)];
  const x = at < z.cards.length ? c.x - GAP / 2 : c.x + c.w + GAP / 2;
  return { x: x - 3, y: c.y - 6, w: 6, h: c.h + 12 };
}
