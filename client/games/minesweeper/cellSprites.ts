// The culled cells of the board (boardView.ts owns the camera), drawn as the particles of one
// ParticleContainer. Only the cells inside the viewport have a particle: a pool covers the
// visible window (plus a margin) and is re-pointed at other cells when the board is panned or
// zoomed, so a 100×100 or 1000×1000 board costs what the screen shows. Every particle takes
// its frame from one atlas of the 16 cell kinds (textures.ts makeCellAtlas); a state change
// sets the frame of the visible particles whose code changed, a plain field write, and marks
// the container for one upload in the next frame. Every particle property is static: nothing
// is re-uploaded on a frame where no cell changed (a pan inside the margin only moves the render
// group). During a zoom gesture the particles are scaled; the atlas is redrawn at the new size
// once it rests.
import { Particle, ParticleContainer, type Renderer, type Texture } from "pixi.js";
import { CELL } from "../../../common/minesweeper/types";
import { destroyCellAtlas, makeCellAtlas, PRESSED, type CellAtlas } from "./textures";

/** Cells drawn beyond each edge of the viewport, so small pans reuse the window. */
const MARGIN = 2;
/** A zoom gesture that rests this long gets crisp textures at the new size. */
const RETEXTURE_MS = 160;

/** What the cells draw (the scene's model). */
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
  /** Every property uploaded only when `update()` marks it (cells change rarely, frames are on demand). */
  readonly layer = new ParticleContainer<Particle>({
    dynamicProperties: { position: false, vertex: false, rotation: false, uvs: false, color: false },
    roundPixels: true,
  });
  /** Particles made so far; the first `layer.particleChildren.length` are drawn. */
  private pool: Particle[] = [];
  private atlas: CellAtlas | null = null;
  /** Frame per cell code once a game is won: a win flags every mine, plain flags (the tick is for a loss). */
  private wonFrames: Texture[] = [];
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
    if (crisp || !this.atlas) this.retexture();
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
    if (S === this.texSize && this.atlas) return;
    const old = this.atlas;
    const atlas = (this.atlas = makeCellAtlas(renderer, S));
    this.wonFrames = atlas.frames.slice();
    this.wonFrames[CELL.FLAGGED_MINE] = atlas.frames[CELL.FLAG];
    this.layer.texture = atlas.sheet;
    this.texSize = S;
    this.win.S = 0; // every particle takes the new frames and scale
    this.update();
    if (old) destroyCellAtlas(old);
    this.changed();
  }

  /** The frame per code for the board's phase now. */
  private frames(phase: string): Texture[] {
    return phase === "won" ? this.wonFrames : this.atlas!.frames;
  }

  /**
   * Points the particle pool at the cells inside the viewport (plus MARGIN).
   * Nothing happens while the window and the cell size stay the same: a pan
   * inside the margin only moves the render group.
   */
  update(): void {
    const m = this.board();
    if (m.rows === 0 || !this.atlas) return;
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
    const frames = this.frames(m.phase);
    const hidden = frames[CELL.HIDDEN];
    while (this.pool.length < need) this.pool.push(new Particle(hidden));
    const drawn = this.layer.particleChildren;
    drawn.length = need;
    const scale = S / this.texSize;
    const { cols, cells } = m;
    let k = 0;
    for (let y = r0; y <= r1; y++) {
      for (let x = c0; x <= c1; x++) {
        const p = (drawn[k] = this.pool[k]);
        k++;
        const i = transposed ? x * cols + y : y * cols + x;
        p.texture = frames[cells[i]] ?? hidden;
        p.x = x * S;
        p.y = y * S;
        p.scaleX = p.scaleY = scale;
      }
    }
    for (const i of this.pressed) if (cells[i] === CELL.HIDDEN) this.paintOne(i, frames[PRESSED]);
    this.layer.update();
    this.changed();
  }

  /** Every drawn cell takes its frame again (phase change: won flags). */
  repaintAll(): void {
    this.win.S = 0;
    this.update();
  }

  /** The particle of cell i, or undefined outside the drawn window. */
  private particleOf(i: number): Particle | undefined {
    const w = this.win;
    const cols = this.board().cols;
    const r = (i / cols) | 0;
    const c = i - r * cols;
    const vr = w.transposed ? c : r;
    const vc = w.transposed ? r : c;
    if (vr < w.r0 || vr > w.r1 || vc < w.c0 || vc > w.c1) return undefined;
    return this.layer.particleChildren[(vr - w.r0) * (w.c1 - w.c0 + 1) + (vc - w.c0)];
  }

  private paintOne(i: number, frame: Texture): void {
    const p = this.particleOf(i);
    if (p) p.texture = frame;
  }

  /**
   * Repaints the cells of `list` inside the drawn window: a flood paints thousands, so the
   * board, the window and the frame table are read once, and a cell costs an index test and
   * a field write (the container re-uploads once, at the next frame).
   */
  paintList(list: ArrayLike<number>): void {
    const w = this.win;
    if (w.r1 < w.r0 || !this.atlas) return;
    const m = this.board();
    const { cols, cells } = m;
    const frames = this.frames(m.phase);
    const drawn = this.layer.particleChildren;
    const pressed = this.pressed;
    const { transposed, r0, r1, c0, c1 } = w;
    const width = c1 - c0 + 1;
    let painted = false;
    for (let k = 0; k < list.length; k++) {
      const i = list[k];
      const r = (i / cols) | 0;
      const c = i - r * cols;
      const vr = transposed ? c : r;
      const vc = transposed ? r : c;
      if (vr < r0 || vr > r1 || vc < c0 || vc > c1) continue;
      const code = cells[i];
      const frame = code === CELL.HIDDEN && pressed.length > 0 && pressed.includes(i) ? frames[PRESSED] : frames[code];
      const p = drawn[(vr - r0) * width + (vc - c0)];
      if (p && frame && p.texture !== frame) {
        p.texture = frame;
        painted = true;
      }
    }
    if (painted) this.layer.update();
  }

  /**
   * Repaints board row `r` along the drawn window (a column of it on a transposed board): one
   * loop over the particles it covers, a field write each.
   */
  paintRow(r: number): void {
    const w = this.win;
    if (w.r1 < w.r0 || !this.atlas) return;
    const m = this.board();
    const { cols, cells } = m;
    const frames = this.frames(m.phase);
    const drawn = this.layer.particleChildren;
    const pressed = this.pressed;
    const width = w.c1 - w.c0 + 1;
    // the row's cells in view space: along a view row (step 1) or down a view column (step width)
    const t = w.transposed;
    if (t ? r < w.c0 || r > w.c1 : r < w.r0 || r > w.r1) return;
    const from = t ? w.r0 : w.c0;
    const to = t ? w.r1 : w.c1;
    let k = t ? r - w.c0 : (r - w.r0) * width;
    const step = t ? width : 1;
    const base = r * cols;
    // A flood's row is a few long runs: the frame is looked up once per run, and a cell costs
    // one field write (this loop runs ~10,000 times in one flood's patch).
    let code = -1;
    let frame = frames[CELL.HIDDEN];
    for (let i = base + from, end = base + to; i <= end; i++, k += step) {
      if (cells[i] !== code) {
        code = cells[i];
        frame = frames[code] ?? frames[CELL.HIDDEN];
      }
      drawn[k].texture = frame;
    }
    // pressed cells (a held click, a chord) stay pressed while hidden
    for (const i of pressed) if (i >= base && i < base + cols && cells[i] === CELL.HIDDEN) this.paintOne(i, frames[PRESSED]);
    this.layer.update();
  }

  /** Draws `list` (hidden cells) pressed, and the ones pressed before as they are. */
  setPressed(list: number[]): void {
    const old = this.pressed;
    if (old.length === 0 && list.length === 0) return;
    this.pressed = list;
    this.paintList(old);
    this.paintList(list);
    this.changed();
  }

  get pressedCount(): number {
    return this.pressed.length;
  }

  /** Cells drawn (the culled pool), never the whole board on a big one. */
  drawn(): number {
    return this.layer.particleChildren.length;
  }

  destroy(): void {
    this.gone = true;
    if (this.retextureTimer) clearTimeout(this.retextureTimer);
    if (this.atlas) destroyCellAtlas(this.atlas);
    this.atlas = null;
  }
}
