// The room class Colyseus defines for one game: the generic GameRoom (GameRoom.ts) bound
// to that game's parts, and its quick-play filter (the criteria a quick play matches on).

import type { TypedMove } from "../../../common/core/game.js";
import { GameRoom } from "./GameRoom.js";
import type { GameRoomState } from "./GameRoomState.js";
import { filterKeysOf, playedBy, type GameServerParts } from "./parts.js";

/**
 * The room class Colyseus defines for one game (`server/games.ts` holds one line per game),
 * named after the first definition. Several definitions may share the room name (Minesweeper:
 * the board and the race): each room plays the one its options choose (`playedBy`).
 */
export function gameRoomClass<S, M extends TypedMove, E, C, V, St extends GameRoomState>(
  parts: GameServerParts<S, M, E, C, V, St>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ...others: GameServerParts<any, any, any, any, any, any>[]
) {
  const games = [parts, ...others] as GameServerParts<S, M, E, C, V, St>[];
  return class extends GameRoom<S, M, E, C, V, St> {
    protected readonly gameId = parts.def.id;
    protected partsFor(options: Record<string, unknown>): GameServerParts<S, M, E, C, V, St> {
      return playedBy(games, options);
    }
    static quickPlayFilter(options: Record<string, unknown>): Record<string, unknown> {
      const def = playedBy(games, options).def;
      const c = def.configure(options);
      if (c.ok) return c.value.criteria;
      return Object.fromEntries(filterKeysOf(def as never).map((k) => [k, options[k]]));
    }
  };
}
