// Display objects kept by key across draws, for canvases that redraw their whole picture
// from a model (as Minesweeper's cell sprites do for cells): a draw asks for each object by a
// stable key (a card's id, a slot), which is made on first use and updated in place after;
// what a draw no longer asks for is destroyed at its end, and the layer's children take the
// order of this draw, so the pixels are those of a rebuild. Text is the costly one (a canvas
// measure and a texture upload): its string and style are set only when they change. A
// Graphics is redrawn only when its signature (what its shape depends on) changes.
import { Container, Graphics, Sprite, Text, type Texture, type TextStyleOptions } from "pixi.js";

type Kept = { obj: Container; used: boolean; sig: string };

export class KeyedLayer {
  private kept = new Map<string, Kept>();
  private order: Container[] = [];
  /** Objects made since this layer began (for the tests' count of what a redraw creates). */
  made = 0;

  constructor(readonly layer: Container) {}

  /** Starts a draw. */
  begin(): void {
    this.order = [];
    for (const k of this.kept.values()) k.used = false;
  }

  private take<T extends Container>(key: string, make: () => T): { obj: T; kept: Kept; fresh: boolean } {
    // a key asked twice in one draw (the same card shown twice) gets one object per showing
    for (let n = 2; this.kept.get(key)?.used; n++) key = `${key.replace(/#\d+$/, "")}#${n}`;
    let k = this.kept.get(key);
    let fresh = false;
    if (!k) {
      k = { obj: make(), used: false, sig: "" };
      this.kept.set(key, k);
      this.made++;
      fresh = true;
    }
    k.used = true;
    this.order.push(k.obj);
    return { obj: k.obj as T, kept: k, fresh };
  }

  /** A text under `key` showing `s` in `style` (`resolution` fixed when it is made). */
  text(key: string, s: string, style: TextStyleOptions, resolution?: number): Text {
    const sig = JSON.stringify(style);
    const { obj, kept, fresh } = this.take(`t:${key}`, () => new Text({ text: s, style, ...(resolution ? { resolution } : {}) }));
    if (!fresh && kept.sig !== sig) obj.style = style;
    kept.sig = sig;
    if (obj.text !== s) obj.text = s;
    return obj;
  }

  /** A Graphics under `key`, drawn by `draw` when `sig` (all its shape depends on) changed. */
  shape(key: string, sig: string, draw: (g: Graphics) => void): Graphics {
    const { obj, kept } = this.take(`g:${key}`, () => new Graphics());
    if (kept.sig !== sig) {
      obj.clear();
      draw(obj);
      kept.sig = sig;
    }
    return obj;
  }

  /** A sprite under `key` showing `texture`. */
  sprite(key: string, texture: Texture): Sprite {
    const { obj } = this.take(`s:${key}`, () => new Sprite(texture));
    if (obj.texture !== texture) obj.texture = texture;
    return obj;
  }

  /** Any display object under `key`, made by `make` the first time (the caller updates it). */
  keep<T extends Container>(key: string, make: () => T): T {
    return this.take(`o:${key}`, make).obj;
  }

  /** Ends a draw: destroys what it did not ask for, orders the layer as it asked. */
  end(): void {
    for (const [key, k] of this.kept) {
      if (k.used) continue;
      this.kept.delete(key);
      k.obj.destroy({ children: true }); // a kept container goes with its parts (never shared textures)
    }
    const now = this.layer.children;
    if (now.length !== this.order.length || now.some((c, i) => c !== this.order[i])) {
      this.layer.removeChildren();
      if (this.order.length) this.layer.addChild(...this.order);
    }
  }

  /** How many objects the layer keeps now. */
  get size(): number {
    return this.kept.size;
  }
}
