// Cubestacc scene: the Pixi table (board.ts) + DOM HUD (hud.ts) + hand strip
// (hand.ts), driven only by the room state. The client draws and sends
// intents; it never decides a rule: legal targets are the seat's private
// `legal` list from the server, and every move is the server's to accept.
//
// Rendering is on demand: a change schedules one frame; animations run frames
// only while they last. Everything re-binds on each new Room (RoomSession
// survives reconnects): the scene keeps showing what it has until the new
// state arrives.
import { RatedBox } from "../shell/rated";
import type { Room } from "colyseus.js";
import type { CubestaccPayloads } from "../../../common/cubestacc/game";
import type { GameContext, GameHandle } from "../types";
import type { ConnStatus } from "../../net/session";
import { typedSend, type Send } from "../../net/send";
import { cueOtherMove } from "../../ui/cues";
import { h } from "../../ui/dom";
import { toast } from "../../ui/toast";
import { floatText } from "./animations";
import { cardLabel } from "./art";
import { Aim } from "./aim";
import { normYaw, type Yaw } from "./geometry";
import { HandStrip } from "./hand";
import { Hud } from "./hud";
import { attachTableInput } from "./input";
import { emptyModel, readModel, seatName, tableSnapshot, type CubestaccWire, type TableModel } from "./model";
import { HowTo, howtoSeen } from "./howto";
import { PenaltyNotice } from "./penalty";
import { FirstMoveGuide, guideCards } from "./guide";
import { eventLine, playLine } from "./events";
import { Flights } from "./flights";
import { CubestaccKeyboard } from "./keyboard";
import "./cubestacc.css";
import { TableView } from "./tableView";


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
  private howto = new HowTo();
  private penalty = new PenaltyNotice();
  private howtoChecked = false;
  private guide = new FirstMoveGuide(!howtoSeen());
  /** A rated game's changes on the end screen (client/games/shell/rated.ts). */
  private rated: RatedBox | null = null;
  /** The event line's last words, newest last (the test hook reads them; a bot's play between two of our turns is not lost). */
  private eventLines: string[] = [];

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
      guide: this.guide,
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
    this.cleanups.push(session.onMessage<Record<string, unknown>>("event", (e) => this.onEvent(e)));
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
      help: () => this.howto.show(this.model.wildPivot, this.model.timer),
    });
    this.rated = new RatedBox(this.ctx.session, (t) => this.ctx.announce(t));
    this.hud.endBody.prepend(this.rated.el);
    this.hand = new HandStrip(this.aim.handEvents());
    this.tableHost = h(
      "div",
      { class: "cs-table", id: "cs-table" },
      this.hud.viewControls,
      this.hud.log,
      this.hud.waiting,
      this.hud.endScreen,
      this.hud.suitPicker,
      this.hud.afterBar,
      this.penalty.el,
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
      help: () => this.howto.show(this.model.wildPivot, this.model.timer),
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
    this.aim.selected ??= this.guide.pick(m.mode, me !== null && m.turn === me && m.phase === "playing", guideCards(m.mine?.legal ?? []), this.howto.shown || !this.howtoChecked);
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
        this.noteLine(line);
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
    if (m.phase === "finished") this.rated?.show(m.gameNo, me, (seat) => seatName(m, seat));
    else this.rated?.hide();
    this.keys.observe(m);
    this.teach(m, me, prev);
    this.updateSubtitle();
    if (m.gameNo !== this.gameSeen && m.phase === "playing") {
      this.gameSeen = m.gameNo;
      this.hud.showEndAgain();
      this.board.camera.recentre();
    }
    this.prev = m;
    this.requestRender();
  }

  /**
   * Before a player's first game: how to play (spectators and returning players skip it), but
   * never at the cost of a turn: while the clock runs on our own turn it waits, and when our
   * turn comes at a timed table the card steps aside (offered again next time).
   */
  private teach(m: TableModel, me: number | null, prev: TableModel | null): void {
    if (me === null) return;
    const timedTurn = (x: TableModel | null) => !!x && x.phase === "playing" && x.timer > 0 && x.turn === me;
    if (!this.howtoChecked) {
      if (howtoSeen()) this.howtoChecked = true;
      else if (!timedTurn(m)) {
        this.howtoChecked = true;
        this.howto.show(m.wildPivot, m.timer);
      }
    }
    if (this.howto.shown && timedTurn(m) && !timedTurn(prev)) {
      this.howto.hide(false);
      toast("Your turn! How to play is behind ?", "info");
    }
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

  private noteLine(line: string): void {
    this.eventLines.push(line);
    if (this.eventLines.length > 24) this.eventLines.shift();
  }

  private onEvent(e: Record<string, unknown>): void {
    const { text, floatAt, floatMsg, announce } = eventLine(e, this.model, this.mySeat());
    this.explainPenalty(e);
    if (announce) this.ctx.announce(text);
    if (text) {
      this.noteLine(text);
      this.hud.say(text);
    }
    if (floatAt !== null && floatMsg && !this.view.frozen) {
      const chip = this.hud.seatsBox.querySelector(`[data-seat="${floatAt}"]`) as HTMLElement | null;
      const r = chip?.getBoundingClientRect();
      if (r && r.width > 0) floatText(document.body, r.left + r.width / 2, r.top + r.height / 2, floatMsg, "cs-float-seat");
    }
  }

  /** A K stack you take, or a Caught on you: explained to you once (penalty.ts). */
  private explainPenalty(e: Record<string, unknown>): void {
    const me = this.mySeat();
    const num = (v: unknown) => (typeof v === "number" ? v : 0);
    const name = (seat: unknown) => (seat === me ? "you" : seatName(this.model, num(seat)));
    if (e.kind === "start") this.penalty.reset();
    else if (e.kind === "kstack") this.penalty.stacked(name(e.seat));
    else if (e.kind === "take") this.penalty.taken(me !== null && e.seat === me, num(e.wanted), num(e.got));
    else if (e.kind === "caught" && me !== null && e.target === me) this.penalty.caught(num(e.wanted), num(e.got), seatName(this.model, num(e.seat)));
  }

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

  /** Lifts the guide's card now, when the guided first move is due and nothing is picked. */
  private guideNow(): void {
    const m = this.model;
    const me = this.mySeat();
    if (this.aim.selected !== null) return;
    this.aim.selected = this.guide.pick(m.mode, me !== null && m.turn === me && m.phase === "playing", guideCards(m.mine?.legal ?? []), this.howto.shown);
    if (this.aim.selected === null) return;
    this.renderHand();
    this.aim.refreshTargets();
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
      ...tableSnapshot(m, me),
      buttons: Object.fromEntries(Object.entries(b).map(([k, el]) => [k, !el.disabled])),
      turnText: this.root.querySelector("#cs-turn")?.textContent ?? "",
      timerText: this.root.querySelector("#cs-timer")?.textContent ?? "",
      log: this.eventLines[this.eventLines.length - 1] ?? "",
      lines: [...this.eventLines],
      yaw: this.view.yaw,
      zoom: Math.round(this.board.camera.cam.z * 1000) / 1000,
      follow: this.board.camera.follow,
      cubeSize: { ...this.board.size },
      positions: this.board.positions(),
      selected: this.aim.selected,
      glowing: this.board.activeTargets.map((t) => ({ ...t })),
      picking: this.hud.picking,
      endShown: !this.hud.endScreen.hidden,
      afterShown: !this.hud.afterBar.hidden,
      howtoShown: this.howto.shown,
      penalty: this.penalty.shown ? this.root.querySelector("#cs-penalty-title")?.textContent ?? "" : "",
      guideShown: this.guide.shown,
      reasons: Object.fromEntries(Object.entries(b).map(([k, el]) => [k, el.disabled ? (el.lastElementChild?.textContent ?? "") : ""])),
      stackInView: this.view.stackInView(this.model.cubes),
      waitingShown: !this.hud.waiting.hidden,
      animating: this.anim.busy || this.flights.arriving.size > 0,
    };
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
    this.hand?.destroy();
    for (const el of document.querySelectorAll(".cs-flyer, .cs-float, .cs-drag")) el.remove();
    document.body.classList.remove("cs-is-dragging", "cs-snapped");
    this.view?.destroy();
    this.root?.remove();
  }
}

function packName(pack: string): string {
  return pack.charAt(0).toUpperCase() + pack.slice(1);
}


