// What the generic room writes about each game: who sat where at the start (names and
// profiles), whether its first move was a ranked start (rankedStarts.ts), who left for good
// (a forfeit), the record in the store once (seed, config, names, log, result, each seat's
// profile and place, and the game's own fields), and what the game announces at its end —
// again later if the store could only queue the record (`saved`), and the rating changes of
// a rated game once they are applied (`rated`). The record's id goes into the schema's
// `replayId` (GameRoomState) at the end, and again once a queued record is written.

import type { IncomingHttpHeaders } from "node:http";
import type { Client } from "@colyseus/core";
import type { TypedMove } from "../../../common/core/game.js";
import type { GameSession } from "../../../common/core/session.js";
import type { FinishedGame, SeatPlayer } from "../../store/GameStore.js";
import type { RatingChange } from "../../store/HomeStore.js";
import { isProvisional } from "../../../common/rated.js";
import type { GameRoomState } from "./GameRoomState.js";
import type { HubEvent, MoveContext } from "../base/messages.js";
import type { RecordInfo } from "./parts.js";
import type { Play, RoomHost } from "./play.js";
import { playerAddress, takeRankedStart } from "./rankedStarts.js";
import { log } from "../../ops/log.js";

export interface RatedEvent {
  kind: "rated";
  gameNo: number;
  pool: string;
  /** `weight`: how much the game counted for that player (1 a whole game; docs/ratings.md), when known. */
  changes: { seat: number; before: number; after: number; delta: number; provisional: boolean; games: number; weight?: number }[];
}

export class GameRecords<S, M extends TypedMove, E, C, V, St extends GameRoomState> {
  private game: GameSession<S, M, E, C, V> | null = null;
  private order: readonly number[] = [];
  private names: string[] = [];
  /** Per game seat: its profile at the start (or when a shared board was joined), and whether a bot played it. */
  private profiles: (string | null)[] = [];
  private botSeats: boolean[] = [];
  /** Game seats that left for good, in the order they left. */
  private forfeits: number[] = [];
  /** The last rated game's changes, for connections that arrive after the event. */
  lastRated: RatedEvent | null = null;
  private startedAt = 0;
  private recorded = false;
  /** The current game's first move was past its address's ranked starts. */
  private overBudget = false;
  /** Each joined client's address, for ranked starts. */
  private readonly addresses = new WeakMap<Client, string>();

  constructor(
    private readonly play: Play<S, M, E, C, V, St>,
    private readonly host: Pick<RoomHost, "settings" | "disposing" | "serverMove" | "seatProfile" | "isBotSeat">,
    /** The room log's `record` (roomSnapshot.ts): the id, 0 (queued: `onSaved` later) or null. */
    private readonly write: (game: Omit<FinishedGame, "game" | "roomId">, onSaved?: (id: number) => void) => number | null,
  ) {}

  /** The record's id on screen (GameRoomState.replayId). */
  private showReplay(id: number): void {
    if (this.play.st.replayId !== id) this.play.st.replayId = id;
  }

  /** A joining client's address (as the matchmaker counts it). */
  joined(client: Client, headers: IncomingHttpHeaders | undefined): void {
    this.addresses.set(client, playerAddress(client, headers, this.host.settings().trustProxy ?? 0));
  }

  /** A new game: its seats (room seat per game seat) as they are now. */
  begin(game: GameSession<S, M, E, C, V>, order: readonly number[], now: number): void {
    this.game = game;
    this.order = order;
    this.names = order.map((room) => this.play.st.seats[room].name);
    this.profiles = order.map((room) => this.host.seatProfile(room));
    this.botSeats = order.map((room) => this.host.isBotSeat(room));
    this.forfeits = [];
    this.startedAt = now;
    this.recorded = false;
    this.overBudget = false;
  }

  /** A person took `roomSeat` during the game (a shared board): their profile plays it from now. */
  seatTaken(roomSeat: number): void {
    const g = this.order.indexOf(roomSeat);
    if (g < 0 || !this.game || this.recorded) return;
    this.profiles[g] ??= this.host.seatProfile(roomSeat);
    if (!this.names[g] || this.botSeats[g]) this.names[g] = this.play.st.seats[roomSeat].name;
  }

  /** The player of `roomSeat` left the running game for good (past the reconnection window, or on purpose). */
  forfeit(roomSeat: number): void {
    const g = this.order.indexOf(roomSeat);
    if (g < 0 || !this.game || this.recorded || this.botSeats[g] || this.forfeits.includes(g)) return;
    this.forfeits.push(g);
  }

  /** Who left the current game for good (game seats, in order): the room log keeps it. */
  left(): number[] {
    return this.forfeits.slice();
  }

  /** After a restore: the game's leavers as the room log kept them (begin() has just cleared them). */
  restoreLeft(seats: readonly number[]): void {
    this.forfeits = seats.filter((g, i) => Number.isInteger(g) && g >= 0 && g < this.order.length && !this.botSeats[g] && seats.indexOf(g) === i);
  }

  /**
   * Each seat's profile and place. A finished game's places are the rules' (def.places); a
   * player who left for good ranks below everyone who stayed, the first to leave last.
   */
  private players(game: GameSession<S, M, E, C, V>, result: string): SeatPlayer[] {
    const n = this.order.length;
    const def = this.play.parts.def;
    const over = result !== "abandoned" && def.status(game.state) === "finished";
    const ruled = over && def.places ? def.places(game.state) : null;
    const base = ruled ?? new Array<number>(n).fill(this.forfeits.length > 0 ? 1 : 0);
    if (this.forfeits.length === 0) return this.profiles.map((profileId, g) => ({ profileId: this.botSeats[g] ? null : profileId, place: base[g] }));
    // Those who stayed keep their order among themselves (1, 2… with ties), the leavers follow.
    const kept = [...new Set(base.filter((_, g) => !this.forfeits.includes(g)))].sort((a, b) => a - b);
    return this.profiles.map((profileId, g) => {
      const k = this.forfeits.indexOf(g);
      const place = k < 0 ? kept.indexOf(base[g]) + 1 : kept.length + (this.forfeits.length - k);
      return { profileId: this.botSeats[g] ? null : profileId, place, ...(k >= 0 ? { forfeited: true } : {}) };
    });
  }

  /** The pool a game counts in: a rated room's, when every seat is a person with a profile. */
  private pool(players: SeatPlayer[]): string {
    const pool = this.play.rated?.pool.id ?? "";
    if (!pool || players.some((p) => !p.profileId || p.place < 1)) return "";
    return pool;
  }

  /** A client's address as the matchmaker counted it when it joined. */
  addressOf(client: Client): string {
    return this.addresses.get(client) ?? playerAddress(client, undefined, 0);
  }

  /** The game's first move was made (by `client`): a game that may be ranked spends a ranked start. */
  firstMove(client: Client | null): void {
    if (!client || !this.play.parts.results?.ranked?.(this.play.configured)) return;
    const address = this.addressOf(client);
    this.overBudget = !takeRankedStart(this.host.settings(), address);
  }

  private info(game: GameSession<S, M, E, C, V>, now: number, result: string): RecordInfo<S, M, C> {
    return { state: game.state, log: game.log, configured: this.play.configured, order: this.order, names: this.names, people: this.botSeats.map((bot) => !bot), startedAt: this.startedAt, now, result, overBudget: this.overBudget };
  }

  /** Writes the current game to the store once (if anything was played): its id, 0 (queued) or null. */
  record(now: number, result: string): number | null {
    const game = this.game;
    if (!game || this.recorded || game.log.length === 0) return null;
    this.recorded = true;
    const { play, host } = this;
    const saved = play.parts.results?.saved;
    const players = this.players(game, result);
    const pool = this.pool(players);
    // A record the store could only queue is written later: tell the room then, if this game is still its last.
    const onSaved = (id: number) => {
      if (pool) this.rate(id, pool);
      play.daily?.saved(host.settings().home, gameNo, id);
      if (host.disposing()) return;
      const run = (ctx: MoveContext) => {
        if (this.game !== game) return false;
        this.showReplay(id);
        const event = saved?.(play.st, id);
        if (event) ctx.emit(event);
      };
      host.serverMove(Math.max(0, play.st.owner), run, "saved result");
    };
    const seats = play.st.seats;
    const gameNo = play.gameNo;
    const id = this.write(
      {
        seed: game.seed,
        config: game.config,
        // who played each seat: its player's name (not the bot's that took it, nor the empty
        // name of a seat freed before the record), else who sits there now
        seats: this.order.map((s, g) => (this.botSeats[g] ? "" : this.names[g]) || seats[s].name),
        log: game.log.map((m) => ({ seat: m.seat, move: m.move, t: m.t })),
        result,
        mode: play.configured.mode,
        startedAt: this.startedAt,
        endedAt: now,
        players,
        rated: pool,
        ...play.parts.record?.(this.info(game, now, result)),
      },
      onSaved,
    );
    if (pool && id !== null && id > 0) this.rate(id, pool);
    // A daily challenge's first game: its result into the profile's entry (dailyRoom.ts).
    play.daily?.recorded(host.settings().home, play.parts.daily, this.info(game, now, result), gameNo, id);
    return id;
  }

  /** Applies a recorded rated game to the ratings (the store does it once), then tells the room. */
  private rate(id: number, pool: string): void {
    const home = this.host.settings().home;
    if (!home) return;
    const order = this.order.slice();
    const gameNo = this.play.gameNo;
    home
      .rateGame(id, Date.now())
      .then((changes) => {
        if (!changes || this.host.disposing()) return;
        const event = ratedEvent(gameNo, pool, changes, order);
        this.lastRated = event;
        this.host.serverMove(
          Math.max(0, this.play.st.owner),
          (ctx) => {
            ctx.emit(event as unknown as HubEvent);
          },
          "rated",
        );
      })
      .catch((e) => log.error({ event: "rating.failed", gameId: id, err: e }, "could not rate a finished game (it stays pending; the next start rates it)"));
  }

  /** The game ended: its record, and the event the game announces it with (null: none). */
  end(now: number, result: string): HubEvent | null {
    const game = this.game!;
    const replayId = this.record(now, result) ?? -1;
    this.showReplay(replayId);
    return this.play.parts.results?.ended?.(this.play.st, { ...this.info(game, now, result), replayId }) ?? null;
  }
}

/** The changes of one rated game as players read them (whole numbers, room seats). */
export function ratedEvent(gameNo: number, pool: string, changes: readonly RatingChange[], order: readonly number[]): RatedEvent {
  return {
    kind: "rated",
    gameNo,
    pool,
    changes: changes.map((c) => ({
      seat: order[c.seat] ?? c.seat,
      before: Math.round(c.before.mu),
      after: Math.round(c.after.mu),
      delta: Math.round(c.after.mu) - Math.round(c.before.mu),
      provisional: isProvisional(c.after.sigma),
      games: c.games,
      ...(c.weight !== undefined ? { weight: c.weight } : {}),
    })),
  };
}
