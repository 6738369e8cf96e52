// Spectator delay, the mirror's side (spectatorDelay.ts has the live room's): a room only
// delayed spectators join. It pulls the live room's frames and moves (remoteRoomCall, any
// process), and plays each frame `delay` seconds after the live room committed it: the moves
// through the pure rules (its own GameSession from the same seed), projected into the same
// schema the game's client draws, from the spectator's view only. Nobody can play, chat or
// create one from outside: the live room opens it with a one-time ticket.

import { matchMaker, Room, type Client } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import type { GameDef, TypedMove } from "../../../common/core/game.js";
import { GameSession } from "../../../common/core/session.js";
import type { HubSettings } from "../../settings.js";
import { refuseOption } from "../base/errors.js";
import type { HubEvent } from "../base/messages.js";
import { SeatState } from "../base/HubState.js";
import { parseJoinOptions } from "../base/seats.js";
import type { Viewer } from "./audience.js";
import { defaultWire, startEvent, type GameServerParts, type WireInfo } from "./parts.js";
import type { GameRoomState } from "./GameRoomState.js";
import { DelayRecorder, mirrorIdOf, type Feed, type FeedCursor, type Frame, type GameStart, type LoggedEntry, type WatchSetup } from "./spectatorDelay.js";
import { cachedPreparation } from "./preparing.js";

/** How often the mirror asks the live room for news and plays what is due (ms). */
const TICK_MS = 200;

type Game = GameSession<unknown, TypedMove, unknown, unknown, unknown>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyParts = GameServerParts<any, TypedMove, any, any, any, any>;

/** The mirror of a room name's games (several definitions may share it: the live room says which it plays). */
export function watchRoomClass<St extends GameRoomState>(...games: AnyParts[]) {
  return class WatchRoom extends Room<St> {
    liveId = "";
    delayMs = 0;
    delaySeconds = 0;
    private game: Game | null = null;
    private gameNo = 0;
    private cursor: FeedCursor | null = null;
    /** Frames received and not yet due, with the moves each one adds. */
    private queue: { frame: Frame; entries: LoggedEntry[]; start?: GameStart }[] = [];
    private pulling = false;
    private liveGone = false;
    private closing = false;
    private lastRefusal = new Map<string, number>();
    private gate: HubSettings["gate"];
    private liveSpectators = 0;
    /** A frame has been played: until then spectators are told when the first one shows. */
    private shown = false;
    /** Inside tick (see there). */
    private ticking = false;
    /** The live room's parts and definition (from its setup). */
    private parts: AnyParts = games[0];
    private get def(): GameDef<unknown, TypedMove, unknown, unknown, unknown> {
      return this.parts.def;
    }

    async onCreate(options: Record<string, unknown>): Promise<void> {
      const live = options.live;
      if (typeof live !== "string" || typeof options.ticket !== "string") throw refuseOption("A delayed view opens by itself when you spectate a room that has a spectator delay.");
      const setup = (await matchMaker.remoteRoomCall(live, "delayedWatchSetup", [options.ticket]).catch(() => null)) as WatchSetup | null;
      if (!setup) throw refuseOption("A delayed view opens by itself when you spectate a room that has a spectator delay.");
      // define-time options (server/games.ts) carry the settings: the admission gate counts our joins
      const hub = options.hub as HubSettings | undefined;
      if (hub && typeof hub.store?.recordGame === "function") this.gate = hub.gate;
      this.liveId = live;
      this.delaySeconds = setup.delaySeconds;
      this.delayMs = setup.delaySeconds * 1000 * DelayRecorder.timeScale;
      this.roomId = mirrorIdOf(live);
      this.parts = games.find((p) => p.def.id === setup.def) ?? games[0];
      const state = this.parts.createState(setup.configured as never) as St;
      state.game = setup.game;
      state.mode = setup.configured.mode;
      state.maxSeats = setup.configured.seats;
      state.private = true;
      state.phase = "waiting";
      for (let i = 0; i < setup.configured.seats; i++) state.seats.push(new SeatState());
      this.state = state;
      this.maxClients = Math.max(1, setup.spectatorSlots);
      await this.setPrivate(true);
      this.onMessage("*", (client, type) => this.refuse(client, String(type)));
      this.clock.setInterval(() => this.tick(), TICK_MS);
      await this.pull();
      this.tick();
    }

    onAuth(_client: Client, options: unknown): boolean {
      const request = parseJoinOptions(options);
      if (!request.spectate) throw refuseOption(`This is the delayed view of room ${this.liveId}, for spectators only: join ${this.liveId} itself to play.`);
      return true;
    }

    onJoin(client: Client): void {
      this.gate?.consumed(client.sessionId);
      if (this.parts.attach) {
        client.view = new StateView();
        this.parts.attach(this.state, { view: client.view, seat: null });
      }
      this.state.spectators = this.spectatorCount();
      // before the first frame: when it shows (server time), so the page counts down to it rather than show an empty room
      const showsAt = this.shown ? 0 : this.queue[0] ? this.queue[0].frame.at + this.delayMs : Date.now() + this.delayMs;
      client.send("welcome", { serverTime: Date.now(), roomId: this.liveId, private: true, spectator: true, delaySeconds: this.delaySeconds, showsAt });
    }

    onLeave(): void {
      this.state.spectators = this.spectatorCount();
    }

    /** The mirror's replay (null before the first game shows). Never sent; tests read it. */
    get session(): Game | null {
      return this.game;
    }

    private spectatorCount(): number {
      return this.liveSpectators + this.clients.length;
    }

    /** A delayed spectator sends nothing that counts: one answer a second per type at most. */
    private refuse(client: Client, type: string): void {
      const key = `${client.sessionId}:${type}`;
      const now = Date.now();
      if ((this.lastRefusal.get(key) ?? 0) > now - 1000) return;
      if (this.lastRefusal.size > 1000) this.lastRefusal.clear();
      this.lastRefusal.set(key, now);
      client.send("error", { code: "not-seated", message: `You are watching with a ${this.delaySeconds} s delay: spectators cannot play or chat. Join the room to play.`, type: type.slice(0, 40) });
    }

    private async pull(): Promise<void> {
      if (this.pulling || this.liveGone) return;
      this.pulling = true;
      try {
        const feed = (await matchMaker.remoteRoomCall(this.liveId, "delayedWatchFeed", [this.cursor])) as Feed | null;
        if (!feed) throw new Error("no feed");
        for (const frame of feed.frames) {
          const g = feed.games[frame.gameNo];
          const have = this.cursor && this.cursor.gameNo === frame.gameNo ? this.cursor.moves : 0;
          const entries = g ? g.entries.slice(Math.max(0, have - g.from), Math.max(0, frame.moves - g.from)) : [];
          this.queue.push({ frame, entries, start: have === 0 && frame.gameNo > 0 ? g?.start : undefined });
          this.cursor = { seq: frame.seq, gameNo: frame.gameNo, moves: frame.moves };
        }
        // Nothing shown yet and a game already under way: its start is the first frame, not the
        // empty room from before it (a spectator arriving as the game starts would otherwise
        // count down to "not started yet" and open seats, then see the game seconds later).
        while (!this.shown && this.queue.length > 1 && this.queue[0].frame.gameNo === 0 && this.queue.some((q) => q.frame.gameNo > 0)) this.queue.shift();
      } catch {
        // the live room has ended: what was received still plays out, then the view closes
        this.liveGone = !(await matchMaker.getRoomById(this.liveId).catch(() => null));
      } finally {
        this.pulling = false;
      }
    }

    private tick(): void {
      // Colyseus ticks the room's clock inside broadcastPatch (no simulation interval), which runs
      // this interval again: a nested tick would send a later frame's events before this one's.
      if (this.ticking) return;
      this.ticking = true;
      try {
        this.playDue();
      } finally {
        this.ticking = false;
      }
    }

    private playDue(): void {
      void this.pull();
      const due = Date.now() - this.delayMs;
      const events: HubEvent[] = [];
      let changed = false;
      while (this.queue.length && this.queue[0].frame.at <= due) {
        events.push(...this.play(this.queue.shift()!));
        changed = true;
        this.shown = true;
      }
      if (changed) this.broadcastPatch();
      // events after the state they belong to, as the live room sends them
      for (const e of events) this.broadcast("event", e);
      if (this.liveGone && this.queue.length === 0 && !this.closing) {
        this.closing = true;
        void this.disconnect();
      }
    }

    /** One frame of the live room, now due: its moves through the rules, then the room fields. */
    private play(item: WatchRoom["queue"][number]): HubEvent[] {
      const { frame } = item;
      const st = this.state;
      const order = frame.order;
      const room = (g: number | null) => (g === null ? -1 : (order[g] ?? -1));
      const gameSeatOf = st.seats.map((_, r) => order.indexOf(r));
      const info: WireInfo = { gameNo: frame.gameNo, order: order.slice() };
      const events: HubEvent[] = [];
      // as the live room projects: once at a game's start, then after every move with its events
      const { parts, def } = this;
      const project = (game: Game, fresh: boolean, moveEvents: readonly unknown[] | null, mover: number | null) =>
        parts.project(st, { state: game.state, view: (g) => game.view(g), room, gameSeatOf, fresh, viewers: this.viewers(), events: moveEvents, mover, gameNo: frame.gameNo });
      if (frame.gameNo > 0 && (frame.gameNo !== this.gameNo || !this.game) && item.start) {
        this.game = new GameSession(def, item.start.seed, item.start.config, item.start.players);
        this.gameNo = frame.gameNo;
        project(this.game, true, null, null);
        const start = startEvent(parts, { ...info, restart: item.start.restart === true });
        if (start) events.push(start);
      }
      const game = this.gameNo === frame.gameNo ? this.game : null;
      for (const m of item.entries) {
        if (!game) break;
        // A no-guess board the live room made on a thread is taken from this process's cache (preparing.ts).
        const result = game.apply(m.seat, m.move as TypedMove, m.t, undefined, cachedPreparation(def, game, m.seat, m.move as TypedMove));
        if (!result.ok) continue; // cannot happen: the live room accepted it from the same state
        project(game, false, result.events, m.seat);
        for (const e of def.eventsFor(result.events, null)) {
          const w = (parts.toWire ?? defaultWire)(e, room, info);
          if (w) events.push(w);
        }
      }
      // the room's public fields, as the live room had them then
      st.phase = frame.phase;
      st.result = frame.result;
      st.owner = frame.owner;
      st.gameNo = frame.gameNo;
      this.liveSpectators = frame.spectators;
      st.spectators = this.spectatorCount();
      st.deadline = frame.deadline > 0 ? frame.deadline + this.delayMs : 0;
      // a countdown (the race's) runs out as late as everything else in this view
      parts.starts?.countdown?.show(st, frame.countdown > 0 ? frame.countdown + this.delayMs : 0);
      st.serverTime = Date.now();
      if (JSON.stringify(Array.from(st.order)) !== JSON.stringify(order)) {
        st.order.clear();
        st.order.push(...order);
      }
      frame.seats.forEach((s, i) => {
        const seat = st.seats[i];
        if (!seat) return;
        for (const k of ["name", "occupied", "connected", "ready", "bot"] as const) if (seat[k] !== s[k]) (seat as unknown as Record<string, unknown>)[k] = s[k];
      });
      if (game) {
        const who = def.whoActs(game.state);
        const acting = who.seats.map(room);
        if (JSON.stringify(Array.from(st.acting)) !== JSON.stringify(acting)) {
          st.acting.clear();
          st.acting.push(...acting);
        }
        if (st.together !== who.together) st.together = who.together;
      }
      return events;
    }

    private viewers(): Viewer[] {
      if (!this.parts.attach) return [];
      return this.clients.filter((c) => c.view).map((c) => ({ view: c.view!, seat: null }));
    }

  };
}
