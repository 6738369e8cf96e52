// The one driver: a person in a seat who plays any game of the registry from what its client
// decoded. It reads the room state into the game's `View` with the wire test's reader
// (wireGames.ts) and asks the definition's own bot, at its easiest level with a test's seeded
// randomness, for a move that view allows: the rules' choice from the view alone, never the
// server's full state. A game on the generic projection with a bot is driven with no edit here;
// the packed Cubestacc through the part of its view the client's model rebuilds (wireGames.ts
// `view`). Games without a bot (the card table, Minesweeper) keep a chooser of their own in
// durable.ts, chaos.test.ts and the soak (docs/testing.md says which).

import { moveMessage, type AnyGameDef, type TypedMove } from "../../common/core/game.js";
import type { Rng } from "../../common/core/rng.js";
import { WIRE_GAMES, type WireGame } from "./wireGames.js";

export interface ClientMove {
  type: string;
  payload: Record<string, unknown>;
}

/** A registry entry the one driver plays: its reader joins the whole (carried) view, or rebuilds the part its bot reads (`view`), and its definition has a bot. */
export const drivenFromView = (g: WireGame): boolean => (g.joinsView === true || g.view !== undefined) && g.def.bot !== undefined;

/** The wire entries the one driver plays, in registry-reader order. */
export const VIEW_DRIVEN: readonly WireGame[] = WIRE_GAMES.filter(drivenFromView);

/** The game seat of a room seat in a decoded state (`order` lists room seats by game seat). */
export function gameSeatOf(state: any, roomSeat: number): number | null {
  if (!state?.order) return roomSeat;
  const g = Array.from(state.order as Iterable<number>).indexOf(roomSeat);
  return g < 0 ? null : g;
}

/** A move `gameSeat` may make from its view (null: nothing to do now), chosen by the rules' bot. */
export function moveFromView(def: AnyGameDef, view: unknown, gameSeat: number, rng: Rng): ClientMove | null {
  const bot = def.bot;
  if (!bot || view === null || view === undefined) return null;
  // ms is a size hint for a bot that searches; no `elapsed`: it searches to a fixed depth.
  const { move } = bot.choose(view, gameSeat, null, { rng, ms: 20, level: bot.levels[0] });
  return move ? (moveMessage(move as TypedMove) as ClientMove) : null;
}

/** What the person in `roomSeat` sends now, from the room state its client decoded (null: wait). */
export function driveFromView(g: WireGame, state: any, roomSeat: number, rng: Rng): ClientMove | null {
  if (state?.phase !== "playing") return null;
  if (state.acting && !Array.from(state.acting as Iterable<number>).includes(roomSeat)) return null;
  const gameSeat = gameSeatOf(state, roomSeat);
  if (gameSeat === null) return null;
  const r = { roomSeat, gameSeat };
  return moveFromView(g.def, g.view ? g.view(state, r) : g.read(state, r), gameSeat, rng);
}
