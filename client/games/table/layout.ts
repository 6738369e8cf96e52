// Where things go on the table's canvas, in CSS pixels of the canvas: each shown player's
// header strip (DOM over the canvas), battlefield and column of piles, and the hand strip.
// Also the two mappings between the rules' positions (0..10000 both ways) and pixels, inset by
// the card's longer side so a card, turned or not, is never cut at the field's edge.
import type { Pos } from "../../../common/table/types.js";

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const PILE_ZONES = ["library", "graveyard", "exile", "command"] as const;
export type PileZone = (typeof PILE_ZONES)[number] | "hand";

export interface BoardBox {
  seat: number;
  header: Rect;
  field: Rect;
  piles: { zone: PileZone; rect: Rect }[];
  /** Card size on this field (a tapped card is card.h wide). */
  card: { w: number; h: number };
}

export interface TableLayout {
  boards: BoardBox[];
  /** The viewer's hand strip (null: a spectator, or the replay). */
  hand: Rect | null;
  handCard: { w: number; h: number };
}

const HEADER = 40;
/** A phone's header strip (name, life, counts): lower, the field keeps the height. */
const HEADER_COMPACT = 34;
const GAP = 6;
export const PILE_W = 74;

export const inside = (r: Rect, x: number, y: number) => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;

/**
 * The boards shown at once: all of up to four on a wide screen (more: yours and three
 * others from `focus` on), only the focused one on a phone.
 */
export function shownSeats(players: number, me: number, focus: number, phone: boolean): number[] {
  const all = Array.from({ length: players }, (_, i) => i);
  if (phone) return [Math.min(Math.max(focus, 0), players - 1)];
  if (players <= 4) return all;
  const others = all.filter((g) => g !== me);
  const start = Math.max(0, others.indexOf(focus));
  const window = Array.from({ length: me >= 0 ? 3 : 4 }, (_, k) => others[(start + k) % others.length]);
  return me >= 0 ? [...window, me] : window;
}

/** Lays out `seats` (yours last: it sits nearest the hand) in a canvas of `w`×`h`. */
export function layoutTable(w: number, h: number, seats: number[], opts: { hand: boolean; others: (g: number) => boolean; compact?: boolean }): TableLayout {
  const phone = w < 560 || !!opts.compact;
  // The hand strip: tall enough to read a card's name and cost (on a wide screen its oracle text).
  // Four boards share the height with it: a lower strip there leaves their cards readable too.
  const many = seats.length > 2;
  const handH = opts.hand ? (phone ? Math.round(Math.min(160, Math.max(104, h * 0.22))) : Math.min(220, Math.max(many ? 132 : 150, Math.round(h * 0.22)))) : 0;
  // Room for the fan's tilt and dip: no card's foot is cut at the strip's (the screen's) foot.
  const handCardH = Math.max(64, handH - (phone ? 26 : 30));
  const HEAD = opts.compact ? HEADER_COMPACT : HEADER;
  const area = { w, h: h - handH - (handH ? GAP : 0) };
  const cols = seats.length > 2 && !phone ? 2 : 1;
  const rows = Math.ceil(seats.length / cols);
  const bw = (area.w - GAP * (cols - 1)) / cols;
  const bh = (area.h - GAP * (rows - 1)) / rows;
  const boards = seats.map((seat, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const x = col * (bw + GAP);
    const y = row * (bh + GAP);
    const header = { x, y, w: bw, h: HEAD };
    const field = { x, y: y + HEAD, w: bw - PILE_W - GAP, h: bh - HEAD };
    const zones: PileZone[] = opts.others(seat) ? [...PILE_ZONES, "hand"] : [...PILE_ZONES];
    const ph = Math.min(90, (field.h - GAP * (zones.length - 1)) / zones.length);
    const piles = zones.map((zone, k) => ({ zone, rect: { x: x + bw - PILE_W, y: field.y + k * (ph + GAP), w: PILE_W, h: ph } }));
    // Big enough to read a name: two or four boards on a 1366×768 laptop give about 86×119 (was
    // 51×71; issue 37). A wide screen's cards fill a little more of the field's height (two rows
    // of them just overlap); a phone keeps room for two rows.
    const cardH = Math.round(Math.max(52, Math.min(150, field.h / (phone ? 2.1 : 1.9), field.w / 3.4)));
    return { seat, header, field, piles, card: { w: Math.round(cardH * 0.72), h: cardH } };
  });
  const hand = handH ? { x: 0, y: h - handH, w, h: handH } : null;
  return { boards, hand, handCard: { w: Math.round(handCardH * 0.72), h: handCardH } };
}

/** How far each attachment peeks out above its host: its name strip. */
export const attachStep = (cardH: number) => Math.round(cardH * 0.2);

/** The centre of a card at `pos` on `field` with `drop` px of attachments above it. */
export function centreOf(field: Rect, card: { h: number }, pos: Pos, drop = 0): { x: number; y: number } {
  return {
    x: field.x + card.h / 2 + (field.w - card.h) * (pos.x / 10000),
    y: field.y + card.h / 2 + drop + (field.h - card.h - drop) * (pos.y / 10000),
  };
}

const clampPos = (v: number) => Math.max(0, Math.min(10000, Math.round(v)));

/** The rules' position of a card dropped with its centre at (x, y) on `field`. */
export function posAt(field: Rect, card: { h: number }, x: number, y: number): Pos {
  const fw = Math.max(1, field.w - card.h);
  const fh = Math.max(1, field.h - card.h);
  return { x: clampPos(((x - field.x - card.h / 2) / fw) * 10000), y: clampPos(((y - field.y - card.h / 2) / fh) * 10000) };
}

/** The hand fan: each card's centre and turn (degrees), overlapping when the strip is short. */
export function fanOf(strip: Rect, card: { w: number; h: number }, n: number): { x: number; y: number; angle: number }[] {
  if (!n) return [];
  const pad = 8;
  const step = n > 1 ? Math.min(card.w + 6, (strip.w - 2 * pad - card.w) / (n - 1)) : 0;
  const width = card.w + step * (n - 1);
  const left = strip.x + (strip.w - width) / 2 + card.w / 2;
  return Array.from({ length: n }, (_, i) => {
    const t = n > 1 ? i - (n - 1) / 2 : 0;
    const angle = t * Math.min(5, 30 / n);
    // The outer cards dip a little, as in a held fan (the strip keeps room for it).
    return { x: left + i * step, y: strip.y + strip.h / 2 - 2 + Math.abs(t) * Math.min(2, 12 / n), angle };
  });
}
