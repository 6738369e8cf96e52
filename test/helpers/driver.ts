// The one driver: a person in a seat who plays any game of the registry from what its client
// decoded. It reads the room state into the game's `View` with the wire test's reader
// (wireGames.ts) and asks for a move that view allows, chosen from the view alone, never from
// the server's full state: the definition's own bot, at its easiest level with a test's seeded
// randomness, or, for a game without a bot (the card table, Minesweeper), the person its wire
// entry gives (`player`: test/helpers/tablePlay.ts, minesweeperPlay.ts). It plays every game of
// the registry; a game on the generic projection with a bot is driven with no edit here, the
// packed Cubestacc and Minesweeper through the part of their view their clients rebuild
// (wireGames.ts `view`). A room that waits for everyone's ready (the race) is told ready.

import { moveMessage, type AnyGameDef, type TypedMove } from "../../common/core/game.js";
import type { Rng } from "../../common/core/rng.js";
import { WIRE_GAMES, type WireGame } from "./wireGames.js";

export interface ClientMove {
  type: string;
  payload: Record<string, unknown>;
}

/** A registry entry the one driver plays: its reader gives the View (joined whole, or rebuilt: `view`), and its definition has a bot or its entry a player. */
export const drivenFromView = (g: WireGame): boolean => (g.joinsView === true || g.view !== undefined) && (g.def.bot !== undefined || g.player !== undefined);

/** The wire entries the one driver plays, in registry-reader order: all of them (drivers.test.ts). */
export const VIEW_DRIVEN: readonly WireGame[] = WIRE_GAMES.filter(drivenFromView);

/** The room state says the entry's game is over. */
export const isOver = (g: WireGame, state: any): boolean => (g.over ? g.over(state) : state?.phase === "finished");

/** The game seat of a room seat in a decoded state (`order` lists room seats by game seat). */
export function gameSeatOf(state: any, roomSeat: number): number | null {
  if (!state?.order) return roomSeat;
  const g = Array.from(state.order as Iterable<number>).indexOf(roomSeat);
  return g < 0 ? null : g;
}

/**
 * A move `gameSeat` may make from its view (null: nothing to do now): the entry's player's, or
 * the rules' bot's. `ending`: the test wants the game over (a player's concession, reveals).
 */
export function moveFromView(g: WireGame, view: unknown, gameSeat: number, rng: Rng, ending = false): ClientMove | null {
  if (view === null || view === undefined) return null;
  if (g.player) return g.player(view, gameSeat, rng, ending);
  return botMove(g.def, view, gameSeat, rng);
}

/** The rules' bot at its easiest: a move from the view. */
function botMove(def: AnyGameDef, view: unknown, gameSeat: number, rng: Rng): ClientMove | null {
  const bot = def.bot;
  if (!bot) return null;
  // ms is a size hint for a bot that searches; no `elapsed`: it searches to a fixed depth.
  const { move } = bot.choose(view, gameSeat, null, { rng, ms: 20, level: bot.levels[0] });
  return move ? (moveMessage(move as TypedMove) as ClientMove) : null;
}

/** What the person in `roomSeat` sends now, from the room state its client decoded (null: wait). */
export function driveFromView(g: WireGame, state: any, roomSeat: number, rng: Rng, ending = false): ClientMove | null {
  if (g.ready && state?.phase === "waiting") return state.seats?.[roomSeat]?.ready ? null : { type: "ready", payload: { ready: true } };
  // A game with a bot moves while the generic room plays and its seat acts; a player reads its view's own phases.
  if (!g.player) {
    if (state?.phase !== "playing") return null;
    if (state.acting && !Array.from(state.acting as Iterable<number>).includes(roomSeat)) return null;
  }
  const gameSeat = gameSeatOf(state, roomSeat);
  if (gameSeat === null) return null;
  const r = { roomSeat, gameSeat };
  return moveFromView(g, g.view ? g.view(state, r) : g.read(state, r), gameSeat, rng, ending);
}
