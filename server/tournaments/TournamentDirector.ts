// The room that runs one tournament, an arena or a Swiss (docs/tournaments.md, "The
// director"): entrants connect to it (`joinOrCreate("tournament", {tournament, profileKey})`;
// with several processes the driver finds the tournament's one room wherever it runs) and wait
// there between games. Each tick it scores the games whose rooms have stored a finished game,
// pairs whoever is due (runs.ts: the kind's rules from common/tournament/), creates an
// ordinary rated room per table through the registry's room name for the tournament's pool
// (spectatable, replayable, rated, in My games like any), reserves each player's seat and
// hands it to them ("matched"), and sends the standings.
//
// Everything it decides is in the store first (server/store/TournamentStore.ts): a restart, or
// another process taking over, rebuilds the same state from the rows. Exactly one process runs
// a tournament: this room holds the store's lease while it lives and renews it each tick; a
// room that cannot take it (another process runs the tournament) is refused, and one that
// loses it stops pairing and tells its players to join again.
//
// Leaving this room on purpose (a consented leave) withdraws the entrant (paired no more); in
// an arena, joining again brings them back while the window is open. A dropped connection is
// not a withdrawal: the entrant is "away" for the hub's reconnection window (RECONNECT_SECONDS)
// and withdrawn only if it passes. While away an arena does not pair them; a Swiss does (their
// game's room has its own reconnection), and a seat handed out meanwhile is sent again when
// they are back. A game they were playing is still scored as its room ends it (leaving a rated
// room is a loss there).

import os from "node:os";
import { matchMaker, Room, type Client } from "@colyseus/core";
import { ratedPool, type RatedPool } from "../../common/rated.js";
import { hashKey, isProfileKey } from "../api/profileAuth.js";
import { HubRefusal, refuseOption } from "../rooms/base/errors.js";
import { isPlainObject } from "../rooms/base/validate.js";
import { newTicket, ratedRoomOptions, type MatchedPlayer } from "../rooms/game/ratedRoom.js";
import { newSkill } from "../ratings/model.js";
import type { HubSettings } from "../settings.js";
import type { HomeStore } from "../store/HomeStore.js";
import type { FinishedInRoom, SeatResult } from "../store/TournamentStore.js";
import { log } from "../ops/log.js";
import { storeUnreachable } from "../ops/storeCondition.js";
import { noteStoreDown, STORE_UNAVAILABLE } from "../api/storeDown.js";
import { runOf, type OpenGame, type Run } from "./runs.js";
import { featuredGame } from "./featured.js";

export const TOURNAMENT_ROOM = "tournament";

interface EntrantAuth {
  profileId: string;
  name: string;
  mu: number;
}

/** A page that follows the standings live without entering (`join` with `watch: true`): sent the standings, nothing else. */
interface WatcherAuth {
  watcher: true;
}

/** A place list's result per profile: a sole first wins, a shared first draws, everyone else loses. */
export function resultsFromPlaces(players: string[], finished: FinishedInRoom): Record<string, SeatResult> {
  const place = new Map(finished.places.map((p) => [p.profileId, p.place]));
  const firsts = players.filter((p) => place.get(p) === 1);
  const out: Record<string, SeatResult> = {};
  for (const p of players) out[p] = place.get(p) !== 1 ? "loss" : firsts.length === 1 ? "win" : "draw";
  return out;
}

export class TournamentDirector extends Room {
  /** Test hooks: the clock, how often it ticks, how long the lease lasts, how long a game may go without a room. */
  static now: () => number = () => Date.now();
  static tickMs = 1000;
  static leaseMs = 15_000;
  static roomlessMs = 60_000;
  /** Pages following a tournament's standings live at once (more read GET /api/tournaments/:id instead). */
  static maxWatchers = 200;

  private home!: HomeStore;
  private reconnectSeconds = 0;
  /** Entrants whose connection dropped, inside their reconnection window. */
  private readonly away = new Set<string>();
  /** The last seat handed to each entrant (sent again when they come back from a drop). */
  private readonly lastMatched = new Map<string, { game: number; message: Record<string, unknown> }>();
  private pool!: RatedPool;
  private tournamentId = "";
  private run!: Run;
  private owner = "";
  private readonly clientsOf = new Map<string, Client>();
  /** Each game's room, once made. */
  private readonly roomIds = new Map<number, string>();
  /** Entrants' names as they joined (the standings show them). */
  private readonly names = new Map<string, string>();
  private ticking = false;
  private lastStandings = "";
  private stopped = false;
  private watchers = 0;

  async onCreate(options: Record<string, unknown>): Promise<void> {
    const hub = options.hub as HubSettings | undefined;
    if (!hub?.home) throw new HubRefusal("unavailable", "This hub keeps no ratings, so it runs no tournaments.");
    this.home = hub.home;
    this.reconnectSeconds = hub.reconnectSeconds;
    // A watcher follows a running tournament's room; it never makes one (the page polls meanwhile).
    if (options.watch === true) throw new HubRefusal("not-running", "Nobody is in this tournament's room just now; its page reads the standings every few seconds.");
    const id = options.tournament;
    if (typeof id !== "string" || !/^[A-Za-z0-9_-]{1,40}$/.test(id)) throw refuseOption("Name the tournament to join: tournament must be its id.");
    const record = await inWords(() => this.home.tournaments.load(id));
    if (!record) throw new HubRefusal("no-tournament", "There is no such tournament on this hub. Check the link, or pick one from the tournaments list.");
    const pool = ratedPool(record.tournament.pool);
    if (!pool) throw new HubRefusal("no-pool", "This tournament's game is not rated on this hub any more, so it cannot be played.");
    if (record.tournament.kind === "swiss" && pool.seats.min > 2) throw new HubRefusal("no-pool", "A Swiss is for two-player games, and this tournament's game is not one.");
    this.tournamentId = id;
    this.pool = pool;
    this.owner = `${os.hostname()}:${process.pid}:${this.roomId}`;
    if (!(await inWords(() => this.home.tournaments.takeLease(id, this.owner, TournamentDirector.now(), TournamentDirector.leaseMs)))) {
      throw new HubRefusal("run-elsewhere", "Another server process is running this tournament just now; join again in a few seconds.");
    }
    // Read again under the lease: whatever the last holder wrote is in.
    await inWords(async () => {
      await this.reload();
      if (record.tournament.status === "scheduled") await this.home.tournaments.setStatus(id, "running");
    });
    this.maxClients = 1000;
    this.onMessage("*", () => undefined);
    this.clock.setInterval(() => void this.tick(), TournamentDirector.tickMs);
  }

  async onAuth(_client: Client, options: unknown): Promise<EntrantAuth | WatcherAuth> {
    if (this.stopped) throw new HubRefusal("run-elsewhere", "Another server process is running this tournament now; join again in a few seconds.");
    if (isPlainObject(options) && options.watch === true) {
      if (this.watchers >= TournamentDirector.maxWatchers) throw new HubRefusal("watchers-full", "So many pages follow this tournament live that its page reads the standings every few seconds instead.");
      return { watcher: true };
    }
    const key = isPlainObject(options) ? options.profileKey : undefined;
    if (!isProfileKey(key)) throw new HubRefusal("no-profile", "Tournaments need a profile: open the lobby once so this browser makes one, then try again.");
    const profile = await inWords(() => this.home.profileByKey(hashKey(key)));
    if (!profile) throw new HubRefusal("profile-unknown", "This browser's profile is not on this hub any more. Reload the page to make a new one.");
    const refusal = this.run.whyNoJoin(profile.id, TournamentDirector.now());
    if (refusal) throw new HubRefusal("closed", refusal);
    const rating = (await inWords(() => this.home.ratingOf(profile.id, this.pool.id))) ?? newSkill();
    return { profileId: profile.id, name: profile.name, mu: rating.mu };
  }

  async onJoin(client: Client, _options: unknown, who: EntrantAuth | WatcherAuth): Promise<void> {
    if ("watcher" in who) {
      this.watchers++;
      return void client.send("event", { kind: "standings", ...this.standings() });
    }
    const auth = who;
    const before = this.clientsOf.get(auth.profileId);
    if (before && before !== client) {
      before.send("event", { kind: "replaced", message: "You are in this tournament in another tab now." });
      before.leave(4000);
    }
    this.clientsOf.set(auth.profileId, client);
    this.away.delete(auth.profileId);
    this.names.set(auth.profileId, auth.name);
    this.run.join(auth.profileId, auth.mu, TournamentDirector.now());
    await inWords(() => this.home.tournaments.saveEntry(this.tournamentId, this.run.entry(auth.profileId)!));
    client.send("event", { kind: "standings", ...this.standings() });
  }

  async onLeave(client: Client, consented: boolean): Promise<void> {
    if ((client.auth as WatcherAuth | undefined)?.watcher) return void this.watchers--;
    const auth = client.auth as EntrantAuth | undefined;
    if (!auth || this.clientsOf.get(auth.profileId) !== client) return;
    if (this.stopped) return void this.clientsOf.delete(auth.profileId);
    if (!consented && this.reconnectSeconds > 0 && (await this.cameBack(client, auth.profileId))) return;
    if (this.clientsOf.get(auth.profileId) !== client) return; // joined again meanwhile (another tab)
    this.clientsOf.delete(auth.profileId);
    if (this.stopped) return;
    this.run.withdraw(auth.profileId);
    await this.home.tournaments.saveEntry(this.tournamentId, this.run.entry(auth.profileId)!).catch((e) => this.fail("withdraw", e));
  }

  /** A dropped connection: away until it reconnects (true) or the window passes (false). */
  private async cameBack(client: Client, profileId: string): Promise<boolean> {
    this.away.add(profileId);
    try {
      const back = await this.allowReconnection(client, this.reconnectSeconds);
      if (this.clientsOf.get(profileId) !== client) return true; // replaced by a new join meanwhile
      this.clientsOf.set(profileId, back);
      this.away.delete(profileId);
      // A seat handed out while they were away (a Swiss pairs them): sent again.
      const last = this.lastMatched.get(profileId);
      if (last && this.run.open().some((g) => g.no === last.game)) back.send("event", last.message);
      back.send("event", { kind: "standings", ...this.standings() });
      return true;
    } catch {
      if (this.clientsOf.get(profileId) === client) this.away.delete(profileId);
      return false;
    }
  }

  async onDispose(): Promise<void> {
    if (!this.stopped && this.owner) await this.home?.tournaments.releaseLease(this.tournamentId, this.owner).catch(() => undefined);
  }

  /** Its row changed under it (its creator cancelled it: create.ts calls this on whichever process runs it): read it again, tell everyone. */
  async reread(): Promise<void> {
    await this.reload();
    await this.tick();
  }

  private standings() {
    const rows = this.run.standings();
    const name = (id: string) => this.names.get(id) ?? null;
    const open = this.run.open().map((g) => ({ ...g, roomId: this.roomIds.get(g.no) ?? null }));
    return {
      tournament: this.tournamentId,
      rows: rows.map((r) => ({ ...r, name: name(r.id) })),
      finished: this.run.finished(TournamentDirector.now()),
      featured: featuredGame(open, rows, name),
    };
  }

  private fail(what: string, err: unknown): void {
    log.error({ event: "tournament.error", tournament: this.tournamentId, what, err }, "a tournament step failed (it is tried again next tick)");
  }

  /** One step: the lease, results, pairings, the end, the standings. Never two at once. */
  private async tick(): Promise<void> {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    try {
      const now = TournamentDirector.now();
      if (!(await this.home.tournaments.takeLease(this.tournamentId, this.owner, now, TournamentDirector.leaseMs))) return this.lostLease();
      await this.collectResults(now);
      await this.pair(now);
      if (this.run.finished(now)) await this.home.tournaments.setStatus(this.tournamentId, "finished");
      const standings = this.standings();
      const text = JSON.stringify(standings);
      if (text !== this.lastStandings) {
        this.lastStandings = text;
        this.broadcast("event", { kind: "standings", ...standings });
      }
    } catch (e) {
      this.fail("tick", e);
    } finally {
      this.ticking = false;
    }
  }

  /** Another process holds the lease (this one stalled past it): stop, and send everyone there. */
  private lostLease(): void {
    this.stopped = true;
    this.broadcast("event", { kind: "moved", message: "This tournament moved to another server process. Join it again to keep playing." });
    for (const c of this.clients) c.leave(4000);
    void this.disconnect();
  }

  /** Scores each open game whose room stored its finished game (or that never got a room, or lost it). */
  private async collectResults(now: number): Promise<void> {
    for (const g of this.run.open()) {
      const roomId = this.roomIds.get(g.no) ?? null;
      const finished = roomId ? await this.home.tournaments.finishedIn(roomId, g.pairedAt) : null;
      let results = finished ? resultsFromPlaces(g.players, finished) : null;
      // A game that never got a room (the process stopped between pairing and creating it), or
      // whose room is gone without storing a game: void, nobody gains (runs.ts).
      if (!results && now - g.pairedAt > TournamentDirector.roomlessMs && !(roomId && (await roomLives(roomId)))) results = this.run.voidResults(g.players);
      if (!results) continue;
      // Who went berserk (their game's room wrote it before the first move) counts with the result.
      const berserk = this.run.berserk ? await this.home.tournaments.berserkOf(this.tournamentId, g.no) : [];
      if ((await this.home.tournaments.saveResult(this.tournamentId, g.no, results, now, finished?.gameId ?? null)) === null) return this.reload();
      this.run.wentBerserk(g.no, berserk);
      this.run.score(g.no, results);
    }
  }

  /** The state from the store (at the start, or when another writer was here: its rows are the truth). */
  private async reload(): Promise<void> {
    const record = (await this.home.tournaments.load(this.tournamentId))!;
    this.run = runOf(record);
    for (const p of record.pairings) if (p.roomId) this.roomIds.set(p.no, p.roomId);
    // Entrants who joined an earlier room of this tournament (everyone had left it, or it
    // crashed) keep their names in the standings: from their profiles.
    for (const e of record.entries) {
      if (this.names.has(e.profileId)) continue;
      const profile = await this.home.profile(e.profileId);
      if (profile) this.names.set(e.profileId, profile.name);
    }
  }

  private async pair(now: number): Promise<void> {
    // Only entrants connected here are paired in an arena: after a restart or a takeover the
    // store's entrants come back one by one, and a seat handed to one not back yet went to
    // nobody (their opponent then waited out the room's seat hold, a lost game for both).
    const { rows, scored, undo } = this.run.pair(now, (id) => this.clientsOf.has(id) && !this.away.has(id));
    if (rows.length === 0) return;
    if (!(await this.home.tournaments.savePairings(this.tournamentId, rows))) {
      undo();
      return this.reload();
    }
    for (const s of scored) await this.home.tournaments.saveResult(this.tournamentId, s.no, s.results, now, null);
    for (const row of rows) {
      if (row.players.length < 2) continue; // a bye: scored already
      await this.start({ no: row.no, players: row.players, pairedAt: row.pairedAt }).catch((e) => this.fail("start", e));
    }
  }

  /** Creates the game's rated room through the pool's room name, reserves the seats, hands them out. */
  private async start(g: OpenGame): Promise<void> {
    const matched: MatchedPlayer[] = g.players.map((id) => ({ profileId: id, name: this.names.get(id) ?? "Player", mu: this.run.entry(id)!.rating, ticket: newTicket() }));
    const room = await matchMaker.handleCreateRoom(this.pool.game, ratedRoomOptions(this.pool, { pool: this.pool.id, players: matched, tournament: { id: this.tournamentId, game: g.no, berserk: this.run.berserk } }));
    this.roomIds.set(g.no, room.roomId);
    await this.home.tournaments.setRoom(this.tournamentId, g.no, room.roomId);
    for (const m of matched) {
      const reservation = await matchMaker.reserveSeatFor(room, { name: m.name, ratedTicket: m.ticket });
      const message = {
        kind: "matched",
        tournament: this.tournamentId,
        game: g.no,
        reservation,
        roomId: room.roomId,
        players: matched.map((x) => ({ name: x.name, rating: Math.round(x.mu) })),
      };
      this.lastMatched.set(m.profileId, { game: g.no, message });
      this.clientsOf.get(m.profileId)?.send("event", message);
    }
  }
}

/** Is a room still live on any process (the driver knows every process's rooms)? */
async function roomLives(roomId: string): Promise<boolean> {
  return (await matchMaker.query({ roomId })).length > 0;
}

/** The store's answer, or a refusal in words: a player never reads the database library's text. */
async function inWords<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (e instanceof HubRefusal) throw e;
    if (storeUnreachable(e)) {
      noteStoreDown("tournament", e);
      throw new HubRefusal(STORE_UNAVAILABLE, "Tournaments are briefly unavailable (the hub cannot reach its database); try again in a minute.");
    }
    log.error({ event: "tournament.error", err: e }, "could not read or write a tournament");
    throw new HubRefusal("internal", "Could not reach this tournament just now; try again in a minute.");
  }
}
