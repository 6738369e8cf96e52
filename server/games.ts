// The server's side of the game registry (common/games.ts): which room class plays
// each game, under which room name, matched on which quick-play keys. One line per
// game; arena.config.ts defines every entry. A game on the generic room needs only
// `gameRoom(parts)`.

import type { Room } from "@colyseus/core";
import type { AnyGameDef } from "../common/core/game.js";
import { connect4Def } from "../common/connect4/index.js";
import { cubestaccDef } from "../common/cubestacc/index.js";
import { minesweeperDef, minesweeperRaceDef } from "../common/minesweeper/index.js";
import { tableParts } from "./rooms/table/index.js";
import type { HubRoomClass } from "./rooms/base/define.js";
import { connect4Parts } from "./rooms/connect4/index.js";
import { CUBESTACC_FILTER_KEYS, CubestaccRoom } from "./rooms/cubestacc/index.js";
import { cubestaccParts } from "./rooms/cubestacc/parts.js";
import { filterKeysOf, gameRoomClass, type GameServerParts } from "./rooms/game/GameRoom.js";
import { watchRoomClass } from "./rooms/game/WatchRoom.js";
import { MINESWEEPER_FILTER_KEYS, MinesweeperRoom } from "./rooms/minesweeper/index.js";
import { petsParts } from "./rooms/pets/index.js";

export interface RoomEntry {
  /** Room name (what clients pass to joinOrCreate). */
  name: string;
  room: HubRoomClass;
  filterKeys: string[];
  /** The definitions played in this room (Minesweeper: the board and the race). */
  games: AnyGameDef[];
  /** The delayed spectators' mirror of this room (games on the generic room: spectatorDelay.ts). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  watch?: new (...args: any[]) => Room<any>;
}

/** A game on the generic room (server/rooms/game/). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function gameRoom(parts: GameServerParts<any, any, any, any, any, any>): RoomEntry {
  return { name: parts.def.id, room: gameRoomClass(parts), filterKeys: filterKeysOf(parts.def), games: [parts.def], watch: watchRoomClass(parts) };
}

export const ROOMS: readonly RoomEntry[] = [
  { name: "minesweeper", room: MinesweeperRoom, filterKeys: MINESWEEPER_FILTER_KEYS, games: [minesweeperDef, minesweeperRaceDef] },
  { name: "cubestacc", room: CubestaccRoom, filterKeys: CUBESTACC_FILTER_KEYS, games: [cubestaccDef], watch: watchRoomClass(cubestaccParts) },
  gameRoom(connect4Parts),
  gameRoom(petsParts),
  gameRoom(tableParts),
];
