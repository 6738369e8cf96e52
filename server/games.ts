// The server's side of the game registry (common/games.ts): which room class plays
// each game, under which room name, matched on which quick-play keys, and the HTTP routes
// a game has of its own. One line per game, `gameRoom(parts)`; arena.config.ts defines
// every entry and mounts every `api`.

import type { Room } from "@colyseus/core";
import type express from "express";
import type { GameStore } from "./store/GameStore.js";
import type { AnyGameDef } from "../common/core/game.js";
import { tableParts } from "./rooms/table/index.js";
import type { HubRoomClass } from "./rooms/base/define.js";
import { connect4Parts } from "./rooms/connect4/index.js";
import { cubestaccParts } from "./rooms/cubestacc/index.js";
import { filterKeysOf, type GameServerParts } from "./rooms/game/GameRoom.js";
import { gameRoomClass } from "./rooms/game/gameRoomClass.js";
import { watchRoomClass } from "./rooms/game/WatchRoom.js";
import { boardParts, raceParts, type MinesweeperSettings } from "./rooms/minesweeper/index.js";
import { minesweeperApi, type ApiSettings as MinesweeperApiSettings } from "./rooms/minesweeper/api.js";
import { petsParts } from "./rooms/pets/index.js";
import { heartsParts } from "./rooms/hearts/index.js";

export interface RoomEntry {
  /** Room name (what clients pass to joinOrCreate). */
  name: string;
  room: HubRoomClass;
  filterKeys: string[];
  /** The definitions played in this room (Minesweeper: the board and the race). */
  games: AnyGameDef[];
  /** The delayed spectators' mirror of this room (spectatorDelay.ts). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  watch: new (...args: any[]) => Room<any>;
  /** The game's own HTTP routes, mounted at `/api` before the app-wide body parser (they parse their own bodies). */
  api?: (hub: GameApiHub) => express.Router;
  /** The game's daily challenge (a definition's `daily` part, parts.ts): the create options of the day's room. */
  daily?: { options: Record<string, string | number | boolean> };
}

/** Knobs of single games and of their routes, passed with the hub's settings (tests shorten them). */
export type GameSettings = MinesweeperSettings & MinesweeperApiSettings;

/** What a game's routes get from the app: the store (read at request time) and the games' settings. */
export interface GameApiHub {
  store: () => GameStore;
  settings: GameSettings;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyParts = GameServerParts<any, any, any, any, any, any>;

/**
 * A game on the generic room (server/rooms/game/), named after its first definition. Several
 * definitions may share the room name: a room plays the first whose options it accepts.
 */
function gameRoom(parts: AnyParts, ...others: AnyParts[]): RoomEntry {
  const games = [parts, ...others];
  const daily = games.find((p) => p.daily)?.daily;
  return {
    name: parts.def.id,
    room: gameRoomClass(parts, ...others),
    filterKeys: filterKeysOf(parts.def),
    games: games.map((p) => p.def),
    watch: watchRoomClass(...games),
    ...(daily ? { daily: { options: { ...daily.options } } } : {}),
  };
}

export const ROOMS: readonly RoomEntry[] = [
  // Solo and co-op, or the versus race (`mode: "race"`).
  { ...gameRoom(boardParts, raceParts), api: (hub) => minesweeperApi(hub.store, hub.settings) },
  gameRoom(cubestaccParts),
  gameRoom(connect4Parts),
  gameRoom(petsParts),
  gameRoom(tableParts),
  gameRoom(heartsParts),
];
