// Card pictures for the table's canvas: clean text cards (name, cost, type, labels, keywords,
// counters, P/T and its changes; no images) and the card back, each drawn ONCE per look and
// size into a texture that every sprite showing it shares. Sizes are the on-screen ones so the
// small text stays sharp; the cache is emptied when it grows past what a table shows.
import { Container, Graphics, Rectangle, Text, TextStyle, type Renderer, type Texture } from "pixi.js";
import type { CardView } from "../../../common/table/visibility";

const FONT = '"DejaVu Sans", "Liberation Sans", Arial, sans-serif';
const CACHE_MAX = 400;

/** The words a card shows, short enough to fit (the same the snapshot and labels read). */
export function cardWords(c: CardView): { name: string; cost: string; type: string; pt: string; mod: string; lines: string[] } | null {
  if (!c.known || !c.card) return null;
  const d = c.card;
  const pt = d.power !== undefined || d.toughness !== undefined ? `${d.power ?? "?"}/${d.toughness ?? "?"}` : d.loyalty !== undefined ? `◇${d.loyalty}` : "";
  // The three P/T rows add up to one change shown beside the printed P/T.
  const sum = c.pt ? [c.pt.other, c.pt.eot, c.pt.fixed].reduce((a, r) => ({ p: a.p + r.power, t: a.t + r.toughness }), { p: 0, t: 0 }) : null;
  const sign = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
  const lines = [
    ...(c.labels ?? []),
    ...(c.keywords?.length ? [c.keywords.join(", ")] : []),
    ...Object.entries(c.counters ?? {}).map(([k, n]) => `● ${k} ×${n}`),
    ...(c.quantity ? [`×${c.quantity}`] : []),
  ];
  return { name: d.name, cost: d.cost ?? "", type: d.type ?? "", pt, mod: sum ? `${sign(sum.p)}/${sign(sum.t)}` : "", lines };
}

export class CardArt {
  private cache = new Map<string, Texture>();

  constructor(private readonly renderer: Renderer) {}

  /** A card's face at w×h (its back when the viewer may not see it). */
  face(c: CardView, w: number, h: number): Texture {
    const words = cardWords(c);
    if (!words) return this.back(w, h);
    const key = JSON.stringify([w, h, words, !!c.token, !!c.faceDown, !!c.looking]);
    return this.cached(key, w, h, () => this.drawFace(words, w, h, { token: !!c.token, faceDown: !!c.faceDown, looking: !!c.looking }));
  }

  back(w: number, h: number): Texture {
    return this.cached(`back:${w}x${h}`, w, h, () => {
      const g = new Graphics().roundRect(0, 0, w, h, 6).fill(0x35507a).stroke({ color: 0x1d2c44, width: 1.5 });
      for (let k = -h; k < w; k += 10) g.moveTo(k, 0).lineTo(k + h, h);
      g.stroke({ color: 0x2b4366, width: 4 });
      g.roundRect(w * 0.3, h * 0.36, w * 0.4, h * 0.28, 4).fill(0x2b4366).stroke({ color: 0xd9a400, width: 1.5 });
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
  }

  private cached(key: string, w: number, h: number, draw: () => Container): Texture {
    let t = this.cache.get(key);
    if (!t) {
      const c = draw();
      // The frame is the card's rectangle: whatever runs past its edge is cut off.
      t = this.renderer.generateTexture({ target: c, frame: new Rectangle(0, 0, w, h), resolution: this.renderer.resolution, antialias: true });
      c.destroy({ children: true });
      this.cache.set(key, t);
    }
    return t;
  }

  private drawFace(words: NonNullable<ReturnType<typeof cardWords>>, w: number, h: number, look: { token: boolean; faceDown: boolean; looking: boolean }): Container {
    const small = w < 70;
    const size = Math.max(8, Math.round(w * (small ? 0.15 : 0.13)));
    const pad = Math.max(3, Math.round(w * 0.05));
    const root = new Container();
    const bg = new Graphics().roundRect(0, 0, w, h, 6).fill(look.faceDown ? 0xe8e2d0 : 0xfffdf6);
    bg.roundRect(0.75, 0.75, w - 1.5, h - 1.5, 6).stroke({ color: look.looking ? 0xd9a400 : look.token ? 0x3b6fb0 : 0x555555, width: look.looking || look.token ? 2 : 1 });
    root.addChild(bg);
    const text = (s: string, o: { size?: number; bold?: boolean; italic?: boolean; colour?: number; width?: number }) =>
      new Text({
        text: s,
        style: new TextStyle({
          fontFamily: FONT,
          fontSize: o.size ?? size,
          fontWeight: o.bold ? "bold" : "normal",
          fontStyle: o.italic ? "italic" : "normal",
          fill: o.colour ?? 0x222222,
          wordWrap: o.width !== undefined,
          wordWrapWidth: o.width ?? 1000,
          breakWords: true,
          lineHeight: Math.round((o.size ?? size) * 1.15),
        }),
        resolution: this.renderer.resolution,
      });
    const cost = words.cost ? text(words.cost, { size: size - 1, colour: 0x555555 }) : null;
    const name = text(words.name, { bold: true, width: w - 2 * pad - (cost && !small ? cost.width + 2 : 0) });
    name.position.set(pad, pad - 1);
    root.addChild(name);
    let y = name.y + name.height + 1;
    if (cost) {
      if (small) cost.position.set(pad, y);
      else cost.position.set(w - pad - cost.width, pad);
      root.addChild(cost);
      if (small) y += cost.height;
    }
    const ptText = words.pt || words.mod ? text(words.mod ? `${words.mod} ${words.pt}`.trim() : words.pt, { bold: true, size: size + 1, colour: words.mod ? 0x0a6a2a : 0x222222 }) : null;
    const bottom = h - pad - (ptText ? ptText.height : 0);
    if (words.type && y + size < bottom) {
      const t = text(words.type, { italic: true, size: size - 1, colour: 0x555555, width: w - 2 * pad });
      t.position.set(pad, y);
      if (y + t.height <= bottom) (root.addChild(t), (y += t.height + 1));
      else t.destroy();
    }
    for (const line of words.lines) {
      const counter = line.startsWith("● ");
      const t = text(counter ? line.slice(2) : line, { size: size - 1, bold: counter, colour: 0x222222, width: w - 2 * pad - 4 });
      if (y + t.height > bottom + (ptText ? ptText.height : 0)) {
        t.destroy();
        break;
      }
      const chip = new Graphics().roundRect(pad - 1, y, Math.min(w - 2 * pad + 2, t.width + 6), t.height, 4).fill(counter ? 0xd9a400 : 0xdddddd);
      t.position.set(pad + 2, y);
      root.addChild(chip, t);
      y += t.height + 2;
    }
    if (ptText) {
      ptText.position.set(w - pad - ptText.width, h - pad - ptText.height);
      root.addChild(ptText);
    }
    return root;
  }
}
