// The room class Colyseus defines for one game: the generic GameRoom (GameRoom.ts) bound
// to that game's parts, and its quick-play filter (the criteria a quick play matches on).

import type { TypedMove } from "../../../common/core/game.js";
import type { HubState } from "../base/HubState.js";
import { GameRoom } from "./GameRoom.js";
import { filterKeysOf, type GameServerParts } from "./parts.js";

/**
 * The room class Colyseus defines for one game (`server/games.ts` holds one line per game).
 * Several definitions may share a room name: `parts` is then chosen per room from its options
 * (`choose`), and `id` names the room (Minesweeper: the board and the race).
 */
export function gameRoomClass<S, M extends TypedMove, E, C, V, St extends HubState>(
  parts: GameServerParts<S, M, E, C, V, St>,
  choose: (options: Record<string, unknown>) => GameServerParts<S, M, E, C, V, St> = () => parts,
  id: string = parts.def.id,
) {
  return class extends GameRoom<S, M, E, C, V, St> {
    protected readonly gameId = id;
    protected partsFor(options: Record<string, unknown>): GameServerParts<S, M, E, C, V, St> {
      return choose(options);
    }
    static quickPlayFilter(options: Record<string, unknown>): Record<string, unknown> {
      const def = choose(options).def;
      const c = def.configure(options);
      if (c.ok) return c.value.criteria;
      return Object.fromEntries(filterKeysOf(def as never).map((k) => [k, options[k]]));
    }
  };
}
