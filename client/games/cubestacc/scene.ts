// Cubestacc scene: the Pixi table (board.ts) + DOM HUD (hud.ts) + hand strip
// (hand.ts), driven only by the room state. The client draws and sends
// intents; it never decides a rule: legal targets are the seat's private
// `legal` list from the server, and every move is the server's to accept.
//
// Rendering is on demand: a change schedules one frame; animations run frames
// only while they last. Everything re-binds on each new Room (RoomSession
// survives reconnects): the scene keeps showing what it has until the new
// state arrives.
import { Application } from "pixi.js";
import type { Room } from "colyseus.js";
import { cardCode, cardSuit, isWild } from "../../../common/cubestacc/deck";
import type { AttachMode, Suit } from "../../../common/cubestacc/types";
import type { CubestaccPayloads, PlayPayload } from "../../../common/cubestacc/game";
import type { RoomPayloads } from "../../../common/core/game";
import type { GameContext, GameHandle } from "../types";
import type { ConnStatus } from "../../net/session";
import { h } from "../../ui/dom";
import { toast } from "../../ui/toast";
import { Animator, floatText, flyPicture, prefersReducedMotion } from "./animations";
import { cardLabel } from "./art";
import { Board, sameTarget, type Target } from "./board";
import { CUBE_DESKTOP, CUBE_PHONE, normYaw, type CubeSize, type Yaw } from "./geometry";
import { HandStrip } from "./hand";
import { Hud, seatName } from "./hud";
import { attachTableInput } from "./input";
import { emptyModel, readModel, type CubeModel, type CubestaccWire, type TableModel } from "./model";
import { CubeTextures } from "./textures";
import { HowTo, howtoSeen } from "./howto";
import { FirstMoveGuide, guideCards } from "./guide";
import { CubestaccKeyboard } from "./keyboard";
import "./cubestacc.css";
import { initStillStage } from "../stage.js";

/** Every message this scene sends, with the payload the server parses. */
type Sent = CubestaccPayloads & RoomPayloads;

export async function mount(host: HTMLElement, ctx: GameContext): Promise<GameHandle> {
  const scene = new CubestaccScene(host, ctx);
  await scene.init();
  return scene;
}

const YAW_KEY = "hub.cubestacc.yaw";
const DRAW_STAGGER_MS = 150;
const SNAP_RADIUS = 1.15; // cube widths
const TAP_RADIUS = 0.8;

function loadYaw(): Yaw {
  try {
    return normYaw(Number(localStorage.getItem(YAW_KEY) ?? 0) || 0);
  } catch {
    return 0;
  }
}

class CubestaccScene implements GameHandle {
  private readonly ctx: GameContext;
  private readonly host: HTMLElement;

  // DOM
  private root!: HTMLElement;
  private tableHost!: HTMLElement;
  private hud!: Hud;
  private hand!: HandStrip;
  private keys!: CubestaccKeyboard;

  // Pixi
  private app = new Application();
  private board!: Board;
  private textures!: CubeTextures;
  private anim!: Animator;

  // state
  private model: TableModel = emptyModel();
  private prev: TableModel | null = null;
  private yaw: Yaw = loadYaw();
  private selected: number | null = null;
  private hovered: number | null = null;
  private dragging: number | null = null;
  private hot: Target | null = null;
  /** Card sent in a `play` and where it left from (page rect), until the patch shows it. */
  private sent: { card: number; from: DOMRect | null; at: number } | null = null;
  private arriving = new Set<number>();
  private frozen = false;
  private renderQueued = false;
  private syncQueued = false;
  private destroyed = false;
  private unbindRoom: (() => void)[] = [];
  private cleanups: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private gameSeen = -1;
  private howto = new HowTo();
  private howtoChecked = false;
  private guide = new FirstMoveGuide(!howtoSeen());
  /** The table's size at the last resize: a big change (rotation, window resize) refits the camera. */
  private lastSize = { w: 0, h: 0 };
  private lastEventText = "";

  constructor(host: HTMLElement, ctx: GameContext) {
    this.host = host;
    this.ctx = ctx;
  }

  // ---- setup ----------------------------------------------------------------------------

  async init(): Promise<void> {
    this.buildDom();
    await initStillStage(this.app, this.tableHost, { antialias: true });
    if (this.destroyed) return;
    const canvas = this.app.canvas;
    canvas.classList.add("cs-canvas");
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", "The cube stack. Drag to pan, pinch or wheel to zoom, [ and ] rotate the view.");
    this.tableHost.prepend(canvas);

    this.anim = new Animator(() => this.renderFrame());
    this.anim.instant = prefersReducedMotion();
    this.textures = new CubeTextures(() => {
      this.board?.refreshTextures();
      this.requestRender();
    });
    this.board = new Board(this.app, this.textures, this.anim, () => this.requestRender(), this.cubeSize());
    this.board.setYaw(this.yaw, false);
    this.hud.setYaw(this.yaw);
    (this.hud.deckEl.firstElementChild as HTMLElement).style.backgroundImage = `url("${this.textures.backUrl()}")`;

    this.app.renderer.on("resize", () => {
      this.measureInsets();
      this.board.setSize(this.cubeSize());
      const { width: w, height: ht } = this.app.screen;
      const last = this.lastSize;
      this.lastSize = { w, h: ht };
      const big = last.w > 0 && (Math.abs(w - last.w) > last.w * 0.1 || Math.abs(ht - last.h) > last.h * 0.1 || w > ht !== last.w > last.h);
      if (big) this.board.recentreNow(); // rotation or a resized window: show the whole stack again
      else this.board.onResize();
      this.hand.dragSize = this.board.cubePageSize();
      this.renderFrame();
    });
    const ro = new ResizeObserver(() => this.app.queueResize?.());
    ro.observe(this.tableHost);
    this.cleanups.push(() => ro.disconnect());

    this.cleanups.push(
      attachTableInput(canvas, {
        tap: (x, y) => this.tapTable(x, y),
        hover: (x, y) => this.hoverTable(x, y),
        leave: () => this.hoverTable(NaN, NaN),
        pan: (dx, dy) => this.board.pan(dx, dy),
        zoom: (f, x, y) => this.board.zoom(f, x, y),
        rotate: (d) => this.rotate(d),
        recentre: () => this.board.recentre(),
      }),
    );

    const { session } = this.ctx;
    this.cleanups.push(session.onRoom((room) => this.bind(room)));
    this.cleanups.push(session.onStatus((s) => this.onStatus(s)));
    this.cleanups.push(
      session.onMessage<{ code?: string; message?: string; type?: string }>("error", (e) => this.onError(e)),
    );
    this.cleanups.push(session.onMessage<Record<string, unknown>>("event", (e) => this.onEvent(e)));
    this.cleanups.push(session.onMessage("seat", () => this.scheduleSync()));
    this.cleanups.push(session.onMessage("welcome", () => this.scheduleSync()));

    this.timer = setInterval(() => this.tick(), 250);
    this.app.resize();
    this.measureInsets();
    this.hand.dragSize = this.board.cubePageSize();
    this.sync();
    this.renderFrame();
  }

  private buildDom(): void {
    this.hud = new Hud({
      draw: () => this.send("draw", {}),
      pass: () => this.send("draw", {}),
      done: () => this.send("done", {}),
      uhoh: () => this.send("uhoh", {}),
      caught: () => this.send("caught", {}),
      rotate: (d) => this.rotate(d),
      zoom: (f) => this.board.zoom(f),
      recentre: () => this.board.recentre(),
      start: () => this.send("start", {}),
      ready: (ready) => this.send("ready", { ready }),
      addBot: () => this.send("addBot", {}),
      removeBot: (seat) => this.send("removeBot", { seat }),
      help: () => this.howto.show(this.model.wildPivot),
    });
    this.hand = new HandStrip({
      pick: (card) => this.pick(card),
      dragStart: (card) => {
        this.dragging = card;
        this.selected = null;
        this.hot = null;
        this.refreshTargets();
        this.renderHand();
      },
      dragMove: (card, x, y) => {
        const hot = this.overTable(x, y) ? this.board.pick(x, y, this.targetsFor(card), SNAP_RADIUS) : null;
        if (!sameTarget(hot, this.hot)) {
          this.hot = hot;
          this.refreshTargets();
        }
        document.body.classList.toggle("cs-snapped", hot !== null);
      },
      dragEnd: (card, x, y) => {
        const hot = this.overTable(x, y) ? this.board.pick(x, y, this.targetsFor(card), SNAP_RADIUS) : null;
        this.dragging = null;
        this.hot = null;
        document.body.classList.remove("cs-snapped");
        this.refreshTargets();
        if (!hot) return false;
        void this.play(hot);
        return !isWild(card);
      },
      dragCancel: () => {
        this.dragging = null;
        this.hot = null;
        document.body.classList.remove("cs-snapped");
        this.refreshTargets();
      },
      hover: (card) => {
        this.hovered = card;
        this.refreshTargets();
      },
    });
    this.tableHost = h(
      "div",
      { class: "cs-table", id: "cs-table" },
      this.hud.viewControls,
      this.hud.log,
      this.hud.waiting,
      this.hud.endScreen,
      this.hud.suitPicker,
      this.hud.afterBar,
    );
    this.root = h(
      "div",
      { class: "cs" },
      this.hud.status,
      this.tableHost,
      this.hud.seatsBox,
      this.hud.actions,
      this.hand.el,
    );
    this.root.append(this.howto.el, this.guide.el);
    // closing the how-to (button or Escape) starts the guided first move without waiting for a patch
    const reguide = () => setTimeout(() => this.guideNow(), 0);
    this.howto.el.addEventListener("click", reguide);
    this.howto.el.addEventListener("keydown", reguide);
    this.host.append(this.root);
    this.keys = new CubestaccKeyboard(this.root, {
      model: () => this.model,
      me: () => this.mySeat(),
      selected: () => this.selected,
      targets: (card) => this.targetsFor(card),
      hot: () => this.hot,
      pick: (card) => this.pick(card),
      aim: (t) => {
        this.hot = t;
        this.refreshTargets();
      },
      play: (t) => void this.play(t),
      cancel: () => {
        this.selected = null;
        this.hot = null;
        this.renderHand();
        this.refreshTargets();
      },
      buttons: this.hud.buttons,
      help: () => this.howto.show(this.model.wildPivot),
    });
    this.cleanups.push(() => this.keys.destroy());
  }

  /** Keeps the stack clear of the event line and the camera buttons. */
  private measureInsets(): void {
    const view = this.hud.viewControls.getBoundingClientRect();
    const vertical = view.height > view.width; // phone landscape: the buttons stand on the left edge
    this.board.insets = { top: vertical ? 6 : 34, bottom: view.height > 0 && !vertical ? view.height + 6 : 0 };
  }

  private cubeSize(): CubeSize {
    const phone = window.innerWidth < 640 || window.innerHeight < 500;
    return phone ? CUBE_PHONE : CUBE_DESKTOP;
  }

  // ---- state binding ---------------------------------------------------------------------

  /** Binds on a (new) Room: after every reconnect this runs again. */
  private bind(room: Room): void {
    for (const off of this.unbindRoom) off();
    this.unbindRoom = [];
    const onChange = () => this.scheduleSync();
    room.onStateChange(onChange);
    this.unbindRoom.push(() => room.onStateChange.remove(onChange));
    this.scheduleSync();
  }

  private scheduleSync(): void {
    if (this.syncQueued || this.destroyed) return;
    this.syncQueued = true;
    queueMicrotask(() => {
      this.syncQueued = false;
      if (!this.destroyed) this.sync();
    });
  }

  private mySeat(): number | null {
    const s = this.ctx.session;
    if (s.spectator || s.seat === null || s.seat < 0) return null;
    return s.seat;
  }

  /** Reads the state and brings everything on screen up to date (with animations for what changed). */
  private sync(): void {
    const state = this.ctx.session.room?.state as CubestaccWire | undefined;
    if (!state || !state.seats || (state.seats.length ?? 0) === 0) return; // a new Room before its first state: keep what we show
    if (typeof state.serverTime === "number" && state.serverTime > 0) this.ctx.session.clock.sample(state.serverTime);
    const me = this.mySeat();
    const m = readModel(state, me);
    const prev = this.prev;
    const sameGame = prev !== null && prev.gameNo === m.gameNo && m.cubes.length >= prev.cubes.length;
    this.model = m;

    // selection survives only while the card is still ours and playable
    const legalCards = new Set((m.mine?.legal ?? []).map((l) => l.card));
    if (this.selected !== null && !legalCards.has(this.selected)) this.selected = null;
    this.selected ??= this.guide.pick(m.mode, me !== null && m.turn === me && m.phase === "playing", guideCards(m.mine?.legal ?? []), this.howto.shown || !this.howtoChecked);
    if (this.sent && m.mine?.hand.includes(this.sent.card) && performance.now() - this.sent.at > 4000) {
      this.hand.restore(this.sent.card); // never answered: show the card again
      this.sent = null;
    }

    // the table
    const frame = (m.mine?.legal ?? []).map((l) => ({ card: l.card, onto: l.onto, mode: l.mode }));
    this.board.setCubes(m.cubes, m.pack, m.pivot, frame, sameGame ? (cube) => this.originOf(cube) : undefined);
    if (this.sent && !(m.mine?.hand.includes(this.sent.card) ?? false)) this.sent = null;

    // the hand (new cards fly in from the deck, one at a time)
    const fresh = this.renderHand();
    if (prev && m.mine && fresh.length > 0) this.animateDraws(fresh, prev.gameNo !== m.gameNo);
    // other seats' draws: card backs fly to their seat, one at a time
    if (prev && sameGame) {
      for (const s of m.seats) {
        if (s.seat === me) continue;
        const before = prev.seats[s.seat]?.cards ?? 0;
        if (s.cards > before && m.phase === "playing") this.flyBacksTo(s.seat, Math.min(6, s.cards - before));
      }
      if (m.pending > prev.pending && m.pending > 0) this.kStack(m.pending - prev.pending);
    }

    this.refreshTargets();
    this.hud.update(m, this.hudContext());
    this.keys.observe(m);
    // before a player's first game: how to play (spectators and returning players skip it)
    if (me !== null && !this.howtoChecked) {
      this.howtoChecked = true;
      if (!howtoSeen()) this.howto.show(m.wildPivot);
    }
    this.updateSubtitle();
    if (m.gameNo !== this.gameSeen && m.phase === "playing") {
      this.gameSeen = m.gameNo;
      this.hud.showEndAgain();
      this.board.recentre();
    }
    this.prev = m;
    this.requestRender();
  }

  private renderHand(): number[] {
    const m = this.model;
    const mine = m.mine;
    const legalCards = new Set((mine?.legal ?? []).map((l) => l.card));
    const myTurn = mine !== null && m.phase === "playing" && m.turn === this.mySeat();
    const cards = (mine?.hand ?? []).map((card) => ({
      card,
      url: this.textures.url(card, m.pack),
      label: `${cardLabel(card, m.pack)}${legalCards.has(card) ? ", playable" : ""}`,
      playable: legalCards.has(card),
    }));
    this.hand.el.hidden = this.mySeat() === null;
    const fresh = this.hand.render(cards, this.dragging ?? this.selected, myTurn);
    if (this.sent && mine?.hand.includes(this.sent.card)) this.hand.element(this.sent.card)?.classList.add("cs-sent");
    return fresh;
  }

  private hudContext() {
    return {
      me: this.mySeat(),
      connected: this.ctx.session.status.kind === "connected",
      now: () => this.ctx.session.clock.now(),
      inviteCode: this.ctx.session.isPrivate && !this.ctx.session.spectator ? this.ctx.session.roomId : null,
    };
  }

  private tick(): void {
    if (this.destroyed) return;
    this.hud.tick(this.model, this.hudContext());
  }

  private updateSubtitle(): void {
    const m = this.model;
    const mode = m.mode === "solo" ? `Solo vs ${Math.max(0, m.maxSeats - 1)} bot${m.maxSeats - 1 === 1 ? "" : "s"}` : m.mode === "online" ? "Online" : m.mode;
    const bits = [mode, `${m.maxSeats} seats`, packName(m.pack)];
    if (m.timer > 0) bits.push(`${m.timer}s turns`);
    if (m.wildPivot) bits.push("wild pivot");
    if (m.spectators > 0) bits.push(`${m.spectators} watching`);
    this.ctx.setSubtitle(bits.join(" · "));
  }

  // ---- targets, picking, playing -----------------------------------------------------------

  private targetsFor(card: number | null): Target[] {
    if (card === null || !this.model.mine) return [];
    return this.model.mine.legal.filter((l) => l.card === card).map((l) => ({ card: l.card, onto: l.onto, mode: l.mode }));
  }

  /** The card whose targets glow: the one being dragged, else the picked one, else the hovered one. */
  private activeCard(): number | null {
    return this.dragging ?? this.selected ?? this.hovered;
  }

  private refreshTargets(): void {
    if (!this.board) return;
    const card = this.activeCard();
    const targets = this.targetsFor(card);
    const hot = this.hot && targets.some((t) => sameTarget(t, this.hot)) ? this.hot : null;
    this.hot = hot;
    this.board.setTargets(targets, hot);
  }

  private pick(card: number): void {
    if (this.selected === card) {
      this.selected = null;
    } else {
      if (this.targetsFor(card).length === 0) {
        const m = this.model;
        const reason =
          m.phase !== "playing" ? "The game is not running." : m.turn !== this.mySeat() ? "Wait for your turn." : m.pending > 0 ? "Only a K can be played on a K stack." : m.dumpRank ? `Only ${m.dumpRank}s while dumping.` : `${cardCode(card)} fits nowhere on the stack.`;
        this.hud.say(reason);
        this.selected = null;
      } else this.selected = card;
    }
    this.hot = null;
    this.renderHand();
    this.refreshTargets();
  }

  private tapTable(x: number, y: number): void {
    if (this.selected === null) return;
    const target = this.board.pick(x, y, this.targetsFor(this.selected), TAP_RADIUS);
    if (target) void this.play(target);
  }

  private hoverTable(x: number, y: number): void {
    if (this.selected === null || this.dragging !== null) return;
    const hot = Number.isFinite(x) ? this.board.pick(x, y, this.targetsFor(this.selected), TAP_RADIUS) : null;
    if (!sameTarget(hot, this.hot)) {
      this.hot = hot;
      this.refreshTargets();
    }
  }

  private overTable(x: number, y: number): boolean {
    const r = this.tableHost.getBoundingClientRect();
    return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
  }

  /** Sends a play (asking a wild's suit first). */
  private async play(t: Target): Promise<void> {
    const m = this.model;
    let suit: Suit | undefined;
    const el = this.hand.element(t.card);
    const from = el?.getBoundingClientRect() ?? null;
    if (isWild(t.card)) {
      this.board.showGhost(t, null);
      const chosen = await this.hud.chooseSuit(m.pack, favouriteSuit(m.mine?.hand ?? [], t.card));
      this.board.hideGhost();
      if (!chosen) {
        this.hand.restore(t.card);
        return;
      }
      suit = chosen;
    }
    const payload: PlayPayload = { card: t.card, onto: t.onto, mode: t.mode };
    if (suit) payload.suit = suit;
    if (!this.send("play", payload)) {
      this.hand.restore(t.card);
      return;
    }
    this.sent = { card: t.card, from, at: performance.now() };
    this.guide.played();
    el?.classList.add("cs-sent");
    this.selected = null;
    this.hovered = null;
    this.hot = null;
    this.refreshTargets();
  }

  /** Sends a move message; its payload type is the one the server parses (common/cubestacc/game.ts). */
  private send<K extends keyof Sent>(type: K, payload: Sent[K]): boolean {
    if (this.mySeat() === null) return false;
    const ok = this.ctx.session.send(type, payload);
    if (!ok) toast("Not connected — move not sent.", "error");
    return ok;
  }

  private rotate(delta: 1 | -1): void {
    this.setYaw(normYaw(this.yaw + delta));
  }

  private setYaw(yaw: Yaw, animate = true): void {
    this.yaw = yaw;
    try {
      localStorage.setItem(YAW_KEY, String(yaw));
    } catch {
      /* storage disabled */
    }
    this.board.setYaw(yaw, animate);
    this.hud.setYaw(yaw);
    this.refreshTargets();
  }

  // ---- animations ------------------------------------------------------------------------------

  /** Where a new cube flies in from (page px): our hand card, or the player's seat. */
  private originOf(cube: CubeModel): { x: number; y: number } | null {
    const me = this.mySeat();
    if (cube.by !== null && cube.by === me && this.sent && this.sent.card === cube.card && this.sent.from) {
      const r = this.sent.from;
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }
    if (cube.by === null) return null;
    const chip = this.hud.seatsBox.querySelector(`[data-seat="${cube.by}"]`) as HTMLElement | null;
    if (!chip) return null;
    const r = chip.getBoundingClientRect();
    if (r.width === 0) return null;
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }

  /** New hand cards fly from the deck into their place, one at a time. */
  private animateDraws(cards: number[], deal: boolean): void {
    if (this.anim.instant || this.frozen) return;
    const deck = this.hud.deckEl.getBoundingClientRect();
    const from = { left: deck.left, top: deck.top - 10, width: 40, height: 47 };
    cards.forEach((card, i) => {
      const el = this.hand.element(card);
      if (!el) return;
      el.classList.add("cs-arriving");
      this.arriving.add(card);
      const to = el.getBoundingClientRect();
      void flyPicture(this.textures.backUrl(), from, to, { delay: i * (deal ? 90 : DRAW_STAGGER_MS), duration: 300 }).then(() => {
        el.classList.remove("cs-arriving");
        this.arriving.delete(card);
      });
    });
  }

  private flyBacksTo(seat: number, n: number): void {
    if (this.anim.instant || this.frozen) return;
    const chip = this.hud.seatsBox.querySelector(`[data-seat="${seat}"]`) as HTMLElement | null;
    if (!chip) return;
    const to = chip.getBoundingClientRect();
    if (to.width === 0) return;
    const deck = this.hud.deckEl.getBoundingClientRect();
    const from = { left: deck.left, top: deck.top - 10, width: 40, height: 47 };
    const dest = { left: to.left + to.width / 2 - 14, top: to.top + to.height / 2 - 16, width: 28, height: 33 };
    for (let i = 0; i < n; i++) void flyPicture(this.textures.backUrl(), from, dest, { delay: i * DRAW_STAGGER_MS, duration: 280 });
  }

  /** A K on the stack: the pending badge pops and "+2" rises from the K. */
  private kStack(added: number): void {
    const last = this.model.cubes[this.model.cubes.length - 1];
    const p = last ? this.board.cubeCentre(last.id) : null;
    const r = this.tableHost.getBoundingClientRect();
    if (p) floatText(this.tableHost, p.x - r.left, p.y - r.top - 30, `+${added}`, "cs-float-k");
    const badge = this.hud.status.querySelector(".cs-pending") as HTMLElement | null;
    badge?.animate?.([{ transform: "scale(1)" }, { transform: "scale(1.35)" }, { transform: "scale(1)" }], { duration: 420, easing: "ease-out" });
  }

  // ---- server messages ------------------------------------------------------------------------

  private onEvent(e: Record<string, unknown>): void {
    const m = this.model;
    const me = this.mySeat();
    const who = (seat: unknown) => (typeof seat === "number" ? (seat === me ? "You" : seatName(m, seat)) : "Someone");
    const n = (v: unknown) => (typeof v === "number" ? v : 0);
    let text = "";
    let floatAt: number | null = null;
    let floatMsg = "";
    switch (e.kind) {
      case "start":
        text = "New game: cards dealt.";
        break;
      case "play": {
        // The event names the cube; the patch before it brought the cube itself.
        const cube = (this.ctx.session.room?.state as CubestaccWire | undefined)?.cubes?.[n(e.cube)];
        if (e.seat !== me && cube && typeof cube.card === "number") {
          const suit = typeof cube.suit === "string" ? (cube.suit as Suit) : null;
          text = `${who(e.seat)} played ${cardLabel(cube.card, m.pack, isWild(cube.card) ? suit : null)}${cube.mode === "wild" ? "" : ` (${String(cube.mode)})`}.`;
        }
        break;
      }
      case "jack":
        text = `${who(e.seat)} draw${e.seat === me ? "" : "s"} ${n(e.got)}${n(e.got) < n(e.wanted) ? ` of ${n(e.wanted)}` : ""} (Jack).`;
        break;
      case "take":
        text = `${who(e.seat)} took the K stack: ${n(e.got)}${n(e.got) < n(e.wanted) ? ` of ${n(e.wanted)}` : ""} cards.`;
        break;
      case "caught":
        text = `${who(e.seat)} caught ${e.target === me ? "you" : seatName(m, n(e.target))}: +${n(e.got)}${n(e.got) < n(e.wanted) ? ` of ${n(e.wanted)}` : ""}.`;
        floatAt = n(e.target);
        floatMsg = "Caught!";
        break;
      case "uhoh":
        text = `${who(e.seat)} called UH OH!`;
        floatAt = n(e.seat);
        floatMsg = "UH OH!";
        break;
      case "reverse":
        text = `${who(e.seat)} reversed the direction.`;
        break;
      case "skip":
        text = `${e.seat === me ? "You are" : `${seatName(m, n(e.seat))} is`} skipped.`;
        floatAt = n(e.seat);
        floatMsg = "Skip!";
        break;
      case "extra":
        text = `${who(e.seat)} play${e.seat === me ? "" : "s"} again (Ace).`;
        break;
      case "dump":
        if (e.seat === me) text = `Dump: play more ${String(e.rank)}s, or Done.`;
        break;
      case "pass":
        text = `${who(e.seat)} passed (the deck is empty).`;
        break;
      case "timeout":
        text = `${who(e.seat)} ran out of time.`;
        break;
      case "win":
        text = e.blocked ? "Nobody can move: fewest cards wins." : `${who(e.seat)} ${e.seat === me ? "win" : "wins"}!`;
        this.ctx.announce(text);
        break;
      default:
        break;
    }
    if (text) {
      this.lastEventText = text;
      this.hud.say(text);
    }
    if (floatAt !== null && floatMsg && !this.frozen) {
      const chip = this.hud.seatsBox.querySelector(`[data-seat="${floatAt}"]`) as HTMLElement | null;
      const r = chip?.getBoundingClientRect();
      if (r && r.width > 0) floatText(document.body, r.left + r.width / 2, r.top + r.height / 2, floatMsg, "cs-float-seat");
    }
  }

  private onError(e: { code?: string; message?: string; type?: string }): void {
    if (e?.type === "play" && this.sent) {
      this.hand.restore(this.sent.card);
      this.sent = null;
    }
    toast(e?.message || e?.code || "Refused", "error");
  }

  private onStatus(s: ConnStatus): void {
    this.root?.classList.toggle("cs-offline", s.kind !== "connected");
    if (this.hud) this.hud.update(this.model, this.hudContext());
  }

  // ---- rendering ------------------------------------------------------------------------------

  private requestRender(): void {
    if (this.renderQueued || this.frozen || this.destroyed) return;
    this.renderQueued = true;
    requestAnimationFrame(() => {
      this.renderQueued = false;
      if (!this.frozen && !this.destroyed) this.renderFrame();
    });
  }

  private renderFrame(): void {
    if (!this.destroyed && this.app.renderer) this.app.render();
  }

  // ---- GameHandle -------------------------------------------------------------------------------

  /** Page-px centre of a hand card (scrolls the strip to show it). */
  cardCenter(card: number): { x: number; y: number } | null {
    return this.hand.centreOf(card);
  }

  /** Page-px point on the face a target attaches to (what a finger or a drop aims at). */
  targetCenter(onto: number, mode: string): { x: number; y: number } | null {
    const t = { card: -1, onto, mode: mode as AttachMode };
    let g = this.board.geometryOf(t);
    if (!g) return null;
    // a point under the HUD or off the table cannot be tapped: bring it into view first
    const moved = this.board.reveal(g.handle.x, g.handle.y);
    if (moved.x || moved.y) {
      this.renderFrame();
      g = this.board.geometryOf(t)!;
    }
    return { x: Math.round(g.handle.x * 10) / 10, y: Math.round(g.handle.y * 10) / 10 };
  }

  /** Lifts the guide's card now, when the guided first move is due and nothing is picked. */
  private guideNow(): void {
    const m = this.model;
    const me = this.mySeat();
    if (this.selected !== null) return;
    this.selected = this.guide.pick(m.mode, me !== null && m.turn === me && m.phase === "playing", guideCards(m.mine?.legal ?? []), this.howto.shown);
    if (this.selected === null) return;
    this.renderHand();
    this.refreshTargets();
  }

  /** window.__hub's Cubestacc hooks (GameHandle.hooks). */
  readonly hooks = {
    cardCenter: (card: number) => this.cardCenter(card),
    targetCenter: (onto: number, mode: string) => this.targetCenter(onto, mode),
    setYaw: (n: number) => this.setYawFromHub(n),
  };

  setYawFromHub(n: number): void {
    this.setYaw(normYaw(n), false);
    this.anim.finishAll();
    this.renderFrame();
  }

  snapshot(): Record<string, unknown> {
    const m = this.model;
    const me = this.mySeat();
    const b = this.hud.buttons;
    return {
      mode: m.mode,
      phase: m.phase,
      pack: m.pack,
      wildPivot: m.wildPivot,
      timer: m.timer,
      botLevel: m.botLevel,
      gameNo: m.gameNo,
      owner: m.owner,
      maxSeats: m.maxSeats,
      spectators: m.spectators,
      turn: m.turn,
      turnNo: m.turnNo,
      myTurn: me !== null && m.phase === "playing" && m.turn === me,
      direction: m.direction,
      pending: m.pending,
      owed: m.owed,
      dumpRank: m.dumpRank,
      pivot: m.pivot,
      deadline: m.deadline,
      deckCount: m.deckCount,
      winner: m.winner,
      blocked: m.blocked,
      ranking: m.ranking.map((r) => ({ ...r, name: seatName(m, r.seat) })),
      seats: m.seats.map((s) => ({ ...s })),
      cubes: m.cubes.map((c) => ({ id: c.id, card: c.card, code: cardCode(c.card), parent: c.parent, mode: c.mode, cell: { ...c.cell }, suit: c.suit, wild: c.wild, open: { ...c.open }, by: c.by })),
      hand: m.mine ? [...m.mine.hand] : null,
      handCodes: m.mine ? m.mine.hand.map(cardCode) : null,
      legal: m.mine ? m.mine.legal.map((l) => ({ ...l })) : [],
      drawAction: m.mine?.drawAction ?? "",
      canDone: m.mine?.canDone ?? false,
      canUhOh: m.mine?.canUhOh ?? false,
      buttons: Object.fromEntries(Object.entries(b).map(([k, el]) => [k, !el.disabled])),
      turnText: this.root.querySelector("#cs-turn")?.textContent ?? "",
      timerText: this.root.querySelector("#cs-timer")?.textContent ?? "",
      log: this.lastEventText,
      yaw: this.yaw,
      zoom: Math.round(this.board.cam.z * 1000) / 1000,
      follow: this.board.follow,
      cubeSize: { ...this.board.size },
      positions: this.board.positions(),
      selected: this.selected,
      glowing: this.board.activeTargets.map((t) => ({ ...t })),
      picking: this.hud.picking,
      endShown: !this.hud.endScreen.hidden,
      afterShown: !this.hud.afterBar.hidden,
      howtoShown: this.howto.shown,
      guideShown: this.guide.shown,
      reasons: Object.fromEntries(Object.entries(b).map(([k, el]) => [k, el.disabled ? (el.lastElementChild?.textContent ?? "") : ""])),
      stackInView: this.stackInView(),
      waitingShown: !this.hud.waiting.hidden,
      animating: this.anim.busy || this.arriving.size > 0,
    };
  }

  /** How many placed cubes have their centre inside the table's box (and how many there are). */
  private stackInView(): { inside: number; total: number } {
    const r = this.tableHost.getBoundingClientRect();
    let inside = 0;
    for (const c of this.model.cubes) {
      const p = this.board.cubeCentre(c.id);
      if (p && p.x >= r.left && p.x <= r.right && p.y >= r.top && p.y <= r.bottom) inside++;
    }
    return { inside, total: this.model.cubes.length };
  }

  renderNow(): void {
    this.frozen = true;
    this.anim.finishAll();
    for (const card of this.arriving) this.hand.element(card)?.classList.remove("cs-arriving");
    this.arriving.clear();
    for (const el of document.querySelectorAll(".cs-flyer, .cs-float")) el.remove();
    this.app.ticker?.stop();
    this.tick();
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
    for (const off of this.unbindRoom) off();
    for (const off of this.cleanups) off();
    this.anim?.destroy();
    this.hud?.destroy();
    this.hand?.destroy();
    this.board?.destroy();
    this.textures?.destroy();
    for (const el of document.querySelectorAll(".cs-flyer, .cs-float, .cs-drag")) el.remove();
    document.body.classList.remove("cs-is-dragging", "cs-snapped");
    try {
      this.app.destroy({ removeView: true }, { children: true });
    } catch {
      /* init may not have finished */
    }
    this.root?.remove();
  }
}

function packName(pack: string): string {
  return pack.charAt(0).toUpperCase() + pack.slice(1);
}

/** Suggests the wild's suit: the most common suit left in hand (a hint; the player chooses). */
function favouriteSuit(hand: readonly number[], wild: number): Suit | null {
  const counts = new Map<Suit, number>();
  for (const c of hand) {
    if (c === wild) continue;
    const suit = cardSuit(c);
    if (suit) counts.set(suit, (counts.get(suit) ?? 0) + 1);
  }
  let best: Suit | null = null;
  let bestN = 0;
  for (const [s, n] of counts) if (n > bestN) [best, bestN] = [s, n];
  return best;
}
