// Cube textures: each card's SVG (art.ts) is rasterised ONCE into a canvas and
// turned into a Pixi texture shared by every sprite showing that card (board,
// ghost, flying animations). Keys include the pack and, for a played wild, its
// chosen suit. Rasterising is asynchronous (the browser decodes the SVG), so
// `get()` answers the card back until the card is ready and calls `onReady`
// (the scene re-renders); `ensure()` lets a caller wait (a play animation).
import { Texture } from "pixi.js";
import type { PackId, Suit } from "../../../common/cubestacc/types";
import { isWild } from "../../../common/cubestacc/deck";
import { backSvg, cubeSvg, svgUrl } from "./art";
import { BOX_H, BOX_W } from "./geometry";

/** Rasterisation scale of the 120×140 box (sharp up to ~2.5× the desktop cube at dpr 1). */
const RASTER = 2.2;

interface Entry {
  texture: Texture | null;
  url: string;
  ready: Promise<Texture>;
}

export class CubeTextures {
  private entries = new Map<string, Entry>();
  private destroyed = false;
  private back: Entry;

  constructor(private onReady: () => void) {
    this.back = this.load("back", svgUrl(backSvg()));
  }

  static key(card: number, pack: PackId, chosen: Suit | null): string {
    return isWild(card) ? `${pack}:${card >= 0 ? "W" : "?"}:${chosen ?? "-"}` : `${pack}:${card}`;
  }

  /** Data URL of a card's art (the DOM hand uses the same picture). */
  url(card: number, pack: PackId, chosen: Suit | null = null): string {
    return this.entry(card, pack, chosen).url;
  }

  /** The card's texture, or the card back while it is still being drawn. */
  get(card: number, pack: PackId, chosen: Suit | null = null): Texture {
    return this.entry(card, pack, chosen).texture ?? this.back.texture ?? Texture.EMPTY;
  }

  isReady(card: number, pack: PackId, chosen: Suit | null = null): boolean {
    return this.entry(card, pack, chosen).texture !== null;
  }

  /** Resolves when the card's texture is ready. */
  ensure(card: number, pack: PackId, chosen: Suit | null = null): Promise<Texture> {
    return this.entry(card, pack, chosen).ready;
  }

  backTexture(): Texture {
    return this.back.texture ?? Texture.EMPTY;
  }

  backUrl(): string {
    return this.back.url;
  }

  whenBackReady(): Promise<Texture> {
    return this.back.ready;
  }

  private entry(card: number, pack: PackId, chosen: Suit | null): Entry {
    const key = CubeTextures.key(card, pack, chosen);
    let e = this.entries.get(key);
    if (!e) {
      e = this.load(key, svgUrl(cubeSvg(card, pack, isWild(card) ? chosen : null)));
      this.entries.set(key, e);
    }
    return e;
  }

  private load(key: string, url: string): Entry {
    const entry: Entry = { texture: null, url, ready: null as unknown as Promise<Texture> };
    entry.ready = (async () => {
      const img = new Image();
      img.decoding = "async";
      img.src = url;
      try {
        await img.decode();
      } catch {
        await new Promise<void>((resolve) => {
          if (img.complete) resolve();
          else img.onload = img.onerror = () => resolve();
        });
      }
      const canvas = document.createElement("canvas");
      canvas.width = Math.round(BOX_W * RASTER);
      canvas.height = Math.round(BOX_H * RASTER);
      const g = canvas.getContext("2d");
      if (g && img.naturalWidth > 0) g.drawImage(img, 0, 0, canvas.width, canvas.height);
      const texture = Texture.from(canvas);
      texture.source.label = `cube ${key}`;
      if (this.destroyed) {
        texture.destroy(true);
        return Texture.EMPTY;
      }
      entry.texture = texture;
      this.onReady();
      return texture;
    })();
    return entry;
  }

  destroy(): void {
    this.destroyed = true;
    for (const e of [...this.entries.values(), this.back]) e.texture?.destroy(true);
    this.entries.clear();
  }
}
