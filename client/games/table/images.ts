// Card pictures for the canvas: loaded once per URL (the server hands out URLs only when
// CARD_IMAGES is on, and the page's CSP allows exactly those hosts), as CORS images so WebGL
// may draw them. A picture still loading or that failed leaves the drawn frame in its place;
// one that arrives asks for a redraw. The service worker keeps the ones already seen.
import { Texture } from "pixi.js";

type Entry = { state: "loading" } | { state: "ready"; texture: Texture } | { state: "failed" };

/** At most this many pictures at once (a table shows far fewer). */
const MAX = 300;

export class CardImages {
  private entries = new Map<string, Entry>();
  private destroyed = false;
  /** Pictures drawn so far (for the tests: the canvas really shows pictures). */
  loaded = 0;
  failed = 0;

  constructor(private readonly onReady: () => void) {}

  /** The picture's texture when it is ready; else starts loading it (null: draw the frame). */
  get(url: string | undefined): Texture | null {
    if (!url) return null;
    const e = this.entries.get(url);
    if (e) return e.state === "ready" ? e.texture : null;
    if (this.entries.size >= MAX) this.forgetSome();
    this.entries.set(url, { state: "loading" });
    void this.load(url);
    return null;
  }

  /** Has this picture failed (so the frame stays)? */
  failedOn(url: string | undefined): boolean {
    return !!url && this.entries.get(url)?.state === "failed";
  }

  private async load(url: string): Promise<void> {
    const img = new Image();
    img.crossOrigin = "anonymous";
    img.decoding = "async";
    img.src = url;
    try {
      await img.decode();
      if (this.destroyed) return;
      this.entries.set(url, { state: "ready", texture: Texture.from(img, true) });
      this.loaded++;
    } catch {
      if (this.destroyed) return;
      this.entries.set(url, { state: "failed" });
      this.failed++;
    }
    this.onReady();
  }

  private forgetSome(): void {
    let n = 0;
    for (const [url, e] of this.entries) {
      if (n++ > MAX / 4) break;
      if (e.state === "ready") e.texture.destroy(true);
      this.entries.delete(url);
    }
  }

  destroy(): void {
    this.destroyed = true;
    for (const e of this.entries.values()) if (e.state === "ready") e.texture.destroy(true);
    this.entries.clear();
  }
}
