// What differs between an arena and a Swiss for the director (TournamentDirector.ts): each
// kind's pure state (common/tournament/) behind one small interface: who may join, pairing,
// scoring a game, the standings, when it is over. The director does the rest alike (the
// lease, rooms, results from stored games, the store).

import {
  arenaBerserk,
  arenaJoin,
  arenaPair,
  arenaResult,
  arenaStandings,
  arenaWithdraw,
  currentRound,
  pairNextRound,
  swissFinished,
  swissJoin,
  swissResult,
  swissStandings,
  swissWithdraw,
  type ArenaStanding,
  type ArenaState,
  type SwissStanding,
  type SwissState,
} from "../../common/tournament/index.js";
import type { EntryRow, PairingRow, SeatResult, TournamentRecord } from "../store/TournamentStore.js";
import { arenaFromRecord, arenaPairingRows, swissFromRecord, swissPairingRows, swissResults, type SwissSettings } from "./rows.js";

/** A Swiss still short of two entrants this long after its start is called off: over, with no games (schedule.ts prunes one nobody entered). */
export const SWISS_CALL_OFF_MS = 10 * 60_000;

/** A game paired and not scored yet. */
export interface OpenGame {
  no: number;
  players: string[];
  pairedAt: number;
}

/** A standings row as players are sent it (each kind adds its own figures). */
export type StandingRow = ArenaStanding | SwissStanding;

export interface Run {
  /** Words for a player who may not join now, or null. */
  whyNoJoin(id: string, now: number): string | null;
  join(id: string, rating: number, now: number): void;
  withdraw(id: string): void;
  entry(id: string): EntryRow | undefined;
  open(): OpenGame[];
  score(no: number, results: Record<string, SeatResult>): void;
  /** Does a berserk count here (an arena's; a Swiss has none)? */
  readonly berserk: boolean;
  /** Who went berserk in game `no` (read from the store as it is scored). */
  wentBerserk(no: number, ids: readonly string[]): void;
  /** A game that could not be played (no room, or its room gone without a result): nobody gains. */
  voidResults(players: string[]): Record<string, SeatResult>;
  /**
   * Pairs whoever is due (added to the state): the rows to store, results known at once (byes),
   * and how to take it back. `here(id)`: the entrant is connected to the director now (not
   * dropped, not yet to join again after a restart or takeover). An arena pairs only those; a
   * Swiss pairs everyone, their game's room waits for them.
   */
  pair(now: number, here: (id: string) => boolean): { rows: PairingRow[]; scored: { no: number; results: Record<string, SeatResult> }[]; undo: () => void };
  standings(): StandingRow[];
  finished(now: number): boolean;
}

export function runOf(record: TournamentRecord): Run {
  const run = record.tournament.kind === "swiss" ? new SwissRun(record) : new ArenaRun(record);
  return (record.tournament.config as { cancelled?: unknown }).cancelled === true ? cancelledRun(run) : run;
}

/** A tournament its creator cancelled before it started (create.ts): over, nobody joins, nothing paired. */
function cancelledRun(run: Run): Run {
  const nothing = { rows: [], scored: [], undo: () => undefined };
  return Object.assign(Object.create(run) as Run, {
    whyNoJoin: () => "This tournament was cancelled by the player who made it.",
    pair: () => nothing,
    finished: () => true,
  });
}

class ArenaRun implements Run {
  private readonly s: ArenaState;
  constructor(record: TournamentRecord) {
    this.s = arenaFromRecord(record);
  }
  whyNoJoin(_id: string, now: number): string | null {
    return now >= this.s.config.endsAt ? "This arena has ended; its standings stay on its page." : null;
  }
  join(id: string, rating: number, now: number): void {
    arenaJoin(this.s, id, rating, now);
  }
  withdraw(id: string): void {
    arenaWithdraw(this.s, id);
  }
  entry(id: string): EntryRow | undefined {
    const e = this.s.entries.find((x) => x.id === id);
    return e && { profileId: e.id, rating: e.rating, joinedAt: e.joinedAt, withdrawn: e.withdrawn };
  }
  open(): OpenGame[] {
    return this.s.games.filter((g) => !g.results).map((g) => ({ no: g.no, players: g.players, pairedAt: g.pairedAt }));
  }
  score(no: number, results: Record<string, SeatResult>): void {
    arenaResult(this.s, no, results);
  }
  readonly berserk = true;
  wentBerserk(no: number, ids: readonly string[]): void {
    for (const id of ids) arenaBerserk(this.s, no, id);
  }
  voidResults(players: string[]): Record<string, SeatResult> {
    return Object.fromEntries(players.map((p) => [p, "loss" as const]));
  }
  pair(now: number, here: (id: string) => boolean) {
    const before = this.s.games.length;
    // Entrants not here are not free: out of this pairing only (their entries are not written).
    const out = this.s.entries.filter((e) => !here(e.id) && !e.withdrawn);
    for (const e of out) e.withdrawn = true;
    let games;
    try {
      games = arenaPair(this.s, now);
    } finally {
      for (const e of out) e.withdrawn = false;
    }
    return { rows: arenaPairingRows(games), scored: [], undo: () => void (this.s.games.length = before) };
  }
  standings(): StandingRow[] {
    return arenaStandings(this.s);
  }
  finished(now: number): boolean {
    return now >= this.s.config.endsAt && this.s.games.every((g) => g.results);
  }
}

/**
 * A Swiss: entry until round 1 is paired (at `startsAt`), each next round as soon as every game
 * of the last has a result (and, with `roundMinutes`, not before its time), until the last
 * round ends. Fewer than two entrants SWISS_CALL_OFF_MS after the start: called off. A void
 * game is a draw (a Swiss game has a winner, a loser or neither).
 */
class SwissRun implements Run {
  private readonly s: SwissState;
  private readonly startsAt: number;
  private readonly roundMs: number;
  private readonly pairedAt = new Map<number, number>();
  private readonly joinedAt = new Map<string, number>();
  constructor(record: TournamentRecord) {
    this.s = swissFromRecord(record);
    const c = record.tournament.config as unknown as SwissSettings;
    this.startsAt = c.startsAt ?? 0;
    this.roundMs = (c.roundMinutes ?? 0) * 60_000;
    for (const p of record.pairings) this.pairedAt.set(p.no, p.pairedAt);
    for (const e of record.entries) this.joinedAt.set(e.profileId, e.joinedAt);
  }
  /** Round 1 never came: too few entrants by the call-off time. */
  private calledOff(now: number): boolean {
    return currentRound(this.s) === 0 && this.startsAt > 0 && now >= this.startsAt + SWISS_CALL_OFF_MS && this.s.players.filter((p) => !p.withdrawn).length < 2;
  }
  whyNoJoin(id: string, now: number): string | null {
    if (this.calledOff(now)) return "This Swiss was called off: fewer than two players had entered ten minutes after its start.";
    if (currentRound(this.s) === 0) return null;
    const p = this.s.players.find((x) => x.id === id);
    if (!p) return "This Swiss has started: entries closed when its first round was paired. Its standings stay on its page.";
    if (p.withdrawn) return "You left this Swiss, so you are paired no more; its standings stay on its page.";
    return swissFinished(this.s) ? "This Swiss has ended; its standings stay on its page." : null;
  }
  join(id: string, rating: number, now: number): void {
    const p = this.s.players.find((x) => x.id === id);
    // Back before round 1 after leaving: entered again.
    if (p && currentRound(this.s) === 0) p.withdrawn = false;
    if (swissJoin(this.s, id, rating) === null) this.joinedAt.set(id, now);
  }
  withdraw(id: string): void {
    swissWithdraw(this.s, id);
  }
  entry(id: string): EntryRow | undefined {
    const p = this.s.players.find((x) => x.id === id);
    return p && { profileId: p.id, rating: p.rating, joinedAt: this.joinedAt.get(p.id) ?? 0, withdrawn: p.withdrawn };
  }
  open(): OpenGame[] {
    return this.s.games.flatMap((g, i) => (g.outcome || g.second === null ? [] : [{ no: i + 1, players: [g.first, g.second], pairedAt: this.pairedAt.get(i + 1) ?? 0 }]));
  }
  score(no: number, results: Record<string, SeatResult>): void {
    const g = this.s.games[no - 1];
    const r = results[g.first];
    swissResult(this.s, g.round, g.first, r === "win" ? "first" : r === "draw" ? "draw" : "second");
  }
  voidResults(players: string[]): Record<string, SeatResult> {
    return Object.fromEntries(players.map((p) => [p, "draw" as const]));
  }
  readonly berserk = false;
  wentBerserk(): void {}
  pair(now: number, _here: (id: string) => boolean) {
    const before = this.s.games.length;
    const nothing = { rows: [], scored: [], undo: () => undefined };
    if (now < this.startsAt || this.calledOff(now) || this.s.players.filter((p) => !p.withdrawn).length < 2) return nothing;
    if (this.roundMs > 0 && now < this.startsAt + currentRound(this.s) * this.roundMs) return nothing;
    const r = pairNextRound(this.s);
    if (typeof r === "string") return nothing;
    const rows = swissPairingRows(this.s, r.games, now);
    for (const row of rows) this.pairedAt.set(row.no, now);
    const scored = r.games.flatMap((g) => (g.second === null ? [{ no: this.s.games.indexOf(g) + 1, results: swissResults(g)! }] : []));
    return { rows, scored, undo: () => void (this.s.games.length = before) };
  }
  standings(): StandingRow[] {
    return swissStandings(this.s);
  }
  finished(now: number): boolean {
    return swissFinished(this.s) || this.calledOff(now);
  }
}
