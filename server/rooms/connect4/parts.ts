// Connect Four on the generic game room: its view goes over the wire as parts through the
// generic projection (projection.ts, cut by common/connect4/wire.ts). No schema of its own.
// Everything else (seats, moves, events, timer, bot, records) is server/rooms/game/.

import { connect4Def, connect4Wire, type Connect4Config, type Connect4Event, type Connect4Move, type Connect4State, type Connect4View } from "../../../common/connect4/index.js";
import type { GameServerParts } from "../game/GameRoom.js";
import { viewProjection } from "../game/projection.js";
import type { ViewRoomState } from "../game/ViewRoomState.js";

export const connect4Parts: GameServerParts<Connect4State, Connect4Move, Connect4Event, Connect4Config, Connect4View, ViewRoomState> = {
  def: connect4Def,
  ...viewProjection(connect4Wire),
};
