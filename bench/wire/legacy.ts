// The hand-written schemas the generic projection replaced, kept here only so the `wire` bench
// measures before and after in one run (docs/benchmarks.md "Wire"). Nothing else imports them.

import { ArraySchema, type } from "@colyseus/schema";
import { COLS, ROWS, type Connect4View } from "../../common/connect4/index.js";
import { writeInPlace } from "../../server/rooms/base/numberList.js";
import { GameRoomState } from "../../server/rooms/game/GameRoomState.js";

/** Connect Four's schema as it was (server/rooms/connect4/Connect4Table.ts before issue 38). */
export class LegacyConnect4Table extends GameRoomState {
  @type(["int8"]) grid = new ArraySchema<number>();
  @type("int8") winner = -1;
  @type(["uint8"]) line = new ArraySchema<number>();
  @type("uint16") timer = 0;
}

export function legacyConnect4(timer: number): LegacyConnect4Table {
  const st = new LegacyConnect4Table();
  st.timer = timer;
  for (let i = 0; i < ROWS * COLS; i++) st.grid.push(-1);
  return st;
}

/** Its projection as it was (room seat = game seat here). */
export function projectLegacyConnect4(st: LegacyConnect4Table, v: Connect4View): void {
  writeInPlace(st.grid, v.grid);
  const winner = v.winner === null ? -1 : v.winner;
  if (st.winner !== winner) st.winner = winner;
  writeInPlace(st.line, v.line);
}
