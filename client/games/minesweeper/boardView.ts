// The Minesweeper board on a Pixi canvas: the camera (fit, zoom, pan, a board turned on its
// side on a tall screen), the frame, the keyboard cursor, and the layers of the culled cells
// (cellSprites.ts: one ParticleContainer) and the co-op cursors (cursors.ts). It draws the cells it is
// given and says where a pointer is; what a cell means and what a gesture asks is the
// scene's (boardScene.ts). Rendering is on demand (no 60 fps ticker): a change schedules one frame.
import { Application, Container, Graphics, WebGLRenderer } from "pixi.js";
// Pixi loads its browser environment and the WebGL renderer with dynamic imports
// at init. Pulled in statically here, they arrive with this chunk: once it is
// loaded (the lobby preloads it), offline play needs no request at all.
import "pixi.js/browser";
import { FrameRequests, initStillStage } from "../stage.js";
import { CellSprites, type BoardCells } from "./cellSprites";
import { SeatCursors } from "./cursors";

export type { BoardCells } from "./cellSprites";

/** Referenced so the bundler keeps the renderer in this chunk (see the imports). */
export const BUNDLED_RENDERERS = [WebGLRenderer];

export const PAD = 6;
export const FRAME = 3;
const MAX_CELL = 44;
const MIN_CELL = 5;
const MAX_ZOOM_CELL = 96;
/** On a touch screen, Expert-sized boards open zoomed to cells at least this big (a fingertip). */
const TOUCH_CELL = 36;
/** Boards from Expert (480 cells) up to this many cells open at TOUCH_CELL; bigger co-op boards open whole, for the overview. */
const TOUCH_ZOOM_MAX_CELLS = 2000;

export interface BoardViewHooks {
  /** The zoom buttons are worth showing (the board does not fit at a comfortable size). */
  zoomable(on: boolean): void;
  /** The layout changed (cell size, position): the scene re-places the co-op cursors. */
  laidOut(): void;
}

export class BoardView {
  readonly app = new Application();
  private readonly coarse = window.matchMedia?.("(pointer: coarse)").matches ?? false;
  private boardLayer = new Container({ isRenderGroup: true });
  private frame = new Graphics();
  private cursorLayer = new Container();
  private kbCursor = new Graphics();
  readonly cursors = new SeatCursors(this.cursorLayer);
  private readonly sprites: CellSprites;

  // layout (view space; recomputed from state + screen, never stored in state)
  S = 24;
  private fitS = 24;
  private minZoom = 1;
  transposed = false;
  /** The camera has been placed since its last reset (layout keeps its centre from then on). */
  private centred = false;
  /** The screen size of the last placeBoard (centreCell reads the camera against it). */
  private placedOn = { W: 0, H: 0 };
  private ox = 0;
  private oy = 0;
  zoomLevel = 1;
  /** Orientation at the last resize (null before the first): a change refits the board. */
  private portrait: boolean | null = null;
  /** The board opened zoomed to TOUCH_CELL (phones); a pinch or the zoom buttons end it. */
  private touchZoomed = false;
  private panX = 0;
  private panY = 0;
  /** Frames rendered (tests: a pan/zoom did draw). */
  frames = 0;
  private renders = new FrameRequests(() => this.renderFrame());
  private destroyed = false;

  constructor(
    private readonly board: () => BoardCells,
    /** The keyboard cursor (the scene moves it). */
    private readonly kb: { r: number; c: number; shown: boolean },
    private readonly hooks: BoardViewHooks,
  ) {
    this.sprites = new CellSprites(
      board,
      () => ({ S: this.S, ox: this.ox, oy: this.oy, W: this.app.screen.width, H: this.app.screen.height, transposed: this.transposed }),
      () => this.app.renderer,
      () => this.requestRender(),
    );
  }

  async init(host: HTMLElement, label: string): Promise<HTMLCanvasElement | null> {
    await initStillStage(this.app, host, { antialias: false });
    if (this.destroyed) return null;
    // Input is DOM events with arithmetic hit-testing: Pixi's event system never walks the cells.
    this.app.stage.eventMode = "none";
    this.app.stage.interactiveChildren = false;
    const canvas = this.app.canvas;
    canvas.classList.add("ms-canvas");
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "application");
    canvas.setAttribute("aria-label", label);
    host.append(canvas);

    this.boardLayer.addChild(this.frame, this.sprites.layer, this.cursorLayer, this.kbCursor);
    this.app.stage.addChild(this.boardLayer);
    this.kbCursor.visible = false;

    // every size change (window, orientation, panel toggles) → relayout + immediate frame
    this.app.renderer.on("resize", () => {
      // The device's orientation, not the canvas's shape: a panel that grows or shrinks (the
      // race's status at the go) can make a phone's canvas cross from wider to taller; read as
      // a rotation, that reset the camera and threw the race's opening off screen (issue 45's flake).
      const portrait = window.innerHeight > window.innerWidth;
      if (this.portrait !== null && portrait !== this.portrait) {
        // rotated: fit the board to the new shape, then zoom to touch size again
        this.resetCamera();
        this.layout(true);
        this.openTouchZoom();
      } else this.layout(true);
      this.portrait = portrait;
      this.renderFrame();
    });
    return canvas;
  }

  /** Back to the whole board fitted (a new board, a rotation). */
  resetCamera(): void {
    this.zoomLevel = 1;
    this.touchZoomed = false;
    this.panX = 0;
    this.panY = 0;
    this.centred = false;
  }

  /** Laid out on a screen of real size since the camera was last reset: a camera move means something now. */
  get placed(): boolean {
    return this.centred;
  }

  /** A new board (other size): fit it, then zoom to touch size where that applies. */
  newBoard(): void {
    this.sprites.setPressed([]);
    this.resetCamera();
    this.layout(true);
    this.openTouchZoom();
  }

  cellPos(r: number, c: number): { x: number; y: number } {
    const S = this.S;
    return this.transposed ? { x: r * S, y: c * S } : { x: c * S, y: r * S };
  }

  private vrows(): number {
    return this.transposed ? this.board().cols : this.board().rows;
  }
  private vcols(): number {
    return this.transposed ? this.board().rows : this.board().cols;
  }

  /**
   * Fits the board to the screen and places it. `crisp`: draw the textures at
   * the new cell size now (resize, new board); otherwise (a zoom gesture) the
   * cells are scaled and the textures follow once the gesture rests.
   */
  layout(crisp = false): void {
    const m = this.board();
    if (!this.app.renderer || m.rows === 0 || m.cols === 0) return;
    const W = this.app.screen.width;
    const H = this.app.screen.height;
    if (W <= 0 || H <= 0) return;
    const availW = W - 2 * (PAD + FRAME);
    const availH = H - 2 * (PAD + FRAME);
    // The board cell at the screen's centre, kept there if the cells change size or the board
    // turns (below); not after a camera reset (a new board, a rotation), which starts over.
    const centre = this.S > 0 && this.centred && this.placedOn.W > 0 ? this.centreCell() : null;
    const was = { S: this.S, transposed: this.transposed };
    const fitNormal = Math.min(availW / m.cols, availH / m.rows);
    const fitTransposed = Math.min(availW / m.rows, availH / m.cols);
    // A wide board on a tall screen (expert on a phone in portrait) is turned on its side.
    this.transposed = m.rows !== m.cols && fitTransposed > fitNormal * 1.15;
    const fit = this.transposed ? fitTransposed : fitNormal;
    const minCell = this.coarse ? 16 : 12;
    this.fitS = Math.max(minCell, Math.min(MAX_CELL, Math.floor(fit)));
    // zoom out as far as the whole board (cells of at least MIN_CELL px), never below 1 when it fits
    this.minZoom = Math.min(1, Math.max(MIN_CELL, Math.floor(fit)) / this.fitS);
    // opened at touch size: stays at touch size through relayouts (HUD changes) until a gesture zooms
    if (this.touchZoomed) this.zoomLevel = Math.min(6, (TOUCH_CELL + 0.5) / this.fitS);
    this.zoomLevel = Math.max(this.minZoom, this.zoomLevel);
    const S = Math.max(MIN_CELL, Math.min(MAX_ZOOM_CELL, Math.floor(this.fitS * this.zoomLevel)));
    this.hooks.zoomable(Math.floor(fit) < 26 || this.zoomLevel !== 1);
    this.S = S;

    this.sprites.resize(S, crisp);
    this.cursors.invalidate();

    this.drawFrame(this.boardW(), this.boardH());
    // A relayout that resizes the cells or turns the board (the HUD or the window changed its
    // shape) would leave the pan, in pixels, pointing at other cells: the middle stays.
    if (centre && (S !== was.S || this.transposed !== was.transposed)) this.centreOn(centre.r, centre.c);
    this.centred = true;
    this.placeBoard();
    this.hooks.laidOut();
    this.drawKbCursor();
    this.requestRender();
  }

  /** Centres the board, or clamps the pan when it is larger than the screen; then redraws the window. */
  private placeBoard(): void {
    const gw = this.boardW();
    const gh = this.boardH();
    const W = this.app.screen.width;
    const H = this.app.screen.height;
    // Horizontally centred; vertically just under the HUD (top-aligned) so the
    // board and its counter/face/timer read as one unit.
    const place = (size: number, screen: number, pan: number, centre: boolean): [number, number] => {
      const outer = size + 2 * FRAME;
      if (outer + 2 * PAD <= screen) return [centre ? Math.floor((screen - size) / 2) : PAD + FRAME, 0];
      const max = PAD + FRAME;
      const min = screen - size - PAD - FRAME;
      const at = Math.round(Math.min(max, Math.max(min, max + pan)));
      return [at, at - max];
    };
    [this.ox, this.panX] = place(gw, W, this.panX, true);
    [this.oy, this.panY] = place(gh, H, this.panY, false);
    this.boardLayer.position.set(this.ox, this.oy);
    this.placedOn = { W, H };
    this.sprites.update();
  }

  /** Every drawn cell takes its frame again (phase change: won flags). */
  repaintWindow(): void {
    this.sprites.repaintAll();
  }

  /** Repaints the cells of board row `r`. */
  paintRow(r: number): void {
    this.sprites.paintRow(r);
  }

  /** Repaints every cell of `list`. */
  paintList(list: ArrayLike<number>): void {
    this.sprites.paintList(list);
  }

  /** Draws `list` (hidden cells) pressed, and the ones pressed before as they are. */
  setPressed(list: number[]): void {
    this.sprites.setPressed(list);
  }

  get pressedCount(): number {
    return this.sprites.pressedCount;
  }

  boardW(): number {
    return this.vcols() * this.S;
  }
  boardH(): number {
    return this.vrows() * this.S;
  }

  /** The board is larger than the screen (a drag pans it). */
  canPan(): boolean {
    return this.boardW() + 2 * (PAD + FRAME) > this.app.screen.width || this.boardH() + 2 * (PAD + FRAME) > this.app.screen.height;
  }

  private drawFrame(gw: number, gh: number): void {
    const f = FRAME;
    this.frame
      .clear()
      .rect(-f, -f, gw + 2 * f, gh + 2 * f)
      .fill(0x808080)
      .poly([gw + f, -f, gw + f, gh + f, -f, gh + f, 0, gh, gw, gh, gw, 0])
      .fill(0xffffff);
  }

  drawKbCursor(): void {
    const g = this.kbCursor;
    g.visible = this.kb.shown;
    if (!this.kb.shown) return;
    const { x, y } = this.cellPos(this.kb.r, this.kb.c);
    const S = this.S;
    g.clear().rect(x + 1, y + 1, S - 2, S - 2).stroke({ width: 2, color: 0x000000 });
    g.rect(x + 3, y + 3, S - 6, S - 6).stroke({ width: 1.5, color: 0xffd000 });
  }

  // ---- rendering ---------------------------------------------------------------------

  requestRender(): void {
    this.renders.request();
  }

  renderFrame(): void {
    if (!this.destroyed && this.app.renderer) {
      this.app.render();
      this.frames++;
    }
  }

  /** Stops drawing on its own and draws one frame now (stable screenshots). */
  freeze(): void {
    this.renders.frozen = true;
    this.app.ticker?.stop();
    this.sprites.flush();
    this.renderFrame();
  }

  thaw(): void {
    this.renders.frozen = false;
    this.requestRender();
  }

  // ---- camera --------------------------------------------------------------------------

  /**
   * Phones: an Expert-sized board whose fitted cells are smaller than a fingertip opens
   * zoomed to TOUCH_CELL px, centred; two fingers pan and pinch from there.
   */
  private openTouchZoom(): void {
    const m = this.board();
    const cells = m.rows * m.cols;
    if (!this.coarse || cells < 480 || cells > TOUCH_ZOOM_MAX_CELLS || this.fitS >= TOUCH_CELL || !this.app.renderer) return;
    this.touchZoomed = true;
    this.layout(true);
    const edge = 2 * (PAD + FRAME);
    this.panX = Math.min(0, Math.round((this.app.screen.width - this.boardW() - edge) / 2));
    this.panY = Math.min(0, Math.round((this.app.screen.height - this.boardH() - edge) / 2));
    this.placeBoard();
    this.requestRender();
  }

  /** Zooms by `factor` keeping the point under the fingers / pointer (or the screen centre) fixed. */
  zoom(factor: number, clientX?: number, clientY?: number): void {
    this.touchZoomed = false;
    const before = this.S;
    const next = Math.max(this.minZoom, Math.min(6, this.zoomLevel * factor));
    if (next === this.zoomLevel) return;
    const rect = this.app.canvas.getBoundingClientRect();
    const px = clientX !== undefined ? clientX - rect.left : this.app.screen.width / 2;
    const py = clientY !== undefined ? clientY - rect.top : this.app.screen.height / 2;
    const bx = (px - this.ox) / before;
    const by = (py - this.oy) / before;
    this.zoomLevel = next;
    this.layout(false);
    const S = this.S;
    this.panX += Math.round(px - (this.ox + bx * S));
    this.panY += Math.round(py - (this.oy + by * S));
    this.placeBoard();
    this.requestRender();
  }

  /** Moves the camera by (dx, dy) CSS pixels (clamped to the board). */
  pan(dx: number, dy: number): void {
    this.panX += dx;
    this.panY += dy;
    this.placeBoard();
    this.requestRender();
  }

  /** The cell under a viewport point, or −1. */
  cellAtClient(clientX: number, clientY: number): number {
    const m = this.board();
    if (m.rows === 0) return -1;
    const rect = this.app.canvas.getBoundingClientRect();
    const gx = Math.floor((clientX - rect.left - this.ox) / this.S);
    const gy = Math.floor((clientY - rect.top - this.oy) / this.S);
    const r = this.transposed ? gx : gy;
    const c = this.transposed ? gy : gx;
    if (r < 0 || c < 0 || r >= m.rows || c >= m.cols) return -1;
    return r * m.cols + c;
  }

  /** The board position (rules space, in cells, fractional) at the centre of the screen. */
  private centreCell(): { r: number; c: number } {
    // the screen the board was last placed on: on a resize, app.screen is already the new one
    const vx = (this.placedOn.W / 2 - this.ox) / this.S;
    const vy = (this.placedOn.H / 2 - this.oy) / this.S;
    return this.transposed ? { r: vx, c: vy } : { r: vy, c: vx };
  }

  /** Sets the pan so board position (r, c) is at the screen's centre (placeBoard clamps it). */
  private centreOn(r: number, c: number): void {
    const vx = this.transposed ? r : c;
    const vy = this.transposed ? c : r;
    this.panX = Math.round(this.app.screen.width / 2 - vx * this.S - (PAD + FRAME));
    this.panY = Math.round(this.app.screen.height / 2 - vy * this.S - (PAD + FRAME));
  }

  /** Pans a large board so cell (r, c) is on screen. */
  scrollIntoView(r: number, c: number): void {
    const { x, y } = this.cellPos(r, c);
    const S = this.S;
    const W = this.app.screen.width;
    const H = this.app.screen.height;
    let moved = false;
    if (this.ox + x < PAD || this.ox + x + S > W - PAD) {
      this.panX += Math.round(W / 2 - (this.ox + x + S / 2));
      moved = true;
    }
    if (this.oy + y < PAD || this.oy + y + S > H - PAD) {
      this.panY += Math.round(H / 2 - (this.oy + y + S / 2));
      moved = true;
    }
    if (moved) this.placeBoard();
  }

  /** Viewport CSS pixel centre of cell (r, c), scrolled on screen first. */
  cellCenter(r: number, c: number): { x: number; y: number } | null {
    const m = this.board();
    if (r < 0 || c < 0 || r >= m.rows || c >= m.cols) return null;
    this.scrollIntoView(r, c);
    this.renderFrame();
    const { x, y } = this.cellPos(r, c);
    const S = this.S;
    const rect = this.app.canvas.getBoundingClientRect();
    return { x: rect.left + this.ox + x + S / 2, y: rect.top + this.oy + y + S / 2 };
  }

  /** The board cells (rules space) the viewport shows, inclusive. */
  visibleRegion(): { r0: number; r1: number; c0: number; c1: number } {
    const S = this.S;
    const W = this.app.screen.width;
    const H = this.app.screen.height;
    const vc0 = Math.max(0, Math.floor(-this.ox / S));
    const vc1 = Math.min(this.vcols() - 1, Math.floor((W - 1 - this.ox) / S));
    const vr0 = Math.max(0, Math.floor(-this.oy / S));
    const vr1 = Math.min(this.vrows() - 1, Math.floor((H - 1 - this.oy) / S));
    return this.transposed ? { r0: vc0, r1: vc1, c0: vr0, c1: vr1 } : { r0: vr0, r1: vr1, c0: vc0, c1: vc1 };
  }

  /** Cells drawn (the culled pool of particles), never the whole board on a big one. */
  drawnSprites(): number {
    return this.sprites.drawn();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.renders.stop();
    this.sprites.destroy();
    try {
      this.app.destroy({ removeView: true }, { children: true });
    } catch {
      /* init may not have finished */
    }
  }
}
