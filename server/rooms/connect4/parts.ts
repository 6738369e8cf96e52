// Connect Four on the generic game room: how the view is written into its schema (Connect4Table.ts).
// Everything else (seats, moves, events, timer, bot, records) is server/rooms/game/.

import {
  connect4Def,
  COLS,
  ROWS,
  type Connect4Config,
  type Connect4Event,
  type Connect4Move,
  type Connect4State,
  type Connect4View,
} from "../../../common/connect4/index.js";
import { writeInPlace } from "../base/numberList.js";
import type { GameServerParts } from "../game/GameRoom.js";
import { Connect4Table } from "./Connect4Table.js";

export const connect4Parts: GameServerParts<Connect4State, Connect4Move, Connect4Event, Connect4Config, Connect4View, Connect4Table> = {
  def: connect4Def,
  createState(c) {
    const st = new Connect4Table();
    st.timer = c.turnSeconds;
    for (let i = 0; i < ROWS * COLS; i++) st.grid.push(-1);
    return st;
  },
  project(st, p) {
    const v = p.view(null);
    writeInPlace(
      st.grid,
      v.grid.map((g) => (g < 0 ? -1 : p.room(g))),
    );
    const winner = v.winner === null ? -1 : p.room(v.winner);
    if (st.winner !== winner) st.winner = winner;
    writeInPlace(st.line, v.line);
  },
};
