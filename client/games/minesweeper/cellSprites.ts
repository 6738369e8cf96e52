// The culled cell sprites of the board (boardView.ts owns the camera). Only the cells
// inside the viewport have a Sprite: a pool covers the visible window (plus a margin) and
// is re-pointed at other cells when the board is panned or zoomed, so a 100×100 board costs
// what the screen shows. The sprites share ~15 generated textures; a state change swaps the
// texture of the visible sprites whose code changed and nothing else. During a zoom gesture
// the sprites are scaled; the textures are redrawn at the new size once it rests.
import { Container, Sprite, type Renderer, type Texture } from "pixi.js";
import { CELL } from "../../../common/minesweeper/types";
import { destroyCellTextures, makeCellTextures, PRESSED } from "./textures";

/** Cells drawn beyond each edge of the viewport, so small pans reuse the window. */
const MARGIN = 2;
/** A zoom gesture that rests this long gets crisp textures at the new size. */
const RETEXTURE_MS = 160;

/** What the sprites draw (the scene's model). */
export interface BoardCells {
  rows: number;
  cols: number;
  /** Row-major cell codes (common/minesweeper/types.ts CELL). */
  cells: Uint8Array;
  phase: string;
}

/** Where the board sits on screen, in view space (a transposed board swaps rows and columns). */
export interface Placement {
  S: number;
  ox: number;
  oy: number;
  W: number;
  H: number;
  transposed: boolean;
}

export class CellSprites {
  readonly layer = new Container();
  private pool: Sprite[] = [];
  private textures: Texture[] = [];
  private texSize = 0;
  private retextureTimer: ReturnType<typeof setTimeout> | null = null;
  /** Drawn window in view rows/cols (inclusive); empty when r1 < r0. */
  private win = { r0: 0, r1: -1, c0: 0, c1: -1, S: 0, transposed: false };
  /** Hidden cells drawn pressed (a held click, a chord's area). */
  private pressed: number[] = [];
  private gone = false;

  constructor(
    private readonly board: () => BoardCells,
    private readonly place: () => Placement,
    private readonly renderer: () => Renderer | undefined,
    private readonly changed: () => void,
  ) {}

  /** The cell size is now `S`: new textures now (`crisp`) or once a gesture rests. */
  resize(S: number, crisp: boolean): void {
    if (S === this.texSize) return;
    if (crisp || this.textures.length === 0) this.retexture();
    else {
      if (this.retextureTimer) clearTimeout(this.retextureTimer);
      this.retextureTimer = setTimeout(() => this.retexture(), RETEXTURE_MS);
    }
  }

  /** Draws a pending retexture now (stable screenshots). */
  flush(): void {
    if (this.retextureTimer) this.retexture();
  }

  private retexture(): void {
    if (this.retextureTimer) clearTimeout(this.retextureTimer);
    this.retextureTimer = null;
    const renderer = this.renderer();
    if (!renderer || this.gone) return;
    const S = this.place().S;
    if (S === this.texSize && this.textures.length) return;
    const old = this.textures;
    this.textures = makeCellTextures(renderer, S);
    this.texSize = S;
    this.win.S = 0; // every sprite takes the new textures and scale
    this.update();
    if (old.length) destroyCellTextures(old);
    this.changed();
  }

  /**
   * Points the sprite pool at the cells inside the viewport (plus MARGIN).
   * Nothing happens while the window and the cell size stay the same: a pan
   * inside the margin only moves the render group.
   */
  update(): void {
    const m = this.board();
    if (m.rows === 0 || this.textures.length === 0) return;
    const { S, ox, oy, W, H, transposed } = this.place();
    const vr = transposed ? m.cols : m.rows;
    const vc = transposed ? m.rows : m.cols;
    const c0 = Math.max(0, Math.floor(-ox / S) - MARGIN);
    const c1 = Math.min(vc - 1, Math.floor((W - ox) / S) + MARGIN);
    const r0 = Math.max(0, Math.floor(-oy / S) - MARGIN);
    const r1 = Math.min(vr - 1, Math.floor((H - oy) / S) + MARGIN);
    const w = this.win;
    if (w.r0 === r0 && w.r1 === r1 && w.c0 === c0 && w.c1 === c1 && w.S === S && w.transposed === transposed) return;
    Object.assign(w, { r0, r1, c0, c1, S, transposed });
    const wc = Math.max(0, c1 - c0 + 1);
    const need = Math.max(0, r1 - r0 + 1) * wc;
    while (this.pool.length < need) {
      const sprite = new Sprite(this.textures[CELL.HIDDEN]);
      sprite.roundPixels = true;
      this.pool.push(sprite);
      this.layer.addChild(sprite);
    }
    const scale = S / this.texSize;
    const cols = m.cols;
    let k = 0;
    for (let y = r0; y <= r1; y++) {
      for (let x = c0; x <= c1; x++) {
        const sprite = this.pool[k++];
        const i = transposed ? x * cols + y : y * cols + x;
        const tex = this.textureFor(i);
        if (tex && sprite.texture !== tex) sprite.texture = tex;
        sprite.position.set(x * S, y * S);
        sprite.scale.set(scale);
        sprite.visible = true;
      }
    }
    for (let j = need; j < this.pool.length; j++) this.pool[j].visible = false;
    this.changed();
  }

  /** Every drawn sprite takes its texture again (phase change: won flags). */
  repaintAll(): void {
    this.win.S = 0;
    this.update();
  }

  private textureFor(i: number): Texture | undefined {
    const m = this.board();
    const code = m.cells[i];
    return code === CELL.HIDDEN && this.pressed.includes(i)
      ? this.textures[PRESSED]
      : code === CELL.FLAGGED_MINE && m.phase === "won"
        ? this.textures[CELL.FLAG] // a win flags every mine: plain flags, the tick is for a loss
        : this.textures[code];
  }

  /** Repaints cell i if it is inside the drawn window (cells outside have no sprite). */
  paint(i: number): void {
    this.paintList([i]);
  }

  /**
   * Repaints the cells of `list` inside the drawn window. The window's own placement is read
   * once: a flood paints thousands of cells, and place() builds an object per call (the window
   * is drawn again whenever the placement changes).
   */
  paintList(list: readonly number[]): void {
    const w = this.win;
    if (w.r1 < w.r0 || this.textures.length === 0) return;
    const cols = this.board().cols;
    const { transposed, r0, r1, c0, c1 } = w;
    const width = c1 - c0 + 1;
    for (const i of list) {
      const r = (i / cols) | 0;
      const c = i - r * cols;
      const vr = transposed ? c : r;
      const vc = transposed ? r : c;
      if (vr < r0 || vr > r1 || vc < c0 || vc > c1) continue;
      const sprite = this.pool[(vr - r0) * width + (vc - c0)];
      const tex = this.textureFor(i);
      if (sprite && tex && sprite.texture !== tex) sprite.texture = tex;
    }
  }

  /** Draws `list` (hidden cells) pressed, and the ones pressed before as they are. */
  setPressed(list: number[]): void {
    const old = this.pressed;
    this.pressed = list;
    for (const i of old) if (!list.includes(i)) this.paint(i);
    for (const i of list) this.paint(i);
    this.changed();
  }

  get pressedCount(): number {
    return this.pressed.length;
  }

  /** Sprites drawn (the culled pool), never the whole board on a big one. */
  drawn(): number {
    return this.pool.filter((s) => s.visible).length;
  }

  destroy(): void {
    this.gone = true;
    if (this.retextureTimer) clearTimeout(this.retextureTimer);
    destroyCellTextures(this.textures);
    this.textures = [];
  }
}
