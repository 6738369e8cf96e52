// Minesweeper's public state for solo and co-op (docs/protocol.md; the race has RaceState.ts). Mines are never here: `cellRows`
// carries only what a player may see (hidden, flags, numbers; mine codes once
// the game is over), and `hit` stays −1 until a mine ends the game.

import { ArraySchema, MapSchema, Schema, type } from "@colyseus/schema";
import type { MinesweeperConfig } from "../../../common/minesweeper/types.js";
import { GameRoomState } from "../game/GameRoomState.js";

/** The board's size fields, the same in the solo/co-op state and the race's. */
export interface BoardSizeFields {
  level: string;
  rows: number;
  cols: number;
  mines: number;
  noGuess: string;
}

/** Writes the level and board size of `config` into a state (solo, co-op or race). */
export function writeBoardSize(state: BoardSizeFields, config: MinesweeperConfig): void {
  state.level = config.level;
  state.rows = config.rows;
  state.cols = config.cols;
  state.mines = config.mines;
  state.noGuess = config.noGuess ? "on" : "off";
}

export class Cursor extends Schema {
  @type("int16") r = -1;
  @type("int16") c = -1;
}

export class MinesweeperState extends GameRoomState {
  @type("string") level = "";
  @type("uint8") rows = 0;
  @type("uint8") cols = 0;
  @type("uint16") mines = 0;
  /** No-guess board: "off", "on" (mines not placed yet), "proven", or "fallback" (a guess may be needed). */
  @type("string") noGuess = "off";
  /**
   * One run-length string per board row (common/minesweeper/rowCode.ts) of the client cell
   * codes: 0..8 open, 9 hidden, 10 flag, 11..14 end-of-game only, keyed by the row's index
   * ("0".."rows−1"), every row from creation, each only ever replaced (a move re-sends just the
   * rows it changed). A map, not an array: schema 3.0.76's decoder treats an ADD at index 0 of
   * an array that has an item 0 as an unshift, and after a reconnect a `@view()` board's
   * replaced row can arrive as an ADD (a stale row then sat at index 1); a map's ADD just sets.
   */
  @type({ map: "string" }) cellRows = new MapSchema<string>();
  @type("uint16") flags = 0;
  @type("float64") startedAt = 0;
  @type("float64") endedAt = 0;
  @type("float64") elapsed = 0;
  @type(["uint16"]) credits = new ArraySchema<number>();
  @type([Cursor]) cursors = new ArraySchema<Cursor>();
  @type("int32") hit = -1;
}
