// The Auto Pets arena on the server: what only the server holds. At each round's start the
// room brings the run's opponent (the `opponent` move, common/pets/arena.ts): the recorded
// teams of that round nearest the runner's trophies come from the store, and the pure
// `chooseTeam` draws one with the run's seeded pick; none recorded yet, the move carries none
// and the rules field a bot's team. And at every game's end the people's arranged decks go
// to the store beside the record, for later runs to face.

import { arenaPickRng, chooseTeam, recordTeams, type PetsMove, type PetsState, type RecordedTeam } from "../../../common/pets/index.js";
import type { GameStore, HubStore, RecordedTeamRow } from "../../store/GameStore.js";
import { log } from "../../ops/log.js";
import type { RecordInfo, RoomMoveInfo } from "../game/GameRoom.js";

/** Recorded teams read per round (the nearest in trophies, newest first). */
export const ARENA_CANDIDATES = 40;

const canQueryTeams = (store: GameStore): store is HubStore => typeof (store as Partial<HubStore>).arenaTeams === "function";

type Made = { seat: number; move: PetsMove };

/**
 * The arena's `opponent` move with a recorded team when the store has one for this round: at
 * once on SQLite, a promise on PostgreSQL (the room applies it when it comes).
 */
export function arenaRoomMove(made: Made, info: RoomMoveInfo<PetsState>): Made | Promise<Made> {
  const s = info.state;
  if (made.move.type !== "opponent" || !s.arena) return made;
  const round = s.round;
  const trophies = s.trophies[0];
  const choose = (candidates: readonly RecordedTeamRow[]): Made => ({
    seat: made.seat,
    move: { type: "opponent", team: chooseTeam(candidates as RecordedTeam[], round, trophies, arenaPickRng(info.seed, round), info.names[0] ?? "") },
  });
  // A store that cannot answer costs the run its recorded opponent, never the run: a bot's team stands in.
  const failed = (e: unknown): Made => {
    log.error({ event: "store.read-failed", game: "pets", err: e }, "[pets arena] could not read recorded teams: a bot's team stands in");
    return choose([]);
  };
  if (!canQueryTeams(info.store)) return choose([]);
  let found: ReturnType<HubStore["arenaTeams"]>;
  try {
    found = info.store.arenaTeams({ game: "pets", round, trophies, limit: ARENA_CANDIDATES });
  } catch (e) {
    return failed(e);
  }
  return found instanceof Promise ? found.then(choose, failed) : choose(found);
}

/** The people's decks of a finished (or abandoned) game, for the store's `teams`. */
export function arenaTeamsOf(info: RecordInfo<PetsState, PetsMove, unknown>): RecordedTeamRow[] {
  return recordTeams(info.state, info.names, info.people, info.now);
}
