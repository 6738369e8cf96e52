// The Minesweeper board scene, driven only by a feed (feed.ts): a live room, a local GameSession
// (offline solo) or a replayed log. It keeps the board (model.ts), lays out the HUD
// (hud.ts) around the Pixi board (boardView.ts), and turns gestures and keys (input.ts)
// into intents (intents.ts, which asks common/minesweeper what an intent may do). A board's
// first opening is brought on screen by opening.ts; the subtitle and seat list are roster.ts.
// The client never knows where mines are: it draws the cell codes it gets (feed.cells()).
import { CELL } from "../../../common/minesweeper/types";
import { areaOf } from "../../../common/minesweeper/intent";
import type { GameHandle } from "../types";
import { NO_GUESS_FALLBACK, wrongFlagsText } from "./words";
import { toast } from "../../ui/toast";
import { attachBoardInput, type BoardTarget } from "./input";
import { KeyboardVoice } from "./keyboard";
import { BoardHud, formatTime, SEAT_COLOURS } from "./hud";
import { BoardView } from "./boardView";
import { BoardIntents } from "./intents";
import { OpeningFinder } from "./opening";
import { rosterOf, subtitleOf } from "./roster";
import { boardSeatName, elapsedMs, emptyBoard, readScalars, readSeats } from "./model";
import type { BoardSink, BoardStateLike, MinesweeperFeed } from "./feed";
import "./minesweeper.css";

export { BUNDLED_RENDERERS } from "./boardView";

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
  private readonly hud: BoardHud;
  private readonly view: BoardView;

  private model = emptyBoard();
  private readonly intents: BoardIntents;
  private held = false;
  private kb = { r: 0, c: 0, shown: false };
  /** Says what the keyboard cursor is on and what a key did (keyboard.ts). */
  private voice = new KeyboardVoice(() => this.model.cells);
  private destroyed = false;
  /** Brings a board's first opening on screen once (opening.ts). */
  private readonly opening: OpeningFinder;
  private cleanups: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private seatsDirty = false;
  private lastPhase = "";
  private lastNoGuess = "";
  private subtitle = "";
  private overlay: HTMLElement | null = null;
  /** Extra snapshot fields (result card, race panel…), evaluated on snapshot(). */
  extras: Record<string, () => unknown> = {};

  constructor(host: HTMLElement, feed: MinesweeperFeed, opts: SceneOptions = {}) {
    this.host = host;
    this.feed = feed;
    this.opts = opts;
    this.intents = new BoardIntents(() => this.model, feed);
    this.hud = new BoardHud({ restart: () => this.intents.restart(), flagMode: (on) => this.setFlagMode(on), zoom: (f) => this.zoom(f) }, !!opts.noTools);
    this.view = new BoardView(() => this.model, this.kb, {
      zoomable: (on) => (this.hud.zoomBox.hidden = !on),
      laidOut: () => {
        const state = this.feed.state();
        if (state) for (let i = 0; i < this.view.cursors.count; i++) this.syncCursor(state, i);
        // An opening that arrived before the board had a place on screen is brought there now.
        this.opening?.now();
      },
    });
    this.opening = new OpeningFinder(() => this.model, {
      // Not before the first layout: a camera moved then is reset by it, and the opening lost (issue 45's flake).
      ready: () => !!this.view.app.renderer && this.view.placed,
      scrollIntoView: (r, c) => {
        this.view.scrollIntoView(r, c);
        this.view.requestRender(); // a moved camera is drawn even if no cell changes with it
      },
    });
  }

  /** The scene's outer element (pages add classes: docked, race). */
  get root(): HTMLElement {
    return this.hud.root;
  }

  /** Extra DOM next to the board (race panel, result card…). */
  get side(): HTMLElement {
    return this.hud.side;
  }

  // ---- setup ----------------------------------------------------------------

  async init(): Promise<void> {
    this.host.append(this.hud.root);
    const canvas = await this.view.init(this.hud.boardHost, this.opts.label ?? "Minesweeper board. Arrow keys move, Enter reveals, F flags, C chords.");
    if (!canvas || this.destroyed) return;
    const ro = new ResizeObserver(() => this.view.app.queueResize?.());
    ro.observe(this.hud.boardHost);
    this.cleanups.push(() => ro.disconnect());

    this.cleanups.push(attachBoardInput(canvas, this.boardTarget()));
    // keyboard focus (not a click) shows the keyboard cursor right away
    const onFocus = () => {
      if (!canvas.matches(":focus-visible") || this.kb.shown) return;
      this.kb.shown = true;
      if (this.model.rows > 0) this.voice.moved(this.kb.r, this.kb.c, this.model.cols);
      this.view.drawKbCursor();
      this.view.requestRender();
    };
    canvas.addEventListener("focus", onFocus);
    this.cleanups.push(() => canvas.removeEventListener("focus", onFocus));
    this.installKeys();

    this.cleanups.push(this.feed.attach(this.sink()));

    this.timer = setInterval(() => this.tickTimer(), 50);
    this.view.app.resize();
    this.view.layout(true);
    this.view.renderFrame();
  }

  private sink(): BoardSink {
    return {
      scalars: (s) => this.syncScalars(s),
      cells: (arr) => this.syncCells(arr),
      cellList: (list, codes) => this.setCells(list, codes),
      cellRow: (r, codes) => this.setRow(r, codes),
      seats: (s) => this.markSeats(s),
      cursor: (s, i) => this.syncCursor(s, i),
      event: (e) => this.onEvent(e),
      status: () => this.onStatus(),
      refresh: () => this.refreshAll(),
    };
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
      this.intents.restart();
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
    const cells = this.feed.cells();
    if (cells) this.syncCells(cells);
    this.markSeats(state);
    const n = state.cursors?.length ?? 0;
    for (let i = 0; i < n; i++) this.syncCursor(state, i);
    this.onStatus();
  }

  private syncScalars(state: BoardStateLike): void {
    const m = this.model;
    const read = readScalars(m, state, this.feed.cells());
    if (read === "none") return;
    if (read === "resized") {
      this.opening.reset();
      this.kb.r = Math.min(this.kb.r, Math.max(0, m.rows - 1));
      this.kb.c = Math.min(this.kb.c, Math.max(0, m.cols - 1));
      this.view.newBoard();
    }
    if (m.phase !== this.lastPhase) this.onPhase(this.lastPhase, m.phase);
    if (m.noGuess !== this.lastNoGuess) {
      if (m.noGuess === "fallback" && this.lastNoGuess !== "") toast(NO_GUESS_FALLBACK, "info", 7000);
      if (m.noGuess === "fallback") this.announce(NO_GUESS_FALLBACK);
      this.lastNoGuess = m.noGuess;
    }
    this.updateHud();
    this.updateSubtitle();
    this.view.requestRender();
  }

  private syncCells(arr: ArrayLike<number>): void {
    const cells = this.model.cells;
    const n = Math.min(cells.length, arr.length ?? 0);
    for (let i = 0; i < n; i++) {
      const code = Number(arr[i]);
      if (Number.isFinite(code)) cells[i] = code;
    }
    this.voice.cellsChanged();
    this.view.repaintWindow(); // the drawn window at once, not a repaint per cell (a 1000×1000 board)
    this.view.requestRender();
    this.opening.now();
  }

  /**
   * Cells `list` changed to `codes[i]` (the feed diffed them against what it sent before):
   * one pass to copy them, one repaint of the list, one render request, one word to the
   * keyboard voice.
   */
  private setCells(list: readonly number[], codes: ArrayLike<number>): void {
    const cells = this.model.cells;
    const n = cells.length;
    let opened = false;
    for (let k = 0; k < list.length; k++) {
      const i = list[k];
      const code = codes[i];
      if (!(i >= 0 && i < n && code >= 0)) continue;
      cells[i] = code;
      if (code <= 8) opened = true;
    }
    if (list.length === 0) return;
    this.voice.cellsChanged();
    this.view.paintList(list);
    this.view.requestRender();
    if (opened) this.opening.soon();
  }

  /** Row `r` changed to `codes[r * cols …]`: copied whole (native), repainted along the drawn window. */
  private setRow(r: number, codes: Uint8Array): void {
    const { cells, cols } = this.model;
    const from = r * cols;
    if (!(r >= 0 && from + cols <= cells.length && from + cols <= codes.length)) return;
    const row = codes.subarray(from, from + cols);
    cells.set(row, from);
    this.voice.cellsChanged();
    this.view.paintRow(r);
    this.view.requestRender();
    this.opening.row(row);
  }

  private markSeats(state: BoardStateLike): void {
    if (this.seatsDirty) return;
    this.seatsDirty = true;
    queueMicrotask(() => {
      this.seatsDirty = false;
      if (this.destroyed) return;
      readSeats(this.model, state);
      this.renderSeats();
      for (let i = 0; i < this.view.cursors.count; i++) this.syncCursor(state, i);
    });
  }

  // ---- events & phase -----------------------------------------------------------

  private onPhase(prev: string, phase: string): void {
    this.lastPhase = phase;
    if (phase === "fresh") this.opening.reset();
    if (phase === "won" || phase === "lost" || phase === "fresh") {
      this.view.setPressed([]);
      this.held = false;
    }
    if (prev && phase === "fresh") this.announce("New game.");
    if (prev === "won" || phase === "won") this.view.repaintWindow();
    this.updateHud();
    this.opts.onPhase?.(phase, prev);
  }

  private announce(text: string): void {
    this.opts.announce?.(text);
  }

  private onEvent(e: Record<string, unknown>): void {
    const kind = e?.kind;
    const seat = typeof e?.seat === "number" ? (e.seat as number) : -1;
    const who = seat >= 0 ? (seat === this.feed.seat() ? "You" : boardSeatName(this.model, seat)) : "";
    const time = typeof e?.elapsed === "number" ? formatTime(e.elapsed as number) : "";
    if (kind === "won") this.announce(`Cleared! ${time ? `Time ${time}.` : ""}`);
    else if (kind === "lost") this.announce(`${who || "Someone"} hit a mine. Game over.${wrongFlagsText(e.wrongFlags)}`);
    else if (kind === "chat" && typeof e.text === "string") toast(`${String(e.name ?? who)}: ${e.text}`);
  }

  private onStatus(): void {
    if (!this.feed.connected()) {
      this.view.setPressed([]);
      this.held = false;
    }
    this.updateHud();
  }

  // ---- HUD -----------------------------------------------------------------------

  private updateHud(): void {
    this.hud.update(this.model, { held: this.held, seated: this.seated(), restartable: this.canRestart(), noSeats: !!this.opts.noSeats });
    this.tickTimer();
  }

  private tickTimer(): void {
    this.hud.setTime(elapsedMs(this.model, this.feed.now()));
  }

  private updateSubtitle(): void {
    if (!this.opts.setSubtitle) return;
    const text = subtitleOf(this.model);
    if (text === this.subtitle) return; // every patch's scalars come here
    this.subtitle = text;
    this.opts.setSubtitle(text);
  }

  private renderSeats(): void {
    const r = rosterOf(this.model, this.feed.seat());
    this.hud.seatsNote.textContent = r.open;
    this.hud.seats.render(r.lines);
    this.hud.seatsBox.dataset.watchers = r.watching;
  }

  // ---- co-op cursors -------------------------------------------------------------

  private syncCursor(state: BoardStateLike, index: number): void {
    const cur = state.cursors?.[index];
    const m = this.model;
    const at = (m.cursors[index] = { r: Number(cur?.r ?? -1), c: Number(cur?.c ?? -1) });
    const seat = m.seats[index];
    const show = index !== this.feed.seat() && !!seat?.occupied && seat.connected && at.r >= 0 && at.c >= 0 && at.r < m.rows && at.c < m.cols;
    if (!show) this.view.cursors.hide(index);
    else {
      const { x, y } = this.view.cellPos(at.r, at.c);
      this.view.cursors.show(index, boardSeatName(this.model, index), SEAT_COLOURS[index % SEAT_COLOURS.length], x, y, this.view.S);
    }
    this.view.requestRender();
  }

  // ---- input → intents -----------------------------------------------------------------

  private seated(): boolean {
    return this.intents.seated();
  }

  private canAct(): boolean {
    return this.intents.canAct();
  }

  private canRestart(): boolean {
    return this.intents.canRestart();
  }

  private setFlagMode(on: boolean): void {
    this.intents.flagMode = on;
    this.hud.setFlagMode(on);
  }

  /** Zooms by `factor` keeping the point under the fingers / pointer (or the screen centre) fixed. */
  zoom(factor: number, clientX?: number, clientY?: number): void {
    this.view.zoom(factor, clientX, clientY);
  }

  /** Moves the camera by (dx, dy) CSS pixels (clamped to the board). */
  pan(dx: number, dy: number): void {
    this.view.pan(dx, dy);
  }

  private boardTarget(): BoardTarget {
    return {
      cellAt: (x, y) => this.view.cellAtClient(x, y),
      canAct: () => this.canAct(),
      primary: (i) => this.intents.primary(i),
      secondary: (i, touch) => this.intents.secondary(i, touch),
      chord: (i) => this.intents.chord(i),
      highlight: (i, mode) => {
        if (i < 0 || mode === "none") return this.view.setPressed([]);
        const { cells, rows, cols } = this.model;
        const area = mode === "area" ? areaOf(rows, cols, i) : [i];
        this.view.setPressed(area.filter((j) => cells[j] === CELL.HIDDEN));
      },
      pressing: (held) => {
        this.held = held && this.canAct();
        this.updateHud();
      },
      hover: (i) => this.intents.hover(i),
      pan: (dx, dy) => this.pan(dx, dy),
      canPan: () => this.view.canPan(),
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
    const sends = this.intents.sends;
    if (this.canAct()) {
      if (action === "primary") this.intents.primary(i);
      else if (action === "flag") this.intents.toggleFlag(i);
      else if (action === "chord") this.intents.chord(i);
      if (this.intents.sends === sends && action !== "up" && action !== "down" && action !== "left" && action !== "right") this.voice.unanswered();
    }
    this.intents.hover(i);
    this.view.scrollIntoView(kb.r, kb.c);
    this.view.drawKbCursor();
    this.view.requestRender();
  }

  // ---- GameHandle ------------------------------------------------------------------------

  cellCenter(r: number, c: number): { x: number; y: number } | null {
    return this.view.cellCenter(r, c);
  }

  /** The board cells (rules space) the viewport shows, inclusive. */
  visibleRegion(): { r0: number; r1: number; c0: number; c1: number } {
    return this.view.visibleRegion();
  }

  snapshot(): Record<string, unknown> {
    const m = this.model;
    const v = this.view;
    return {
      mode: m.mode,
      level: m.level,
      phase: m.phase,
      rows: m.rows,
      cols: m.cols,
      mines: m.mines,
      /** "off", "on", "proven" or "fallback" (a no-guess board). */
      noGuess: m.noGuess,
      flags: m.flags,
      cells: Array.from(m.cells),
      startedAt: m.startedAt,
      endedAt: m.endedAt,
      elapsed: m.elapsed,
      timer: this.hud.timerEl.textContent,
      counter: this.hud.counterEl.textContent,
      face: this.hud.mood,
      pressed: v.pressedCount,
      seats: m.seats.map((s, i) => ({ ...s, credits: m.credits[i] ?? 0 })),
      spectators: m.spectators,
      cursors: m.cursors.map((c) => ({ ...c })),
      flagMode: this.intents.flagMode,
      cellSize: v.S,
      transposed: v.transposed,
      zoom: Math.round(v.zoomLevel * 1000) / 1000,
      visible: v.visibleRegion(),
      /** Cells drawn (the culled pool of particles), never the whole board on a big one. */
      drawn: v.drawnSprites(),
      frames: v.frames,
      /** The last touch gesture and how long the finger was down (tests, debugging). */
      gesture: v.app.canvas?.dataset.gesture ?? "",
      ...Object.fromEntries(Object.entries(this.extras).map(([k, fn]) => [k, fn()])),
    };
  }

  /** Shows `el` in the side column (null hides it). */
  setSide(el: HTMLElement | null): void {
    if (el) this.hud.side.replaceChildren(el);
    else this.hud.side.replaceChildren();
    this.hud.side.hidden = !el;
  }

  /** Adds a control next to the flag / zoom tools (race: "viewing Ann's board"). */
  addTool(el: HTMLElement): void {
    this.hud.tools.append(el);
  }

  /** Hides or shows the flag-mode tool (boards you cannot play). */
  showFlagTool(on: boolean): void {
    this.hud.flagBtn.hidden = !on || !!this.opts.noTools;
    if (!on && this.intents.flagMode) this.setFlagMode(false);
  }

  /** Shows `el` over the board (countdown, "viewing …" banner); null removes it. */
  setOverlay(el: HTMLElement | null): void {
    this.overlay?.remove();
    this.overlay = el;
    if (el) {
      el.classList.add("ms-overlay");
      this.hud.boardHost.append(el);
    }
  }

  /** Runs `fn` when the scene is destroyed. */
  onDestroy(fn: () => void): void {
    this.cleanups.push(fn);
  }

  renderNow(): void {
    this.tickTimer();
    this.view.freeze();
  }

  resume(): void {
    this.view.thaw();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.opening.destroy();
    if (this.timer) clearInterval(this.timer);
    this.intents.destroy();
    for (const off of this.cleanups) off();
    this.view.destroy();
    this.hud.root.remove();
  }
}
