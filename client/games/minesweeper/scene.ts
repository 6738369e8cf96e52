// Minesweeper scene: PixiJS board + DOM HUD, driven only by a feed (feed.ts):
// a live room, a local GameSession (offline solo) or a replayed log.
//
// Only the cells inside the viewport have a Sprite: a pool of sprites covers the
// visible window (plus a margin) and is re-pointed at other cells when the
// board is panned or zoomed, so a 100×100 board costs what the screen shows.
// The sprites share ~15 generated textures; a state change swaps the texture of
// the visible sprites whose code changed and nothing else. While a pinch or a
// wheel zoom runs, the sprites are scaled; the textures are redrawn at the new
// size once the gesture rests.
// The client never knows where mines are: it draws the `cells` codes it gets.
// Rendering is on demand (no 60 fps ticker): a change schedules one frame.
import { Application, Container, Graphics, Sprite, Text, WebGLRenderer, type Texture } from "pixi.js";
// Pixi loads its browser environment and the WebGL renderer with dynamic imports
// at init. Pulled in statically here, they arrive with this chunk: once it is
// loaded (the lobby preloads it), offline play needs no request at all.
import "pixi.js/browser";
import { CELL, LEVELS } from "../../../common/minesweeper/types";
import { neighbours } from "../../../common/minesweeper/board";
import { canRestart } from "../../../common/minesweeper/game";
import type { Phase } from "../../../common/minesweeper/types";
import { areaOf, chordOpens, flagIntent, flagsLeft, isNumberCode } from "../../../common/minesweeper/intent";
import type { GameHandle } from "../types";
import { levelName } from "./levels";
import { h } from "../../ui/dom";
import { toast } from "../../ui/toast";
import { attachBoardInput, type BoardTarget } from "./input";
import { KeyboardVoice } from "./keyboard";
import { destroyCellTextures, makeCellTextures, PRESSED } from "./textures";
import { cssColour, faceSvg, FLAG_ICON, formatCounter, formatTime, SEAT_COLOURS, type FaceMood } from "./hud";
import type { BoardSink, BoardStateLike, MinesweeperFeed } from "./feed";
import "./minesweeper.css";
import { initStillStage } from "../stage.js";

interface SeatView {
  name: string;
  occupied: boolean;
  connected: boolean;
  bot: boolean;
}

interface Model {
  mode: string;
  level: string;
  phase: string;
  rows: number;
  cols: number;
  mines: number;
  flags: number;
  cells: Uint8Array;
  startedAt: number;
  endedAt: number;
  elapsed: number;
  hit: number;
  owner: number;
  maxSeats: number;
  spectators: number;
  seats: SeatView[];
  credits: number[];
  cursors: { r: number; c: number }[];
}

/** Referenced so the bundler keeps the renderer in this chunk (see the imports). */
export const BUNDLED_RENDERERS = [WebGLRenderer];

const PAD = 6;
const FRAME = 3;
const MAX_CELL = 44;
const MIN_CELL = 5;
const MAX_ZOOM_CELL = 96;
/** On a touch screen, Expert-sized boards open zoomed to cells at least this big (a fingertip). */
const TOUCH_CELL = 36;
/** Boards from Expert (480 cells) up to this many cells open at TOUCH_CELL; bigger co-op boards open whole, for the overview. */
const TOUCH_ZOOM_MAX_CELLS = 2000;
const CURSOR_HZ = 10;
/** Cells drawn beyond each edge of the viewport, so small pans reuse the window. */
const MARGIN = 2;
/** A zoom gesture that rests this long gets crisp textures at the new size. */
const RETEXTURE_MS = 160;

const LEVEL_NAMES: Record<string, string> = Object.fromEntries(Object.keys(LEVELS).map((id) => [id, levelName(id)]));

const isNumber = isNumberCode;

/** Options for a board scene that is not simply a room's game. */
export interface SceneOptions {
  /** A short line under the page title. */
  setSubtitle?(text: string): void;
  /** Polite screen-reader announcement. */
  announce?(text: string): void;
  /** Called on every phase change (after the HUD is updated). */
  onPhase?(phase: string, prev: string): void;
  /** The board's own label for the canvas (replays, opponents' boards). */
  label?: string;
  /** Hide the flag-mode tool (replays, finished boards). */
  noTools?: boolean;
  /** Hide the players list even for multi-seat boards. */
  noSeats?: boolean;
}

/** A board scene on any feed (room, local game, replay, race board). */
export async function mountBoard(host: HTMLElement, feed: MinesweeperFeed, opts: SceneOptions = {}): Promise<MinesweeperScene> {
  const scene = new MinesweeperScene(host, feed, opts);
  await scene.init();
  return scene;
}

export class MinesweeperScene implements GameHandle {
  private readonly feed: MinesweeperFeed;
  private readonly opts: SceneOptions;
  private readonly host: HTMLElement;
  private readonly coarse = window.matchMedia?.("(pointer: coarse)").matches ?? false;

  // DOM
  root!: HTMLElement;
  private counterEl!: HTMLElement;
  private timerEl!: HTMLElement;
  private faceBtn!: HTMLButtonElement;
  private flagBtn!: HTMLButtonElement;
  private zoomBox!: HTMLElement;
  private toolsEl!: HTMLElement;
  private boardHost!: HTMLElement;
  private seatsBox!: HTMLElement;
  private seatsList!: HTMLOListElement;
  /** Extra DOM next to the board (race panel, result card…): a column beside the board. */
  side!: HTMLElement;

  // Pixi
  private app = new Application();
  private boardLayer = new Container({ isRenderGroup: true });
  private frame = new Graphics();
  private cellLayer = new Container();
  private cursorLayer = new Container();
  private kbCursor = new Graphics();
  /** Sprites of the visible window, row-major over the window (view space). */
  private pool: Sprite[] = [];
  private textures: Texture[] = [];
  private texSize = 0;
  private retextureTimer: ReturnType<typeof setTimeout> | null = null;
  private seatCursors: ({ box: Container; outline: Graphics; label: Text; size: number; name: string; below: boolean } | null)[] = [];

  // layout (view space; recomputed from state + screen, never stored in state)
  private S = 24;
  private fitS = 24;
  private minZoom = 1;
  private transposed = false;
  private ox = 0;
  private oy = 0;
  private zoomLevel = 1;
  /** Orientation at the last resize (null before the first): a change refits the board. */
  private portrait: boolean | null = null;
  /** The board opened zoomed to TOUCH_CELL (phones); a pinch or the zoom buttons end it. */
  private touchZoomed = false;
  private panX = 0;
  private panY = 0;
  /** Drawn window in view rows/cols (inclusive); empty when r1 < r0. */
  private win = { r0: 0, r1: -1, c0: 0, c1: -1, S: 0 };

  // local UI state
  private model: Model = {
    mode: "solo",
    level: "beginner",
    phase: "fresh",
    rows: 0,
    cols: 0,
    mines: 0,
    flags: 0,
    cells: new Uint8Array(0),
    startedAt: 0,
    endedAt: 0,
    elapsed: 0,
    hit: -1,
    owner: -1,
    maxSeats: 1,
    spectators: 0,
    seats: [],
    credits: [],
    cursors: [],
  };
  private pressed: number[] = [];
  private held = false;
  private flagMode = false;
  private kb = { r: 0, c: 0, shown: false };
  /** Says what the keyboard cursor is on and what a key did (keyboard.ts). */
  private voice = new KeyboardVoice(() => this.model.cells);
  /** Moves sent so far: a key that sent nothing is said so (keyboard.ts). */
  private sends = 0;
  private mood: FaceMood | "" = "";
  private frozen = false;
  private renderQueued = false;
  private destroyed = false;
  private cleanups: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private cursorTimer: ReturnType<typeof setTimeout> | null = null;
  private cursorPending = -1;
  private cursorSent = -1;
  private cursorSentAt = 0;
  private seatsDirty = false;
  private lastPhase = "";
  /** Frames rendered (tests: a pan/zoom did draw). */
  private frames = 0;
  /** Extra snapshot fields (result card, race panel…), evaluated on snapshot(). */
  extras: Record<string, () => unknown> = {};

  constructor(host: HTMLElement, feed: MinesweeperFeed, opts: SceneOptions = {}) {
    this.host = host;
    this.feed = feed;
    this.opts = opts;
  }

  // ---- setup ----------------------------------------------------------------

  async init(): Promise<void> {
    this.buildDom();
    await initStillStage(this.app, this.boardHost, { antialias: false });
    if (this.destroyed) return;
    // Input is DOM events with arithmetic hit-testing: Pixi's event system never walks the cells.
    this.app.stage.eventMode = "none";
    this.app.stage.interactiveChildren = false;
    const canvas = this.app.canvas;
    canvas.classList.add("ms-canvas");
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "application");
    canvas.setAttribute("aria-label", this.opts.label ?? "Minesweeper board. Arrow keys move, Enter reveals, F flags, C chords.");
    this.boardHost.append(canvas);

    this.boardLayer.addChild(this.frame, this.cellLayer, this.cursorLayer, this.kbCursor);
    this.app.stage.addChild(this.boardLayer);
    this.kbCursor.visible = false;

    // every size change (window, orientation, panel toggles) → relayout + immediate frame
    this.app.renderer.on("resize", () => {
      const portrait = this.app.screen.height > this.app.screen.width;
      if (this.portrait !== null && portrait !== this.portrait) {
        // rotated: fit the board to the new shape, then zoom to touch size again
        this.zoomLevel = 1;
        this.touchZoomed = false;
        this.panX = 0;
        this.panY = 0;
        this.layout(true);
        this.openTouchZoom();
      } else this.layout(true);
      this.portrait = portrait;
      this.renderFrame();
    });
    const ro = new ResizeObserver(() => this.app.queueResize?.());
    ro.observe(this.boardHost);
    this.cleanups.push(() => ro.disconnect());

    this.cleanups.push(attachBoardInput(canvas, this.boardTarget()));
    // keyboard focus (not a click) shows the keyboard cursor right away
    const onFocus = () => {
      if (!canvas.matches(":focus-visible") || this.kb.shown) return;
      this.kb.shown = true;
      if (this.model.rows > 0) this.voice.moved(this.kb.r, this.kb.c, this.model.cols);
      this.drawKbCursor();
      this.requestRender();
    };
    canvas.addEventListener("focus", onFocus);
    this.cleanups.push(() => canvas.removeEventListener("focus", onFocus));
    this.installKeys();

    this.cleanups.push(this.feed.attach(this.sink()));

    this.timer = setInterval(() => this.tickTimer(), 50);
    this.app.resize();
    this.layout(true);
    this.renderFrame();
  }

  private sink(): BoardSink {
    return {
      scalars: (s) => this.syncScalars(s),
      cells: (arr) => this.syncCells(arr),
      cell: (i, code) => this.setCell(i, code),
      seats: (s) => this.markSeats(s),
      cursor: (s, i) => this.syncCursor(s, i),
      event: (e) => this.onEvent(e),
      status: () => this.onStatus(),
      refresh: () => this.refreshAll(),
    };
  }

  private buildDom(): void {
    this.counterEl = h("output", { class: "ms-led ms-counter", "aria-label": "Mines left" }, "000");
    this.timerEl = h("output", { class: "ms-led ms-timer", "aria-label": "Time" }, "0.0");
    this.faceBtn = h("button", { class: "ms-face", type: "button", "aria-label": "Restart" });
    this.faceBtn.addEventListener("click", () => this.requestRestart());
    this.flagBtn = h("button", { class: "ms-tool ms-flagmode", type: "button", "aria-pressed": "false", hidden: !!this.opts.noTools });
    this.flagBtn.innerHTML = `${FLAG_ICON}<span>Flag mode</span>`;
    this.flagBtn.addEventListener("click", () => this.setFlagMode(!this.flagMode));
    const zoomOut = h("button", { class: "ms-tool", type: "button", "aria-label": "Zoom out" }, "−");
    const zoomIn = h("button", { class: "ms-tool", type: "button", "aria-label": "Zoom in" }, "+");
    zoomOut.addEventListener("click", () => this.zoom(1 / 1.25));
    zoomIn.addEventListener("click", () => this.zoom(1.25));
    this.zoomBox = h("span", { class: "ms-zoom", hidden: true }, zoomOut, zoomIn);
    this.boardHost = h("div", { class: "ms-board" });
    this.seatsList = h("ol", { class: "ms-seat-list" });
    this.seatsBox = h("aside", { class: "ms-seats", "aria-label": "Players", hidden: true }, this.seatsList);
    this.side = h("div", { class: "ms-side", hidden: true });
    this.root = h(
      "div",
      { class: "ms" },
      h(
        "div",
        { class: "ms-top" },
        h("div", { class: "ms-hud" }, this.counterEl, this.faceBtn, this.timerEl),
        (this.toolsEl = h("div", { class: "ms-tools" }, this.flagBtn, this.zoomBox)),
      ),
      h("div", { class: "ms-main" }, this.boardHost, this.seatsBox, this.side),
    );
    this.host.append(this.root);
    this.setFace("playing");
  }

  private installKeys(): void {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== " " && e.key !== "F2") return;
      const target = e.target as HTMLElement | null;
      const tag = target?.tagName ?? "";
      if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
      if (e.key === " " && (tag === "BUTTON" || tag === "A")) return; // let Space press the focused button
      if ((this.model.mode !== "solo" && this.model.mode !== "offline") || !this.seated()) return;
      e.preventDefault();
      this.requestRestart();
    };
    document.addEventListener("keydown", onKey);
    this.cleanups.push(() => document.removeEventListener("keydown", onKey));
  }

  // ---- state binding ----------------------------------------------------------

  /** Full resync from whatever the feed holds now (bind, seat message, reconnect, seek). */
  refreshAll(): void {
    const state = this.feed.state();
    if (!state) return;
    this.syncScalars(state);
    if (state.cells) this.syncCells(state.cells);
    this.markSeats(state);
    const n = state.cursors?.length ?? 0;
    for (let i = 0; i < n; i++) this.syncCursor(state, i);
    this.onStatus();
  }

  private syncScalars(state: BoardStateLike): void {
    const m = this.model;
    const rows = Number(state.rows) || 0;
    const cols = Number(state.cols) || 0;
    // A new Room (after a reconnect) has an empty state until its first full
    // state arrives: keep showing the board we have instead of flashing empty.
    if (rows === 0 || cols === 0) return;
    const dims = rows !== m.rows || cols !== m.cols;
    m.mode = String(state.mode ?? m.mode);
    m.level = String(state.level ?? m.level);
    m.phase = String(state.phase ?? m.phase);
    m.rows = rows;
    m.cols = cols;
    m.mines = Number(state.mines) || 0;
    m.flags = Number(state.flags) || 0;
    m.startedAt = Number(state.startedAt) || 0;
    m.endedAt = Number(state.endedAt) || 0;
    m.elapsed = Number(state.elapsed) || 0;
    m.hit = typeof state.hit === "number" ? state.hit : -1;
    m.owner = typeof state.owner === "number" ? state.owner : -1;
    m.maxSeats = Number(state.maxSeats) || 1;
    m.spectators = Number(state.spectators) || 0;
    if (dims) {
      m.cells = new Uint8Array(rows * cols).fill(CELL.HIDDEN);
      this.pressed = [];
      this.kb.r = Math.min(this.kb.r, Math.max(0, rows - 1));
      this.kb.c = Math.min(this.kb.c, Math.max(0, cols - 1));
      if (state.cells) this.readCells(state.cells);
      this.zoomLevel = 1;
      this.touchZoomed = false;
      this.panX = 0;
      this.panY = 0;
      this.layout(true);
      this.openTouchZoom();
    }
    if (m.phase !== this.lastPhase) this.onPhase(this.lastPhase, m.phase);
    this.updateHud();
    this.updateSubtitle();
    this.requestRender();
  }

  private readCells(arr: ArrayLike<number>): void {
    const cells = this.model.cells;
    const n = Math.min(cells.length, arr.length ?? 0);
    for (let i = 0; i < n; i++) {
      const code = Number(arr[i]);
      cells[i] = Number.isFinite(code) ? code : CELL.HIDDEN;
    }
  }

  private syncCells(arr: ArrayLike<number>): void {
    const cells = this.model.cells;
    const n = Math.min(cells.length, arr.length ?? 0);
    for (let i = 0; i < n; i++) this.setCell(i, Number(arr[i]), true);
    this.voice.cellsChanged();
    this.requestRender();
  }

  /** One cell's code changed: swap that sprite's texture (only if it differs). */
  private setCell(i: number, code: number, force = false): void {
    const cells = this.model.cells;
    if (i < 0 || i >= cells.length || !Number.isFinite(code)) return;
    if (!force && cells[i] === code) return;
    cells[i] = code;
    this.voice.cellsChanged();
    this.paint(i);
    this.requestRender();
  }

  private textureFor(i: number): Texture | undefined {
    const code = this.model.cells[i];
    return code === CELL.HIDDEN && this.pressed.includes(i)
      ? this.textures[PRESSED]
      : code === CELL.FLAGGED_MINE && this.model.phase === "won"
        ? this.textures[CELL.FLAG] // a win flags every mine: plain flags, the tick is for a loss
        : this.textures[code];
  }

  /** Repaints cell i if it is inside the drawn window (cells outside have no sprite). */
  private paint(i: number): void {
    const w = this.win;
    if (w.r1 < w.r0 || this.textures.length === 0) return;
    const cols = this.model.cols;
    const r = (i / cols) | 0;
    const c = i - r * cols;
    const vr = this.transposed ? c : r;
    const vc = this.transposed ? r : c;
    if (vr < w.r0 || vr > w.r1 || vc < w.c0 || vc > w.c1) return;
    const sprite = this.pool[(vr - w.r0) * (w.c1 - w.c0 + 1) + (vc - w.c0)];
    const tex = this.textureFor(i);
    if (sprite && tex && sprite.texture !== tex) sprite.texture = tex;
  }

  private markSeats(state: BoardStateLike): void {
    if (this.seatsDirty) return;
    this.seatsDirty = true;
    queueMicrotask(() => {
      this.seatsDirty = false;
      if (this.destroyed) return;
      const m = this.model;
      m.seats = [];
      const seats = state.seats;
      const n = seats?.length ?? 0;
      for (let i = 0; i < n; i++) {
        const s = seats![i];
        m.seats.push({ name: String(s?.name ?? ""), occupied: !!s?.occupied, connected: !!s?.connected, bot: !!s?.bot });
      }
      m.credits = [];
      const credits = state.credits;
      for (let i = 0; i < (credits?.length ?? 0); i++) m.credits.push(Number(credits![i]) || 0);
      this.renderSeats();
      for (let i = 0; i < this.seatCursors.length; i++) this.syncCursor(state, i);
    });
  }

  // ---- events & phase -----------------------------------------------------------

  private onPhase(prev: string, phase: string): void {
    this.lastPhase = phase;
    if (phase === "won" || phase === "lost" || phase === "fresh") {
      this.setPressed([]);
      this.held = false;
    }
    if (prev && phase === "fresh") this.announce("New game.");
    if (prev === "won" || phase === "won") this.repaintWindow();
    this.updateHud();
    this.opts.onPhase?.(phase, prev);
  }

  private announce(text: string): void {
    this.opts.announce?.(text);
  }

  private onEvent(e: Record<string, unknown>): void {
    const kind = e?.kind;
    const seat = typeof e?.seat === "number" ? (e.seat as number) : -1;
    const who = seat >= 0 ? (seat === this.feed.seat() ? "You" : this.model.seats[seat]?.name || `Seat ${seat + 1}`) : "";
    const time = typeof e?.elapsed === "number" ? formatTime(e.elapsed as number) : "";
    if (kind === "won") this.announce(`Cleared! ${time ? `Time ${time}.` : ""}`);
    else if (kind === "lost") this.announce(`${who || "Someone"} hit a mine. Game over.`);
    else if (kind === "chat" && typeof e.text === "string") toast(`${String(e.name ?? who)}: ${e.text}`);
  }

  private onStatus(): void {
    if (!this.feed.connected()) {
      this.setPressed([]);
      this.held = false;
    }
    this.updateHud();
  }

  // ---- HUD -----------------------------------------------------------------------

  private updateHud(): void {
    const m = this.model;
    this.counterEl.textContent = formatCounter(m.phase === "won" ? 0 : m.mines - m.flags);
    const mood: FaceMood =
      m.phase === "won" ? "won" : m.phase === "lost" ? "lost" : this.held ? "pressed" : "playing";
    this.setFace(mood);
    const restartable = this.canRestart();
    this.faceBtn.disabled = !this.seated() || m.mode === "race";
    this.faceBtn.title = restartable ? "New game (Space / F2)" : "";
    this.faceBtn.setAttribute(
      "aria-label",
      m.mode === "race"
        ? m.phase === "won" ? "Cleared" : m.phase === "lost" ? "Out" : "Racing"
        : m.phase === "won" ? "Won. New game" : m.phase === "lost" ? "Lost. New game" : "New game",
    );
    this.seatsBox.hidden = !!this.opts.noSeats || m.mode === "race" || (m.mode !== "coop" && m.maxSeats <= 1);
    this.tickTimer();
  }

  private setFace(mood: FaceMood): void {
    if (mood === this.mood) return;
    this.mood = mood;
    this.faceBtn.innerHTML = faceSvg(mood);
    this.faceBtn.dataset.mood = mood;
  }

  private elapsedMs(): number {
    const m = this.model;
    if (m.phase === "won" || m.phase === "lost") {
      if (m.elapsed > 0) return m.elapsed;
      return m.endedAt > 0 && m.startedAt > 0 ? m.endedAt - m.startedAt : 0;
    }
    if (m.startedAt <= 0) return 0;
    if (m.endedAt > 0) return Math.max(0, m.endedAt - m.startedAt);
    return Math.max(0, this.feed.now() - m.startedAt);
  }

  private tickTimer(): void {
    const text = formatTime(this.elapsedMs());
    if (this.timerEl.textContent !== text) this.timerEl.textContent = text;
  }

  private updateSubtitle(): void {
    if (!this.opts.setSubtitle) return;
    const m = this.model;
    const mode = m.mode === "coop" ? "Co-op" : m.mode === "race" ? "Race" : m.mode === "offline" ? "Offline solo" : "Solo";
    const level = m.level === "custom" ? "Custom" : LEVEL_NAMES[m.level] ?? m.level;
    this.opts.setSubtitle(`${mode} · ${level} ${m.cols}×${m.rows} · ${m.mines} mines`);
  }

  private renderSeats(): void {
    const m = this.model;
    const me = this.feed.seat();
    const items = m.seats.map((s, i) => {
      const status = !s.occupied ? "open seat" : s.bot ? "bot" : s.connected ? "online" : "away";
      return h(
        "li",
        { class: `ms-seat${s.occupied ? "" : " ms-seat-open"}${i === me ? " ms-seat-me" : ""}`, "data-seat": i },
        h("span", { class: "ms-swatch", style: `background:${cssColour(SEAT_COLOURS[i % SEAT_COLOURS.length])}` }),
        h("span", { class: "ms-seat-name" }, s.occupied ? s.name || `Seat ${i + 1}` : "—", i === me ? " (you)" : ""),
        h("span", { class: `ms-seat-state ms-${status.replace(" ", "-")}` }, status),
        h("span", { class: "ms-credit", title: "Cells revealed" }, String(m.credits[i] ?? 0)),
      );
    });
    this.seatsList.replaceChildren(...items);
    const watchers = m.spectators > 0 ? `${m.spectators} watching` : "";
    this.seatsBox.dataset.watchers = watchers;
  }

  // ---- co-op cursors -------------------------------------------------------------

  private syncCursor(state: BoardStateLike, index: number): void {
    const cur = state.cursors?.[index];
    const m = this.model;
    m.cursors[index] = { r: Number(cur?.r ?? -1), c: Number(cur?.c ?? -1) };
    const seat = m.seats[index];
    const show =
      index !== this.feed.seat() &&
      !!seat?.occupied &&
      seat.connected &&
      m.cursors[index].r >= 0 &&
      m.cursors[index].c >= 0 &&
      m.cursors[index].r < m.rows &&
      m.cursors[index].c < m.cols;
    let view = this.seatCursors[index];
    if (!show) {
      if (view) view.box.visible = false;
      this.requestRender();
      return;
    }
    const colour = SEAT_COLOURS[index % SEAT_COLOURS.length];
    if (!view) {
      const box = new Container();
      const outline = new Graphics();
      const label = new Text({
        text: "",
        style: { fontFamily: ["DejaVu Sans", "Arial", "sans-serif"], fontSize: 11, fill: 0xffffff, fontWeight: "bold" },
      });
      const bg = new Graphics();
      box.addChild(outline, bg, label);
      this.cursorLayer.addChild(box);
      view = { box, outline, label, size: 0, name: "", below: false };
      this.seatCursors[index] = view;
    }
    const S = this.S;
    if (view.size !== S) {
      view.outline.clear().rect(1, 1, S - 2, S - 2).stroke({ width: 2.5, color: colour, alignment: 1 });
      view.size = S;
      view.name = ""; // relabel (position depends on S)
    }
    const name = seat.name || `Seat ${index + 1}`;
    const { x, y } = this.cellPos(m.cursors[index].r, m.cursors[index].c);
    const below = y === 0; // on the top row the label goes under the cell, not off the board
    if (view.name !== name || view.below !== below) {
      view.name = name;
      view.below = below;
      view.label.text = name;
      const bg = view.box.children[1] as Graphics;
      const w = view.label.width + 6;
      const hgt = view.label.height + 2;
      const top = below ? S - 2 : -hgt + 2;
      bg.clear().roundRect(0, 0, w, hgt, 3).fill({ color: colour, alpha: 0.9 });
      bg.position.set(S * 0.6, top);
      view.label.position.set(S * 0.6 + 3, top + 1);
    }
    view.box.position.set(x, y);
    view.box.visible = true;
    this.requestRender();
  }

  // ---- layout (view space) ---------------------------------------------------------

  private cellPos(r: number, c: number): { x: number; y: number } {
    const S = this.S;
    return this.transposed ? { x: r * S, y: c * S } : { x: c * S, y: r * S };
  }

  private vrows(): number {
    return this.transposed ? this.model.cols : this.model.rows;
  }
  private vcols(): number {
    return this.transposed ? this.model.rows : this.model.cols;
  }

  /**
   * Fits the board to the screen and places it. `crisp`: draw the textures at
   * the new cell size now (resize, new board); otherwise (a zoom gesture) the
   * sprites are scaled and the textures follow once the gesture rests.
   */
  private layout(crisp = false): void {
    const m = this.model;
    if (!this.app.renderer || m.rows === 0 || m.cols === 0) return;
    const W = this.app.screen.width;
    const H = this.app.screen.height;
    if (W <= 0 || H <= 0) return;
    const availW = W - 2 * (PAD + FRAME);
    const availH = H - 2 * (PAD + FRAME);
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
    const zoomable = Math.floor(fit) < 26 || this.zoomLevel !== 1;
    this.zoomBox.hidden = !zoomable;
    this.S = S;

    if (S !== this.texSize) {
      if (crisp || this.textures.length === 0) this.retexture();
      else this.scheduleRetexture();
    }
    for (const v of this.seatCursors) if (v) v.size = 0;

    this.drawFrame(this.boardW(), this.boardH());
    this.placeBoard();
    const state = this.feed.state();
    if (state) for (let i = 0; i < this.seatCursors.length; i++) this.syncCursor(state, i);
    this.drawKbCursor();
    this.requestRender();
  }

  private retexture(): void {
    if (this.retextureTimer) clearTimeout(this.retextureTimer);
    this.retextureTimer = null;
    if (!this.app.renderer || this.destroyed) return;
    const S = this.S;
    if (S === this.texSize && this.textures.length) return;
    const old = this.textures;
    this.textures = makeCellTextures(this.app.renderer, S);
    this.texSize = S;
    this.win.S = 0; // every sprite takes the new textures and scale
    this.updateWindow();
    if (old.length) destroyCellTextures(old);
    this.requestRender();
  }

  private scheduleRetexture(): void {
    if (this.retextureTimer) clearTimeout(this.retextureTimer);
    this.retextureTimer = setTimeout(() => this.retexture(), RETEXTURE_MS);
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
    this.updateWindow();
  }

  /**
   * Points the sprite pool at the cells inside the viewport (plus MARGIN).
   * Nothing happens while the window and the cell size stay the same: a pan
   * inside the margin only moves the render group.
   */
  private updateWindow(): void {
    const m = this.model;
    if (m.rows === 0 || this.textures.length === 0) return;
    const S = this.S;
    const W = this.app.screen.width;
    const H = this.app.screen.height;
    const vr = this.vrows();
    const vc = this.vcols();
    const c0 = Math.max(0, Math.floor(-this.ox / S) - MARGIN);
    const c1 = Math.min(vc - 1, Math.floor((W - this.ox) / S) + MARGIN);
    const r0 = Math.max(0, Math.floor(-this.oy / S) - MARGIN);
    const r1 = Math.min(vr - 1, Math.floor((H - this.oy) / S) + MARGIN);
    const w = this.win;
    if (w.r0 === r0 && w.r1 === r1 && w.c0 === c0 && w.c1 === c1 && w.S === S) return;
    w.r0 = r0;
    w.r1 = r1;
    w.c0 = c0;
    w.c1 = c1;
    w.S = S;
    const wc = Math.max(0, c1 - c0 + 1);
    const need = Math.max(0, r1 - r0 + 1) * wc;
    while (this.pool.length < need) {
      const sprite = new Sprite(this.textures[CELL.HIDDEN]);
      sprite.roundPixels = true;
      this.pool.push(sprite);
      this.cellLayer.addChild(sprite);
    }
    const scale = S / this.texSize;
    const cols = m.cols;
    let k = 0;
    for (let y = r0; y <= r1; y++) {
      for (let x = c0; x <= c1; x++) {
        const sprite = this.pool[k++];
        const i = this.transposed ? x * cols + y : y * cols + x;
        const tex = this.textureFor(i);
        if (tex && sprite.texture !== tex) sprite.texture = tex;
        sprite.position.set(x * S, y * S);
        sprite.scale.set(scale);
        sprite.visible = true;
      }
    }
    for (let j = need; j < this.pool.length; j++) this.pool[j].visible = false;
    this.requestRender();
  }

  /** Every drawn sprite takes its texture again (phase change: won flags). */
  private repaintWindow(): void {
    this.win.S = 0;
    this.updateWindow();
  }

  private boardW(): number {
    return this.vcols() * this.S;
  }
  private boardH(): number {
    return this.vrows() * this.S;
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

  private drawKbCursor(): void {
    const g = this.kbCursor;
    g.visible = this.kb.shown;
    if (!this.kb.shown) return;
    const { x, y } = this.cellPos(this.kb.r, this.kb.c);
    const S = this.S;
    g.clear().rect(x + 1, y + 1, S - 2, S - 2).stroke({ width: 2, color: 0x000000 });
    g.rect(x + 3, y + 3, S - 6, S - 6).stroke({ width: 1.5, color: 0xffd000 });
  }

  // ---- rendering ---------------------------------------------------------------------

  private requestRender(): void {
    if (this.renderQueued || this.frozen || this.destroyed) return;
    this.renderQueued = true;
    requestAnimationFrame(() => {
      this.renderQueued = false;
      if (!this.frozen && !this.destroyed) this.renderFrame();
    });
  }

  private renderFrame(): void {
    if (!this.destroyed && this.app.renderer) {
      this.app.render();
      this.frames++;
    }
  }

  // ---- input → intents -----------------------------------------------------------------

  private seated(): boolean {
    return !this.feed.spectator() && this.feed.seat() !== null;
  }

  private canAct(): boolean {
    const p = this.model.phase;
    return this.seated() && this.feed.connected() && (p === "fresh" || p === "active");
  }

  private canRestart(): boolean {
    return this.seated() && canRestart(this.model.mode, this.model.phase as Phase);
  }

  private requestRestart(): void {
    if (!this.seated() || this.model.mode === "race") return;
    if (!this.canRestart()) {
      toast("A co-op game restarts once it is over.");
      return;
    }
    this.send("restart", {});
  }

  private send(type: string, payload: unknown): void {
    this.sends++;
    if (!this.feed.send(type, payload)) toast("Not connected — move not sent.", "error");
  }

  private rc(i: number): { r: number; c: number } {
    const cols = this.model.cols;
    return { r: Math.floor(i / cols), c: i % cols };
  }

  private neighbours(i: number, self = false): number[] {
    const { rows, cols } = this.model;
    return self ? areaOf(rows, cols, i) : neighbours(rows, cols, i);
  }

  private reveal(i: number): void {
    if (this.model.cells[i] === CELL.HIDDEN) this.send("reveal", this.rc(i));
  }

  private toggleFlag(i: number): void {
    const m = this.model;
    const intent = flagIntent(m.cells, i, flagsLeft(m));
    if (intent === "no-flags-left") toast("No flags left.");
    else if (intent) this.send("flag", this.rc(i));
  }

  /** Chord only where it can do something (common/minesweeper/intent.ts). */
  private chord(i: number): void {
    const m = this.model;
    if (chordOpens(m.cells, m.rows, m.cols, i)) this.send("chord", this.rc(i));
  }

  private primary(i: number): void {
    const code = this.model.cells[i];
    if (this.flagMode && (code === CELL.HIDDEN || code === CELL.FLAG)) this.toggleFlag(i);
    else if (code === CELL.HIDDEN) this.reveal(i);
    else if (isNumber(code)) this.chord(i);
  }

  private secondary(i: number, touch: boolean): void {
    const code = this.model.cells[i];
    if (touch && this.flagMode) {
      if (code === CELL.HIDDEN) this.reveal(i);
      else if (isNumber(code)) this.chord(i);
      return;
    }
    if (code === CELL.HIDDEN || code === CELL.FLAG) this.toggleFlag(i);
    else if (touch && isNumber(code)) this.chord(i);
  }

  private setPressed(list: number[]): void {
    const old = this.pressed;
    this.pressed = list;
    for (const i of old) if (!list.includes(i)) this.paint(i);
    for (const i of list) this.paint(i);
    this.requestRender();
  }

  private setFlagMode(on: boolean): void {
    this.flagMode = on;
    this.flagBtn.setAttribute("aria-pressed", String(on));
    this.flagBtn.classList.toggle("on", on);
  }

  /**
   * Phones: an Expert-sized board whose fitted cells are smaller than a fingertip opens
   * zoomed to TOUCH_CELL px, centred; two fingers pan and pinch from there.
   */
  private openTouchZoom(): void {
    const m = this.model;
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

  private boardTarget(): BoardTarget {
    return {
      cellAt: (x, y) => this.cellAtClient(x, y),
      canAct: () => this.canAct(),
      primary: (i) => this.primary(i),
      secondary: (i, touch) => this.secondary(i, touch),
      chord: (i) => this.chord(i),
      highlight: (i, mode) => {
        if (i < 0 || mode === "none") return this.setPressed([]);
        const cells = this.model.cells;
        const area = mode === "area" ? this.neighbours(i, true) : [i];
        this.setPressed(area.filter((j) => cells[j] === CELL.HIDDEN));
      },
      pressing: (held) => {
        this.held = held && this.canAct();
        this.updateHud();
      },
      hover: (i) => this.hover(i),
      pan: (dx, dy) => this.pan(dx, dy),
      canPan: () =>
        this.boardW() + 2 * (PAD + FRAME) > this.app.screen.width || this.boardH() + 2 * (PAD + FRAME) > this.app.screen.height,
      zoom: (f, x, y) => this.zoom(f, x, y),
      keyboard: (action) => this.keyboard(action),
    };
  }

  private keyboard(action: "up" | "down" | "left" | "right" | "primary" | "flag" | "chord"): void {
    const m = this.model;
    if (m.rows === 0) return;
    const kb = this.kb;
    kb.shown = true;
    if (action === "up") kb.r = Math.max(0, kb.r - 1);
    else if (action === "down") kb.r = Math.min(m.rows - 1, kb.r + 1);
    else if (action === "left") kb.c = Math.max(0, kb.c - 1);
    else if (action === "right") kb.c = Math.min(m.cols - 1, kb.c + 1);
    const i = kb.r * m.cols + kb.c;
    if (action === "primary" || action === "flag" || action === "chord") this.voice.acted(action, kb.r, kb.c, m.cols, this.canAct());
    else this.voice.moved(kb.r, kb.c, m.cols);
    const sends = this.sends;
    if (this.canAct()) {
      if (action === "primary") this.primary(i);
      else if (action === "flag") this.toggleFlag(i);
      else if (action === "chord") this.chord(i);
      if (this.sends === sends && action !== "up" && action !== "down" && action !== "left" && action !== "right") this.voice.unanswered();
    }
    this.hover(i);
    this.scrollIntoView(kb.r, kb.c);
    this.drawKbCursor();
    this.requestRender();
  }

  /** Co-op pointer: sends the hovered cell (or {-1,-1} when off the board), at most 10 times a second. */
  private hover(i: number): void {
    if (this.model.mode !== "coop" || !this.seated()) return;
    this.cursorPending = i;
    if (this.cursorTimer) return;
    const wait = Math.max(0, this.cursorSentAt + 1000 / CURSOR_HZ - performance.now());
    this.cursorTimer = setTimeout(() => {
      this.cursorTimer = null;
      const cell = this.cursorPending < this.model.cells.length ? this.cursorPending : -1;
      if (cell === this.cursorSent) return;
      if (!this.feed.send("cursor", cell < 0 ? { r: -1, c: -1 } : this.rc(cell))) return;
      this.cursorSent = cell;
      this.cursorSentAt = performance.now();
    }, wait);
  }

  private cellAtClient(clientX: number, clientY: number): number {
    const m = this.model;
    if (m.rows === 0) return -1;
    const rect = this.app.canvas.getBoundingClientRect();
    const gx = Math.floor((clientX - rect.left - this.ox) / this.S);
    const gy = Math.floor((clientY - rect.top - this.oy) / this.S);
    const r = this.transposed ? gx : gy;
    const c = this.transposed ? gy : gx;
    if (r < 0 || c < 0 || r >= m.rows || c >= m.cols) return -1;
    return r * m.cols + c;
  }

  /** Pans a large board so cell (r, c) is on screen. */
  private scrollIntoView(r: number, c: number): void {
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

  // ---- GameHandle ------------------------------------------------------------------------

  cellCenter(r: number, c: number): { x: number; y: number } | null {
    const m = this.model;
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

  snapshot(): Record<string, unknown> {
    const m = this.model;
    return {
      mode: m.mode,
      level: m.level,
      phase: m.phase,
      rows: m.rows,
      cols: m.cols,
      mines: m.mines,
      flags: m.flags,
      cells: Array.from(m.cells),
      startedAt: m.startedAt,
      endedAt: m.endedAt,
      elapsed: m.elapsed,
      timer: this.timerEl.textContent,
      counter: this.counterEl.textContent,
      face: this.mood,
      pressed: this.pressed.length,
      seats: m.seats.map((s, i) => ({ ...s, credits: m.credits[i] ?? 0 })),
      spectators: m.spectators,
      cursors: m.cursors.map((c) => ({ ...c })),
      flagMode: this.flagMode,
      cellSize: this.S,
      transposed: this.transposed,
      zoom: Math.round(this.zoomLevel * 1000) / 1000,
      visible: this.visibleRegion(),
      /** Sprites drawn (the culled pool), never the whole board on a big one. */
      drawn: this.pool.filter((s) => s.visible).length,
      frames: this.frames,
      /** The last touch gesture and how long the finger was down (tests, debugging). */
      gesture: this.app.canvas?.dataset.gesture ?? "",
      ...Object.fromEntries(Object.entries(this.extras).map(([k, fn]) => [k, fn()])),
    };
  }

  /** Shows `el` in the side column (null hides it). */
  setSide(el: HTMLElement | null): void {
    if (el) this.side.replaceChildren(el);
    else this.side.replaceChildren();
    this.side.hidden = !el;
  }

  /** Adds a control next to the flag / zoom tools (race: "viewing Ann's board"). */
  addTool(el: HTMLElement): void {
    this.toolsEl.append(el);
  }

  /** Hides or shows the flag-mode tool (boards you cannot play). */
  showFlagTool(on: boolean): void {
    this.flagBtn.hidden = !on || !!this.opts.noTools;
    if (!on && this.flagMode) this.setFlagMode(false);
  }

  /** Shows `el` over the board (countdown, "viewing …" banner); null removes it. */
  setOverlay(el: HTMLElement | null): void {
    this.overlay?.remove();
    this.overlay = el;
    if (el) {
      el.classList.add("ms-overlay");
      this.boardHost.append(el);
    }
  }
  private overlay: HTMLElement | null = null;

  /** Runs `fn` when the scene is destroyed. */
  onDestroy(fn: () => void): void {
    this.cleanups.push(fn);
  }

  renderNow(): void {
    this.frozen = true;
    this.app.ticker?.stop();
    if (this.retextureTimer) this.retexture();
    this.tickTimer();
    this.renderFrame();
  }

  resume(): void {
    this.frozen = false;
    this.requestRender();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.cursorTimer) clearTimeout(this.cursorTimer);
    if (this.retextureTimer) clearTimeout(this.retextureTimer);
    for (const off of this.cleanups) off();
    destroyCellTextures(this.textures);
    this.textures = [];
    try {
      this.app.destroy({ removeView: true }, { children: true });
    } catch {
      /* init may not have finished */
    }
    this.root.remove();
  }
}
