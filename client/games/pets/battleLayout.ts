// Where the battle's cards stand on the canvas: the two front pets facing each other in the
// middle, each line's cards to come stretching away behind them. Wide screens put the lines
// left and right; a phone in portrait stacks them (the opponent on top). Pure geometry.
import type { Side } from "./battleModel.js";

export interface Box {
  /** Centre. */
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Layout {
  wide: boolean;
  width: number;
  height: number;
  front: [Box, Box];
  /** Slot i of a side's cards to come (0 = next); null past what fits. */
  queue(s: Side, i: number): Box | null;
  /** How many queue slots fit on a side. */
  fits: number;
  /** Where the "+N more" count goes for a side. */
  more: [Box, Box];
  /** The side's name. */
  name: [{ x: number; y: number; anchor: number }, { x: number; y: number; anchor: number }];
  /** Badges (volleys, aura, team shield) beside the front pet. */
  badges: [{ x: number; y: number }, { x: number; y: number }];
  /** Where the two pets meet. */
  mid: { x: number; y: number };
  /** Card scale against the textures' front size. */
  frontScale: number;
  queueScale: number;
}

/** The card textures' size (front pet at desktop scale). */
export const CARD_W = 112;
export const CARD_H = 144;

/** Canvas height the player asks for at a given width (CSS sets the same, battle.css). */
export const wideLayout = (width: number, height: number): boolean => width >= 560 && width > height;

export function layout(width: number, height: number): Layout {
  return wideLayout(width, height) ? wide(width, height) : tall(width, height);
}

function wide(W: number, H: number): Layout {
  const fs = Math.min(1.2, (H - 80) / CARD_H);
  const fw = CARD_W * fs, fh = CARD_H * fs;
  const qs = fs * 0.45;
  const qw = CARD_W * qs, qh = CARD_H * qs;
  // Centred a little low: the names and what floats up above the cards have room.
  const cy = Math.max(34 + fh / 2, H / 2 + 14);
  const top = cy - fh / 2;
  const gap = 30;
  const front: [Box, Box] = [
    { x: W / 2 - gap - fw / 2, y: cy, w: fw, h: fh },
    { x: W / 2 + gap + fw / 2, y: cy, w: fw, h: fh },
  ];
  // The cards to come in columns of two beside the front pet, the next one nearest.
  const rows = fh >= 2 * qh + 8 ? 2 : 1;
  const step = qw + 6;
  const room = W / 2 - gap - fw - 16 - 8;
  const cols = Math.max(1, Math.floor((room - 30) / step));
  const fits = cols * rows;
  const rowY = (r: number) => (rows === 1 ? cy : cy + (r === 0 ? -1 : 1) * (qh / 2 + 4));
  const queue = (s: Side, i: number): Box | null => {
    if (i >= fits) return null;
    const dx = fw / 2 + 16 + qw / 2 + Math.floor(i / rows) * step;
    return { x: s === 0 ? front[0].x - dx : front[1].x + dx, y: rowY(i % rows), w: qw, h: qh };
  };
  const moreDx = fw / 2 + 16 + cols * step;
  const qy = cy;
  return {
    wide: true,
    width: W,
    height: H,
    front,
    queue,
    fits,
    more: [
      { x: front[0].x - moreDx + 4, y: qy, w: 30, h: qh },
      { x: front[1].x + moreDx - 4, y: qy, w: 30, h: qh },
    ],
    name: [
      { x: front[0].x + fw / 2, y: top - 26, anchor: 1 },
      { x: front[1].x - fw / 2, y: top - 26, anchor: 0 },
    ],
    badges: [
      { x: front[0].x - fw / 2 - 10, y: top },
      { x: front[1].x + fw / 2 + 10, y: top },
    ],
    mid: { x: W / 2, y: cy },
    frontScale: fs,
    queueScale: qs,
  };
}

function tall(W: number, H: number): Layout {
  // name, queue row, front | front, queue row, name (opponent on top)
  const fs = Math.min(0.8, (H - 2 * 20 - 2 * 64 - 40) / (2 * CARD_H), (W - 120) / (2 * CARD_W) + 0.2);
  const fw = CARD_W * fs, fh = CARD_H * fs;
  const qs = Math.min(fs * 0.5, 0.42);
  const qw = CARD_W * qs, qh = CARD_H * qs;
  const mid = H / 2;
  const gap = 14;
  const front: [Box, Box] = [
    { x: W / 2, y: mid + gap + fh / 2, w: fw, h: fh },
    { x: W / 2, y: mid - gap - fh / 2, w: fw, h: fh },
  ];
  const step = qw + 5;
  const fits = Math.max(1, Math.floor((W - 16 - 36) / step));
  const qy: [number, number] = [front[0].y + fh / 2 + 10 + qh / 2, front[1].y - fh / 2 - 10 - qh / 2];
  const left = 8 + qw / 2;
  const queue = (s: Side, i: number): Box | null => (i >= fits ? null : { x: left + i * step, y: qy[s], w: qw, h: qh });
  return {
    wide: false,
    width: W,
    height: H,
    front,
    queue,
    fits,
    more: [
      { x: left + fits * step - 4, y: qy[0], w: 30, h: qh },
      { x: left + fits * step - 4, y: qy[1], w: 30, h: qh },
    ],
    name: [
      { x: W / 2, y: qy[0] + qh / 2 + 3, anchor: 0.5 },
      { x: W / 2, y: qy[1] - qh / 2 - 19, anchor: 0.5 },
    ],
    badges: [
      { x: W / 2 + fw / 2 + 12, y: front[0].y - fh / 2 + 4 },
      { x: W / 2 + fw / 2 + 12, y: front[1].y - fh / 2 + 4 },
    ],
    mid: { x: W / 2, y: mid },
    frontScale: fs,
    queueScale: qs,
  };
}
