// Cubestacc scene: the Pixi table (board.ts) + DOM HUD (hud.ts) + hand strip
// (hand.ts), driven only by the room state. The client draws and sends
// intents; it never decides a rule: legal targets are the seat's private
// `legal` list from the server, and every move is the server's to accept.
//
// Rendering is on demand: a change schedules one frame; animations run frames
// only while they last. Everything re-binds on each new Room (RoomSession
// survives reconnects): the scene keeps showing what it has until the new
// state arrives. The page: page.ts; the event line and penalty notice: news.ts; the
// how-to and guided first move: teaching.ts; the subtitle: subtitle.ts; the test
// surface: snapshot.ts.
import { RatedBox } from "../shell/rated";
import type { Room } from "colyseus.js";
import type { CubestaccPayloads } from "../../../common/cubestacc/game";
import type { GameContext, GameHandle } from "../types";
import type { ConnStatus } from "../../net/session";
import { typedSend, type Send } from "../../net/send";
import { cueOtherMove } from "../../ui/cues";
import { toast } from "../../ui/toast";
import { cardLabel } from "./art";
import { Aim } from "./aim";
import { normYaw, type Yaw } from "./geometry";
import { HandStrip } from "./hand";
import { Hud } from "./hud";
import { attachTableInput } from "./input";
import { emptyModel, readModel, seatName, type CubestaccWire, type TableModel } from "./model";
import { PenaltyNotice } from "./penalty";
import { playLine } from "./events";
import { Flights } from "./flights";
import { CubestaccKeyboard } from "./keyboard";
import "./cubestacc.css";
import { TableView } from "./tableView";
import { TableNews } from "./news";
import { tablePage } from "./page";
import { sceneSnapshot } from "./snapshot";
import { subtitleOf } from "./subtitle";
import { Teaching } from "./teaching";
import { playAgainOffered } from "../../tournament/backLink";
import { BerserkButton, type BerserkState } from "../../tournament/berserk";

export async function mount(host: HTMLElement, ctx: GameContext): Promise<GameHandle> {
  const scene = new CubestaccScene(host, ctx);
  await scene.init();
  return scene;
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
  private view!: TableView;
  private get board() {
    return this.view.board;
  }
  private get textures() {
    return this.view.textures;
  }
  private get anim() {
    return this.view.anim;
  }

  // state
  private model: TableModel = emptyModel();
  private prev: TableModel | null = null;
  private aim: Aim;
  private flights!: Flights;
  private syncQueued = false;
  private destroyed = false;
  private unbindRoom: (() => void)[] = [];
  private cleanups: (() => void)[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private gameSeen = -1;
  private penalty = new PenaltyNotice();
  private teaching = new Teaching({
    model: () => this.model,
    me: () => this.mySeat(),
    aim: () => this.aim,
    renderHand: () => this.renderHand(),
  });
  private news = new TableNews({
    model: () => this.model,
    me: () => this.mySeat(),
    hud: () => this.hud,
    penalty: this.penalty,
    announce: (text) => this.ctx.announce(text),
    frozen: () => this.view.frozen,
    tableHost: () => this.tableHost,
  });
  /** A rated game's changes on the end screen (client/games/shell/rated.ts). */
  private rated: RatedBox | null = null;
  /** Berserk, in a tournament arena's game (client/tournament/berserk.ts). */
  private berserk: BerserkButton | null = null;

  constructor(host: HTMLElement, ctx: GameContext) {
    this.host = host;
    this.ctx = ctx;
    this.aim = new Aim({
      model: () => this.model,
      me: () => this.mySeat(),
      ready: () => !!this.view?.board,
      board: () => this.board,
      hud: () => this.hud,
      hand: () => this.hand,
      tableHost: () => this.tableHost,
      guide: this.teaching.guide,
      renderHand: () => this.renderHand(),
      send: (payload) => this.send("play", payload),
      // The penalty's explanation covers the top of the stack on a phone: read, it goes once you play.
      aiming: () => this.penalty.hide(),
    });
  }

  // ---- setup ----------------------------------------------------------------------------

  async init(): Promise<void> {
    this.buildDom();
    this.view = new TableView(this.tableHost, this.hud, () => (this.hand.dragSize = this.board.cubePageSize()));
    const canvas = await this.view.init();
    if (!canvas || this.destroyed) return;
    this.flights = new Flights({
      model: () => this.model,
      me: () => this.mySeat(),
      sent: () => this.aim.sent,
      frozen: () => this.view.frozen,
      anim: this.anim,
      hud: this.hud,
      hand: this.hand,
      board: this.board,
      textures: this.textures,
      tableHost: this.tableHost,
    });
    const ro = new ResizeObserver(() => this.view.app.queueResize?.());
    ro.observe(this.tableHost);
    this.cleanups.push(() => ro.disconnect());

    this.cleanups.push(
      attachTableInput(canvas, {
        tap: (x, y) => this.aim.tapTable(x, y),
        hover: (x, y) => this.aim.hoverTable(x, y),
        leave: () => this.aim.hoverTable(NaN, NaN),
        pan: (dx, dy) => this.board.camera.pan(dx, dy),
        zoom: (f, x, y) => this.board.camera.zoom(f, x, y),
        rotate: (d) => this.rotate(d),
        recentre: () => this.board.camera.recentre(),
      }),
    );

    const { session } = this.ctx;
    this.cleanups.push(session.onRoom((room) => this.bind(room)));
    this.cleanups.push(session.onStatus((s) => this.onStatus(s)));
    this.cleanups.push(
      session.onMessage<{ code?: string; message?: string; type?: string }>("error", (e) => this.onError(e)),
    );
    this.cleanups.push(session.onMessage<Record<string, unknown>>("event", (e) => this.news.onEvent(e)));
    this.cleanups.push(session.onMessage("seat", () => this.scheduleSync()));
    this.cleanups.push(session.onMessage("welcome", () => this.scheduleSync()));

    this.timer = setInterval(() => this.tick(), 250);
    this.view.app.resize();
    this.view.measureInsets();
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
      zoom: (f) => this.board.camera.zoom(f),
      recentre: () => this.board.camera.recentre(),
      start: () => this.send("start", {}),
      ready: (ready) => this.send("ready", { ready }),
      addBot: () => this.send("addBot", {}),
      removeBot: (seat) => this.send("removeBot", { seat }),
      help: () => this.teaching.help(),
    });
    this.rated = new RatedBox(this.ctx.session, (t) => this.ctx.announce(t));
    this.hud.endBody.prepend(this.rated.el);
    this.berserk = new BerserkButton(this.ctx.session);
    this.hud.seatsBox.append(this.berserk.el);
    this.hand = new HandStrip(this.aim.handEvents());
    const page = tablePage(this.hud, this.hand, this.penalty.el, [this.teaching.howto.el, this.teaching.guide.el]);
    this.root = page.root;
    this.tableHost = page.tableHost;
    this.host.append(this.root);
    this.keys = new CubestaccKeyboard(this.root, {
      model: () => this.model,
      me: () => this.mySeat(),
      selected: () => this.aim.selected,
      targets: (card) => this.aim.targetsFor(card),
      hot: () => this.aim.hot,
      pick: (card) => this.aim.pick(card),
      aim: (t) => {
        this.aim.hot = t;
        this.aim.refreshTargets();
      },
      play: (t) => void this.aim.play(t),
      cancel: () => {
        this.aim.selected = null;
        this.aim.hot = null;
        this.renderHand();
        this.aim.refreshTargets();
      },
      buttons: this.hud.buttons,
      help: () => this.teaching.help(),
    });
    this.cleanups.push(() => this.keys.destroy());
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
    if (this.aim.selected !== null && !legalCards.has(this.aim.selected)) this.aim.selected = null;
    this.aim.selected ??= this.teaching.lift(m, me);
    if (this.aim.sent && m.mine?.hand.includes(this.aim.sent.card) && performance.now() - this.aim.sent.at > 4000) {
      this.hand.restore(this.aim.sent.card); // never answered: show the card again
      this.aim.sent = null;
    }

    // the table
    const frame = (m.mine?.legal ?? []).map((l) => ({ card: l.card, onto: l.onto, mode: l.mode }));
    this.board.setCubes(m.cubes, m.pack, m.pivot, frame, sameGame ? (cube) => this.flights.originOf(cube) : undefined);
    if (this.aim.sent && !(m.mine?.hand.includes(this.aim.sent.card) ?? false)) this.aim.sent = null;

    // another seat's play: its line and sound (a play sends no event: the new cube is the news)
    if (prev && sameGame) {
      for (const cube of m.cubes.slice(prev.cubes.length)) {
        const line = playLine(cube, m, me);
        if (!line) continue;
        this.news.note(line);
        this.hud.say(line);
        cueOtherMove();
      }
    }

    // the hand (new cards fly in from the deck, one at a time)
    const fresh = this.renderHand();
    if (prev && m.mine && fresh.length > 0) this.flights.draws(fresh, prev.gameNo !== m.gameNo);
    // other seats' draws: card backs fly to their seat, one at a time
    if (prev && sameGame) {
      for (const s of m.seats) {
        if (s.seat === me) continue;
        const before = prev.seats[s.seat]?.cards ?? 0;
        if (s.cards > before && m.phase === "playing") this.flights.backsTo(s.seat, Math.min(6, s.cards - before));
      }
      if (m.pending > prev.pending && m.pending > 0) this.flights.kStack(m.pending - prev.pending);
    }

    this.aim.refreshTargets();
    this.hud.update(m, this.hudContext());
    const raw = this.ctx.session.room?.state as BerserkState | undefined;
    if (raw) this.berserk?.update(raw, me);
    if (m.phase === "finished") this.rated?.show(m.gameNo, me, (seat) => seatName(m, seat));
    else this.rated?.hide();
    this.keys.observe(m);
    this.teaching.teach(m, me, prev);
    this.ctx.setSubtitle(subtitleOf(m));
    if (m.gameNo !== this.gameSeen && m.phase === "playing") {
      this.gameSeen = m.gameNo;
      this.hud.showEndAgain();
      this.board.camera.recentre();
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
    const fresh = this.hand.render(cards, this.aim.dragging ?? this.aim.selected, myTurn);
    if (this.aim.sent && mine?.hand.includes(this.aim.sent.card)) this.hand.element(this.aim.sent.card)?.classList.add("cs-sent");
    return fresh;
  }

  private hudContext() {
    return {
      me: this.mySeat(),
      connected: this.ctx.session.status.kind === "connected",
      now: () => this.ctx.session.clock.now(),
      inviteCode: this.ctx.session.isPrivate && !this.ctx.session.spectator ? this.ctx.session.roomId : null,
      firstFrameIn: this.ctx.session.firstFrameIn(),
      again: playAgainOffered(this.ctx.session.roomId),
    };
  }

  private tick(): void {
    if (this.destroyed) return;
    this.hud.tick(this.model, this.hudContext());
  }

  /** Sends a move message (a seat only); its payload type is the one the server parses (common/cubestacc/game.ts). */
  private readonly send: Send<CubestaccPayloads> = (type, payload) => {
    if (this.mySeat() === null) return false;
    const ok = typedSend<CubestaccPayloads>(this.ctx.session)(type, payload);
    if (!ok) toast("Not connected — move not sent.", "error");
    return ok;
  };

  private rotate(delta: 1 | -1): void {
    this.setYaw(normYaw(this.view.yaw + delta));
  }

  private setYaw(yaw: Yaw, animate = true): void {
    this.view.setYaw(yaw, animate);
    this.aim.refreshTargets();
  }

  // ---- server messages ------------------------------------------------------------------------

  private onError(e: { code?: string; message?: string; type?: string }): void {
    if (e?.type === "play" && this.aim.sent) {
      this.hand.restore(this.aim.sent.card);
      this.aim.sent = null;
    }
    toast(e?.message || e?.code || "Refused", "error");
  }

  private onStatus(s: ConnStatus): void {
    this.root?.classList.toggle("cs-offline", s.kind !== "connected");
    if (this.hud) this.hud.update(this.model, this.hudContext());
  }

  // ---- rendering ------------------------------------------------------------------------------

  private requestRender(): void {
    this.view?.requestRender();
  }

  private renderFrame(): void {
    this.view?.renderFrame();
  }

  // ---- GameHandle -------------------------------------------------------------------------------

  /** Page-px centre of a hand card (scrolls the strip to show it). */
  cardCenter(card: number): { x: number; y: number } | null {
    return this.hand.centreOf(card);
  }

  /** Page-px point on the face a target attaches to (what a finger or a drop aims at). */
  targetCenter(onto: number, mode: string): { x: number; y: number } | null {
    return this.view.targetCenter(onto, mode);
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
    return sceneSnapshot({
      model: this.model,
      me: this.mySeat(),
      root: this.root,
      hud: this.hud,
      view: this.view,
      aim: this.aim,
      flights: this.flights,
      lines: this.news.lines,
      teaching: this.teaching,
      penalty: this.penalty,
    });
  }

  renderNow(): void {
    this.view.freeze();
    this.flights?.landAll();
    this.tick();
    this.renderFrame();
  }

  resume(): void {
    this.view.thaw();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    if (this.timer) clearInterval(this.timer);
    this.penalty.hide();
    for (const off of this.unbindRoom) off();
    for (const off of this.cleanups) off();
    this.hud?.destroy();
    this.rated?.destroy();
    this.berserk?.destroy();
    this.hand?.destroy();
    for (const el of document.querySelectorAll(".cs-flyer, .cs-float, .cs-drag")) el.remove();
    document.body.classList.remove("cs-is-dragging", "cs-snapped");
    this.view?.destroy();
    this.root?.remove();
  }
}
