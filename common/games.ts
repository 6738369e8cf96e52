// The registry: every game definition the hub plays. The server builds a room per
// entry and the client a lobby card per entry; the contract kit tests every entry.
// Adding a game is one line here (docs/adding-a-game.md).

import type { AnyGameDef } from "./core/game.js";
import { connect4Def } from "./connect4/game.js";
import { cubestaccDef } from "./cubestacc/game.js";
import { tableDef } from "./table/game.js";
import { minesweeperDef, minesweeperRaceDef } from "./minesweeper/game.js";
import { petsDef } from "./pets/game.js";
import { heartsDef } from "./hearts/game.js";

export const GAMES: readonly AnyGameDef[] = [minesweeperDef, minesweeperRaceDef, cubestaccDef, connect4Def, petsDef, tableDef, heartsDef];

/** The room names, in registry order: a definition's `room` or its id ("minesweeper" once for the board and the race). */
export const ROOM_NAMES: readonly string[] = [...new Set(GAMES.map((g) => g.room ?? g.id))];

export function gameDef(id: string): AnyGameDef | undefined {
  return GAMES.find((g) => g.id === id);
}
