// Card pictures for the table's canvas, each drawn ONCE per look and size into a texture every
// sprite showing it shares (sizes are the on-screen ones, so small text stays sharp; the cache
// is emptied when it grows past what a table shows):
// - a drawn frame that reads at a glance at every size: the name at a readable size, on one
//   line or two (broken between words; only a name too long even for two lines is shrunk, then
//   cut with an ellipsis — never broken inside a word), mana symbols, the frame in the card's
//   colour, the type line, the oracle text on larger cards (wrapped, shrunk to fit), and the
//   P/T or loyalty box with the table's changes; split cards show both halves;
// - the card's picture when the server gives one (CARD_IMAGES=on) and it has loaded, with the
//   name strip on small cards and the table's changes over it;
// - the back, for cards the viewer may not see.
import { CanvasTextMetrics, Container, Graphics, Rectangle, Sprite, Text, TextStyle, type Renderer, type Texture } from "pixi.js";
import type { CardView } from "../../../common/table/visibility";
import { faceUp, facesOf, frameColour, isSplit, otherCounters, pictureOf, powerToughness, type FaceWords } from "./faces";
import { CardImages } from "./images";
import { manaSymbols } from "./mana";

const FONT = '"DejaVu Sans", "Liberation Sans", Arial, sans-serif';
const CACHE_MAX = 400;

/** The words a card shows (what the snapshot, the labels and the keyboard stand-ins read). */
export function cardWords(c: CardView): { name: string; cost: string; type: string; pt: string; lines: string[] } | null {
  const f = faceUp(c);
  if (!f) return null;
  const pt = powerToughness(c, f);
  const lines = [...(c.labels ?? []), ...(c.keywords?.length ? [c.keywords.join(", ")] : []), ...otherCounters(c, f).map(([k, n]) => `● ${k} ×${n}`), ...(c.quantity ? [`×${c.quantity}`] : [])];
  return { name: f.name, cost: f.cost, type: f.type, pt: pt?.text ?? "", lines };
}

interface Look {
  token: boolean;
  faceDown: boolean;
  looking: boolean;
}

const style = (size: number, o: { bold?: boolean; italic?: boolean; fill?: number; wrap?: number; align?: "left" | "center" | "right" } = {}) =>
  new TextStyle({
    fontFamily: FONT,
    fontSize: size,
    fontWeight: o.bold ? "bold" : "normal",
    fontStyle: o.italic ? "italic" : "normal",
    fill: o.fill ?? 0x1b1b1b,
    wordWrap: o.wrap !== undefined,
    wordWrapWidth: o.wrap ?? 1000,
    breakWords: false,
    lineHeight: Math.round(size * 1.18),
    align: o.align ?? "left",
  });

/** One line in `width`: the font shrunk down to `min`, then cut with an ellipsis (at a character, never wrapped). */
export function fitLine(text: string, size: number, width: number, o: { bold?: boolean; italic?: boolean; min?: number } = {}): { text: string; size: number } {
  const min = o.min ?? Math.max(6, Math.round(size * 0.72));
  for (let s = size; s >= min; s -= 0.5) if (CanvasTextMetrics.measureText(text, style(s, o)).width <= width) return { text, size: s };
  const st = style(min, o);
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (CanvasTextMetrics.measureText(`${text.slice(0, mid).trimEnd()}…`, st).width <= width) lo = mid;
    else hi = mid - 1;
  }
  return { text: lo ? `${text.slice(0, lo).trimEnd()}…` : "…", size: min };
}

/** A card's name is drawn at least this large wherever two lines of it fit (issue 37: 7 px names). */
export const NAME_PX = 10;

/**
 * A card's name in `width`: one line at `size` (shrunk no lower than the readable size), else
 * two lines broken between words, the longer line as short as it can be (down to 9 px, the
 * second line cut with an ellipsis only when even that is too long), else — one long word —
 * one line shrunk and cut as `fitLine` does.
 */
export function fitName(text: string, size: number, width: number): { lines: string[]; size: number } {
  const readable = Math.min(size, NAME_PX);
  const wide = (t: string, px: number) => CanvasTextMetrics.measureText(t, style(px, { bold: true })).width;
  for (let s = size; s >= readable; s -= 0.5) if (wide(text, s) <= width) return { lines: [text], size: s };
  const words = text.split(" ");
  if (words.length < 2) {
    const one = fitLine(text, size, width, { bold: true, min: Math.max(6, size * 0.68) });
    return { lines: [one.text], size: one.size };
  }
  const floor = Math.min(readable, 9);
  for (let s = size; s >= floor; s -= 0.5) {
    let best: string[] | null = null;
    let bestW = Infinity;
    for (let k = 1; k < words.length; k++) {
      const pair = [words.slice(0, k).join(" "), words.slice(k).join(" ")];
      const w = Math.max(...pair.map((l) => wide(l, s)));
      if (w <= width && w < bestW) [best, bestW] = [pair, w];
    }
    if (best) return { lines: best, size: s };
  }
  // The most words that fit on the first line; the rest cut on the second.
  let k = 1;
  while (k < words.length - 1 && wide(words.slice(0, k + 1).join(" "), floor) <= width) k++;
  const rest = fitLine(words.slice(k).join(" "), floor, width, { bold: true, min: floor });
  return { lines: [fitLine(words.slice(0, k).join(" "), floor, width, { bold: true, min: floor }).text, rest.text], size: floor };
}

export class CardArt {
  private cache = new Map<string, Texture>();
  /** The size each drawn face's name was drawn at (the tests read it: a name a person can read). */
  private nameSizes = new WeakMap<Texture, number>();
  private drawnName: number | null = null;
  /** Where the drawn face's title (and cost row) ends: the table's chips start under it. */
  private drawnTop = 0;
  readonly images: CardImages;

  constructor(
    private readonly renderer: Renderer,
    /** A picture arrived: the table redraws. */
    onPicture: () => void = () => {},
  ) {
    this.images = new CardImages(onPicture);
  }

  /** A card's face at w×h (its back when the viewer may not see it). */
  face(c: CardView, w: number, h: number): Texture {
    const f = faceUp(c);
    if (!f || !c.card) return this.back(w, h);
    const look: Look = { token: !!c.token, faceDown: !!c.faceDown, looking: !!c.looking };
    const picture = this.images.get(pictureOf(c));
    const pt = powerToughness(c, f);
    const extras = [...(c.labels ?? []), ...(c.keywords?.length ? [c.keywords.join(", ")] : [])];
    const counters = otherCounters(c, f);
    const key = JSON.stringify([w, h, c.card, c.face ?? 0, pt, extras, counters, c.quantity ?? 1, look, !!picture]);
    return this.cached(key, w, h, () => {
      const root = picture ? this.drawPicture(picture, f, w, h) : isSplit(c.card!) && w >= 88 ? this.drawSplit(facesOf(c.card!), w, h) : this.drawFrame(f, w, h);
      this.drawTable(root, w, h, { pt: pt && (!picture || w < 120 || pt.change !== 0) ? pt : null, extras, counters, quantity: c.quantity ?? 1, look, picture: !!picture, top: this.drawnTop });
      return root;
    });
  }

  back(w: number, h: number): Texture {
    return this.cached(`back:${w}x${h}`, w, h, () => {
      const g = new Graphics().roundRect(0, 0, w, h, Math.max(4, w * 0.06)).fill(0x3b2a1e);
      g.roundRect(w * 0.06, h * 0.045, w * 0.88, h * 0.91, Math.max(3, w * 0.05)).fill(0x5b3f2a).stroke({ color: 0xc9a35a, width: Math.max(1, w * 0.02) });
      g.ellipse(w / 2, h / 2, w * 0.3, h * 0.3).fill(0x2c4f7c).stroke({ color: 0xc9a35a, width: Math.max(1, w * 0.025) });
      g.ellipse(w / 2, h / 2, w * 0.16, h * 0.16).fill(0xc9a35a);
      return new Container({ children: [g] });
    });
  }

  /** Before a redraw: a full cache is emptied (no sprite of the last frame is kept). */
  trim(): void {
    if (this.cache.size < CACHE_MAX) return;
    for (const t of this.cache.values()) t.destroy(true);
    this.cache.clear();
  }

  destroy(): void {
    for (const t of this.cache.values()) t.destroy(true);
    this.cache.clear();
    this.images.destroy();
  }

  /** The size a face's name is drawn at on `t` (null: a back, or a large picture showing its own). */
  nameSize(t: Texture): number | null {
    return this.nameSizes.get(t) ?? null;
  }

  private cached(key: string, w: number, h: number, draw: () => Container): Texture {
    let t = this.cache.get(key);
    if (!t) {
      this.drawnName = null;
      this.drawnTop = 0;
      const c = draw();
      // The frame is the card's rectangle: whatever runs past its edge is cut off.
      t = this.renderer.generateTexture({ target: c, frame: new Rectangle(0, 0, w, h), resolution: this.renderer.resolution, antialias: true });
      c.destroy({ children: true });
      this.cache.set(key, t);
      if (this.drawnName !== null) this.nameSizes.set(t, this.drawnName);
    }
    return t;
  }

  private text(root: Container, s: string, st: TextStyle, x: number, y: number): Text {
    const t = new Text({ text: s, style: st, resolution: this.renderer.resolution });
    t.position.set(x, y);
    root.addChild(t);
    return t;
  }

  /** Mana symbols right-aligned ending at `right`, centred on `cy`; returns their width. */
  private mana(root: Container, cost: string, right: number, cy: number, d: number): number {
    const syms = manaSymbols(cost);
    if (!syms.length) return 0;
    const gap = Math.max(1, d * 0.12);
    let x = right;
    const g = new Graphics();
    root.addChild(g);
    for (const s of [...syms].reverse()) {
      if (s.text === "//") {
        const t = new Text({ text: "/", style: style(d * 0.9, { bold: true }), resolution: this.renderer.resolution });
        x -= t.width + gap;
        t.position.set(x, cy - t.height / 2);
        root.addChild(t);
        continue;
      }
      x -= d;
      const cx = x + d / 2;
      if (s.fills.length > 1) {
        g.moveTo(cx, cy).arc(cx, cy, d / 2, Math.PI * 0.75, Math.PI * 1.75).closePath().fill(s.fills[0]);
        g.moveTo(cx, cy).arc(cx, cy, d / 2, Math.PI * 1.75, Math.PI * 2.75).closePath().fill(s.fills[1]);
      } else g.circle(cx, cy, d / 2).fill(s.fills[0]);
      g.circle(cx, cy, d / 2).stroke({ color: 0x1b1b1b, width: Math.max(0.6, d * 0.07), alpha: 0.55 });
      const t = new Text({ text: s.label, style: style(Math.max(5, d * (s.label.length > 1 ? 0.55 : 0.72)), { bold: true }), resolution: this.renderer.resolution });
      t.anchor.set(0.5);
      t.position.set(cx, cy + d * 0.02);
      root.addChild(t);
      x -= gap;
    }
    return right - x;
  }

  /** The drawn card: frame, title (name + cost), art area, type line, text, in the card's colour. */
  private drawFrame(f: FaceWords, w: number, h: number): Container {
    const root = new Container();
    const col = frameColour(f);
    const r = Math.max(4, w * 0.06);
    const b = Math.max(2, Math.round(w * 0.045));
    const g = new Graphics().roundRect(0, 0, w, h, r).fill(col.frame).stroke({ color: 0x111111, width: 1, alpha: 0.6 });
    root.addChild(g);
    const inner = { x: b, y: b, w: w - 2 * b, h: h - 2 * b };
    const small = w < 72;
    const line = Math.max(small ? 11 : 13, Math.round(h * (small ? 0.16 : 0.115)));
    const pad = Math.max(2, Math.round(w * 0.03));
    // A battlefield's and a hand's card: its name at a readable size, on two lines where one is too short.
    const nameSize = small ? Math.round(line * 0.66) : Math.max(NAME_PX, Math.round(line * 0.68));
    let d = Math.round(line * (small ? 0.66 : 0.74));
    // The cost beside the name, unless the name would not fit there on one line: then it goes on its own row.
    const costGuess = f.cost ? manaSymbols(f.cost).length * d * 1.12 + pad : 0;
    const beside = fitName(f.name, nameSize, inner.w - 2 * pad - costGuess);
    const costBeside = !small && (w >= 130 || (beside.lines.length === 1 && !beside.lines[0].endsWith("…") && beside.size >= Math.min(nameSize, NAME_PX)));
    if (!costBeside && !small) d = Math.round(line * 0.62);
    const name = f.cost && costBeside ? beside : fitName(f.name, nameSize, inner.w - 2 * pad);
    this.drawnName = name.size;
    const titleH = name.lines.length > 1 ? Math.max(line, Math.round(name.size * 1.18 * 2 + 3)) : line;
    // Title bar.
    g.roundRect(inner.x, inner.y, inner.w, titleH, Math.max(2, r * 0.5)).fill(col.panel).stroke({ color: 0x111111, width: 0.75, alpha: 0.4 });
    let y = inner.y + titleH;
    if (f.cost && costBeside) this.mana(root, f.cost, inner.x + inner.w - pad, inner.y + titleH / 2, d);
    const nt = this.text(root, name.lines.join("\n"), style(name.size, { bold: true }), inner.x + pad, 0);
    nt.y = inner.y + (titleH - nt.height) / 2;
    if (f.cost && !costBeside) {
      // Small cards: the cost on its own row under the name, so the name keeps the width.
      const row = Math.round(d * 0.95);
      this.mana(root, f.cost, inner.x + inner.w - 1, y + row / 2 + 1, row);
      y += row + 2;
    }
    this.drawnTop = Math.max(this.drawnTop, y);
    const typeH = Math.max(9, Math.round(h * (small ? 0.11 : 0.085)));
    const ptH = Math.max(10, Math.round(h * 0.1));
    const big = w >= 100;
    // Art area (no picture: a tint of the frame) and the type line under it.
    const textTop = big ? inner.y + Math.round(inner.h * 0.52) : inner.y + inner.h - ptH - 2;
    const typeY = Math.min(textTop - typeH, Math.max(y + (big ? 2 : 1), inner.y + Math.round(inner.h * 0.46)));
    if (typeY - y > 4) g.rect(inner.x + pad, y + 1, inner.w - 2 * pad, typeY - y - 2).fill({ color: col.panel, alpha: 0.35 });
    if (f.type && typeY + typeH <= inner.y + inner.h) {
      g.roundRect(inner.x, typeY, inner.w, typeH, Math.max(2, r * 0.4)).fill(col.panel).stroke({ color: 0x111111, width: 0.75, alpha: 0.4 });
      const ts = Math.round(typeH * 0.72);
      const tl = fitLine(f.type, ts, inner.w - 2 * pad, { italic: true, min: Math.max(5.5, ts * 0.7) });
      const tt = this.text(root, tl.text, style(tl.size, { italic: true }), inner.x + pad, 0);
      tt.y = typeY + (typeH - tt.height) / 2;
    }
    if (big && f.text) {
      const top = typeY + typeH + 2;
      const box = { x: inner.x, y: top, w: inner.w, h: inner.y + inner.h - top - (f.power !== undefined || f.loyalty !== undefined ? ptH * 0.6 : 0) };
      g.rect(box.x, box.y, box.w, inner.y + inner.h - top).fill({ color: 0xfbf8f0, alpha: 0.92 });
      this.oracle(root, f.text, box, pad, Math.max(7, Math.round(w * 0.075)));
    }
    return root;
  }

  /** Oracle text wrapped in its box, the font shrunk until it fits (cut with "…" at the smallest). */
  private oracle(root: Container, text: string, box: { x: number; y: number; w: number; h: number }, pad: number, size: number): void {
    const width = box.w - 2 * pad;
    let s = size;
    let st = style(s, { wrap: width });
    while (s > 6 && CanvasTextMetrics.measureText(text, st).height > box.h - 2) {
      s -= 0.5;
      st = style(s, { wrap: width });
    }
    let shown = text;
    if (CanvasTextMetrics.measureText(shown, st).height > box.h - 2) {
      const words = text.split(" ");
      while (words.length > 1 && CanvasTextMetrics.measureText(`${words.join(" ")}…`, st).height > box.h - 2) words.pop();
      shown = `${words.join(" ")}…`;
    }
    this.text(root, shown, st, box.x + pad, box.y + 1);
  }

  /** A split card: both halves, each with its name, cost, type and text. */
  private drawSplit(faces: FaceWords[], w: number, h: number): Container {
    const root = new Container();
    const halves = faces.slice(0, 2);
    const each = h / halves.length;
    halves.forEach((f, i) => {
      const part = this.drawFrame(f, w, Math.round(each / 0.72) > h ? h : Math.round(each));
      // Drawn at the half's height: a shorter card with the same parts.
      part.y = Math.round(i * each);
      root.addChild(part);
    });
    return root;
  }

  /** The card's picture, cut to the card's rounded corners, with the name strip on small cards. */
  private drawPicture(texture: Texture, f: FaceWords, w: number, h: number): Container {
    const root = new Container();
    const s = new Sprite(texture);
    const scale = Math.max(w / texture.width, h / texture.height);
    s.scale.set(scale);
    s.position.set((w - texture.width * scale) / 2, (h - texture.height * scale) / 2);
    const mask = new Graphics().roundRect(0, 0, w, h, Math.max(4, w * 0.05)).fill(0xffffff);
    s.mask = mask;
    root.addChild(s, mask);
    if (w < 120) {
      // A small picture's own name cannot be read: a strip with it on top.
      const line = Math.max(11, Math.round(h * 0.14));
      const n = fitName(f.name, Math.max(Math.round(line * 0.68), Math.min(NAME_PX, line - 2)), w - 6);
      this.drawnName = n.size;
      const sh = n.lines.length > 1 ? Math.round(n.size * 1.18 * 2 + 3) : line;
      this.drawnTop = sh + 1;
      const bar = new Graphics().roundRect(1, 1, w - 2, sh, 3).fill({ color: 0x111111, alpha: 0.78 });
      root.addChild(bar);
      const t = this.text(root, n.lines.join("\n"), style(n.size, { bold: true, fill: 0xffffff }), 3, 0);
      t.y = 1 + (sh - t.height) / 2;
    }
    return root;
  }

  /** What the table did to the card: P/T or loyalty box, counters, labels, keywords, pile size, looks. */
  private drawTable(root: Container, w: number, h: number, o: { pt: { text: string; change: number } | null; extras: string[]; counters: [string, number][]; quantity: number; look: Look; picture: boolean; top: number }): void {
    const g = new Graphics();
    root.addChild(g);
    const size = Math.max(7, Math.round(w * 0.1));
    const chipSize = Math.max(7, Math.round(w * 0.085));
    // Under the name (two lines of it, and a cost row, reach further down on a small card).
    let y = Math.max(Math.round(h * (o.picture ? 0.2 : w < 72 ? 0.34 : 0.22)), Math.round(o.top) + 2);
    const chip = (text: string, fill: number, ink = 0x1b1b1b) => {
      const line = fitLine(text, chipSize, w - 10, { bold: true, min: 6 });
      const t = new Text({ text: line.text, style: style(line.size, { bold: true, fill: ink }), resolution: this.renderer.resolution });
      if (y + t.height > h - size * 1.6) {
        t.destroy();
        return;
      }
      g.roundRect(3, y, Math.min(w - 6, t.width + 6), t.height + 1, 4).fill(fill).stroke({ color: 0x111111, width: 0.75, alpha: 0.5 });
      t.position.set(6, y + 0.5);
      root.addChild(t);
      y += t.height + 3;
    };
    for (const [k, n] of o.counters) chip(`${k} ×${n}`, 0xf2c230);
    for (const e of o.extras) chip(e, 0xe7e7e7);
    if (o.quantity > 1) chip(`×${o.quantity}`, 0x35507a, 0xffffff);
    if (o.pt) {
      const fill = o.pt.change > 0 ? 0xd6f5dc : o.pt.change < 0 ? 0xf9d6d2 : 0xf4f1e8;
      const ink = o.pt.change > 0 ? 0x0a6a2a : o.pt.change < 0 ? 0xa31a0e : 0x1b1b1b;
      const t = new Text({ text: o.pt.text, style: style(size + 1, { bold: true, fill: ink }), resolution: this.renderer.resolution });
      const bw = Math.min(w - 4, t.width + 8);
      const bh = t.height + 2;
      g.roundRect(w - bw - 3, h - bh - 3, bw, bh, 4).fill(fill).stroke({ color: 0x111111, width: 1, alpha: 0.7 });
      t.position.set(w - bw - 3 + (bw - t.width) / 2, h - bh - 2);
      root.addChild(t);
    }
    if (o.look.token) {
      const t = new Text({ text: "TOKEN", style: style(Math.max(6, Math.round(w * 0.075)), { bold: true, fill: 0xffffff }), resolution: this.renderer.resolution });
      g.roundRect(3, h - t.height - 5, t.width + 6, t.height + 2, 3).fill({ color: 0x35507a, alpha: 0.9 });
      t.position.set(6, h - t.height - 4);
      root.addChild(t);
    }
    if (o.look.faceDown) {
      g.roundRect(0, 0, w, h, Math.max(4, w * 0.06)).fill({ color: 0x1d2c44, alpha: 0.35 });
      const t = new Text({ text: "face down", style: style(Math.max(6, Math.round(w * 0.09)), { bold: true, fill: 0xffffff }), resolution: this.renderer.resolution });
      t.anchor.set(0.5);
      t.position.set(w / 2, h / 2);
      g.roundRect(w / 2 - t.width / 2 - 3, h / 2 - t.height / 2 - 1, t.width + 6, t.height + 2, 3).fill({ color: 0x1d2c44, alpha: 0.85 });
      root.addChild(t);
    }
    g.roundRect(0.75, 0.75, w - 1.5, h - 1.5, Math.max(4, w * 0.06)).stroke({ color: o.look.looking ? 0xd9a400 : o.look.token ? 0x3b6fb0 : 0x111111, width: o.look.looking || o.look.token ? 2.5 : 1, alpha: o.look.looking || o.look.token ? 1 : 0.5 });
  }
}
