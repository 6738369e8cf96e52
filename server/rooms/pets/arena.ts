// The Auto Pets arena on the server: what only the server holds. At each round's start the
// room brings the run's opponent (the `opponent` move, common/pets/arena.ts): the recorded
// teams of that round nearest the runner's trophies come from the store, and the pure
// `chooseTeam` draws one with the run's seeded pick; none recorded yet, the move carries none
// and the rules field a bot's team. And at every game's end the people's arranged decks go
// to the store beside the record, for later runs to face.

import { arenaPickRng, chooseTeam, recordTeams, type PetsMove, type PetsState, type RecordedTeam } from "../../../common/pets/index.js";
import type { GameStore, HubStore } from "../../store/GameStore.js";
import type { RecordInfo, RoomMoveInfo } from "../game/GameRoom.js";

/** Recorded teams read per round (the nearest in trophies, newest first). */
export const ARENA_CANDIDATES = 40;

const canQueryTeams = (store: GameStore): store is HubStore => typeof (store as Partial<HubStore>).arenaTeams === "function";

/** The arena's `opponent` move with a recorded team when the store has one for this round. */
export function arenaRoomMove(made: { seat: number; move: PetsMove }, info: RoomMoveInfo<PetsState>): { seat: number; move: PetsMove } {
  const s = info.state;
  if (made.move.type !== "opponent" || !s.arena) return made;
  let candidates: RecordedTeam[] = [];
  if (canQueryTeams(info.store)) {
    try {
      candidates = info.store.arenaTeams({ game: "pets", round: s.round, trophies: s.trophies[0], limit: ARENA_CANDIDATES }) as RecordedTeam[];
    } catch (e) {
      // A store that cannot answer costs the run its recorded opponent, never the run: a bot's team stands in.
      console.error(`[pets arena] could not read recorded teams: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const team = chooseTeam(candidates, s.round, s.trophies[0], arenaPickRng(info.seed, s.round), info.names[0] ?? "");
  return { seat: made.seat, move: { type: "opponent", team } };
}

/** The people's decks of a finished (or abandoned) game, for the store's `teams`. */
export function arenaTeamsOf(info: RecordInfo<PetsState, PetsMove, unknown>): RecordedTeam[] {
  return recordTeams(info.state, info.names, info.people, info.now);
}
