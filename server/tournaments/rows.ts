// Between the store's rows (server/store/TournamentStore.ts) and the pure states of
// common/tournament/: a state is rebuilt from what was stored, and what a pairing adds is
// turned into rows. Round trip: rows → state → the same rows (test/server/store.tournaments.test.ts).

import { type ArenaGame, type ArenaState, type SwissGame, type SwissState } from "../../common/tournament/index.js";
import type { PairingRow, SeatResult, TournamentRecord } from "../store/TournamentStore.js";

/** An arena's settings as stored in `config`. */
export interface ArenaSettings {
  startsAt: number;
  endsAt: number;
  tableSize: number;
}

/** A Swiss's settings as stored in `config`. */
export interface SwissSettings {
  rounds: number;
  /** When round 1 is paired (entries close then); none: as soon as two have joined. */
  startsAt?: number;
  /** A round starts no sooner than this many minutes after the one before (round r at startsAt + (r − 1) × roundMinutes); none: when the last one's games have ended. */
  roundMinutes?: number;
}

export function arenaFromRecord(r: TournamentRecord): ArenaState {
  const c = r.tournament.config as unknown as ArenaSettings;
  const results = new Map(r.results.map((x) => [x.no, x]));
  return {
    config: { startsAt: c.startsAt, endsAt: c.endsAt, tableSize: c.tableSize, seed: r.tournament.seed },
    entries: r.entries.map((e) => ({ id: e.profileId, rating: e.rating, joinedAt: e.joinedAt, withdrawn: e.withdrawn })),
    games: r.pairings.map((p): ArenaGame => {
      const res = results.get(p.no);
      const g: ArenaGame = { no: p.no, players: [...p.players], pairedAt: p.pairedAt };
      if (p.berserk?.length) g.berserk = [...p.berserk];
      if (res) {
        g.results = { ...res.results };
        g.endedNo = res.endedNo;
      }
      return g;
    }),
  };
}

export function arenaPairingRows(games: ArenaGame[]): PairingRow[] {
  return games.map((g) => ({ no: g.no, round: 0, players: [...g.players], pairedAt: g.pairedAt, roomId: null }));
}

export function swissFromRecord(r: TournamentRecord): SwissState {
  const c = r.tournament.config as unknown as SwissSettings;
  const results = new Map(r.results.map((x) => [x.no, x.results]));
  // Every entry is stored before round 1; withdrawals are the entries' flags.
  return {
    rounds: c.rounds,
    seed: r.tournament.seed,
    players: r.entries.map((e) => ({ id: e.profileId, rating: e.rating, withdrawn: e.withdrawn })),
    games: r.pairings.map((p): SwissGame => {
      const [first, second = null] = p.players;
      const res = results.get(p.no);
      const g: SwissGame = { round: p.round, first, second };
      if (res) g.outcome = res[first] === "win" ? "first" : res[first] === "draw" ? "draw" : "second";
      return g;
    }),
  };
}

/** A Swiss game's number is its place in the state's list (pairing order), from 1. */
export function swissPairingRows(s: SwissState, games: SwissGame[], pairedAt: number): PairingRow[] {
  return games.map((g) => ({ no: s.games.indexOf(g) + 1, round: g.round, players: g.second === null ? [g.first] : [g.first, g.second], pairedAt, roomId: null }));
}

/** A Swiss game's result per player, as the store keeps it. */
export function swissResults(g: SwissGame): Record<string, SeatResult> | null {
  if (!g.outcome) return null;
  if (g.second === null) return { [g.first]: "win" };
  if (g.outcome === "draw") return { [g.first]: "draw", [g.second]: "draw" };
  const firstWon = g.outcome === "first";
  return { [g.first]: firstWon ? "win" : "loss", [g.second]: firstWon ? "loss" : "win" };
}
