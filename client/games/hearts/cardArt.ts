// Hearts' playing cards as textures: each face drawn once (a white card, the rank and suit in
// two corners, a large pip in the middle; hearts and diamonds red) and one back, at the size
// the layout asks for, then shown as Sprites (docs/performance.md: draw once, reuse).
import { Container, Graphics, Text, type Renderer, type Texture } from "pixi.js";
import { RANK_NAMES, SUIT_SYMBOLS, rankOf, suitOf } from "../../../common/hearts/index";

export const FONT = '"DejaVu Sans", "Liberation Sans", Arial, sans-serif';
const RED = 0xc8102e;
const BLACK = 0x1b1b1f;

export const isRed = (card: number): boolean => suitOf(card) === 1 || suitOf(card) === 3;

export class CardArt {
  private faces = new Map<number, Texture>();
  private back: Texture | null = null;
  private size = { w: 0, h: 0 };

  constructor(private readonly renderer: Renderer) {}

  /** Card size in CSS px; a new size draws the textures again. */
  resize(w: number, h: number): void {
    if (w === this.size.w && h === this.size.h) return;
    this.clear();
    this.size = { w, h };
  }

  face(card: number): Texture {
    let t = this.faces.get(card);
    if (!t) {
      t = this.draw(this.faceOf(card));
      this.faces.set(card, t);
    }
    return t;
  }

  backTexture(): Texture {
    if (!this.back) this.back = this.draw(this.backOf(this.size.w, this.size.h));
    return this.back;
  }

  private draw(c: Container): Texture {
    const t = this.renderer.generateTexture({ target: c, resolution: Math.min(window.devicePixelRatio || 1, 2) * 1.5, antialias: true });
    c.destroy({ children: true });
    return t;
  }

  private faceOf(card: number): Container {
    const { w, h } = this.size;
    const r = Math.max(4, w * 0.08);
    const c = new Container();
    const colour = isRed(card) ? RED : BLACK;
    c.addChild(new Graphics().roundRect(0, 0, w, h, r).fill(0xffffff).stroke({ color: 0x9aa3b2, width: 1 }));
    const rank = RANK_NAMES[rankOf(card)];
    const suit = SUIT_SYMBOLS[suitOf(card)];
    const corner = Math.max(11, Math.round(w * 0.27));
    const style = { fontFamily: FONT, fontSize: corner, fontWeight: "bold" as const, fill: colour };
    const tl = new Text({ text: rank, style });
    tl.position.set(w * 0.08, h * 0.03);
    const ts = new Text({ text: suit, style: { ...style, fontSize: Math.round(corner * 0.9) } });
    ts.position.set(w * 0.08, h * 0.03 + corner * 0.95);
    const pip = new Text({ text: suit, style: { ...style, fontSize: Math.round(w * 0.55) } });
    pip.anchor.set(0.5);
    pip.position.set(w * 0.58, h * 0.62);
    c.addChild(tl, ts, pip);
    return c;
  }

  private backOf(w: number, h: number): Container {
    const r = Math.max(4, w * 0.08);
    const c = new Container();
    const g = new Graphics().roundRect(0, 0, w, h, r).fill(0x8e1b2e).stroke({ color: 0xffffff, width: 2 });
    const inset = Math.max(3, w * 0.1);
    g.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, r * 0.6).stroke({ color: 0xf3c6cf, width: 1.5 });
    c.addChild(g);
    const heart = new Text({ text: "♥", style: { fontFamily: FONT, fontSize: Math.round(w * 0.45), fill: 0xf3c6cf } });
    heart.anchor.set(0.5);
    heart.position.set(w / 2, h / 2);
    c.addChild(heart);
    return c;
  }

  clear(): void {
    for (const t of this.faces.values()) t.destroy(true);
    this.faces.clear();
    this.back?.destroy(true);
    this.back = null;
  }
}
