// Spectator delay, the live room's side: a private room created with `spectatorDelay` 15 or
// 60 shows its spectators the table that many seconds late, so a streamed or tournament table
// cannot be ghosted. Players are unaffected.
//
// A room's schema is broadcast to every connection, so delayed spectators cannot share the
// live room's patches. They watch a mirror instead (WatchRoom.ts): a spectator-only room that
// replays this room's accepted moves through the pure rules (seed + log, common/core/game.ts)
// late, and projects the same schema from the spectator's view. This room records a frame at
// every commit (the log length and the public seat/room fields) and hands the mirror what it
// has not seen yet (`feed`, through remoteRoomCall: the mirror may live on another process).
// Spectators who ask to watch this room are sent to the mirror (server/net/matchmakeHttp.ts).

import type { Seed } from "../../../common/core/rng.js";
import { randomBytes } from "node:crypto";
import { matchMaker } from "@colyseus/core";
import type { Configured } from "../../../common/core/game.js";
import type { GameSession } from "../../../common/core/session.js";
import { refuseOption } from "../base/errors.js";
import type { GameRoomState } from "./GameRoomState.js";

/** The choices offered when creating a private room (seconds; 0: off). */
export const SPECTATOR_DELAYS = [0, 15, 60] as const;

/** Every tournament game's spectators see it this late (seconds; docs/tournaments.md "Featured game"). */
export const TOURNAMENT_SPECTATOR_DELAY = 15;

/** The mirror of live room `id` (its id and room name keep the live ones, with a suffix). */
export const MIRROR_SUFFIX = "_delayed";
export const mirrorIdOf = (liveId: string) => `${liveId}${MIRROR_SUFFIX}`;
export const mirrorNameOf = (game: string) => `${game}${MIRROR_SUFFIX}`;

/** `spectatorDelay` of the create options: 0, 15 or 60 seconds, private rooms only. */
export function parseSpectatorDelay(options: Record<string, unknown>): number {
  const d = options.spectatorDelay ?? 0;
  if (!(SPECTATOR_DELAYS as readonly unknown[]).includes(d)) throw refuseOption(`spectatorDelay must be ${SPECTATOR_DELAYS.join(", ")} (seconds; 0 is off).`);
  if (d !== 0 && options.private !== true) throw refuseOption("A spectator delay is for private rooms: create the room with private: true.");
  return d as number;
}

export interface SeatFrame {
  name: string;
  occupied: boolean;
  connected: boolean;
  ready: boolean;
  bot: boolean;
}

/** What a spectator sees of the room at one commit, besides the game itself. */
export interface Frame {
  seq: number;
  /** Server time of the commit (ms). */
  at: number;
  gameNo: number;
  /** Moves of game `gameNo` logged by then. */
  moves: number;
  phase: string;
  result: string;
  owner: number;
  spectators: number;
  /** Turn timer deadline (live server time; 0: none). */
  deadline: number;
  /** End of the countdown before a game (live server time; 0: none running), where the game has one. */
  countdown: number;
  order: number[];
  seats: SeatFrame[];
}

export interface GameStart {
  seed: Seed;
  config: unknown;
  players: number;
  /** Started by a player's `restart` (its start event says so). */
  restart?: boolean;
}

export interface LoggedEntry {
  seat: number;
  move: unknown;
  t: number;
}

/** Where a mirror stands: the last frame it has, and how far it has the log of that game. */
export interface FeedCursor {
  seq: number;
  gameNo: number;
  moves: number;
}

export interface Feed {
  delaySeconds: number;
  frames: Frame[];
  /** Per game the frames name: its start (when the mirror has not got it) and the log entries it lacks. */
  games: Record<number, { start?: GameStart; from: number; entries: LoggedEntry[] }>;
}

/** What the mirror needs to open (asked once, with the ticket the live room gave it). */
export interface WatchSetup {
  /** The room name. */
  game: string;
  /** The definition the live room plays (one room name may offer several: Minesweeper's board and race). */
  def: string;
  delaySeconds: number;
  configured: Configured<unknown>;
  spectatorSlots: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySession = GameSession<any, any, any, any, any>;

/** Extra seconds of frames kept beyond the delay (a mirror opening late still finds its start). */
const KEEP_EXTRA_MS = 5_000;

export class DelayRecorder {
  /** Tests shorten the delay (0.1: "15 s" lasts 1.5 s), as SeatedRoom.botDelayScale does for bots. */
  static timeScale = 1;
  private frames: Frame[] = [];
  private games = new Map<number, AnySession>();
  /** Games (by number) started by a `restart`. */
  private restarts = new Set<number>();
  private seq = 0;
  private opening: Promise<string> | null = null;
  private ticket: string | null = null;

  constructor(
    readonly delaySeconds: number,
    private readonly setup: () => WatchSetup,
  ) {}

  get delayMs(): number {
    return this.delaySeconds * 1000 * DelayRecorder.timeScale;
  }

  /** After every commit of the live room (`restarted`: its game was started by a `restart`). */
  record(now: number, st: GameRoomState, game: AnySession | null, restarted = false, countdown = 0): void {
    if (game) this.games.set(st.gameNo, game);
    if (game && restarted) this.restarts.add(st.gameNo);
    const frame: Frame = {
      seq: this.seq + 1,
      at: now,
      gameNo: game ? st.gameNo : 0,
      moves: game ? game.log.length : 0,
      phase: st.phase,
      result: st.result,
      owner: st.owner,
      spectators: st.spectators,
      deadline: st.deadline,
      countdown,
      order: Array.from(st.order),
      seats: st.seats.map((s) => ({ name: s.name, occupied: s.occupied, connected: s.connected, ready: s.ready, bot: s.bot })),
    };
    const last = this.frames[this.frames.length - 1];
    if (last && sameFrame(last, frame)) return;
    this.seq++;
    this.frames.push(frame);
    this.prune(now);
  }

  private prune(now: number): void {
    const horizon = now - this.delayMs - KEEP_EXTRA_MS;
    // keep the newest frame older than the horizon: it is what a new mirror starts from
    let drop = 0;
    while (drop + 1 < this.frames.length && this.frames[drop + 1].at <= horizon) drop++;
    if (drop > 0) this.frames.splice(0, drop);
    const kept = new Set(this.frames.map((f) => f.gameNo));
    for (const no of this.games.keys()) if (!kept.has(no)) this.games.delete(no);
    for (const no of this.restarts) if (!kept.has(no)) this.restarts.delete(no);
  }

  /** Frames after `cursor` (from the one a delayed spectator sees now, for a new mirror) and the moves they need. */
  feed(cursor: FeedCursor | null, now: number): Feed {
    let frames: Frame[];
    if (cursor) frames = this.frames.filter((f) => f.seq > cursor.seq);
    else {
      const due = now - this.delayMs;
      let base = 0;
      while (base + 1 < this.frames.length && this.frames[base + 1].at <= due) base++;
      frames = this.frames.slice(base);
    }
    const games: Feed["games"] = {};
    for (const f of frames) {
      const session = this.games.get(f.gameNo);
      if (!session || f.gameNo === 0) continue;
      const have = cursor && cursor.gameNo === f.gameNo ? cursor.moves : 0;
      const g = (games[f.gameNo] ??= { from: have, entries: [], ...(have === 0 ? { start: { seed: session.seed, config: session.config, players: session.seats, restart: this.restarts.has(f.gameNo) } } : {}) });
      const upTo = g.from + g.entries.length;
      if (f.moves > upTo) g.entries.push(...session.log.slice(upTo, f.moves).map((m) => ({ seat: m.seat, move: m.move, t: m.t })));
    }
    // a copy: in one process remoteRoomCall hands the object over as it is
    return structuredClone({ delaySeconds: this.delaySeconds, frames, games });
  }

  /** The mirror's id, opening it first if it is not running (once at a time). */
  async openMirror(liveId: string, game: string): Promise<string> {
    const id = mirrorIdOf(liveId);
    if (this.opening) return this.opening;
    if (await matchMaker.getRoomById(id)) return id;
    if (this.opening) return this.opening;
    const ticket = randomBytes(16).toString("base64url");
    this.ticket = ticket;
    this.opening = matchMaker
      .createRoom(mirrorNameOf(game), { live: liveId, ticket })
      .then(() => id)
      .finally(() => {
        this.opening = null;
        this.ticket = null;
      });
    return this.opening;
  }

  /** The mirror asks, with the ticket it was created with: nobody else can open one. */
  watchSetup(ticket: unknown): WatchSetup | null {
    if (!this.ticket || typeof ticket !== "string" || ticket !== this.ticket) return null;
    this.ticket = null;
    return structuredClone(this.setup());
  }
}

function sameFrame(a: Frame, b: Frame): boolean {
  return (
    a.gameNo === b.gameNo &&
    a.moves === b.moves &&
    a.phase === b.phase &&
    a.result === b.result &&
    a.owner === b.owner &&
    a.spectators === b.spectators &&
    a.deadline === b.deadline &&
    a.countdown === b.countdown &&
    JSON.stringify(a.order) === JSON.stringify(b.order) &&
    JSON.stringify(a.seats) === JSON.stringify(b.seats)
  );
}

/**
 * Where a spectator of `roomId` is sent: the room itself, or its delayed mirror when the room
 * has a spectator delay (its listing says so). Called by the matchmaking route before joinById.
 */
export async function watchTarget(roomId: string): Promise<string> {
  const listing = await matchMaker.getRoomById(roomId);
  const delay = (listing?.metadata as { spectatorDelay?: unknown } | undefined)?.spectatorDelay;
  if (typeof delay !== "number" || delay <= 0) return roomId;
  const mirror = await matchMaker.remoteRoomCall(roomId, "openDelayedWatch", []);
  return typeof mirror === "string" ? mirror : roomId;
}
