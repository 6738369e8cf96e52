// Minesweeper scene: PixiJS board + DOM HUD, driven only by the room state.
//
// The board is one Sprite per cell sharing ~15 generated textures; a state
// change swaps the texture of the sprites whose code changed and nothing else.
// The client never knows where mines are: it draws the `cells` codes it gets.
// Rendering is on demand (no 60 fps ticker): a change schedules one frame.
import { Application, Container, Graphics, Sprite, Text, type Texture } from "pixi.js";
import { getStateCallbacks, type Room } from "colyseus.js";
import { CELL, LEVELS } from "../../../common/minesweeper/types";
import type { GameContext, GameHandle } from "../types";
import type { ConnStatus } from "../../net/session";
import { h } from "../../ui/dom";
import { toast } from "../../ui/toast";
import { attachBoardInput, type BoardTarget } from "./input";
import { destroyCellTextures, makeCellTextures, PRESSED } from "./textures";
import { cssColour, faceSvg, FLAG_ICON, formatCounter, formatTime, SEAT_COLOURS, type FaceMood } from "./hud";

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

const PAD = 6;
const FRAME = 3;
const MAX_CELL = 44;
const CURSOR_HZ = 10;

const LEVEL_NAMES: Record<string, string> = Object.fromEntries(
  Object.entries(LEVELS).map(([id, l]) => [id, l.name]),
);

function isNumber(code: number): boolean {
  return code >= 1 && code <= 8;
}

export async function mount(host: HTMLElement, ctx: GameContext): Promise<GameHandle> {
  const scene = new MinesweeperScene(host, ctx);
  await scene.init();
  return scene;
}

class MinesweeperScene implements GameHandle {
  private readonly ctx: GameContext;
  private readonly host: HTMLElement;
  private readonly coarse = window.matchMedia?.("(pointer: coarse)").matches ?? false;

  // DOM
  private root!: HTMLElement;
  private counterEl!: HTMLElement;
  private timerEl!: HTMLElement;
  private faceBtn!: HTMLButtonElement;
  private flagBtn!: HTMLButtonElement;
  private zoomBox!: HTMLElement;
  private boardHost!: HTMLElement;
  private seatsBox!: HTMLElement;
  private seatsList!: HTMLOListElement;

  // Pixi
  private app = new Application();
  private boardLayer = new Container({ isRenderGroup: true });
  private frame = new Graphics();
  private cellLayer = new Container();
  private cursorLayer = new Container();
  private kbCursor = new Graphics();
  private sprites: Sprite[] = [];
  private textures: Texture[] = [];
  private texSize = 0;
  private seatCursors: ({ box: Container; outline: Graphics; label: Text; size: number; name: string; below: boolean } | null)[] = [];

  // layout (view space; recomputed from state + screen, never stored in state)
  private S = 24;
  private fitS = 24;
  private transposed = false;
  private ox = 0;
  private oy = 0;
  private zoomLevel = 1;
  private panX = 0;
  private panY = 0;

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
  private mood: FaceMood | "" = "";
  private frozen = false;
  private renderQueued = false;
  private destroyed = false;
  private unbindRoom: (() => void)[] = [];
  private cleanups: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private cursorTimer: ReturnType<typeof setTimeout> | null = null;
  private cursorPending = -1;
  private cursorSent = -1;
  private cursorSentAt = 0;
  private seatsDirty = false;
  private lastPhase = "";

  constructor(host: HTMLElement, ctx: GameContext) {
    this.host = host;
    this.ctx = ctx;
  }

  // ---- setup ----------------------------------------------------------------

  async init(): Promise<void> {
    this.buildDom();
    await this.app.init({
      resizeTo: this.boardHost,
      autoDensity: true,
      resolution: Math.min(window.devicePixelRatio || 1, 2),
      preference: "webgl",
      antialias: false,
      backgroundAlpha: 0,
      autoStart: false,
    });
    if (this.destroyed) return;
    this.app.ticker.stop();
    const canvas = this.app.canvas;
    canvas.classList.add("ms-canvas");
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "application");
    canvas.setAttribute(
      "aria-label",
      "Minesweeper board. Arrow keys move, Enter reveals, F flags, C chords.",
    );
    this.boardHost.append(canvas);

    this.boardLayer.addChild(this.frame, this.cellLayer, this.cursorLayer, this.kbCursor);
    this.app.stage.addChild(this.boardLayer);
    this.kbCursor.visible = false;

    // every size change (window, orientation, panel toggles) → relayout + immediate frame
    this.app.renderer.on("resize", () => {
      this.layout();
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
      this.drawKbCursor();
      this.requestRender();
    };
    canvas.addEventListener("focus", onFocus);
    this.cleanups.push(() => canvas.removeEventListener("focus", onFocus));
    this.installKeys();

    const { session } = this.ctx;
    this.cleanups.push(session.onRoom((room) => this.bind(room)));
    this.cleanups.push(session.onStatus((s) => this.onStatus(s)));
    this.cleanups.push(
      session.onMessage<{ code?: string; message?: string }>("error", (e) => {
        toast(e?.message || e?.code || "Refused", "error");
      }),
    );
    this.cleanups.push(session.onMessage<Record<string, unknown>>("event", (e) => this.onEvent(e)));
    this.cleanups.push(session.onMessage("seat", () => this.refreshAll()));
    this.cleanups.push(session.onMessage("welcome", () => this.refreshAll()));

    this.timer = setInterval(() => this.tickTimer(), 50);
    this.app.resize();
    this.layout();
    this.renderFrame();
  }

  private buildDom(): void {
    this.counterEl = h("output", { class: "ms-led ms-counter", "aria-label": "Mines left" }, "000");
    this.timerEl = h("output", { class: "ms-led ms-timer", "aria-label": "Time" }, "0.0");
    this.faceBtn = h("button", { class: "ms-face", type: "button", "aria-label": "Restart" });
    this.faceBtn.addEventListener("click", () => this.requestRestart());
    this.flagBtn = h("button", { class: "ms-tool ms-flagmode", type: "button", "aria-pressed": "false" });
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
    this.root = h(
      "div",
      { class: "ms" },
      h(
        "div",
        { class: "ms-top" },
        h("div", { class: "ms-hud" }, this.counterEl, this.faceBtn, this.timerEl),
        h("div", { class: "ms-tools" }, this.flagBtn, this.zoomBox),
      ),
      h("div", { class: "ms-main" }, this.boardHost, this.seatsBox),
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
      if (this.model.mode !== "solo" || !this.seated()) return;
      e.preventDefault();
      this.requestRestart();
    };
    document.addEventListener("keydown", onKey);
    this.cleanups.push(() => document.removeEventListener("keydown", onKey));
  }

  // ---- state binding ----------------------------------------------------------

  /** Binds schema callbacks on a (new) Room: after every reconnect this runs again. */
  private bind(room: Room): void {
    for (const off of this.unbindRoom) off();
    this.unbindRoom = [];
    const $ = getStateCallbacks(room);
    const state = room.state as any;
    const $s = $(state) as any;
    const offs = this.unbindRoom;

    offs.push($s.onChange(() => this.syncScalars(state)));
    let offCells: (() => void) | null = null;
    offs.push(
      $s.listen("cells", (arr: any) => {
        offCells?.();
        if (!arr) return;
        const $arr = $(arr) as any;
        const off = $arr.onChange((code: number, index: number) => this.setCell(index, code));
        offCells = off;
        this.syncCells(arr);
      }),
    );
    offs.push(() => offCells?.());
    offs.push(
      $s.seats.onAdd((seat: any) => {
        offs.push(($(seat) as any).onChange(() => this.markSeats(state)));
        this.markSeats(state);
      }),
    );
    offs.push($s.seats.onRemove(() => this.markSeats(state)));
    offs.push($s.credits.onChange(() => this.markSeats(state)));
    offs.push(
      $s.cursors.onAdd((cursor: any, index: number) => {
        offs.push(($(cursor) as any).onChange(() => this.syncCursor(state, index)));
        this.syncCursor(state, index);
      }),
    );
    this.refreshAll();
  }

  private state(): any {
    return this.ctx.session.room?.state ?? null;
  }

  /** Full resync from whatever the state holds now (bind, seat message, reconnect). */
  private refreshAll(): void {
    const state = this.state();
    if (!state) return;
    this.syncScalars(state);
    if (state.cells) this.syncCells(state.cells);
    this.markSeats(state);
    const n = state.cursors?.length ?? 0;
    for (let i = 0; i < n; i++) this.syncCursor(state, i);
  }

  private syncScalars(state: any): void {
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
    if (typeof state.serverTime === "number" && state.serverTime > 0) this.ctx.session.clock.sample(state.serverTime);
    if (dims) {
      m.cells = new Uint8Array(rows * cols).fill(CELL.HIDDEN);
      this.pressed = [];
      this.kb.r = Math.min(this.kb.r, Math.max(0, rows - 1));
      this.kb.c = Math.min(this.kb.c, Math.max(0, cols - 1));
      if (state.cells) this.readCells(state.cells);
      this.layout();
    }
    if (m.phase !== this.lastPhase) this.onPhase(this.lastPhase, m.phase);
    this.updateHud();
    this.updateSubtitle();
    this.requestRender();
  }

  private readCells(arr: any): void {
    const cells = this.model.cells;
    const n = Math.min(cells.length, arr.length ?? 0);
    for (let i = 0; i < n; i++) {
      const code = Number(arr[i]);
      cells[i] = Number.isFinite(code) ? code : CELL.HIDDEN;
    }
  }

  private syncCells(arr: any): void {
    const cells = this.model.cells;
    const n = Math.min(cells.length, arr.length ?? 0);
    for (let i = 0; i < n; i++) this.setCell(i, Number(arr[i]), true);
    this.requestRender();
  }

  /** One cell's code changed: swap that sprite's texture (only if it differs). */
  private setCell(i: number, code: number, force = false): void {
    const cells = this.model.cells;
    if (i < 0 || i >= cells.length || !Number.isFinite(code)) return;
    if (!force && cells[i] === code) return;
    cells[i] = code;
    this.paint(i);
    this.requestRender();
  }

  private paint(i: number): void {
    const sprite = this.sprites[i];
    if (!sprite || this.textures.length === 0) return;
    const code = this.model.cells[i];
    const tex =
      code === CELL.HIDDEN && this.pressed.includes(i)
        ? this.textures[PRESSED]
        : code === CELL.FLAGGED_MINE && this.model.phase === "won"
          ? this.textures[CELL.FLAG] // a win flags every mine: plain flags, the tick is for a loss
          : this.textures[code];
    if (tex && sprite.texture !== tex) sprite.texture = tex;
  }

  private markSeats(state: any): void {
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
        const s = seats[i];
        m.seats.push({ name: String(s?.name ?? ""), occupied: !!s?.occupied, connected: !!s?.connected, bot: !!s?.bot });
      }
      m.credits = [];
      const credits = state.credits;
      for (let i = 0; i < (credits?.length ?? 0); i++) m.credits.push(Number(credits[i]) || 0);
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
    if (prev && phase === "fresh") this.ctx.announce("New game.");
    if (prev === "won" || phase === "won") for (let i = 0; i < this.sprites.length; i++) this.paint(i);
    this.updateHud();
  }

  private onEvent(e: Record<string, unknown>): void {
    const kind = e?.kind;
    const seat = typeof e?.seat === "number" ? (e.seat as number) : -1;
    const who = seat >= 0 ? (seat === this.ctx.session.seat ? "You" : this.model.seats[seat]?.name || `Seat ${seat + 1}`) : "";
    const time = typeof e?.elapsed === "number" ? formatTime(e.elapsed as number) : "";
    if (kind === "won") this.ctx.announce(`Cleared! ${time ? `Time ${time}.` : ""}`);
    else if (kind === "lost") this.ctx.announce(`${who || "Someone"} hit a mine. Game over.`);
    else if (kind === "chat" && typeof e.text === "string") toast(`${String(e.name ?? who)}: ${e.text}`);
  }

  private onStatus(s: ConnStatus): void {
    if (s.kind !== "connected") {
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
    this.faceBtn.disabled = !this.seated();
    this.faceBtn.title = restartable ? "New game (Space / F2)" : "";
    this.faceBtn.setAttribute(
      "aria-label",
      m.phase === "won" ? "Won. New game" : m.phase === "lost" ? "Lost. New game" : "New game",
    );
    this.seatsBox.hidden = m.mode === "solo" && m.maxSeats <= 1;
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
    return Math.max(0, this.ctx.session.clock.now() - m.startedAt);
  }

  private tickTimer(): void {
    const text = formatTime(this.elapsedMs());
    if (this.timerEl.textContent !== text) this.timerEl.textContent = text;
  }

  private updateSubtitle(): void {
    const m = this.model;
    const mode = m.mode === "coop" ? "Co-op" : m.mode === "race" ? "Race" : "Solo";
    const level = m.level === "custom" ? "Custom" : LEVEL_NAMES[m.level] ?? m.level;
    this.ctx.setSubtitle(`${mode} · ${level} ${m.cols}×${m.rows} · ${m.mines} mines`);
  }

  private renderSeats(): void {
    const m = this.model;
    const me = this.ctx.session.seat;
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

  private syncCursor(state: any, index: number): void {
    const cur = state.cursors?.[index];
    const m = this.model;
    m.cursors[index] = { r: Number(cur?.r ?? -1), c: Number(cur?.c ?? -1) };
    const seat = m.seats[index];
    const show =
      index !== this.ctx.session.seat &&
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

  private layout(): void {
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
    const S = Math.max(6, Math.min(96, Math.floor(this.fitS * this.zoomLevel)));
    const zoomable = Math.floor(fit) < 26 || this.zoomLevel > 1;
    this.zoomBox.hidden = !zoomable;

    if (S !== this.texSize) {
      const old = this.textures;
      this.textures = makeCellTextures(this.app.renderer, S);
      this.texSize = S;
      this.S = S;
      for (const v of this.seatCursors) if (v) v.size = 0;
      if (old.length) {
        for (let i = 0; i < this.sprites.length; i++) this.sprites[i].texture = this.textures[CELL.HIDDEN];
        destroyCellTextures(old);
      }
    }
    this.S = S;

    const n = m.rows * m.cols;
    if (this.sprites.length !== n) {
      for (const s of this.sprites) s.destroy();
      this.cellLayer.removeChildren();
      this.sprites = [];
      for (let i = 0; i < n; i++) {
        const sprite = new Sprite(this.textures[CELL.HIDDEN]);
        sprite.roundPixels = true;
        this.sprites.push(sprite);
      }
      if (n) this.cellLayer.addChild(...this.sprites);
    }
    for (let r = 0; r < m.rows; r++) {
      for (let c = 0; c < m.cols; c++) {
        const i = r * m.cols + c;
        const { x, y } = this.cellPos(r, c);
        this.sprites[i].position.set(x, y);
        this.paint(i);
      }
    }

    const vcols = this.transposed ? m.rows : m.cols;
    const vrows = this.transposed ? m.cols : m.rows;
    const gw = vcols * S;
    const gh = vrows * S;
    this.drawFrame(gw, gh);
    this.placeBoard(gw, gh);
    const state = this.state();
    if (state) for (let i = 0; i < this.seatCursors.length; i++) this.syncCursor(state, i);
    this.drawKbCursor();
    this.requestRender();
  }

  /** Centres the board, or clamps the pan when it is larger than the screen. */
  private placeBoard(gw = this.boardW(), gh = this.boardH()): void {
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
  }

  private boardW(): number {
    return (this.transposed ? this.model.rows : this.model.cols) * this.S;
  }
  private boardH(): number {
    return (this.transposed ? this.model.cols : this.model.rows) * this.S;
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
      if (!this.frozen && !this.destroyed) this.app.render();
    });
  }

  private renderFrame(): void {
    if (!this.destroyed && this.app.renderer) this.app.render();
  }

  // ---- input → intents -----------------------------------------------------------------

  private seated(): boolean {
    return !this.ctx.session.spectator && this.ctx.session.seat !== null && this.ctx.session.seat >= 0;
  }

  private canAct(): boolean {
    const p = this.model.phase;
    return this.seated() && this.ctx.session.status.kind === "connected" && (p === "fresh" || p === "active");
  }

  private canRestart(): boolean {
    if (!this.seated()) return false;
    if (this.model.mode === "solo") return true;
    return this.model.phase === "won" || this.model.phase === "lost";
  }

  private requestRestart(): void {
    if (!this.seated()) return;
    if (!this.canRestart()) {
      toast("A co-op game restarts once it is over.");
      return;
    }
    this.send("restart", {});
  }

  private send(type: string, payload: unknown): void {
    if (!this.ctx.session.send(type, payload)) toast("Not connected — move not sent.", "error");
  }

  private rc(i: number): { r: number; c: number } {
    const cols = this.model.cols;
    return { r: Math.floor(i / cols), c: i % cols };
  }

  private neighbours(i: number, self = false): number[] {
    const { rows, cols } = this.model;
    const { r, c } = this.rc(i);
    const out: number[] = [];
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        if (!self && dr === 0 && dc === 0) continue;
        const rr = r + dr;
        const cc = c + dc;
        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) out.push(rr * cols + cc);
      }
    }
    return out;
  }

  private reveal(i: number): void {
    if (this.model.cells[i] === CELL.HIDDEN) this.send("reveal", this.rc(i));
  }

  private toggleFlag(i: number): void {
    const m = this.model;
    const code = m.cells[i];
    if (code === CELL.HIDDEN) {
      if (m.mines - m.flags <= 0) {
        toast("No flags left.");
        return;
      }
      this.send("flag", this.rc(i));
    } else if (code === CELL.FLAG) {
      this.send("flag", this.rc(i));
    }
  }

  /** Chord only where it can do something: a number with exactly that many flags around and a hidden neighbour. */
  private chord(i: number): void {
    const cells = this.model.cells;
    const code = cells[i];
    if (!isNumber(code)) return;
    let flags = 0;
    let hidden = 0;
    for (const j of this.neighbours(i)) {
      if (cells[j] === CELL.FLAG) flags++;
      else if (cells[j] === CELL.HIDDEN) hidden++;
    }
    if (flags === code && hidden > 0) this.send("chord", this.rc(i));
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

  private zoom(factor: number, clientX?: number, clientY?: number): void {
    const before = this.S;
    const next = Math.max(1, Math.min(6, this.zoomLevel * factor));
    if (next === this.zoomLevel) return;
    // keep the point under the fingers / pointer (or the screen centre) fixed
    const rect = this.app.canvas.getBoundingClientRect();
    const px = clientX !== undefined ? clientX - rect.left : this.app.screen.width / 2;
    const py = clientY !== undefined ? clientY - rect.top : this.app.screen.height / 2;
    const bx = (px - this.ox) / before;
    const by = (py - this.oy) / before;
    this.zoomLevel = next;
    this.layout();
    const S = this.S;
    this.panX += Math.round(px - (this.ox + bx * S));
    this.panY += Math.round(py - (this.oy + by * S));
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
      pan: (dx, dy) => {
        this.panX += dx;
        this.panY += dy;
        this.placeBoard();
        this.requestRender();
      },
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
    if (this.canAct()) {
      if (action === "primary") this.primary(i);
      else if (action === "flag") this.toggleFlag(i);
      else if (action === "chord") this.chord(i);
    }
    this.hover(i);
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
      if (!this.ctx.session.send("cursor", cell < 0 ? { r: -1, c: -1 } : this.rc(cell))) return;
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

  // ---- GameHandle ------------------------------------------------------------------------

  cellCenter(r: number, c: number): { x: number; y: number } | null {
    const m = this.model;
    if (r < 0 || c < 0 || r >= m.rows || c >= m.cols) return null;
    let { x, y } = this.cellPos(r, c);
    const S = this.S;
    // scroll a large board so the cell is on screen
    const W = this.app.screen.width;
    const H = this.app.screen.height;
    if (this.ox + x < PAD || this.ox + x + S > W - PAD) this.panX += Math.round(W / 2 - (this.ox + x + S / 2));
    if (this.oy + y < PAD || this.oy + y + S > H - PAD) this.panY += Math.round(H / 2 - (this.oy + y + S / 2));
    this.placeBoard();
    this.renderFrame();
    ({ x, y } = this.cellPos(r, c));
    const rect = this.app.canvas.getBoundingClientRect();
    return { x: rect.left + this.ox + x + S / 2, y: rect.top + this.oy + y + S / 2 };
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
    };
  }

  renderNow(): void {
    this.frozen = true;
    this.app.ticker?.stop();
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
    for (const off of this.unbindRoom) off();
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
